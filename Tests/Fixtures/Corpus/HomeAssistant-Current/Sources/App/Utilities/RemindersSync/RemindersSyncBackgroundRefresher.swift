import BackgroundTasks
import Foundation
import Shared

/// Schedules background Reminders syncs through `BGTaskScheduler`.
enum RemindersSyncBackgroundRefresher {
    static let taskIdentifier = "io.robbie.homeassistant.reminderssync"

    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: taskIdentifier, using: .main) { task in
            handleAppRefresh(task: task)
        }
    }

    static func schedule() {
        let interval = RemindersSyncSettings.current.backgroundRefreshInterval
        guard interval > 0 else {
            BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: taskIdentifier)
            return
        }
        let request = BGAppRefreshTaskRequest(identifier: taskIdentifier)
        request.earliestBeginDate = Current.date().addingTimeInterval(interval)
        try? BGTaskScheduler.shared.submit(request)
    }

    private static func handleAppRefresh(task: BGTask) {
        schedule()

        var didComplete = false
        func complete(_ success: Bool) {
            DispatchQueue.main.async {
                guard !didComplete else { return }
                didComplete = true
                task.setTaskCompleted(success: success)
            }
        }

        let syncTask = Task { @MainActor in
            await RemindersSyncManager.shared.syncAll()
            complete(!Task.isCancelled)
        }
        task.expirationHandler = {
            syncTask.cancel()
            complete(false)
        }
    }
}
