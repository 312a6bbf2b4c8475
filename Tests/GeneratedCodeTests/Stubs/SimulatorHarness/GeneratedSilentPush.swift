// The generated silent push handler and work protocol as HarnessKit's push checks reach them.
#if BGGEN_SILENT_PUSH
@testable import App
import Foundation
@testable import HarnessKit
import UIKit

nonisolated enum GeneratedSilentPush {
    static func subject() -> SilentPushSubject {
        #if BGGEN_PROCESSING
        let processingIdentifier = HarnessExpectations.processingIdentifier
        #else
        let processingIdentifier: String? = nil
        #endif
        return SilentPushSubject(
            deliverScripted: { await SilentPushHandler(work: Work(script: $1)).handle(userInfo: $0) },
            deliverToShippedWork: { await SilentPushHandler(work: SilentPushHandler.makeSilentPushWork()).handle(userInfo: $0) },
            processingIdentifier: processingIdentifier,
            processingSchedule: processingSchedule()
        )
    }

    /// The shared manager's schedule, when processing is scheduled on an interval or at a time (not only by pushes).
    private static func processingSchedule() -> ProcessingScheduleSubject? {
        #if BGGEN_PROCESSING && BGGEN_DUE_DATES
        guard let identifier = HarnessExpectations.processingIdentifier,
              HarnessExpectations.processingSeconds != nil || HarnessExpectations.processingNightly != nil else { return nil }
        return ProcessingScheduleSubject(
            leaveTheApp: { BackgroundTaskManager.shared.scheduleProcessingTask() },
            savedDueDate: { TaskSchedule().update(carryingOver: identifier) { $0.due[identifier] } },
            forget: { GeneratedTasks.forgetDueDate(identifier) }
        )
        #else
        return nil
        #endif
    }

    /// The scripted work as the generated protocol sees it: the push decoded as the script's probe, where the
    /// work runs (the script records on which thread).
    nonisolated private struct Work: SilentPushWork {
        let script: ScriptedPushWork

        func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult {
            try script.perform(try push.decode(ScriptedPushWork.Probe.self))
        }
    }
}
#endif
