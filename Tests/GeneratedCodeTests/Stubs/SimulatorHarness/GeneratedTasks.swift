// The generated task manager, work protocol, due dates and back-off as HarnessKit's task, schedule, back-off and
// checkpoint checks reach them (the checkpoint's in GeneratedCheckpoint.swift).
#if BGGEN_REFRESH || BGGEN_PROCESSING
@_spi(Simulator) import BackgroundTasks
@testable import App
import Foundation
@testable import HarnessKit
#if BGGEN_SWIFTUI_REFRESH
import SwiftUI
#endif

nonisolated enum GeneratedTasks {
    static let refreshWork = ScriptedWork()
    static let processingWork = ScriptedWork()

    static func run() {
        let manager = makeManager()
        let kinds = kinds(of: manager)
        let subject = subject(manager: manager, kinds: kinds)
        TaskChecks.run(subject)
        #if BGGEN_DUE_DATES
        ScheduleChecks.run(subject, forgetDueDate: forgetDueDate, scheduleFile: TaskSchedule().file, scheduler: BGTaskScheduler.shared)
        #endif
        #if BGGEN_BACK_OFF
        let backOff = ProcessingBackOff()
        if let processing = kinds.first(where: { $0.name == "processing" }) {
            BackOffChecks.run(BackOffSubject(
                delayAfterUnfinishedRun: { backOff.delayAfterUnfinishedRun() }, reset: { backOff.reset() },
                identifier: BackgroundTaskConfiguration.processingIdentifier, retryLimit: BackgroundTaskConfiguration.processingRetryLimit,
                holdSchedule: holdSchedule
            ), processing: processing, scheduler: BGTaskScheduler.shared)
        }
        #endif
        #if BGGEN_CHECKPOINT && BGGEN_PROCESSING
        if let processing = kinds.first(where: { $0.name == "processing" }) {
            CheckpointChecks.run(processing, GeneratedCheckpoint.subject(), scheduler: BGTaskScheduler.shared)
        }
        #else
        if HarnessExpectations.checkpoint {
            HarnessReport.shared.check("checkpoint.generated") { _ in
                throw HarnessFailure(description: "the answers ask for --checkpoint but no rendered file declares `protocol CheckpointedWork`")
            }
        }
        #endif
    }

    #if BGGEN_DUE_DATES
    /// What a first launch knows of `identifier`'s schedule: nothing in the schedule file (no due date, no work
    /// waiting) and nothing an earlier version kept in the defaults. The harness's own reset: the app never forgets.
    static func forgetDueDate(_ identifier: String) {
        UserDefaults.standard.removeObject(forKey: identifier + ".due")
        TaskSchedule().update(carryingOver: identifier) { state in
            state.due[identifier] = nil
            #if BGGEN_WAITING_WORK
            state.waitingWork?.remove(identifier)
            #endif
        }
    }
    #endif

    #if BGGEN_BACK_OFF
    /// Holds `TaskSchedule`'s one change at a time on a queue of its own until the returned closure is called.
    static func holdSchedule() -> @Sendable () -> Void {
        let (held, release) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        DispatchQueue.global().async {
            TaskSchedule().update(carryingOver: BackgroundTaskConfiguration.processingIdentifier) { _ in
                held.signal()
                release.wait()
            }
        }
        held.wait()
        return { release.signal() }
    }
    #endif

    static func makeManager() -> BackgroundTaskManager {
        #if BGGEN_DUE_DATES && BGGEN_REFRESH && BGGEN_PROCESSING
        BackgroundTaskManager(now: { SimulatedClock.shared.now }, appRefreshWork: Work(refreshWork), processingWork: Work(processingWork))
        #elseif BGGEN_DUE_DATES && BGGEN_REFRESH
        BackgroundTaskManager(now: { SimulatedClock.shared.now }, appRefreshWork: Work(refreshWork))
        #elseif BGGEN_DUE_DATES
        BackgroundTaskManager(now: { SimulatedClock.shared.now }, processingWork: Work(processingWork))
        #elseif BGGEN_REFRESH && BGGEN_PROCESSING
        BackgroundTaskManager(appRefreshWork: Work(refreshWork), processingWork: Work(processingWork))
        #elseif BGGEN_REFRESH
        BackgroundTaskManager(appRefreshWork: Work(refreshWork))
        #else
        BackgroundTaskManager(processingWork: Work(processingWork))
        #endif
    }

    static func kinds(of manager: BackgroundTaskManager) -> [TaskChecks.Kind] {
        var kinds: [TaskChecks.Kind] = []
        #if BGGEN_REFRESH
        var refresh = TaskChecks.Kind(
            name: "refresh", identifier: HarnessExpectations.refreshIdentifier!, work: refreshWork, reschedules: true,
            schedule: { manager.scheduleAppRefresh() }
        )
        #if BGGEN_SWIFTUI_REFRESH
        refresh.successWhenWorkThrows = nil
        #endif
        kinds.append(refresh)
        #endif
        #if BGGEN_PROCESSING
        kinds.append(TaskChecks.Kind(
            name: "processing", identifier: HarnessExpectations.processingIdentifier!, work: processingWork,
            reschedules: HarnessExpectations.processingReschedules, schedule: { manager.scheduleProcessingTask() }
        ))
        #endif
        return kinds
    }

    static func subject(manager: BackgroundTaskManager, kinds: [TaskChecks.Kind]) -> TaskSubject {
        #if BGGEN_SWIFTUI_REFRESH
        // SwiftUI registers the refresh when it builds the scene, as `backgroundTasks()` asks it to.
        let registerSwiftUIRefresh: (@MainActor @Sendable () -> Void)? = {
            _ = WindowGroup { EmptyView() }.backgroundTask(.appRefresh(HarnessExpectations.refreshIdentifier!)) {
                await manager.performAppRefresh()
            }
        }
        #else
        let registerSwiftUIRefresh: (@MainActor @Sendable () -> Void)? = nil
        #endif
        #if BGGEN_WAITING_CHECKS
        let runsWaitingChecks = true
        #else
        let runsWaitingChecks = false
        #endif
        #if BGGEN_SUBMIT_TASK_REQUEST
        let submitsWithCompletionHandler = true
        #else
        let submitsWithCompletionHandler = false
        #endif
        return TaskSubject(
            registerTasks: { manager.registerTasks() },
            registerSwiftUIRefresh: registerSwiftUIRefresh,
            kinds: kinds,
            answers: TaskAnswers(
                refreshSeconds: HarnessExpectations.refreshSeconds,
                processingSeconds: HarnessExpectations.processingSeconds,
                processingNightly: HarnessExpectations.processingNightly,
                requiresNetwork: HarnessExpectations.requiresNetwork,
                requiresPower: HarnessExpectations.requiresPower
            ),
            submissionWaitLimit: BackgroundTaskRun.submissionWaitLimit,
            suspensionPreparationLimit: BackgroundTaskRun.suspensionPreparationLimit,
            runsWaitingChecks: runsWaitingChecks,
            submitsWithCompletionHandler: submitsWithCompletionHandler
        )
    }

    /// The scripted work as the generated protocol sees it.
    nonisolated private struct Work: BackgroundWork {
        let scripted: ScriptedWork

        init(_ scripted: ScriptedWork) {
            self.scripted = scripted
        }

        func run() async throws {
            try await scripted.run()
        }

        func prepareForSuspension() {
            scripted.prepareForSuspension()
        }
    }
}
#endif
