@testable import BggenCore
import BggenTestSupport
import Foundation
import Synchronization
import Testing

/// `readFiles`, the disk's fast path for a walk's files (folders opened once, files relative to them), must read
/// exactly what `readData` reads and refuse exactly what it refuses, in the same words: the hostile-clone
/// guarantees are `readData`'s, and a clone may hold any of these. Each runs on both of the disk's routes: with the
/// kernel's name for an open descriptor, and without it, as on a Mac whose `F_GETPATH` fails.
@Suite("Reading a walk's files")
struct FolderReadTests {
    @Test(arguments: DiskRoute.allCases)
    func everyFileReadsAsReadDataReadsIt(_ route: DiskRoute) throws {
        let (repo, outside) = try Self.hostileTree()
        let files = ["A.swift", "App/Deep/Er/B.swift", "App/Huge.swift", "App/Inside.swift", "App/Outside.swift", "App/Zero.swift",
                     "App/Fifo.swift", "Linked/Er/B.swift", "Away/Secret.swift", "../\(PathText.name(of: outside.path))/Secret.swift",
                     "App/./Deep/Er/B.swift", "App/Missing.swift", "App/Deep"]
        let fileSystem = route.disk.contained(in: repo.path)
        let results = Mutex<[Int: String]>([:])
        fileSystem.readFiles(files, below: repo.path, within: repo.path) { index, result in
            results.withLock { $0[index] = Self.outcome(result) }
        }
        let read = results.withLock { $0 }
        for (index, file) in files.enumerated() {
            let path = PathText.join(repo.path, file)
            let expected = Self.outcome(Result { try fileSystem.readData(path, within: repo.path, limit: ReadLimit.bytes(for: path)) })
            #expect(read[index] == expected, "\(file)")
        }
        #expect(read[0] == "let a = 1\n")
        #expect(read[1] == "let b = 2\n")
        #expect(read[3] == "let b = 2\n")
        #expect(read[4]?.contains("outside the repository") == true, "\(read[4] ?? "")")
        #expect(read[5]?.contains("its real path is /dev/zero, outside the repository") == true, "\(read[5] ?? "")")
        #expect(read[6]?.contains("it is a FIFO") == true, "\(read[6] ?? "")")
        #expect(read[8]?.contains("outside the repository") == true, "\(read[8] ?? "")")
        #expect(read[9]?.contains("outside the repository") == true, "\(read[9] ?? "")")
    }

    /// Folders are held open a batch at a time (a process may hold 1,024 descriptors by default): more folders
    /// than one batch holds are all read.
    @Test(arguments: DiskRoute.allCases)
    func moreFoldersThanOneBatchAreAllRead(_ route: DiskRoute) throws {
        let repo = try TemporaryDirectory()
        let files = (0..<600).map { "F\($0 % 300)/File\($0).swift" }
        for folder in 0..<300 { try FileManager.default.createDirectory(atPath: "\(repo.path)/F\(folder)", withIntermediateDirectories: false) }
        for (index, file) in files.enumerated() { #expect(FileManager.default.createFile(atPath: "\(repo.path)/\(file)", contents: Data("\(index)".utf8))) }
        let results = Mutex<[Int: String]>([:])
        route.disk.contained(in: repo.path).readFiles(files, below: repo.path, within: repo.path) { index, result in
            results.withLock { $0[index] = Self.outcome(result) }
        }
        let read = results.withLock { $0 }
        #expect(read.count == files.count)
        #expect(files.indices.allSatisfy { read[$0] == "\($0)" })
    }

    /// The disk's walk (every core, each folder listed once) finds exactly what a walk through `entries` finds,
    /// and reads each file as `readData` reads it: links to files inside kept and marked, links to folders and
    /// outside left alone, a FIFO found (and refused in `readData`'s words), skipped folders and the depth limit
    /// respected, and folders listed for `.directory` without being entered.
    @Test(arguments: DiskRoute.allCases)
    func theDisksWalkFindsAndReadsWhatEntriesFind(_ route: DiskRoute) throws {
        let (repo, outside) = try Self.hostileTree()
        defer { withExtendedLifetime(outside) {} }
        try repo.write("let c = 3\n", to: "App/One/Two/Three/C.swift")
        try repo.write("let p = 4\n", to: "Pods/Vendor/P.swift")
        try repo.write("let g = 5\n", to: ".git/G.swift")
        try repo.write("", to: "App/App.xcodeproj/project.pbxproj")
        try repo.write("not code\n", to: "App/Notes.txt")
        // Around the walk's first read of 64 KB: a file it holds whole, one it fills exactly, one a byte longer.
        for (name, size) in [("Short", 65_535), ("Exact", 65_536), ("Longer", 65_537)] {
            try repo.write(String(repeating: "/", count: size - 1) + "\n", to: "App/Sizes/\(name).swift")
        }
        let local = route.disk.contained(in: repo.path)
        let throughEntries = EntriesOnly(base: local)
        let swift = RepositoryWalker.request(maximumDepth: 3) { $0.hasSuffix(".swift") }
        let read = Mutex<[String: String]>([:])
        let walked = local.walk(swift, below: repo.path, within: repo.path) { path, result in
            read.withLock { $0[path] = Self.outcome(result) }
        }
        #expect(walked.map(\.path) == throughEntries.paths(swift, below: repo.path, within: repo.path))
        #expect(walked.map(\.path) == ["A.swift", "App/Deep/Er/B.swift", "App/Fifo.swift", "App/Huge.swift", "App/Inside.swift",
                                       "App/Sizes/Exact.swift", "App/Sizes/Longer.swift", "App/Sizes/Short.swift"])
        #expect(walked.filter(\.isLink).map(\.path) == ["App/Inside.swift"])
        let contents = read.withLock { $0 }
        #expect(Set(contents.keys) == Set(walked.map(\.path)))
        for file in walked {
            let path = PathText.join(repo.path, file.path)
            #expect(contents[file.path] == Self.outcome(Result { try local.readData(path, within: repo.path, limit: ReadLimit.bytes(for: path)) }), "\(file.path)")
        }
        #expect(contents["App/Fifo.swift"]?.contains("it is a FIFO") == true)
        #expect(contents["App/Huge.swift"]?.contains("error: ") == true)
        #expect(contents["App/Sizes/Longer.swift"]?.utf8.count == 65_537)
        let projects = RepositoryWalker.request(kind: .directory) { $0.hasSuffix(".xcodeproj") }
        #expect(local.paths(projects, below: repo.path, within: repo.path) == ["App/App.xcodeproj"])
        #expect(throughEntries.paths(projects, below: repo.path, within: repo.path) == ["App/App.xcodeproj"])
    }

    /// A tree of more folders than the walk keeps open at once (and than a process may open, 1,024) is walked and
    /// read whole: past the limit a thread lists and reads what it finds itself.
    @Test(arguments: DiskRoute.allCases)
    func aWalkOfMoreFoldersThanDescriptorsReadsEveryFile(_ route: DiskRoute) throws {
        let repo = try TemporaryDirectory()
        var written: [String: String] = [:]
        for top in 0..<40 {
            for inner in 0..<30 {
                let file = "T\(top)/I\(inner)/File.swift"
                try repo.write("\(top) \(inner)", to: file)
                written[file] = "\(top) \(inner)"
            }
        }
        let read = Mutex<[String: String]>([:])
        let walked = route.disk.contained(in: repo.path).walk(RepositoryWalker.request { _ in true }, below: repo.path, within: repo.path) { path, result in
            read.withLock { $0[path] = Self.outcome(result) }
        }
        #expect(walked.map(\.path) == written.keys.sorted())
        #expect(read.withLock { $0 } == written)
    }

    /// A file is read into the walk's 64 KB buffer first; one that fills it is read on after those bytes, into
    /// memory of its own size, and one that grows past its `fstat` size reads on too. Each size around the buffer's
    /// comes back whole, as `readData` reads it.
    @Test(arguments: DiskRoute.allCases)
    func aWalkReadsFilesOfEverySizeAroundItsBufferWhole(_ route: DiskRoute) throws {
        let repo = try TemporaryDirectory()
        let sizes = [0, 1, 65_535, 65_536, 65_537, 131_072, 200_003, 1_000_001]
        var written: [String: Data] = [:]
        for size in sizes {
            // Every byte differs from its neighbours', so a part read twice or skipped shows.
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 251) })
            let file = "Sized\(size).swift"
            #expect(FileManager.default.createFile(atPath: "\(repo.path)/\(file)", contents: bytes))
            written[file] = bytes
        }
        let disk = route.disk.contained(in: repo.path)
        // Copied, since a small file's bytes lie in the walk's buffer only until its next read.
        let walked = disk.walk(RepositoryWalker.request { _ in true }, below: repo.path, within: repo.path) { _, result in
            (try? result.get()).map { Data($0) }
        }
        #expect(walked.map(\.path) == written.keys.sorted())
        for file in walked { #expect(file.value == written[file.path], "\(file.path)") }
        for (file, bytes) in written {
            let path = PathText.join(repo.path, file)
            #expect(try disk.readData(path, within: repo.path, limit: ReadLimit.bytes(for: path)) == bytes, "\(file)")
        }
    }

    /// A folder of 3,000 files fills `readdir`'s buffer, so its last record ends near the buffer's end: each name
    /// is read within its record (copying the whole 256-byte `d_name` field read past the buffer, and crashed the
    /// walk in 2–7% of runs, issue 43). Under AddressSanitizer (`.ci/asan-walk`) a read past it fails at once.
    @Test(arguments: DiskRoute.allCases)
    func aFolderThatFillsTheListingBufferIsWalkedWhole(_ route: DiskRoute) throws {
        let repo = try TemporaryDirectory()
        let names = (0..<3_000).map { "File\($0).swift" }
        try FileManager.default.createDirectory(atPath: repo.path + "/Big", withIntermediateDirectories: false)
        for name in names { #expect(FileManager.default.createFile(atPath: "\(repo.path)/Big/\(name)", contents: Data(name.utf8))) }
        let disk = route.disk.contained(in: repo.path)
        let walked = disk.walk(RepositoryWalker.request { _ in true }, below: repo.path, within: repo.path) { path, result in
            (try? result.get()).map { String(decoding: $0, as: UTF8.self) } == PathText.name(of: path)
        }
        #expect(walked.map(\.path) == names.map { "Big/\($0)" }.sorted())
        #expect(walked.allSatisfy { $0.value == true })
        #expect(disk.entries(in: repo.path + "/Big", within: repo.path).map(\.name) == names.sorted())
    }

    /// On Linux a folder is listed by `getdents64` on its own descriptor (five calls fewer a folder than `fdopendir`
    /// on a copy of it); the suite's portable route lists through `readdir`, as a Mac does.
    @Test func linuxListsFoldersThroughTheKernelAndThePortableRouteThroughReaddir() {
        #if os(Linux)
        #expect(FolderListing.system.listsThroughKernel)
        #else
        #expect(!FolderListing.system.listsThroughKernel)
        #endif
        #expect(!FolderListing.portable.listsThroughKernel)
        #expect(!DiskRoute.portable.disk.folderListing.listsThroughKernel)
    }

    /// The code model takes the walk unsorted (sorting 8,000 paths cost doctor a tenth of its serial time) and sorts
    /// what it keeps: read from the disk on every core, run after run, it is the model the one-folder-at-a-time walk
    /// through `entries` gives, down to the order of its files, which file of a linked pair counts, and what a
    /// constant in a skipped file resolves to.
    @Test(arguments: DiskRoute.allCases)
    func theCodeModelIsTheSameWhicheverOrderTheWalkFindsFilesIn(_ route: DiskRoute) throws {
        let repo = try TemporaryDirectory()
        try repo.write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n", to: "Package.swift")
        for index in 0..<400 {
            try repo.write("struct Plain\(index) {}\n", to: "App/F\(index % 23)/Plain\(index).swift")
        }
        for index in 0..<12 {
            try repo.write("""
                import BackgroundTasks
                func register\(index)() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: Identifiers.task\(index), using: nil) { task in
                        task.expirationHandler = {}
                        task.setTaskCompleted(success: true)
                    }
                }

                """, to: "App/F\(index * 7 % 23)/Task\(index).swift")
            try repo.write("enum Identifiers {}\nextension Identifiers { static let task\(index) = \"com.example.task\(index)\" }\n",
                           to: "App/F\(index * 5 % 23)/Identifier\(index).swift")
        }
        try FileManager.default.createSymbolicLink(atPath: repo.path + "/App/Again.swift", withDestinationPath: "F0/Task0.swift")
        let oneByOne = try ProjectDetector.read(root: repo.path, fileSystem: EntriesOnly(base: route.disk), stopsAtUnreadableCode: false)
        for _ in 0..<5 {
            let parallel = try ProjectDetector.read(root: repo.path, fileSystem: route.disk, stopsAtUnreadableCode: false)
            #expect(parallel.code.files.map(\.file) == oneByOne.code.files.map(\.file))
            #expect(parallel.report.registeredIdentifiers == oneByOne.report.registeredIdentifiers)
        }
        #expect(oneByOne.report.registeredIdentifiers.map(\.identifier).sorted() == (0..<12).map { "com.example.task\($0)" }.sorted())
    }

    /// A kernel that names open files its own way (Darwin's `F_GETPATH` gives the on-disk case and `/private/var/…`
    /// where the user typed neither): what lies inside the root is read and walked, because the root's own kernel
    /// path is compared, and what lies outside is still refused.
    @Test func aKernelThatSpellsPathsItsOwnWayIsComparedWithTheRootsOwnKernelPath() throws {
        let (repo, outside) = try Self.hostileTree()
        defer { withExtendedLifetime(outside) {} }
        let respelled = KernelPaths(lookup: { descriptor in
            KernelPaths.system.path(of: descriptor).map { "/Volume\($0.uppercased())" }
        })
        let disk = LocalFileSystem(kernelPaths: respelled)
        #expect(String(decoding: try disk.readData(repo.path + "/A.swift", within: repo.path, limit: 100), as: UTF8.self) == "let a = 1\n")
        #expect(throws: FileSystemError.self) { try disk.readData(repo.path + "/App/Outside.swift", within: repo.path, limit: 100) }
        #expect(disk.paths(RepositoryWalker.request(maximumDepth: 3) { $0 == "B.swift" }, below: repo.path, within: repo.path) == ["App/Deep/Er/B.swift"])
        #expect(disk.paths(RepositoryWalker.request { _ in true }, below: outside.path, within: repo.path).isEmpty)
    }

    /// A repository of plain files, one over the size limit, links inside and outside, a link to `/dev/zero`, linked
    /// folders and a FIFO; and the folder outside it that some links reach.
    private static func hostileTree() throws -> (repo: TemporaryDirectory, outside: TemporaryDirectory) {
        let repo = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        try outside.write("secret\n", to: "Secret.swift")
        try repo.write("let a = 1\n", to: "A.swift")
        try repo.write("let b = 2\n", to: "App/Deep/Er/B.swift")
        try repo.write(String(repeating: "// padding\n", count: 400_000), to: "App/Huge.swift")
        let disk = FileManager.default
        try disk.createSymbolicLink(atPath: repo.path + "/App/Inside.swift", withDestinationPath: "Deep/Er/B.swift")
        try disk.createSymbolicLink(atPath: repo.path + "/App/Outside.swift", withDestinationPath: outside.path + "/Secret.swift")
        try disk.createSymbolicLink(atPath: repo.path + "/App/Zero.swift", withDestinationPath: "/dev/zero")
        try disk.createSymbolicLink(atPath: repo.path + "/Linked", withDestinationPath: "App/Deep")
        try disk.createSymbolicLink(atPath: repo.path + "/Away", withDestinationPath: outside.path)
        guard mkfifo(repo.path + "/App/Fifo.swift", 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return (repo, outside)
    }

    private static func outcome(_ result: Result<Data, any Error>) -> String {
        switch result {
        case .success(let data): String(decoding: data, as: UTF8.self)
        case .failure(let error): "error: \(error)"
        }
    }
}

/// The disk seen only through `entries`, so `walk` takes the protocol's own way.
private struct EntriesOnly: WalkingThroughEntries {
    let base: any FileSystem
}
