@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Synchronization
import Testing

/// A folder a project names (a synchronized group, a unit-test target's folder for `init --tests`) is listed and
/// walked only where it lies inside the repository: a group of `../../..` made doctor open thousands of folders
/// from `/` down (issue 43). Only names were read, but the promise is that nothing outside is. A sentinel folder
/// beside the repository stands for `/`.
@Suite("Folders a project names outside the repository")
struct OutsideFolderTests {
    @Test(arguments: DiskRoute.allCases)
    func aSynchronizedGroupOrTestFolderOutsideIsNeverListed(_ route: DiskRoute) throws {
        let repo = try Fixtures.copy("SynchronizedTemplate")
        let outside = try TemporaryDirectory()
        try outside.write("import Testing\n", to: "Deep/Elsewhere.swift")
        let group = "path = ../\(outside.url.lastPathComponent);"
        let project = repo.url.appendingPathComponent("CRIPiOSApp.xcodeproj/project.pbxproj")
        try String(contentsOf: project, encoding: .utf8)
            .replacingOccurrences(of: "path = CRIPiOSApp;", with: group)
            .replacingOccurrences(of: "path = CRIPiOSAppTests;", with: group)
            .write(to: project, atomically: true, encoding: .utf8)
        let disk = ListingRecorder(base: route.disk)
        for arguments in [["doctor", repo.path], ["init", "--yes", "--dry-run", "--tests", repo.path]] {
            _ = InProcessRunner.run(arguments, in: repo.url, fileSystem: disk)
        }
        let listed = disk.listed.withLock { $0 }
        let real = try #require(LocalFileSystem().realPath(repo.path))
        #expect(listed.contains(real), "the repository itself is listed")
        #expect(listed.allSatisfy { PathText.isInside($0, real) }, "listed outside: \(listed.filter { !PathText.isInside($0, real) })")
    }

    @Test(arguments: DiskRoute.allCases)
    func theDiskListsAndWalksNoFolderOutsideTheRootItIsGiven(_ route: DiskRoute) throws {
        let repo = try TemporaryDirectory()
        try repo.write("enum App {}\n", to: "App/App.swift")
        let outside = try TemporaryDirectory()
        try outside.write("enum Secret {}\n", to: "Deep/Secret.swift")
        let climb = PathText.join(repo.path, "App/../../\(outside.url.lastPathComponent)")
        let request = WalkRequest(maximumDepth: 8, enters: { _ in true }, wants: { _ in true })

        let disk = route.disk
        #expect(disk.entries(in: outside.path, within: repo.path).isEmpty)
        #expect(disk.entries(in: repo.path + "/App/../../" + outside.url.lastPathComponent, within: repo.path).isEmpty)
        #expect(disk.entries(in: repo.path, within: repo.path).map(\.name) == ["App"])
        let repository = disk.contained(in: repo.path)
        #expect(repository.entries(in: climb, within: climb).isEmpty)
        #expect(repository.paths(request, below: climb, within: climb).isEmpty)
        #expect(repository.paths(request, below: repo.path + "/App", within: repo.path + "/App") == ["App.swift"])
    }
}

/// The disk, keeping the real path of every folder a listing or walk found something in.
private final class ListingRecorder: ForwardingFileSystem {
    let base: any FileSystem
    let listed = Mutex<Set<String>>([])

    init(base: any FileSystem) { self.base = base }

    func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                               reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        let walked = base.walk(request, below: folder, within: root, reading: body)
        let real = base.realPath(folder) ?? folder
        listed.withLock { $0.formUnion(walked.map { PathText.parent(of: PathText.join(real, $0.path)) }) }
        return walked
    }

    func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        let entries = base.entries(in: path, within: root)
        if !entries.isEmpty { listed.withLock { _ = $0.insert(base.realPath(path) ?? path) } }
        return entries
    }
}
