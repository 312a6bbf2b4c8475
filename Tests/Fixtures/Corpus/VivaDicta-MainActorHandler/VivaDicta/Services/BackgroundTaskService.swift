import UIKit
import BackgroundTasks

/// Background task protection for transcription: a BGProcessingTask drains the queue of pending work.
@MainActor
final class BackgroundTaskService {
    nonisolated static let bgTaskIdentifier = "com.antonnovoselov.VivaDicta.transcription-processing"

    static nonisolated(unsafe) weak var shared: BackgroundTaskService?

    private var bgProcessingDrainTask: Task<Void, Never>?
    private var bgTaskExpired = false

    /// Registers the BGProcessingTask handler. Must be called during `didFinishLaunching`.
    static func registerBGTaskHandler() {
        BGTaskScheduler.shared.register(
            forTaskWithIdentifier: bgTaskIdentifier,
            using: nil
        ) { task in
            guard let bgTask = task as? BGProcessingTask else { return }
            Task { @MainActor in
                guard let service = shared else {
                    bgTask.setTaskCompleted(success: false)
                    return
                }
                service.handleBGProcessingTask(bgTask)
            }
        }
    }

    private func handleBGProcessingTask(_ task: BGProcessingTask) {
        bgTaskExpired = false

        bgProcessingDrainTask = Task {
            await processQueue()
            guard !bgTaskExpired else { return }
            task.setTaskCompleted(success: true)
        }

        task.expirationHandler = { [weak self] in
            self?.bgTaskExpired = true
            self?.bgProcessingDrainTask?.cancel()
            task.setTaskCompleted(success: false)
        }
    }

    private func processQueue() async {}

    /// Schedules a BGProcessingTask. Thread-safe - can be called from expiration handlers.
    nonisolated func scheduleBGProcessingTask() {
        let request = BGProcessingTaskRequest(identifier: Self.bgTaskIdentifier)
        request.requiresNetworkConnectivity = false
        request.requiresExternalPower = false
        request.earliestBeginDate = Date(timeIntervalSinceNow: 1)
        try? BGTaskScheduler.shared.submit(request)
    }
}
