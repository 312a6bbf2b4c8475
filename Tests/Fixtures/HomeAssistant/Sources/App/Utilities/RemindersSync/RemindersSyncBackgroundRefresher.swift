import BackgroundTasks

final class RemindersSyncBackgroundRefresher {
    static let identifier = "io.robbie.homeassistant.reminderssync"

    func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.identifier, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }

    func schedule() throws {
        try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: Self.identifier))
    }
}
