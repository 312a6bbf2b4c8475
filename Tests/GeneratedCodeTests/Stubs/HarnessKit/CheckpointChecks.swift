// `--checkpoint`: the generated `CheckpointedWork.run()`, launched as the processing task through the generated
// manager (its scripted work hands the launch to a recording work), expired with the simulator's expiry, and
// launched again. The generated protocol, its checkpoint and its permanent-failure error are reached through
// `CheckpointSubject`, which the scenario's harness builds when a rendered file declares `protocol CheckpointedWork`
// (SimulatorHarness/GeneratedCheckpoint.swift), so these checks compile once per set-up.
@_spi(Simulator) import BackgroundTasks
import Foundation
import StubRuntime

/// What the checkpoint checks need of the generated `CheckpointedWork`, `ProcessingCheckpoint` and
/// `BackgroundWorkError`.
nonisolated struct CheckpointSubject: Sendable {
    /// Where the generated `ProcessingCheckpoint` keeps the cursor: `<processing identifier>.cursor`.
    let cursorKey: String
    /// The cursor the checkpoint holds now (`ProcessingCheckpoint.load()`).
    let savedCursor: @Sendable () -> String?
    /// Removes the checkpoint's file, so a check starts as on a first launch.
    let forget: @Sendable () -> Void
    /// Runs the generated default `run()` of a `CheckpointedWork` whose items and processing are `work`'s.
    let run: @Sendable (RecordingCheckpointWork) async throws -> Void
    /// `BackgroundWorkError.permanent(error)`: what `process(_:)` throws for an item that can never be processed.
    let permanent: @Sendable (any Error) -> any Error
}

/// Items "a", "b", "c", "d", processed through the generated default `run()`. Records which cursor it was asked
/// to resume after and which items it was asked to process. One item may hold on until the run is cancelled:
/// either giving up (throwing, as work that observes cancellation mid-item does) or finishing the item anyway.
nonisolated final class RecordingCheckpointWork: @unchecked Sendable {
    nonisolated enum Hold: Sendable {
        /// Waits for cancellation, then throws `CancellationError` without returning a cursor.
        case abandonWhenCancelled
        /// Waits for cancellation, then finishes the item and returns its cursor.
        case finishWhenCancelled
    }

    static let allItems = ["a", "b", "c", "d"]

    /// The items as the app's database holds them now.
    private let all: [String]
    private let hold: (item: String, behavior: Hold)?
    /// An item whose processing always fails for good, as a corrupt record would.
    private let poisoned: String?
    /// An item whose processing always fails as it does offline: an error not marked permanent.
    private let failingTransiently: String?
    /// Wraps a permanent failure as the generated `BackgroundWorkError.permanent` does.
    private let permanent: @Sendable (any Error) -> any Error
    private let lock = NSLock()
    private var cursorsAsked: [String?] = []
    private var itemsProcessed: [String] = []
    /// Fired when the held item starts, so the check can expire the task exactly there.
    let reachedHeldItem = SimulatorSignal()
    /// Fired when the held item saw the cancellation.
    let heldItemCancelled = SimulatorSignal()

    init(_ subject: CheckpointSubject, holding item: String? = nil, _ behavior: Hold = .abandonWhenCancelled, poisoned: String? = nil,
         failingTransiently: String? = nil, items: [String] = allItems) {
        permanent = subject.permanent
        all = items
        hold = item.map { ($0, behavior) }
        self.poisoned = poisoned
        self.failingTransiently = failingTransiently
    }

    var cursors: [String?] { lock.withLock { cursorsAsked } }
    var processed: [String] { lock.withLock { itemsProcessed } }

    func items(after cursor: String?) async throws -> [String] {
        lock.withLock { cursorsAsked.append(cursor) }
        return all.filter { cursor == nil || $0 > cursor! }
    }

    func process(_ item: String) async throws -> String {
        lock.withLock { itemsProcessed.append(item) }
        if item == poisoned { throw permanent(UserWorkFailure()) }
        if item == failingTransiently { throw UserWorkFailure() }
        guard let hold, hold.item == item else { return item }
        reachedHeldItem.fire()
        do {
            // Ended by the task's cancellation; running out means the expiry never reached the work.
            try await Task.sleep(nanoseconds: UInt64(4 * HarnessSettings.timeout * 1_000_000_000))
        } catch {
            heldItemCancelled.fire()
            switch hold.behavior {
            case .abandonWhenCancelled: throw error
            case .finishWhenCancelled: return item
            }
        }
        return item
    }
}

nonisolated enum CheckpointChecks {
    /// What a locked device shows an app whose data protection is `complete`: its defaults cannot be read.
    /// Whatever of the checkpoint was kept there is gone.
    static func lockDefaults(_ cursorKey: String) {
        for key in UserDefaults.standard.dictionaryRepresentation().keys where key.hasPrefix(cursorKey) {
            UserDefaults.standard.removeObject(forKey: key)
        }
    }

    static func run(_ kind: TaskChecks.Kind, _ subject: CheckpointSubject, scheduler: BGTaskScheduler) {
        let report = HarnessReport.shared
        let timeout = HarnessSettings.timeout
        let cursorKey = subject.cursorKey
        var savedCursor: String? { subject.savedCursor() }
        let reset = subject.forget

        /// Launches the processing task with `work` as its work; returns the task and the scripted run.
        func launch(_ work: RecordingCheckpointWork) throws -> (BGTask, ScriptedWork.Run) {
            try TaskChecks.ensurePending(kind, scheduler: scheduler)
            let run = kind.work.prepare(.delegating { try await subject.run(work) })
            do {
                return (try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier), run)
            } catch {
                kind.work.abandon(run)
                throw error
            }
        }

        report.check("checkpoint.expiry-mid-item-keeps-last-cursor") { context in
            reset()
            let work = RecordingCheckpointWork(subject, holding: "c", .abandonWhenCancelled)
            let (task, run) = try launch(work)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(run.started.wait(timeout: timeout), "the work did not start within \(timeout) s")
            try require(
                work.reachedHeldItem.wait(timeout: timeout),
                "\"c\" was not processed within \(timeout) s; processed \(work.processed), saved cursor \(savedCursor ?? "nil")"
            )
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            try require(work.heldItemCancelled.wait(timeout: timeout), "the work was not cancelled when the task expired")
            try require(run.finished.wait(timeout: timeout), "run() kept going after the task expired")
            try require(work.cursors == [nil], "a first run with no saved cursor asked for items after \(work.cursors)")
            try require(work.processed == ["a", "b", "c"], "processed \(work.processed); expected [a, b, c], stopping at \"c\"")
            try require(
                savedCursor == "b",
                "after expiring while processing \"c\" the saved cursor (\(cursorKey)) is \(savedCursor.map { "\"\($0)\"" } ?? "nil"); expected \"b\""
            )
        }

        report.check("checkpoint.next-launch-resumes-and-clears") { context in
            try require(
                savedCursor == "b",
                "the expired run left cursor \(savedCursor.map { "\"\($0)\"" } ?? "nil") instead of \"b\"; cannot check resuming"
            )
            // Processing runs while the device is locked: the cursor must not be in the defaults.
            lockDefaults(cursorKey)
            let work = RecordingCheckpointWork(subject)
            let (task, run) = try launch(work)
            context.expectExactlyOneCompletion(of: task, success: true)
            try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
            try require(run.finished.wait(timeout: timeout), "run() did not return within \(timeout) s")
            try require(task.simulatedCompletions.first?.success == true, "a run that processed every item was reported as failed")
            try require(work.cursors == ["b"], "the next launch asked for items after \(work.cursors); expected [\"b\"]")
            try require(work.processed == ["c", "d"], "the next launch processed \(work.processed); expected [c, d]")
            try require(
                savedCursor == nil,
                "the cursor is still saved as \"\(savedCursor ?? "")\" after every item was done; expected it removed"
            )
        }

        report.check("checkpoint.no-item-after-expiry") { context in
            reset()
            // "b" finishes despite the expiry (a step that is not interrupted); "c" must not start.
            let work = RecordingCheckpointWork(subject, holding: "b", .finishWhenCancelled)
            let (task, run) = try launch(work)
            context.expectExactlyOneCompletion(of: task, success: false)
            try require(work.reachedHeldItem.wait(timeout: timeout), "\"b\" was not processed within \(timeout) s")
            scheduler.simulateExpiration(of: task)
            try require(task.waitForCompletion(timeout: timeout), "the expired task was not completed within \(timeout) s")
            try require(work.heldItemCancelled.wait(timeout: timeout), "the work was not cancelled when the task expired")
            try require(run.finished.wait(timeout: timeout), "run() did not return within \(timeout) s of the expiry")
            try require(
                work.processed == ["a", "b"],
                "processed \(work.processed) after the task expired during \"b\"; cancellation must be checked before each item"
            )
            try require(
                savedCursor == "b",
                "the item finished during the expiry was not saved: cursor \(savedCursor.map { "\"\($0)\"" } ?? "nil"); expected \"b\""
            )
            reset()
        }

        report.check("checkpoint.poisoned-item-is-skipped") { context in
            reset()
            // "b" always fails: the run fails and the next tries "b" again, until the third failed run skips it.
            var processed: [[String]] = []
            for attempt in 1...3 {
                let work = RecordingCheckpointWork(subject, poisoned: "b")
                let (task, run) = try launch(work)
                context.expectExactlyOneCompletion(of: task, success: attempt == 3)
                try require(task.waitForCompletion(timeout: timeout), "run \(attempt) was not completed within \(timeout) s")
                try require(run.finished.wait(timeout: timeout), "run \(attempt) did not return within \(timeout) s")
                processed.append(work.processed)
            }
            try require(
                processed == [["a", "b"], ["b"], ["b", "c", "d"]],
                "three runs with a poisoned \"b\" processed \(processed); expected [[a, b], [b], [b, c, d]]: skip it after 3 failed runs"
            )
            try require(savedCursor == nil, "the cursor is still \(savedCursor ?? "") after every other item was done")
        }

        report.check("checkpoint.an-item-skipped-for-good-stays-skipped-in-later-passes") { context in
            reset()
            // "b" always fails for good: skipped in the third run, and in every pass after it, which runs from the
            // first item again once every item is done.
            var outcomes: [(success: Bool?, processed: [String])] = []
            for attempt in 1...6 {
                let work = RecordingCheckpointWork(subject, poisoned: "b")
                let (task, run) = try launch(work)
                context.expectExactlyOneCompletion(of: task, success: attempt >= 3)
                try require(task.waitForCompletion(timeout: timeout), "run \(attempt) was not completed within \(timeout) s")
                try require(run.finished.wait(timeout: timeout), "run \(attempt) did not return within \(timeout) s")
                outcomes.append((task.simulatedCompletions.first?.success, work.processed))
            }
            let later = outcomes.dropFirst(3)
            try require(
                later.allSatisfy { $0.success == true && $0.processed == ["a", "c", "d"] },
                "after \"b\" was skipped in run 3, runs 4 to 6 \(later.map { "\($0.success.map { $0 ? "succeeded" : "failed" } ?? "were not completed") processing \($0.processed)" }): a skipped item must stay skipped when the next pass starts from the first item, and the items after it must be processed"
            )
            reset()
        }

        report.check("checkpoint.a-skip-follows-its-item-when-records-are-deleted-or-added") { context in
            reset()
            // "b" always fails for good and is skipped in the third run; then the user deletes it, and later adds
            // "bb" after "b": each pass must process every item but the one skipped.
            func pass(_ items: [String], _ attempt: Int) throws -> [String] {
                let work = RecordingCheckpointWork(subject, poisoned: "b", items: items)
                let (task, run) = try launch(work)
                context.expectExactlyOneCompletion(of: task, success: attempt >= 3)
                try require(task.waitForCompletion(timeout: timeout), "run \(attempt) was not completed within \(timeout) s")
                try require(run.finished.wait(timeout: timeout), "run \(attempt) did not return within \(timeout) s")
                return work.processed
            }
            for attempt in 1...3 {
                _ = try pass(RecordingCheckpointWork.allItems, attempt)
            }
            let deleted = try pass(["a", "c", "d"], 4)
            let added = try pass(["a", "b", "bb", "c", "d"], 5)
            try require(
                deleted == ["a", "c", "d"] && added == ["a", "bb", "c", "d"],
                "after \"b\" was skipped for good, a pass over [a, c, d] processed \(deleted) and one over [a, b, bb, c, d] processed \(added): a skip must follow the item, not its place"
            )
            reset()
        }

        report.check("checkpoint.transient-failures-never-skip-an-item") { context in
            reset()
            // "b" fails as it does offline, in more runs than `attemptsPerItem`: it is tried again each time.
            var processed: [[String]] = []
            for attempt in 1...4 {
                let work = RecordingCheckpointWork(subject, failingTransiently: "b")
                let (task, run) = try launch(work)
                context.expectExactlyOneCompletion(of: task, success: false)
                try require(task.waitForCompletion(timeout: timeout), "run \(attempt) was not completed within \(timeout) s")
                try require(run.finished.wait(timeout: timeout), "run \(attempt) did not return within \(timeout) s")
                processed.append(work.processed)
            }
            try require(
                processed == [["a", "b"], ["b"], ["b"], ["b"]],
                "four runs failing transiently on \"b\" processed \(processed); expected [[a, b], [b], [b], [b]]: only permanent failures skip an item"
            )
            try require(savedCursor == "a", "the cursor is \(savedCursor ?? "nil"), not \"a\", after four transient failures on \"b\"")
            reset()
        }
    }
}
