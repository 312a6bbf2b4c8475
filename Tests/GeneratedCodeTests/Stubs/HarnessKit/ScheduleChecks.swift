// Days of use played in seconds: the generated manager reckons its requests from `SimulatedClock`, which the check
// moves an hour at a time, and the check plays both the user (who leaves the app every few hours while awake, so
// the app schedules each time it enters the background) and iOS (which launches a pending task once its earliest
// begin date has passed, and never before). Run when the manager keeps due dates (`struct TaskDueDates`), which the
// scenario's harness reaches through `TaskSubject` and `forgetDueDate` (SimulatorHarness/GeneratedTasks.swift).
@_spi(Simulator) import BackgroundTasks
import Foundation

/// The harness manager's clock: the real one, moved on by the hours `ScheduleChecks` plays.
nonisolated final class SimulatedClock: @unchecked Sendable {
    static let shared = SimulatedClock()

    private let lock = NSLock()
    private var offset: TimeInterval = 0

    var now: Date {
        lock.withLock { Date().addingTimeInterval(offset) }
    }

    func advance(by seconds: TimeInterval) {
        lock.withLock { offset += seconds }
    }
}

nonisolated enum ScheduleChecks {
    static let hour: TimeInterval = 3600
    static let playedHours = 72

    /// The user of the check: back in the app every three hours from the start of each day for 16 hours, then
    /// away for a night of 8.
    static func userLeavesTheApp(atHour hour: Int) -> Bool {
        hour % 24 <= 15 && hour % 3 == 0
    }

    /// How far apart the scenario's answers say runs of `kind` are due.
    static func interval(of kind: TaskChecks.Kind, answers: TaskAnswers) -> TimeInterval? {
        if kind.name == "refresh" { return answers.refreshSeconds }
        if let seconds = answers.processingSeconds { return seconds }
        return answers.processingNightly == nil ? nil : 24 * hour
    }

    /// `forgetDueDate` forgets the due date the manager keeps for a task identifier, as on a first launch;
    /// `scheduleFile` is where the manager keeps its schedule.
    static func run(
        _ subject: TaskSubject, forgetDueDate: @escaping @Sendable (String) -> Void, scheduleFile: URL, scheduler: BGTaskScheduler
    ) {
        let played = subject.kinds.compactMap { kind in interval(of: kind, answers: subject.answers).map { (kind: kind, interval: $0) } }
        guard !played.isEmpty else { return }
        let timeout = HarnessSettings.timeout

        HarnessReport.shared.check("tasks.a-user-back-every-few-hours-gets-a-run-each-interval") { context in
            let clock = SimulatedClock.shared

            /// Launches `kind` as iOS does and waits until the run has asked for its successor.
            func launch(_ kind: TaskChecks.Kind) throws {
                let run = kind.work.prepare(.instant)
                let launched = Date()
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: true)
                try require(task.waitForCompletion(timeout: timeout), "\(kind.identifier) was not completed within \(timeout) s")
                try require(run.finished.wait(timeout: timeout), "the work of \(kind.identifier) did not finish")
                try require(
                    scheduler.waitForPendingRequest(kind.identifier, submittedAfter: launched, timeout: timeout) != nil,
                    "a run of \(kind.identifier) asked for no next run"
                )
            }

            func pendingBeginDate(of kind: TaskChecks.Kind) -> Date?? {
                scheduler.simulatedPendingRequests.first { $0.request.identifier == kind.identifier }.map { $0.request.earliestBeginDate }
            }

            // Hour 0: each task has just run, as after a first night.
            for (kind, _) in played {
                try TaskChecks.ensurePending(kind, scheduler: scheduler)
                try launch(kind)
            }
            var runs = played.map { _ in [0] }
            // The first time leaving the app moved a pending request later, reported after the runs it cost.
            var movedLater: String?
            for hour in 1...playedHours {
                clock.advance(by: Self.hour)
                if userLeavesTheApp(atHour: hour) {
                    let pendingBefore = played.map { pendingBeginDate(of: $0.kind) }
                    let left = Date()
                    try unwrap(onMainActor { for (kind, _) in played { kind.schedule() } }, "scheduling did not return")
                    for (index, (kind, _)) in played.enumerated() {
                        let request = try unwrap(
                            scheduler.waitForPendingRequest(kind.identifier, submittedAfter: left, timeout: timeout),
                            "leaving the app at hour \(hour) left no request for \(kind.identifier) pending"
                        )
                        if movedLater == nil, case let before?? = pendingBefore[index], let after = request.earliestBeginDate,
                           after > max(before, clock.now) {
                            movedLater = "leaving the app at hour \(hour) moved the pending \(kind.name) request \(Int(after.timeIntervalSince(before) / 60)) minutes later"
                        }
                    }
                }
                for (index, (kind, _)) in played.enumerated() {
                    guard case let begin? = pendingBeginDate(of: kind), (begin ?? .distantPast) <= clock.now else { continue }
                    try launch(kind)
                    runs[index].append(hour)
                }
            }
            for (index, (kind, interval)) in played.enumerated() {
                let hours = runs[index] + [playedHours]
                let longest = zip(hours, hours.dropFirst()).map { $1 - $0 }.max() ?? 0
                // iOS launches at the first hour the request is due; a longer gap means it was not due.
                let allowed = Int((interval / Self.hour).rounded(.up)) + 1
                try require(
                    longest <= allowed,
                    "over \(playedHours) hours of a user who leaves the app every 3 hours while awake, \(kind.name) (every \(Int(interval / 60)) minutes) ran at hours \(runs[index]): \(longest) hours without a run\(movedLater.map { "; \($0)" } ?? "")"
                )
            }
            // A submission replaces the pending request: one asked for later than it pushes the run back.
            try require(movedLater == nil, movedLater ?? "")
        }
        lockedDeviceChecks(played, answers: subject.answers, forgetDueDate: forgetDueDate, scheduleFile: scheduleFile, scheduler: scheduler)
        if subject.answers.processingNightly != nil, let processing = played.first(where: { $0.kind.name != "refresh" })?.kind {
            nightChecks(processing, forgetDueDate: forgetDueDate, scheduler: scheduler)
        }
    }

    /// What a locked device shows an app whose data protection is `complete`: its defaults cannot be read, so
    /// whatever was kept there under `prefix` is gone.
    static func lockDefaults(_ prefix: String) {
        for key in UserDefaults.standard.dictionaryRepresentation().keys where key.hasPrefix(prefix) {
            UserDefaults.standard.removeObject(forKey: key)
        }
    }

    /// The due date a run saves is read back on a locked device, and one an earlier version kept in the defaults is
    /// carried over once, and only once the schedule file holds it.
    static func lockedDeviceChecks(
        _ played: [(kind: TaskChecks.Kind, interval: TimeInterval)], answers: TaskAnswers,
        forgetDueDate: @escaping @Sendable (String) -> Void, scheduleFile: URL, scheduler: BGTaskScheduler
    ) {
        let timeout = HarnessSettings.timeout
        let clock = SimulatedClock.shared

        func leaveTheApp(_ kind: TaskChecks.Kind) throws -> Date? {
            let left = Date()
            try unwrap(onMainActor { kind.schedule() }, "scheduling did not return")
            let request = try unwrap(
                scheduler.waitForPendingRequest(kind.identifier, submittedAfter: left, timeout: timeout),
                "leaving the app left no request for \(kind.identifier) pending"
            )
            return request.earliestBeginDate
        }

        HarnessReport.shared.check("tasks.a-due-date-survives-a-locked-device") { context in
            for (kind, interval) in played where answers.processingNightly == nil || kind.name == "refresh" {
                try TaskChecks.ensurePending(kind, scheduler: scheduler)
                let run = kind.work.prepare(.instant)
                let launched = clock.now
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: true)
                try require(task.waitForCompletion(timeout: timeout), "\(kind.identifier) was not completed within \(timeout) s")
                try require(run.finished.wait(timeout: timeout), "the work of \(kind.identifier) did not finish")
                // The run saved its successor's due date on a locked device; the user unlocks half an interval later.
                lockDefaults(kind.identifier)
                clock.advance(by: interval / 2)
                let asked = try unwrap(try leaveTheApp(kind), "the \(kind.identifier) request has no earliest begin date")
                let late = asked.timeIntervalSince(launched.addingTimeInterval(interval))
                try require(
                    abs(late) < 60,
                    "a \(kind.name) run saved its next due date while the device was locked, and leaving the app \(Int(interval / 120)) minutes later asked for \(Int(late / 60)) minutes after it: the due date was kept where a locked device cannot read it"
                )
            }
        }

        HarnessReport.shared.check("tasks.a-due-date-kept-in-the-defaults-is-carried-over") { _ in
            for (kind, _) in played where answers.processingNightly == nil || kind.name == "refresh" {
                let key = kind.identifier + ".due"
                forgetDueDate(kind.identifier)
                let former = clock.now.addingTimeInterval(10 * 60)
                UserDefaults.standard.set(former, forKey: key)
                // Review 5, N13: a schedule file that cannot be written (a full disk; here a folder in its place)
                // must not cost the value the defaults still hold.
                try whileUnwritable(scheduleFile) {
                    _ = try leaveTheApp(kind)
                }
                try require(
                    UserDefaults.standard.object(forKey: key) != nil,
                    "the \(kind.name) due date an earlier version kept in the defaults was removed from there although the schedule file could not be written: it is lost"
                )
                let asked = try leaveTheApp(kind)
                try require(
                    asked.map { abs($0.timeIntervalSince(former)) < 1 } == true,
                    "the \(kind.name) due date an earlier version kept in the defaults (\(former)) was not carried over: leaving the app asked for \(asked.map { "\($0)" } ?? "now")"
                )
                try require(UserDefaults.standard.object(forKey: key) == nil, "the defaults still hold \(key) after it was carried over")
            }
        }
    }

    /// Runs `body` with a folder where `file` is, so that writing the file fails, then puts the file back.
    static func whileUnwritable(_ file: URL, _ body: () throws -> Void) throws {
        let aside = file.appendingPathExtension("aside")
        let fileManager = FileManager.default
        let existed = fileManager.fileExists(atPath: file.path)
        if existed {
            try fileManager.moveItem(at: file, to: aside)
        }
        try fileManager.createDirectory(at: file.appendingPathComponent("in-the-way"), withIntermediateDirectories: true)
        defer {
            try? fileManager.removeItem(at: file)
            if existed {
                try? fileManager.moveItem(at: aside, to: file)
            }
        }
        try body()
    }

    /// `--at`: a missed night is not made up in the daytime, and the start time follows the time zone.
    static func nightChecks(_ kind: TaskChecks.Kind, forgetDueDate: @escaping @Sendable (String) -> Void, scheduler: BGTaskScheduler) {
        let timeout = HarnessSettings.timeout
        let clock = SimulatedClock.shared

        /// Leaves the app, as the user does; the begin date of the request that leaves pending.
        func leaveTheApp() throws -> Date {
            let left = Date()
            try unwrap(onMainActor { kind.schedule() }, "scheduling did not return")
            let request = try unwrap(
                scheduler.waitForPendingRequest(kind.identifier, submittedAfter: left, timeout: timeout),
                "leaving the app left no request for \(kind.identifier) pending"
            )
            return try unwrap(request.earliestBeginDate, "the \(kind.identifier) request has no earliest begin date")
        }

        func localTime(_ date: Date) -> String {
            let time = Calendar.current.dateComponents([.hour, .minute], from: date)
            return String(format: "%02d:%02d", time.hour ?? -1, time.minute ?? -1)
        }

        HarnessReport.shared.check("processing.a-missed-night-waits-for-the-next-start-time") { _ in
            forgetDueDate(kind.identifier)
            let night = try leaveTheApp()
            // iOS found the device neither idle nor charging that night: no run. The user is back at midday.
            clock.advance(by: night.timeIntervalSince(clock.now) + 10 * hour)
            let asked = try leaveTheApp()
            try require(
                asked > clock.now,
                "the night of \(night) passed without a run, and leaving the app \(10) hours later asked for \(asked) (now \(clock.now)): iOS may then run the nightly work in the daytime; ask for the next \(localTime(night)) instead"
            )
        }

        HarnessReport.shared.check("processing.the-start-time-follows-the-time-zone") { _ in
            forgetDueDate(kind.identifier)
            let home = NSTimeZone.default
            defer { NSTimeZone.default = home }
            let planned = localTime(try leaveTheApp())
            // A flight five hours west: the saved moment is now the evening before.
            NSTimeZone.default = TimeZone(secondsFromGMT: home.secondsFromGMT() - 5 * 3600) ?? home
            let asked = try leaveTheApp()
            try require(
                localTime(asked) == planned,
                "after the time zone moved five hours west, leaving the app asked for \(localTime(asked)) local time instead of \(planned)"
            )
        }
    }
}

/// The generated `ProcessingBackOff` (with `--interval on-push`), as `BackOffChecks` reaches it.
nonisolated struct BackOffSubject: Sendable {
    /// Counts one more unfinished processing run and returns how long the next must wait.
    let delayAfterUnfinishedRun: @Sendable () -> TimeInterval
    /// Starts the count over, as a run that finishes does.
    let reset: @Sendable () -> Void
    /// The processing task's identifier, under which an earlier version counted in the defaults (`.unfinishedRuns`).
    let identifier: String
    /// `BackgroundTaskConfiguration.processingRetryLimit`.
    let retryLimit: TimeInterval
    /// Holds the schedule file's one change at a time (`TaskSchedule`), as a file slow to read and write would, from
    /// when it returns until the closure it returns is called.
    let holdSchedule: @Sendable () -> @Sendable () -> Void
}

/// With `--interval on-push`: the count of unfinished runs is read back on a locked device, and one an earlier
/// version kept in the defaults is carried over once.
nonisolated enum BackOffChecks {
    static func run(_ backOff: BackOffSubject, processing: TaskChecks.Kind, scheduler: BGTaskScheduler) {
        // Review 6, N10: a failed run counts itself in the schedule file as it asks for the next run, in the
        // critical section that records its result; an expiry waits for that section, so the file's read and write
        // must happen elsewhere (on the submission queue), or a slow file holds the expiry past its time.
        HarnessReport.shared.check("processing.a-slow-schedule-file-never-holds-up-the-expiry") { context in
            let timeout = HarnessSettings.timeout
            try TaskChecks.ensurePending(processing, scheduler: scheduler)
            backOff.reset()
            defer { backOff.reset() }
            let release = backOff.holdSchedule()
            var isHeld = true
            defer { if isHeld { release() } }
            let run = processing.work.prepare(.throwing)
            let launched = Date()
            let task = try scheduler.simulateLaunch(forTaskWithIdentifier: processing.identifier)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(run.finished.wait(timeout: timeout), "the work did not throw within \(timeout) s")
            scheduler.simulateExpiration(of: task)
            let completedInTime = task.waitForCompletion(timeout: HarnessSettings.expiryGrace)
            release()
            isHeld = false
            try require(
                completedInTime,
                "a failed processing run's task, expired while the schedule file was slow, was not completed within \(HarnessSettings.expiryGrace) s: the back-off's file is read and written in the run's lock, which the expiry waits for"
            )
            let next = try unwrap(
                scheduler.waitForPendingRequest(processing.identifier, submittedAfter: launched, timeout: timeout),
                "the failed processing run asked for no next run once the schedule file was free"
            )
            let begin = try unwrap(next.earliestBeginDate, "the failed processing run asked for the next at once, not after its back-off")
            try require(
                begin.timeIntervalSince(launched) >= 60,
                "the failed processing run asked for the next \(Int(begin.timeIntervalSince(launched))) s later; its back-off is minutes"
            )
        }

        HarnessReport.shared.check("processing.the-back-off-survives-a-locked-device") { _ in
            let key = backOff.identifier + ".unfinishedRuns"
            backOff.reset()
            defer { backOff.reset() }
            let first = backOff.delayAfterUnfinishedRun()
            // Counted on a locked device, in an app whose data protection is `complete`: its defaults are unreadable.
            UserDefaults.standard.removeObject(forKey: key)
            let second = backOff.delayAfterUnfinishedRun()
            try require(
                second >= 1.5 * first,
                "the second unfinished processing run in a row, counted on a locked device, waits \(Int(second)) s after the first's \(Int(first)) s: the count was kept where a locked device cannot read it"
            )
            backOff.reset()
            UserDefaults.standard.set(2, forKey: key)
            let carried = backOff.delayAfterUnfinishedRun()
            try require(
                carried == min(4 * first, backOff.retryLimit),
                "after two unfinished runs counted in the defaults by an earlier version, the third waits \(Int(carried)) s instead of \(Int(4 * first)) s"
            )
            try require(UserDefaults.standard.object(forKey: key) == nil, "the defaults still hold \(key) after it was carried over")
        }
    }
}
