// Silent push, through the generated seam: SilentPushHandler with scripted SilentPushWork, called on the main actor
// as UIKit calls application(_:didReceiveRemoteNotification:). The generated types are reached through
// `SilentPushSubject`, which the scenario's harness builds from them (SimulatorHarness/GeneratedSilentPush.swift),
// so these checks compile once per set-up.
@_spi(Simulator) import BackgroundTasks
import Foundation
import StubRuntime
import UIKit

/// What the push checks need of the generated code and the scenario's answers.
nonisolated struct SilentPushSubject: Sendable {
    /// `SilentPushHandler(work:).handle(userInfo:)` with `work` as the generated `SilentPushWork`.
    let deliverScripted: @MainActor @Sendable (_ userInfo: [AnyHashable: Any], _ work: ScriptedPushWork) async -> UIBackgroundFetchResult
    /// The same with the shipped `AppSilentPushWork`.
    let deliverToShippedWork: @MainActor @Sendable (_ userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult
    /// The processing identifier, when the scenario has processing: the shipped work's "process" push submits it.
    let processingIdentifier: String?
    /// When processing is also scheduled on an interval or at a time: the app's side of that schedule.
    let processingSchedule: ProcessingScheduleSubject?
}

/// The shared manager's processing schedule, as the app delegate and a push reach it.
nonisolated struct ProcessingScheduleSubject: Sendable {
    /// `scheduleProcessingTask()` on the shared manager, as the app does on entering the background.
    let leaveTheApp: @MainActor @Sendable () -> Void
    /// The processing task's saved due date.
    let savedDueDate: @Sendable () -> Date?
    /// Forgets the processing task's due date and any work waiting for it.
    let forget: @Sendable () -> Void
}

/// Work that answers with a chosen result or throws, and records what it was given. The generated handler reaches
/// it through a `SilentPushWork` whose `perform(_:)` decodes the push and calls `perform(_:)` here.
nonisolated final class ScriptedPushWork: @unchecked Sendable {
    nonisolated struct Probe: Decodable, Sendable {
        let type: String?
        let id: Int?
    }

    private let lock = NSLock()
    private let result: UIBackgroundFetchResult?
    private var received: [Probe] = []
    private var threads: [Bool] = []

    /// `result` nil: the work throws.
    init(result: UIBackgroundFetchResult?) {
        self.result = result
    }

    func perform(_ probe: Probe) throws -> UIBackgroundFetchResult {
        let onMainThread = Thread.isMainThread
        lock.withLock {
            received.append(probe)
            threads.append(onMainThread)
        }
        guard let result else { throw UserWorkFailure() }
        return result
    }

    var calls: [Probe] {
        lock.withLock { received }
    }

    /// For each call, whether it ran on the main thread.
    var ranOnMainThread: [Bool] {
        lock.withLock { threads }
    }
}

nonisolated enum SilentPushChecks {
    /// The payloads, built on the main actor where UIKit hands them over (`userInfo` is not Sendable).
    nonisolated enum Payload: Sendable {
        case silent(type: String, id: Int)
        case alert
        case contentAvailableZero

        @MainActor
        var userInfo: [AnyHashable: Any] {
            switch self {
            case .silent(let type, let id): ["aps": ["content-available": 1], "type": type, "id": id]
            case .alert: ["aps": ["alert": ["title": "Hello"], "sound": "default"], "type": "sync"]
            case .contentAvailableZero: ["aps": ["content-available": 0], "type": "sync"]
            }
        }
    }

    static func run(_ subject: SilentPushSubject) {
        let report = HarnessReport.shared

        /// Delivers `payload` to a handler with `work` (nil: the shipped work), on the main actor.
        func deliver(_ payload: Payload, to work: ScriptedPushWork?) throws -> UIBackgroundFetchResult {
            try unwrap(
                onMainActor {
                    if let work { await subject.deliverScripted(payload.userInfo, work) } else { await subject.deliverToShippedWork(payload.userInfo) }
                },
                "handle(userInfo:) did not return within \(HarnessSettings.timeout) s (iOS allows about 30 s)"
            )
        }

        report.check("push.silent-payload-routes-to-work") { _ in
            let work = ScriptedPushWork(result: .newData)
            let result = try deliver(.silent(type: "sync", id: 42), to: work)
            try require(result == .newData, "the handler answered \(result), not the work's .newData")
            try require(work.calls.count == 1, "the work ran \(work.calls.count) times")
            try require(
                work.calls.first?.type == "sync" && work.calls.first?.id == 42,
                "the work was given \(work.calls), not the payload's custom keys"
            )
        }

        report.check("push.not-silent-is-noData") { _ in
            let work = ScriptedPushWork(result: .newData)
            let result = try deliver(.alert, to: work)
            try require(result == .noData, "a push without content-available answered \(result)")
            try require(work.calls.isEmpty, "the work ran for a push that is not silent")
        }

        report.check("push.content-available-0-is-noData") { _ in
            let work = ScriptedPushWork(result: .newData)
            let result = try deliver(.contentAvailableZero, to: work)
            try require(result == .noData, "content-available: 0 answered \(result)")
            try require(work.calls.isEmpty, "the work ran for content-available: 0")
        }

        report.check("push.work-throws-is-failed") { _ in
            let work = ScriptedPushWork(result: nil)
            let result = try deliver(.silent(type: "sync", id: 1), to: work)
            try require(result == .failed, "throwing work answered \(result)")
        }

        // The protocol is `nonisolated`, so the work is meant to run off the main actor, as it does under Swift 6.
        // With NonisolatedNonsendingByDefault (Xcode 26) a nonisolated async requirement runs on its caller's
        // actor, and `handle(userInfo:)` is @MainActor: the app's work would then run on the main thread, where
        // any synchronous part of it blocks the UI and counts against a background launch's watchdog.
        report.check("push.work-runs-off-main-thread") { _ in
            let work = ScriptedPushWork(result: .noData)
            _ = try deliver(.silent(type: "sync", id: 3), to: work)
            try require(work.ranOnMainThread == [false], "SilentPushWork.perform ran on the main thread")
        }

        if let identifier = subject.processingIdentifier {
            // iOS can suspend the app as soon as a push is answered: the shipped work's "process" push must answer
            // only once the processing request is submitted (with `--interval on-push` nothing else schedules it).
            report.check("push.process-answers-after-the-request-is-submitted") { _ in
                let scheduler = BGTaskScheduler.shared
                // Slow, but well inside the generated code's 1 s wait for the hand-over: the thread sanitizer's
                // grace of 1 s, used here before, raced that bound and failed the check one run in a few.
                scheduler.simulatedSubmissionDelay = min(HarnessSettings.grace, 0.3)
                defer { scheduler.simulatedSubmissionDelay = 0 }
                let before = Date()
                let result = try deliver(.silent(type: "process", id: 5), to: nil)
                let answered = Date()
                try require(result == .noData, "a \"process\" push answered \(result)")
                let submitted = scheduler.simulatedPendingRequests.last { $0.request.identifier == identifier && $0.submitted >= before }?.submitted
                try require(
                    submitted.map { $0 <= answered } == true,
                    "the push was answered before its processing request was submitted: iOS can suspend the app first and the request is lost"
                )
                _ = scheduler.waitForPendingRequest(identifier, submittedAfter: before, timeout: HarnessSettings.timeout)
            }
        }

        if let identifier = subject.processingIdentifier, let schedule = subject.processingSchedule {
            // Review 4 (this stop), L2: the push's request kept the interval's due date, up to an interval away,
            // while the server says work is waiting now. A push may move the request earlier, never later; leaving
            // the app afterwards must not move it back; and the interval's due date stays as it was.
            report.check("push.process-asks-for-the-next-idle-moment-and-leaving-the-app-keeps-it") { _ in
                let scheduler = BGTaskScheduler.shared
                let timeout = HarnessSettings.timeout
                schedule.forget()
                defer { schedule.forget() }
                func leaveTheApp() throws -> BGTaskRequest {
                    let left = Date()
                    try unwrap(onMainActor { schedule.leaveTheApp() }, "scheduling did not return")
                    return try unwrap(
                        scheduler.waitForPendingRequest(identifier, submittedAfter: left, timeout: timeout),
                        "leaving the app left no processing request pending"
                    )
                }
                func minutesAway(_ request: BGTaskRequest) -> Int {
                    Int((request.earliestBeginDate ?? .distantPast).timeIntervalSinceNow / 60)
                }
                let scheduled = try leaveTheApp()
                let due = try unwrap(schedule.savedDueDate(), "leaving the app saved no due date for processing")
                try require(minutesAway(scheduled) > 1, "leaving the app asked for processing \(minutesAway(scheduled)) minutes away, not at its due date")
                let pushed = Date()
                let result = try deliver(.silent(type: "process", id: 6), to: nil)
                try require(result == .noData, "a \"process\" push answered \(result)")
                let asked = try unwrap(
                    scheduler.waitForPendingRequest(identifier, submittedAfter: pushed, timeout: timeout),
                    "a \"process\" push left no processing request pending"
                )
                try require(
                    minutesAway(asked) <= 0,
                    "a \"process\" push asked for processing \(minutesAway(asked)) minutes away, at the interval's due date: the work it brought waits that long instead of the next idle moment"
                )
                let afterwards = try leaveTheApp()
                try require(
                    minutesAway(afterwards) <= 0,
                    "leaving the app after a \"process\" push moved its processing request \(minutesAway(afterwards)) minutes away, back to the interval's due date"
                )
                let kept = try unwrap(schedule.savedDueDate(), "the processing due date was lost after a push")
                try require(
                    abs(kept.timeIntervalSince(due)) < 1,
                    "a \"process\" push moved the interval's saved due date by \(Int(kept.timeIntervalSince(due) / 60)) minutes; the schedule should stay as it was"
                )
            }
        }

        report.check("push.unknown-type-with-shipped-work-is-noData") { _ in
            let result = try deliver(.silent(type: "no-such-type", id: 2), to: nil)
            try require(result == .noData, "an unknown type answered \(result)")
        }
    }
}
