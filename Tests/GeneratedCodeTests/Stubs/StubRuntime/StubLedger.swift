import Foundation

/// One call that generated code made on a stubbed Apple API.
///
/// Recorded rather than acted on, so that a run-time simulator can later check Apple's rules (register before
/// launch finishes, complete every task exactly once, no completion handlers on background sessions, call the
/// background-session completion handler) against what the generated code actually did.
public enum StubEvent: Sendable, Equatable {
    // BackgroundTasks
    case taskRegistered(identifier: String, queueLabel: String?)
    case taskSubmitted(identifier: String, kind: String, earliestBeginDate: Date?)
    case taskRequestCancelled(identifier: String)
    case allTaskRequestsCancelled
    case taskCompleted(identifier: String, success: Bool)
    // UIKit
    case backgroundTaskBegan(identifier: Int, name: String?)
    case backgroundTaskEnded(identifier: Int)
    case remoteNotificationsRegistered
    // URLSession
    case sessionCreated(sessionIdentifier: String?, hasDelegate: Bool)
    case sessionInvalidated(sessionIdentifier: String?)
    case sessionTaskCreated(sessionIdentifier: String?, taskIdentifier: Int, api: String)
    case sessionTaskResumed(sessionIdentifier: String?, taskIdentifier: Int)
    case sessionTaskCancelled(sessionIdentifier: String?, taskIdentifier: Int)
    /// A completion-handler or `async` convenience API: Apple throws for these on background sessions.
    case sessionConvenienceAPI(sessionIdentifier: String?, api: String)
    // Darwin's <sys/fcntl.h> and <unistd.h> (AppShim/FileFlushShim.swift)
    /// `fcntl(_:F_FULLFSYNC)`, `fcntl(_:F_BARRIERFSYNC)` or `fsync(_:)` (`command`, by its name) on a file: its
    /// bytes sent to the storage itself, ahead of every later write, or to the drive. `path` is the name the file
    /// had at that moment, and `bytes` its size.
    case fileFlushed(command: String, path: String, bytes: Int64)
    /// The same on a folder: its entries (a rename into it) sent to the storage. `names` are what it held then.
    case folderFlushed(command: String, path: String, names: [String])
    /// `open(2)` gave a descriptor of `path`: whether it is closed when the process starts another (`O_CLOEXEC`),
    /// and whether it was asked for as a folder only (`O_DIRECTORY`).
    case descriptorOpened(path: String, closeOnExec: Bool, folderOnly: Bool)
    // Foundation (AppShim/FileProtectionShim.swift)
    /// `FileManager.setAttributes(_:ofItemAtPath:)` gave `path` the protection class `protection` (its raw value),
    /// which Linux has none of.
    case protectionSet(path: String, protection: String)
    // os
    /// `message` as the persisted log shows it (private values redacted); `arguments` as the code passed them.
    case logged(subsystem: String, category: String, level: String, message: String, arguments: [LoggedArgument])
}

/// One interpolated value of a log message and whether the unified log would store it readable, so that a check
/// can find user data (a URL path, a file name, an error description) that was logged public.
public struct LoggedArgument: Sendable, Equatable {
    public let value: String
    public let isPublic: Bool

    public init(value: String, isPublic: Bool) {
        self.value = value
        self.isPublic = isPublic
    }
}

/// The single, process-wide record of stub calls. Lock-protected because the stubs are called from whatever
/// queue or task the generated code runs on.
public final class StubLedger: @unchecked Sendable {
    public static let shared = StubLedger()

    private let lock = NSLock()
    private var recorded: [StubEvent] = []
    private var lastIdentifier = 0

    public init() {}

    public func record(_ event: StubEvent) {
        lock.lock()
        recorded.append(event)
        lock.unlock()
    }

    public var events: [StubEvent] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    public func reset() {
        lock.lock()
        recorded.removeAll()
        lock.unlock()
    }

    /// Process-unique numbers for task identifiers and background-task identifiers, which Apple also hands out
    /// as small increasing integers.
    public func nextIdentifier() -> Int {
        lock.lock()
        defer { lock.unlock() }
        lastIdentifier += 1
        return lastIdentifier
    }

    /// After a relaunch as a new process: the identifiers of the tasks iOS kept are taken.
    public func skipIdentifiers(through identifier: Int) {
        lock.lock()
        lastIdentifier = max(lastIdentifier, identifier)
        lock.unlock()
    }
}
