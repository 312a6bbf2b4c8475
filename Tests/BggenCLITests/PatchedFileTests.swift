@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// An edit of the app's Info.plist changes its bytes and nothing else about it: a link stays a link, a hard link
/// stays shared, the mode stays, and a read-only file is refused.
@Suite("Patching keeps the file what it was")
struct PatchedFileTests {
    private let arguments = ["init", "--yes", "--tasks", "refresh,processing,silent-push"]
    private let info = "iOS/Resources/Info.plist"
    private let added = "com.ranchero.NetNewsWire.iOS.processing"

    private func path(_ repo: TemporaryDirectory, _ relative: String) -> String {
        repo.url.appendingPathComponent(relative).path
    }

    @Test func aLinkedInfoPlistIsPatchedThroughTheLink() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        try FileManager.default.moveItem(atPath: path(repo, info), toPath: path(repo, "iOS/Resources/Info-real.plist"))
        try FileManager.default.createSymbolicLink(atPath: path(repo, info), withDestinationPath: "Info-real.plist")
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path(repo, info)) == "Info-real.plist")
        #expect(try String(contentsOfFile: path(repo, "iOS/Resources/Info-real.plist"), encoding: .utf8).contains(added))
    }

    @Test func aHardLinkedInfoPlistStaysOneFileWithItsMode() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let other = path(repo, "iOS/Resources/Info-shared.plist")
        #expect(link(path(repo, info), other) == 0)
        #expect(chmod(path(repo, info), 0o600) == 0)
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: other, encoding: .utf8).contains(added))
        var first = stat(), second = stat()
        #expect(stat(path(repo, info), &first) == 0 && stat(other, &second) == 0)
        #expect(first.st_ino == second.st_ino && first.st_nlink == 2)
        #expect(first.st_mode & 0o7777 == 0o600)
    }

    @Test func theModeAndOwnerOfAnOrdinaryPatchedFileAreKept() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        #expect(chmod(path(repo, info), 0o640) == 0)
        // Only root may give a file away; elsewhere the owner is the runner's own and stays so trivially.
        let owner: (uid_t, gid_t) = getuid() == 0 ? (4321, 4321) : (getuid(), getgid())
        #expect(chown(path(repo, info), owner.0, owner.1) == 0)
        #expect(try InProcessRunner.run(arguments, in: repo.url).status == 0)
        var after = stat()
        #expect(stat(path(repo, info), &after) == 0 && after.st_mode & 0o7777 == 0o640 && after.st_nlink == 1)
        #expect(after.st_uid == owner.0 && after.st_gid == owner.1)
        #expect(try String(contentsOfFile: path(repo, info), encoding: .utf8).contains(added))
    }

    /// Another user's file is not "read-only, chmod u+w" (the user cannot chmod it): the message says whose it is
    /// (issue 20, item 12).
    @Test func anotherUsersFileIsSaidToBeTheirs() throws {
        let disk = InMemoryFileSystem(directories: ["/project"])
        #expect(CLI(console: FakeConsole(terminal: false), fileSystem: disk).run(["init", "--yes", "--tasks", "refresh"]) == 0)
        let configuration = try #require(disk.files.keys.first { $0.hasSuffix("BackgroundTaskConfiguration.swift") })
        disk.readOnly.insert(configuration)
        disk.otherUsersFiles.insert(configuration)
        let before = disk.files
        let console = FakeConsole(terminal: false)
        #expect(CLI(console: console, fileSystem: disk).run(["init", "--yes", "--tasks", "refresh", "--interval", "daily"]) == 1)
        #expect(console.errors.contains("belongs to another user, so bggen may not change it; nothing was written."), "\(console.errors)")
        #expect(!console.errors.contains("chmod u+w"), "\(console.errors)")
        #expect(disk.files == before)
    }

    @Test func aReadOnlyInfoPlistIsRefusedAndNothingIsWritten() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        #expect(chmod(path(repo, info), 0o444) == 0)
        let before = try repo.files()
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("'\(info)' is read-only; nothing was written."), "\(run.stderr)")
        #expect(try repo.files() == before)
    }
}
