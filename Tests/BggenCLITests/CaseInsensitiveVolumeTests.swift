@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// What differs on a Mac's disks (issue 38): APFS's default does not tell names apart by case, exFAT and SMB
/// volumes hold AppleDouble `._*` files and may have no `flock`. Linux's disks are case-sensitive, so the disk is
/// told to compare as APFS does (`VolumeCase.insensitive`) and the same runs on Linux's own comparison show the
/// difference is the volume's.
@Suite("Case-insensitive and foreign volumes")
struct CaseInsensitiveVolumeTests {
    /// On APFS `iOS/backgroundTaskManager.swift` is the name of bggen's `BackgroundTaskManager.swift` (and swiftc's
    /// object files of the two collide): init gives bggen's files a prefix, as for any clash.
    @Test func aFileWhoseNameDiffersOnlyInCaseFromBggensGetsBggensAPrefix() throws {
        let arguments = ["init", "--yes", "--tasks", "processing"]
        let repo = try Fixtures.copy("NetNewsWire")
        try repo.write("enum ReadingNotes {}\n", to: "iOS/backgroundTaskManager.swift")
        let run = InProcessRunner.run(arguments, in: repo.url, fileSystem: DiskRoute.kernelPath.disk(volumeCase: .insensitive))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the app already declares file iOS/backgroundTaskManager.swift, so bggen's types and Swift files get the prefix Bggen"),
                "\(run.stderr)")
        let files = try repo.files()
        #expect(files["iOS/BackgroundProcessing/BggenBackgroundTaskManager.swift"] != nil)
        #expect(files.keys.filter { PathText.name(of: $0).lowercased() == "backgroundtaskmanager.swift" } == ["iOS/backgroundTaskManager.swift"])
        #expect(files["iOS/backgroundTaskManager.swift"] == "enum ReadingNotes {}\n")

        // The disk's own comparison: another name on Linux's disks, so no prefix; the same name on a Mac's default
        // volume, where this run is the real proof.
        let other = try Fixtures.copy("NetNewsWire")
        try other.write("enum ReadingNotes {}\n", to: "iOS/backgroundTaskManager.swift")
        let real = try InProcessRunner.run(arguments, in: other.url)
        #expect(real.status == 0, "\(real.stderr)")
        let prefix = LocalFileSystem().isCaseSensitive(other.path) ? "" : "Bggen"
        #expect(try other.files()["iOS/BackgroundProcessing/\(prefix)BackgroundTaskManager.swift"] != nil)
    }

    /// APFS compares names case-folded, not lower-cased: `BackgroundTaſkManager.swift` (a long s, which
    /// `lowercased()` keeps) is `BackgroundTaskManager.swift` there.
    @Test func aFileWhoseNameIsBggensOnceCaseFoldedGetsBggensAPrefix() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        try repo.write("enum ReadingNotes {}\n", to: "iOS/BackgroundTaſkManager.swift")
        let run = InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url,
                                      fileSystem: DiskRoute.kernelPath.disk(volumeCase: .insensitive))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the app already declares file iOS/BackgroundTaſkManager.swift, so bggen's types and Swift files get the prefix Bggen"),
                "\(run.stderr)")
        #expect(try repo.files()["iOS/BackgroundProcessing/BggenBackgroundTaskManager.swift"] != nil)
    }

    @Test func aChosenPrefixThatStillClashesInAnotherCaseIsRefused() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        try repo.write("enum ReadingNotes {}\n", to: "iOS/ktBackgroundTaskManager.swift")
        let before = try repo.files()
        let run = InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--prefix", "Kt"], in: repo.url,
                                      fileSystem: DiskRoute.kernelPath.disk(volumeCase: .insensitive))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("the app already declares file iOS/ktBackgroundTaskManager.swift, which bggen would generate with the prefix Kt"),
                "\(run.stderr)")
        #expect(try repo.files() == before)
    }

    /// `Repo` and `REPO` are two folders here and one folder on APFS: a link to `REPO/Notes.swift` stands for a
    /// link spelled in another case to a file of the repository, which is inside there and outside here. It needs
    /// a case-sensitive disk to make the two folders, so a Mac's default volume skips it.
    @Test(.enabled(if: LocalFileSystem().isCaseSensitive(FileManager.default.temporaryDirectory.path), "needs a case-sensitive disk"),
          arguments: DiskRoute.allCases)
    func aLinkIntoTheRepositorySpelledInAnotherCaseIsInsideWhereTheVolumeIgnoresCase(_ route: DiskRoute) throws {
        let parent = try TemporaryDirectory()
        try parent.write("enum Notes {}\n", to: "REPO/Notes.swift")
        try parent.write("enum App {}\n", to: "Repo/App.swift")
        let root = parent.url.appendingPathComponent("Repo").path
        let link = PathText.join(root, "Notes.swift")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: parent.url.appendingPathComponent("REPO/Notes.swift").path)
        let request = WalkRequest(maximumDepth: 4, enters: { _ in true }, wants: { $0.hasSuffix(".swift") })

        let apfs = route.disk(volumeCase: .insensitive)
        #expect(!apfs.isCaseSensitive(root))
        #expect(try String(decoding: apfs.readData(link, within: root, limit: 1_000), as: UTF8.self) == "enum Notes {}\n")
        #expect(apfs.entries(in: root, within: root).map(\.name) == ["App.swift", "Notes.swift"])
        #expect(apfs.paths(request, below: root, within: root) == ["App.swift", "Notes.swift"])
        try apfs.writeAtomically(Data("enum Notes { case one }\n".utf8), to: link, within: root)
        #expect(try String(contentsOfFile: link, encoding: .utf8) == "enum Notes { case one }\n")

        let ext4 = route.disk
        #expect(ext4.isCaseSensitive(root))
        #expect(throws: FileSystemError.self) { try ext4.readData(link, within: root, limit: 1_000) }
        #expect(ext4.entries(in: root, within: root).map(\.name) == ["App.swift"])
        #expect(ext4.paths(request, below: root, within: root) == ["App.swift"])
        #expect(throws: FileSystemError.self) { try ext4.writeAtomically(Data("x".utf8), to: link, within: root) }
    }

    @Test func pathsCompareByCaseOnlyWhereTheVolumeDoes() {
        #expect(PathText.isInside("/Users/me/MyApp/iOS/A.swift", "/Users/me/myapp", ignoringCase: true))
        #expect(!PathText.isInside("/Users/me/MyApp/iOS/A.swift", "/Users/me/myapp", ignoringCase: false))
        #expect(!PathText.isInside("/Users/me/MyAppOther/A.swift", "/Users/me/myapp", ignoringCase: true))
        #expect(!PathText.isInside("/Users/me", "/Users/me/myapp", ignoringCase: true))
        #expect(PathText.isInside("/a", "/", ignoringCase: true))
        #expect(PathText.sameName("Café.swift", "CAFÉ.swift", ignoringCase: true))
        #expect(!PathText.sameName("Café.swift", "CAFÉ.swift", ignoringCase: false))
    }

    /// `._Name.swift` holds `Name.swift`'s extended attributes on exFAT, FAT and SMB volumes: binary, never source.
    /// The same bytes under a source file's name are said to be unreadable, so the finding would show.
    @Test func anAppleDoubleFileIsNeverReadAsSource() throws {
        let repo = try Fixtures.copy("SynchronizedTemplate")
        let appleDouble = Data([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]) + Data("Mac OS X        ".utf8) + Data([0xFF, 0xFE, 0x80, 0x0A])
        try appleDouble.write(to: repo.url.appendingPathComponent("CRIPiOSApp/._CRIPiOSAppApp.swift"))
        try appleDouble.write(to: repo.url.appendingPathComponent("CRIPiOSApp/Binary.swift"))
        let run = try InProcessRunner.run(["doctor", "--format", "json", repo.path], in: repo.url)
        #expect(run.stdout.contains("CRIPiOSApp/Binary.swift was not searched"), "\(run.stdout)")
        #expect(!run.stdout.contains("._CRIPiOSAppApp"), "\(run.stdout)")
        let initRun = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--dry-run", repo.path], in: repo.url)
        #expect(!initRun.stderr.contains("._CRIPiOSAppApp"), "\(initRun.stderr)")
    }

    /// Some SMB, AFP and exFAT volumes have no `flock`: one line naming the folder, never "Operation not supported".
    @Test func aVolumeWithoutFileLocksIsSaidInOneLine() throws {
        for code in [ENOTSUP, EOPNOTSUPP] {
            #expect(FileSystemError.lockFailed("/Volumes/Share/App", code).description
                == "'/Volumes/Share/App': its volume does not support file locking (flock)")
        }
        #expect(FileSystemError.lockFailed("/x", EACCES).cause == String(cString: strerror(EACCES)))

        let repo = try Fixtures.copy("NetNewsWire")
        let before = try repo.files()
        let run = InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url, fileSystem: WithoutLocks(base: LocalFileSystem()))
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("'.' is on a volume that does not support file locking (flock)"), "\(run.stderr)")
        #expect(!run.stderr.contains("Operation not supported"))
        #expect(try repo.files() == before)
    }
}

/// The disk of a volume whose `flock` fails with `ENOTSUP`.
private struct WithoutLocks: ForwardingFileSystem {
    let base: any FileSystem

    func lockExclusively(_ directory: String) throws -> (any FolderLock)? { throw FileSystemError.lockFailed(directory, ENOTSUP) }
}
