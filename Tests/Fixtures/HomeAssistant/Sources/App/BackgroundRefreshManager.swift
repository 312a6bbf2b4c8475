import BackgroundTasks

enum BackgroundRefreshManager {
    private static let taskIdentifier = "io.robbie.homeassistant.backgroundfetch"

    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: taskIdentifier, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }

    static func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: taskIdentifier)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch BGTaskScheduler.Error.unavailable {
            // Background App Refresh is off.
        } catch {}
    }
}
