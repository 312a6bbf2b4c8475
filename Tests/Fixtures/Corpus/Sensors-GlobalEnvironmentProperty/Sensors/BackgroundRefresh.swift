import BackgroundTasks

final class BackgroundRefresh {
    static let shared = BackgroundRefresh()
    static let identifier = "com.example.sensors.refresh"

    func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.identifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            Current.sensors.flush { task.setTaskCompleted(success: true) }
        }
    }

    func schedule() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: Self.identifier))
    }
}
