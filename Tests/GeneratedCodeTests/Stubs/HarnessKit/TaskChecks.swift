// Refresh and processing tasks, through the generated seams: a BackgroundTaskManager with the real (simulated)
// BGTaskScheduler and scripted BackgroundWork that returns at once, waits until it is cancelled, or throws. The
// generated manager and work protocol are reached through `TaskSubject`, which the scenario's harness builds from
// them (SimulatorHarness/GeneratedTasks.swift), so these checks compile once per set-up.
@_spi(Simulator) import BackgroundTasks
import Foundation
import StubRuntime
@_spi(Simulator) import UIKit

/// Work whose behaviour each check chooses before it launches the task.
///
/// Each launch runs the work once, so runs are handed out in the order they were prepared. A run is never shared
/// through a "current" slot: work of an earlier launch that starts late (its task expired before it began) must
/// not pick up the next check's run. The scenario's harness hands it to the generated manager as a `BackgroundWork`
/// that forwards `run()` and `prepareForSuspension()`.
nonisolated final class ScriptedWork: @unchecked Sendable {
    nonisolated enum Behavior: Sendable {
        case instant
        case untilCancelled
        case throwing
        /// Keeps going for `3 * expiryGrace` whatever happens, as work does that never checks for cancellation.
        case ignoringCancellation
        /// Runs other work (its `run()`) in its place, inside this launch's task (so it sees the task's cancellation).
        case delegating(@Sendable () async throws -> Void)
    }

    /// What one run of the work did.
    nonisolated final class Run: Sendable {
        let behavior: Behavior
        let started = SimulatorSignal()
        let cancelled = SimulatorSignal()
        let finished = SimulatorSignal()

        init(behavior: Behavior) {
            self.behavior = behavior
        }
    }

    private let lock = NSLock()
    private var prepared: [Run] = []
    private var preparationsForSuspension: [Date] = []

    /// When `prepareForSuspension()` was called, in order.
    var suspensionPreparations: [Date] {
        lock.withLock { preparationsForSuspension }
    }

    func prepareForSuspension() {
        lock.withLock { preparationsForSuspension.append(Date()) }
    }

    /// The next run that starts behaves as `behavior`; returns what it will record.
    func prepare(_ behavior: Behavior) -> Run {
        let run = Run(behavior: behavior)
        lock.withLock { prepared.append(run) }
        return run
    }

    /// Forgets a run whose work never started (allowed when its task expired first).
    func abandon(_ run: Run) {
        lock.withLock { prepared.removeAll { $0 === run } }
    }

    func run() async throws {
        let run = lock.withLock { prepared.isEmpty ? Run(behavior: .instant) : prepared.removeFirst() }
        run.started.fire()
        defer { run.finished.fire() }
        switch run.behavior {
        case .instant:
            return
        case .throwing:
            throw UserWorkFailure()
        case .ignoringCancellation:
            let end = Date(timeIntervalSinceNow: 3 * HarnessSettings.expiryGrace)
            while Date() < end {
                usleep(10_000)
            }
        case .delegating(let run):
            try await run()
        case .untilCancelled:
            do {
                try await Task.sleep(nanoseconds: UInt64(4 * HarnessSettings.timeout * 1_000_000_000))
            } catch {
                run.cancelled.fire()
                throw error
            }
        }
    }
}

/// The scenario's answers about its refresh and processing tasks (its `HarnessExpectations`).
nonisolated struct TaskAnswers: Sendable {
    let refreshSeconds: Double?
    let processingSeconds: Double?
    let processingNightly: (hour: Int, minute: Int)?
    let requiresNetwork: Bool
    let requiresPower: Bool
}

/// What the task checks need of the generated `BackgroundTaskManager`, its run limits and the scenario.
nonisolated struct TaskSubject: Sendable {
    /// The manager's `registerTasks()`, which the checks call on the main actor, as the app delegate does (so it
    /// compiles however the manager's isolation is declared).
    let registerTasks: @MainActor @Sendable () -> Void
    /// Registers the refresh with SwiftUI as building the scene does (`.backgroundTask(.appRefresh)` performing the
    /// manager's refresh); nil when the manager registers it.
    let registerSwiftUIRefresh: (@MainActor @Sendable () -> Void)?
    /// The scenario's task kinds, each scheduled through the manager.
    let kinds: [TaskChecks.Kind]
    let answers: TaskAnswers
    /// `BackgroundTaskRun.submissionWaitLimit` and `suspensionPreparationLimit`.
    let submissionWaitLimit: TimeInterval
    let suspensionPreparationLimit: TimeInterval
    /// Whether the checks that mostly wait run (`BGGEN_WAITING_CHECKS`: the mutants' set-up, unsanitized).
    let runsWaitingChecks: Bool
    /// Whether the code submits through iOS 27's `submitTaskRequest(_:completionHandler:)`
    /// (`BGGEN_SUBMIT_TASK_REQUEST`, set for a deployment target of iOS 27 or later). Below it the stub SDK answers
    /// the iOS 27 SDK switch as the iOS 26 SDK does, so those apps submit with `submit(_:)`.
    let submitsWithCompletionHandler: Bool
}

nonisolated enum TaskChecks {
    /// One kind of task: how to schedule it and what the scenario's answers say about it.
    nonisolated struct Kind: Sendable {
        let name: String
        let identifier: String
        let work: ScriptedWork
        let reschedules: Bool
        /// What a task whose work throws is completed with; nil when SwiftUI decides (its action returns normally).
        var successWhenWorkThrows: Bool? = false
        /// Schedules the task through the manager (`scheduleAppRefresh()` or `scheduleProcessingTask()`).
        let schedule: @Sendable () -> Void
    }

    static func run(_ subject: TaskSubject) {
        let report = HarnessReport.shared
        let scheduler = BGTaskScheduler.shared
        let kinds = subject.kinds

        report.check("tasks.register-before-launch-finishes") { _ in
            let before = SimulatedDevice.shared.violations.count
            // As the app delegate does, on the main actor, inside didFinishLaunching.
            try unwrap(onMainActor { subject.registerTasks() }, "registerTasks() did not return")
            if let registerSwiftUIRefresh = subject.registerSwiftUIRefresh {
                // SwiftUI registers the refresh when it builds the scene, as `backgroundTasks()` asks it to; here
                // for this manager, so the refresh runs the scripted work.
                try unwrap(onMainActor { registerSwiftUIRefresh() }, "building the scene did not return")
            }
            let registered = Set(scheduler.registeredIdentifiers)
            for kind in kinds {
                try require(registered.contains(kind.identifier), "\(kind.identifier) was not registered")
            }
            // The generated API promises that a second call does nothing (iOS kills the app on a second register).
            try unwrap(onMainActor { subject.registerTasks() }, "the second registerTasks() did not return")
            scheduler.simulateLaunchFinished()
            let violations = SimulatedDevice.shared.violations.dropFirst(before)
            try require(violations.isEmpty, "violations while registering: \(violations.map(\.rule))")
        }

        report.check("tasks.schedule") { _ in
            let before = Date()
            // As applicationDidEnterBackground does.
            try unwrap(onMainActor { for kind in kinds { kind.schedule() } }, "scheduling did not return")
            // Submitted off the main thread, so scheduling returns before the request is pending.
            for kind in kinds {
                let request = try unwrap(
                    scheduler.waitForPendingRequest(kind.identifier, submittedAfter: before, timeout: HarnessSettings.timeout),
                    "no pending request for \(kind.identifier) after scheduling; pending: \(scheduler.simulatedPendingRequests.map(\.request.identifier))"
                )
                try checkRequest(request, of: kind, submittedAfter: before, answers: subject.answers)
            }
        }

        backgroundTimeChecks(kinds, scheduler: scheduler)
        for kind in kinds {
            launchChecks(kind, subject: subject, scheduler: scheduler)
        }
    }

    /// The request matches the scenario's answers: class, earliest begin date, network and power.
    static func checkRequest(_ request: BGTaskRequest, of kind: Kind, submittedAfter before: Date, answers: TaskAnswers) throws {
        let tolerance: TimeInterval = 120
        if kind.name == "refresh" {
            try require(request is BGAppRefreshTaskRequest, "\(kind.identifier) was submitted as \(type(of: request))")
            if let seconds = answers.refreshSeconds {
                let begin = try unwrap(request.earliestBeginDate, "the refresh request has no earliestBeginDate")
                let offset = begin.timeIntervalSince(before)
                try require(
                    abs(offset - seconds) < tolerance,
                    "the refresh request begins \(Int(offset)) s after scheduling; the answers say \(Int(seconds)) s"
                )
            }
            return
        }
        let processing = try unwrap(
            request as? BGProcessingTaskRequest, "\(kind.identifier) was submitted as \(type(of: request))"
        )
        try require(
            processing.requiresNetworkConnectivity == answers.requiresNetwork,
            "requiresNetworkConnectivity is \(processing.requiresNetworkConnectivity); the answers say \(answers.requiresNetwork)"
        )
        try require(
            processing.requiresExternalPower == answers.requiresPower,
            "requiresExternalPower is \(processing.requiresExternalPower); the answers say \(answers.requiresPower)"
        )
        if let seconds = answers.processingSeconds {
            let begin = try unwrap(processing.earliestBeginDate, "the processing request has no earliestBeginDate")
            let offset = begin.timeIntervalSince(before)
            try require(
                abs(offset - seconds) < tolerance,
                "the processing request begins \(Int(offset)) s after scheduling; the answers say \(Int(seconds)) s"
            )
        } else if let nightly = answers.processingNightly {
            let begin = try unwrap(processing.earliestBeginDate, "the nightly processing request has no earliestBeginDate")
            let parts = Calendar.current.dateComponents([.hour, .minute], from: begin)
            try require(
                parts.hour == nightly.hour && parts.minute == nightly.minute,
                "the processing request begins at \(begin); the answers say \(nightly.hour):\(nightly.minute) local time"
            )
            try require(
                begin > before && begin.timeIntervalSince(before) <= 25 * 3600,
                "the processing request begins at \(begin), not the next \(nightly.hour):\(nightly.minute)"
            )
        } else {
            try require(
                processing.earliestBeginDate == nil,
                "a push-driven processing request has earliestBeginDate \(String(describing: processing.earliestBeginDate))"
            )
        }
    }

    /// Makes sure a request is pending, as it is when the app has entered the background.
    static func ensurePending(_ kind: Kind, scheduler: BGTaskScheduler) throws {
        if !scheduler.simulatedPendingRequests.contains(where: { $0.request.identifier == kind.identifier }) {
            let before = Date()
            try unwrap(onMainActor { kind.schedule() }, "scheduling did not return")
            try require(
                scheduler.waitForPendingRequest(kind.identifier, submittedAfter: before, timeout: HarnessSettings.timeout) != nil,
                "scheduling \(kind.identifier) left no request pending"
            )
        }
    }

    /// Scheduling as the app enters the background: UIKit may suspend the app as soon as the callback returns,
    /// before the submission queue has run, so the app keeps itself running with a background task until the
    /// request is handed over, and ends it exactly once, also when the background time runs out first.
    static func backgroundTimeChecks(_ kinds: [Kind], scheduler: BGTaskScheduler) {
        let report = HarnessReport.shared
        let timeout = HarnessSettings.timeout

        /// Waits until no background task is running; false after `timeout`.
        func allEnded(within timeout: TimeInterval) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while !UIApplication.simulatedRunningBackgroundTasks.isEmpty {
                guard Date() < deadline else { return false }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return true
        }

        report.check("tasks.schedule-keeps-the-app-running-until-submitted") { _ in
            try require(allEnded(within: timeout), "background tasks were still running before the check")
            // Slow, but inside the generated code's 1 s wait for the hand-over (the sanitizer's grace is 1 s).
            scheduler.simulatedSubmissionDelay = min(HarnessSettings.grace, 0.3)
            defer { scheduler.simulatedSubmissionDelay = 0 }
            let before = Date()
            let running = try unwrap(
                onMainActor { () -> [Int] in
                    for kind in kinds { kind.schedule() }
                    return UIApplication.simulatedRunningBackgroundTasks
                },
                "scheduling did not return"
            )
            try require(!running.isEmpty, "scheduling began no background task: iOS can suspend the app before the request is submitted")
            for kind in kinds {
                try require(
                    scheduler.waitForPendingRequest(kind.identifier, submittedAfter: before, timeout: timeout) != nil,
                    "no pending request for \(kind.identifier) after scheduling"
                )
            }
            try require(allEnded(within: timeout), "the background task was not ended after the requests were submitted: iOS terminates an app that keeps one running")
            // Ended only once the request was handed over, not right away.
            let events = StubLedger.shared.events
            for identifier in running {
                let ended = try unwrap(events.lastIndex(of: .backgroundTaskEnded(identifier: identifier)), "background task \(identifier) never ended")
                let submitted = events[..<ended].contains { event in
                    if case .taskSubmitted(let submitted, _, _) = event { return kinds.contains { $0.identifier == submitted } }
                    return false
                }
                try require(submitted, "background task \(identifier) ended before any request was submitted")
            }
        }

        report.check("tasks.schedule-background-task-ends-once-when-time-runs-out") { _ in
            try require(allEnded(within: timeout), "background tasks were still running before the check")
            scheduler.simulatedSubmissionDelay = HarnessSettings.grace
            defer { scheduler.simulatedSubmissionDelay = 0 }
            let before = Date()
            let violations = SimulatedDevice.shared.violations.count
            try unwrap(
                onMainActor {
                    for kind in kinds { kind.schedule() }
                    // The time runs out while the submission is still slow to answer.
                    UIApplication.shared.simulateBackgroundTimeExpiry()
                },
                "scheduling did not return"
            )
            for kind in kinds {
                _ = scheduler.waitForPendingRequest(kind.identifier, submittedAfter: before, timeout: timeout)
            }
            // A second end after the submission would be reported now.
            Thread.sleep(forTimeInterval: HarnessSettings.grace)
            try require(allEnded(within: 0), "a background task is still running after its time ran out")
            let new = SimulatedDevice.shared.violations.dropFirst(violations)
            try require(new.isEmpty, "violations: \(new.map(\.rule))")
        }
    }

    static func launchChecks(_ kind: Kind, subject: TaskSubject, scheduler: BGTaskScheduler) {
        let report = HarnessReport.shared
        let timeout = HarnessSettings.timeout

        report.check("\(kind.name).launch-completes-once-and-reschedules") { context in
            try ensurePending(kind, scheduler: scheduler)
            let run = kind.work.prepare(.instant)
            let launched = Date()
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
            context.expectExactlyOneCompletion(of: task, success: true)
            try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
            if !run.started.hasFired { kind.work.abandon(run) }
            try require(run.started.hasFired, "the task was completed without running its work")
            try require(task.simulatedCompletions.first?.success == true, "instant work was reported as failed")
            if kind.reschedules {
                let next = try unwrap(
                    scheduler.waitForPendingRequest(kind.identifier, submittedAfter: launched, timeout: timeout),
                    "the handler did not schedule the next \(kind.name) run"
                )
                try checkRequest(next, of: kind, submittedAfter: launched, answers: subject.answers)
                // Once the task completes, iOS may suspend the app; a successor submitted later may never be.
                let submitted = try unwrap(
                    scheduler.simulatedPendingRequests.last { $0.request.identifier == kind.identifier && $0.submitted >= launched }?.submitted,
                    "the next \(kind.name) request is no longer pending"
                )
                let completed = try unwrap(task.simulatedCompletions.first?.date, "no completion recorded")
                try require(submitted <= completed, "the task completed before the next \(kind.name) run was submitted")
            }
        }

        if subject.runsWaitingChecks {
            waitingChecks(kind, subject: subject, scheduler: scheduler)
        }

        if !kind.reschedules {
            // With `--interval on-push` only a push schedules processing: a run that fails or expires must ask for
            // the next one itself, before its task completes, or its remaining work waits for the next push; each
            // such run in a row later than the one before, or work that always fails runs at every idle moment.
            report.check("\(kind.name).failed-or-expired-run-asks-for-the-next") { context in
                // Runs in a row: a finished one starts the back-off over; each unfinished one asks for the next
                // later than the one before it.
                let runs: [(behavior: ScriptedWork.Behavior, expires: Bool, finishes: Bool)] = [
                    (.instant, false, true), (.throwing, false, false), (.untilCancelled, true, false),
                    (.instant, false, true), (.throwing, false, false),
                ]
                var waits: [TimeInterval] = []
                for (behavior, expires, finishes) in runs {
                    try ensurePending(kind, scheduler: scheduler)
                    let run = kind.work.prepare(behavior)
                    let launched = Date()
                    let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                    context.expectExactlyOneCompletion(of: task, success: finishes)
                    if expires {
                        try require(run.started.wait(timeout: timeout), "the work did not start within \(timeout) s")
                        scheduler.simulateExpiration(of: task)
                    }
                    try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
                    if !run.started.hasFired { kind.work.abandon(run) }
                    _ = run.finished.wait(timeout: timeout)
                    guard !finishes else { continue }
                    let next = try unwrap(
                        scheduler.waitForPendingRequest(kind.identifier, submittedAfter: launched, timeout: timeout),
                        "a processing run that \(expires ? "expired" : "failed") asked for no next run; only a push schedules it"
                    )
                    let begin = try unwrap(
                        next.earliestBeginDate,
                        "a processing run that \(expires ? "expired" : "failed") asked for the next at once: work that always fails would run at every idle moment"
                    )
                    waits.append(begin.timeIntervalSince(launched))
                }
                try require(
                    waits[0] >= 60 && waits[1] >= 1.5 * waits[0] && waits[2] < waits[1],
                    "unfinished runs (two in a row, then one after a finished run) asked for the next \(waits.map { String(format: "%.0f", $0) }) s later; the first should wait minutes, the second longer, and the third start over"
                )
            }
        }

        report.check("\(kind.name).launch-and-expire-at-once") { context in
            try ensurePending(kind, scheduler: scheduler)
            let run = kind.work.prepare(.untilCancelled)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier, expireImmediately: true)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            // The work may start after the expiry (cancelled from the outset) or, legitimately, not at all.
            if run.started.wait(timeout: timeout) {
                try require(run.finished.wait(timeout: timeout), "the work kept running after the task expired")
            } else {
                kind.work.abandon(run)
            }
        }

        report.check("\(kind.name).expire-while-work-in-flight") { context in
            try ensurePending(kind, scheduler: scheduler)
            let run = kind.work.prepare(.untilCancelled)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(run.started.wait(timeout: timeout), "the work did not start within \(timeout) s")
            let preparedBefore = kind.work.suspensionPreparations.count
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            try require(run.cancelled.wait(timeout: timeout), "the work was not cancelled when the task expired")
            try require(run.finished.wait(timeout: timeout), "the work kept running after the task expired")
            // iOS can suspend the app as soon as the task is completed: files and databases must be closed first.
            let preparations = kind.work.suspensionPreparations.dropFirst(preparedBefore)
            try require(preparations.count == 1, "prepareForSuspension() ran \(preparations.count) times on expiry; expected once")
            let completed = try unwrap(task.simulatedCompletions.first, "the expired task has no completion")
            try require(
                preparations.first! <= completed.date,
                "prepareForSuspension() ran after the task was completed, when iOS may already have suspended the app"
            )
        }

        if subject.registerSwiftUIRefresh != nil && kind.name == "refresh" {
            // SwiftUI completes the task when the action returns: the action must stop waiting at expiry.
            report.check("refresh.work-ignoring-cancellation-stops-at-expiry") { context in
                try ensurePending(kind, scheduler: scheduler)
                let run = kind.work.prepare(.ignoringCancellation)
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: false)
                try require(run.started.wait(timeout: timeout), "the work did not start within \(timeout) s")
                let preparedBefore = kind.work.suspensionPreparations.count
                scheduler.simulateExpiration(of: task)
                try require(
                    task.waitForCompletion(timeout: HarnessSettings.expiryGrace),
                    "the expired refresh was not completed within \(HarnessSettings.expiryGrace) s: the action waited for work that ignores its cancellation"
                )
                let preparations = kind.work.suspensionPreparations.dropFirst(preparedBefore)
                try require(preparations.count == 1, "prepareForSuspension() ran \(preparations.count) times on expiry; expected once")
                // Let the work end before the next check launches the task again.
                try require(run.finished.wait(timeout: timeout), "the work did not end")
            }
        }

        report.check("\(kind.name).no-suspension-hook-without-expiry") { context in
            try ensurePending(kind, scheduler: scheduler)
            let preparedBefore = kind.work.suspensionPreparations.count
            let run = kind.work.prepare(.instant)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
            context.expectExactlyOneCompletion(of: task, success: true)
            try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
            try require(run.finished.wait(timeout: timeout), "the work did not finish")
            let count = kind.work.suspensionPreparations.count - preparedBefore
            try require(count == 0, "prepareForSuspension() ran \(count) times for work that finished before any expiry")
        }

        report.check("\(kind.name).work-throws") { context in
            try ensurePending(kind, scheduler: scheduler)
            let run = kind.work.prepare(.throwing)
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
            context.expectExactlyOneCompletion(of: task, success: kind.successWhenWorkThrows)
            try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
            if !run.started.hasFired { kind.work.abandon(run) }
        }
    }

    /// Checks that mostly wait (a submission hung for seconds): they test the templates' logic, not the compiler, so
    /// they run in one set-up (`TaskSubject.runsWaitingChecks`).
    static func waitingChecks(_ kind: Kind, subject: TaskSubject, scheduler: BGTaskScheduler) {
        let report = HarnessReport.shared
        let timeout = HarnessSettings.timeout

        if kind.reschedules {
            // NetNewsWire saw `BGTaskScheduler.submit` hang. The handler's own submission must not keep the task
            // from getting its expiration handler, nor the next launch handler from returning.
            report.check("\(kind.name).hung-submission-neither-blocks-the-expiry-nor-the-next-launch") { context in
                try ensurePending(kind, scheduler: scheduler)
                let hang = 4 * HarnessSettings.expiryGrace
                scheduler.simulatedSubmissionDelay = hang
                let run = kind.work.prepare(.untilCancelled)
                let launched = Date()
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: false)
                // The submission is still hanging: the expiry must reach a handler and complete the task.
                Thread.sleep(forTimeInterval: HarnessSettings.grace)
                scheduler.simulatedSubmissionDelay = 0
                scheduler.simulateExpiration(of: task)
                try require(
                    task.waitForCompletion(timeout: HarnessSettings.expiryGrace),
                    "the task expired while its submission hung and was not completed within \(HarnessSettings.expiryGrace) s"
                )
                // The next launch of the same handler, while the first submission still hangs, returns at once.
                let registration = try unwrap(
                    scheduler.registeredLaunchHandler(forTaskWithIdentifier: kind.identifier), "\(kind.identifier) has no launch handler"
                )
                // Called on the handler's queue as the scheduler does; neither the handler nor the task is Sendable.
                nonisolated(unsafe) let handler = registration.launchHandler
                nonisolated(unsafe) let next = BGTask(simulatedIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: next, success: true)
                let nextRun = kind.work.prepare(.instant)
                let returned = SimulatorSignal()
                (registration.queue ?? DispatchQueue.global()).async {
                    handler(next)
                    returned.fire()
                }
                try require(
                    returned.wait(timeout: HarnessSettings.grace),
                    "the next launch handler did not return within \(HarnessSettings.grace) s while a submission hung"
                )
                try require(next.waitForCompletion(timeout: timeout), "the next task was not completed within \(timeout) s")
                if !nextRun.started.hasFired { kind.work.abandon(nextRun) }
                if run.started.wait(timeout: timeout) {
                    try require(run.finished.wait(timeout: timeout), "the expired run's work kept running")
                } else {
                    kind.work.abandon(run)
                }
                // Leave no hung submission to the next check.
                try require(
                    scheduler.waitForPendingRequest(kind.identifier, submittedAfter: launched, timeout: timeout) != nil,
                    "the hung submission never completed"
                )
                Thread.sleep(forTimeInterval: HarnessSettings.grace)
            }
        }

        // SwiftUI's refresh too: SwiftUI decides its completion, but the hook must not run on finished work.
        if kind.reschedules {
            // A finished run waits for its successor's hand-over (iOS 27's completion may come "after an
            // arbitrary amount of delay"); an expiry in that wait must keep the work's result and must not call
            // `prepareForSuspension()` on work that has already returned.
            report.check("\(kind.name).expiry-during-the-hand-over-keeps-the-finished-result") { context in
                let decidedBySwiftUI = kind.successWhenWorkThrows == nil
                try ensurePending(kind, scheduler: scheduler)
                let preparedBefore = kind.work.suspensionPreparations.count
                scheduler.simulatedSubmissionDelay = 2 * HarnessSettings.grace
                defer { scheduler.simulatedSubmissionDelay = 0 }
                let run = kind.work.prepare(.instant)
                let launched = Date()
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: decidedBySwiftUI ? nil : true)
                try require(run.finished.wait(timeout: timeout), "the work did not finish within \(timeout) s")
                Thread.sleep(forTimeInterval: HarnessSettings.grace / 3)
                try require(task.simulatedCompletions.isEmpty, "the task completed before its successor was handed over")
                scheduler.simulateExpiration(of: task)
                try require(task.waitForCompletion(timeout: HarnessSettings.expiryGrace), "the task expired during the hand-over and was not completed within \(HarnessSettings.expiryGrace) s")
                try require(decidedBySwiftUI || task.simulatedCompletions.first?.success == true, "an expiry during the hand-over reported finished work as failed")
                let count = kind.work.suspensionPreparations.count - preparedBefore
                try require(count == 0, "prepareForSuspension() ran \(count) times for work that had already returned")
                // Leave no slow submission to the next check.
                _ = scheduler.waitForPendingRequest(kind.identifier, submittedAfter: launched, timeout: timeout)
            }
        }

        if subject.submitsWithCompletionHandler && kind.reschedules {
            // iOS 27 may answer a submission "after an arbitrary amount of delay", or, seen from the app, never: one
            // unanswered submission must not keep every later run waiting its full bound for a hand-over.
            report.check("\(kind.name).an-unanswered-submission-does-not-hold-later-runs") { context in
                try ensurePending(kind, scheduler: scheduler)
                scheduler.simulatedUnansweredSubmissions = 1
                defer { scheduler.simulatedUnansweredSubmissions = 0 }
                let scheduled = Date()
                try unwrap(onMainActor { kind.schedule() }, "scheduling did not return")
                try require(
                    scheduler.waitForPendingRequest(kind.identifier, submittedAfter: scheduled, timeout: timeout) != nil,
                    "the unanswered request was not handed over"
                )
                Thread.sleep(forTimeInterval: subject.submissionWaitLimit + HarnessSettings.grace)
                let run = kind.work.prepare(.instant)
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: true)
                let limit = subject.submissionWaitLimit / 2
                try require(
                    task.waitForCompletion(timeout: limit),
                    "a run whose own request was answered at once still waited over \(limit) s, for an earlier submission never answered"
                )
                if !run.started.hasFired { kind.work.abandon(run) }
            }
        }

        // After `setTaskCompleted` iOS can suspend the app at once, so an expiry, which still has time in its
        // handler, must not complete the task before the next request (asked for at launch, or the on-push
        // reschedule) is handed over, as long as that fits in the expiry's bound. The hand-over is slowed to a third
        // of the bound; on a loaded machine it can still come later than the bound after the expiry, and then the
        // code rightly stops waiting and completes first: such an attempt shows nothing and is made again. The check
        // fails when the request came within the bound and the task completed before it (what a run that does not
        // wait does), or when no attempt of `attempts` came within the bound.
        report.check("\(kind.name).expiry-waits-for-the-next-request-within-its-bound") { context in
            let bound = subject.suspensionPreparationLimit
            let handOver = bound / 3
            let attempts = 3
            var lateBy: [String] = []
            for _ in 1...attempts {
                try ensurePending(kind, scheduler: scheduler)
                scheduler.simulatedSubmissionDelay = handOver
                defer { scheduler.simulatedSubmissionDelay = 0 }
                let run = kind.work.prepare(.untilCancelled)
                let launched = Date()
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: false)
                try require(run.started.wait(timeout: timeout), "the work did not start within \(timeout) s")
                // Before the expiry is delivered: the code's bound starts when its handler runs, no earlier.
                let expired = Date()
                scheduler.simulateExpiration(of: task)
                try require(task.waitForCompletion(timeout: HarnessSettings.expiryGrace), "the expired task was not completed within \(HarnessSettings.expiryGrace) s")
                try require(run.finished.wait(timeout: timeout), "the work kept running after the task expired")
                try require(
                    scheduler.waitForPendingRequest(kind.identifier, submittedAfter: launched, timeout: timeout) != nil,
                    "the expired \(kind.name) run left no next request"
                )
                let submitted = try unwrap(
                    scheduler.simulatedPendingRequests.last { $0.request.identifier == kind.identifier && $0.submitted >= launched }?.submitted,
                    "the next \(kind.name) request is no longer pending"
                )
                let completed = try unwrap(task.simulatedCompletions.first?.date, "no completion recorded")
                let afterExpiry = submitted.timeIntervalSince(expired)
                guard afterExpiry <= bound else {
                    lateBy.append(String(format: "%.2f", afterExpiry))
                    continue
                }
                try require(
                    submitted <= completed,
                    "the expired task completed \(String(format: "%.2f", submitted.timeIntervalSince(completed))) s before the next request, submitted in \(handOver) s, was handed over"
                )
                return
            }
            throw HarnessFailure(description: "in none of \(attempts) attempts was the next request handed over within the bound of \(bound) s after the expiry (it came \(lateBy.joined(separator: " s, ")) s after it): the machine is too loaded to tell")
        }
    }
}
