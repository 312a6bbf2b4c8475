@testable import BggenCore
import BggenFormats
import BggenTestSupport
import Dispatch
import Foundation
import Testing

/// Doctor parses the project on one core while the source files are read on the others: the two readings need
/// nothing of each other until the model is built, and a large project parsed first left the second core idle
/// (mastodon-ios: 65 M instructions of project against 48 M of code, one after the other).
@Suite("Source files read while the project is parsed")
struct ConcurrentReadingTests {
    @Test func backgroundMakesItsValueWhileTheCallerWorksAndHandsItOver() {
        let started = DispatchSemaphore(value: 0)
        let made = Background { _ -> [Int] in
            started.signal()
            return [1, 2, 3]
        }
        // Waiting here before asking for the value: only a value made on another thread can end the wait.
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(made.take() == [1, 2, 3])
    }

    /// There is one value to hand over (`take` keeps no copy): asking twice stops the program saying so, where it
    /// used to wait for ever for a second value.
    @Test func aSecondTakeIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            let made = Background { _ in 1 }
            _ = made.take()
            _ = made.take()
        }
    }

    @Test func cancelReachesTheWorkUnderWay() {
        let made = Background { cancellation -> Bool in
            // Ten seconds at most: without the cancel, the value says it never came.
            let end = DispatchTime.now() + 10
            while !cancellation.isCancelled && DispatchTime.now() < end { usleep(1_000) }
            return cancellation.isCancelled
        }
        made.cancel()
        #expect(made.take())
    }

    /// A project that cannot be read ends detection at once, and nobody takes the source files read meanwhile:
    /// their walk is cancelled, where it used to read (and lex) the whole repository for nothing, in the MCP server
    /// beside its next request.
    @Test func aProjectThatCannotBeReadStopsTheSourceWalk() throws {
        let files = ["/repo/App.xcodeproj/project.pbxproj": "{ objects = {",
                     "/repo/App/App.swift": "import UIKit\n"]
        let disk = WalkUntilCancelled(base: InMemoryFileSystem(files: files))
        #expect(throws: ProjectError.self) { try ProjectDetector.detect(root: "/repo", fileSystem: disk) }
        #expect(disk.walkEnded.wait(timeout: .now() + 20) == .success)
        #expect(disk.sawCancel.value == true)
    }

    /// A folder with no project in it ends detection as soon as the project is looked for, and the source files'
    /// walk, which starts first, is cancelled.
    @Test func aFolderWithNoProjectStopsTheSourceWalk() throws {
        let disk = WalkUntilCancelled(base: InMemoryFileSystem(files: ["/repo/App/App.swift": "import UIKit\n"]))
        #expect(throws: ProjectError.self) { try ProjectDetector.detect(root: "/repo", fileSystem: disk) }
        #expect(disk.walkEnded.wait(timeout: .now() + 20) == .success)
        #expect(disk.sawCancel.value == true)
    }

    /// The project is looked for while the source files are read: detection's first listing of a folder, on its
    /// own thread, is given only once a Swift file has been read, which only a walk already under way does.
    @Test func theSourceFilesAreReadWhileTheProjectIsLookedFor() throws {
        let files = ["/repo/App.xcodeproj/project.pbxproj": SyntheticProject.pbxproj(),
                     "/repo/App/App.swift": "import UIKit\n@main final class AppDelegate: UIResponder, UIApplicationDelegate {}\n"]
        let disk = SourceBeforeListing(base: InMemoryFileSystem(files: files), detecting: pthread_self())
        let report = try ProjectDetector.detect(root: "/repo", fileSystem: disk)
        #expect(report.appTargets.map(\.name) == ["App"])
        #expect(disk.listingWaitedForSource.value == true)
    }

    /// A walk on the disk (every core) stops reading once cancelled: the walk's reader cancels at the first file,
    /// and of 300 files each thread reads at most the one it had started.
    @Test func aCancelledWalkStopsReading() throws {
        let folder = try TemporaryDirectory()
        for index in 0..<300 {
            try "let x\(index) = 1\n".write(to: folder.url.appendingPathComponent("F\(index).swift"), atomically: false, encoding: .utf8)
        }
        var request = RepositoryWalker.request { $0.hasSuffix(".swift") }
        let cancellation = Cancellation()
        request.cancellation = cancellation
        let walked = LocalFileSystem().walk(request, below: folder.path, within: folder.path) { _, _ -> Bool in
            cancellation.cancel()
            return true
        }
        let read = walked.filter { $0.value != nil }.count
        #expect(read >= 1 && read <= ProcessInfo.processInfo.activeProcessorCount, "\(read) files read")
    }

    /// The project file's reading waits for a source file to be read first: it can only end in time if the source
    /// files are read at the same time, not after the project.
    @Test func aSourceFileIsReadBeforeTheProjectFileIsDone() throws {
        let files = ["/repo/App.xcodeproj/project.pbxproj": SyntheticProject.pbxproj(),
                     "/repo/App/App.swift": "import UIKit\n@main final class AppDelegate: UIResponder, UIApplicationDelegate {}\n"]
        let disk = SourceBeforeProject(base: InMemoryFileSystem(files: files))
        let report = try ProjectDetector.detect(root: "/repo", fileSystem: disk)
        #expect(report.appTargets.map(\.name) == ["App"])
        #expect(disk.projectWaitedForSource.value == true)
    }
}

/// A disk whose project file is given only once a Swift file has been read, or after ten seconds.
private struct SourceBeforeProject: WalkingThroughEntries {
    let base: any FileSystem
    private let sourceRead = DispatchSemaphore(value: 0)
    let projectWaitedForSource = Slot<Bool>()

    init(base: any FileSystem) { self.base = base }

    func readData(_ path: String, within root: String, limit: Int) throws -> Data {
        if path.hasSuffix(".swift") {
            sourceRead.signal()
        } else if path.hasSuffix("project.pbxproj") && projectWaitedForSource.value == nil {
            let outcome = sourceRead.wait(timeout: .now() + 10)
            projectWaitedForSource.value = outcome == .success
        }
        return try base.readData(path, within: root, limit: limit)
    }
}

/// A disk whose first listing on the detecting thread is given only once a Swift file has been read, or after ten
/// seconds; listings on other threads (the source walk's) are given at once.
private struct SourceBeforeListing: WalkingThroughEntries {
    let base: any FileSystem
    let detecting: pthread_t
    private let sourceRead = DispatchSemaphore(value: 0)
    let listingWaitedForSource = Slot<Bool>()

    init(base: any FileSystem, detecting: pthread_t) {
        self.base = base
        self.detecting = detecting
    }

    func readData(_ path: String, within root: String, limit: Int) throws -> Data {
        if path.hasSuffix(".swift") { sourceRead.signal() }
        return try base.readData(path, within: root, limit: limit)
    }

    func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        if pthread_equal(pthread_self(), detecting) != 0 && listingWaitedForSource.value == nil {
            listingWaitedForSource.value = sourceRead.wait(timeout: .now() + 10) == .success
        }
        return base.entries(in: path, within: root)
    }
}

/// A disk whose cancellable walk (the source files') waits (ten seconds at most) for the walk to be cancelled, and
/// says whether it was; other walks (looking for the project) walk the disk.
private struct WalkUntilCancelled: ForwardingFileSystem {
    let base: any FileSystem
    let sawCancel = Slot<Bool>()
    let walkEnded = DispatchSemaphore(value: 0)

    init(base: any FileSystem) { self.base = base }

    func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                               reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        guard let cancellation = request.cancellation else { return base.walk(request, below: folder, within: root, reading: body) }
        defer { walkEnded.signal() }
        let end = DispatchTime.now() + 10
        while !cancellation.isCancelled && DispatchTime.now() < end { usleep(1_000) }
        sawCancel.value = cancellation.isCancelled
        return []
    }
}

/// One value set from any thread.
private final class Slot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
