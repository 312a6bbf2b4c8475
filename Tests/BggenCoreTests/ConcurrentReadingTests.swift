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
        let made = Background { () -> [Int] in
            started.signal()
            return [1, 2, 3]
        }
        // Waiting here before asking for the value: only a value made on another thread can end the wait.
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(made.take() == [1, 2, 3])
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

/// One value set from any thread.
private final class Slot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
