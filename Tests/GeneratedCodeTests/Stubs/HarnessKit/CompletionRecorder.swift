// What iOS's completion handlers for background-session events do, recorded for the transfer checks.
import Foundation
import StubRuntime

/// Records calls of the completion handler iOS passes to handleEventsForBackgroundURLSession.
nonisolated final class CompletionRecorder: @unchecked Sendable {
    nonisolated struct Call: Sendable {
        let onMainThread: Bool
        /// Whether the relaunch's transfers had been handed to the app when it was called.
        let afterEvents: Bool
    }

    let called = SimulatorSignal()
    private let lock = NSLock()
    private var recorded: [Call] = []
    private let eventsDone: @Sendable () -> Bool

    init(eventsDone: @escaping @Sendable () -> Bool) {
        self.eventsDone = eventsDone
    }

    func record() {
        let call = Call(onMainThread: Thread.isMainThread, afterEvents: eventsDone())
        lock.lock()
        recorded.append(call)
        lock.unlock()
        called.fire()
    }

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func checkCalledOnceOnMain(timeout: TimeInterval) throws {
        try require(called.wait(timeout: timeout), "the stored completion handler was not called within \(timeout) s")
        try require(calls.first?.onMainThread == true, "the stored completion handler was called off the main thread")
        try require(calls.first?.afterEvents == true, "the stored completion handler was called before the events were handled")
    }

    /// `checkCalledOnceOnMain`, and no second call (a second answer to iOS) by the end of the grace period.
    func checkCalledOnce(timeout: TimeInterval, context: CheckContext) throws {
        try checkCalledOnceOnMain(timeout: timeout)
        context.watchForRepeat { self.called.wait(times: 2, timeout: $0) }
        context.atAudit {
            try require(self.calls.count == 1, "the stored completion handler was called \(self.calls.count) times")
        }
    }
}
