import BackgroundTasks

enum BackgroundRefreshManager {
    static let taskIdentifier = "com.example.homecontrol.backgroundfetch"

    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: taskIdentifier, using: .main) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            HomeAPI.shared.refresh { task.setTaskCompleted(success: $0) }
        }
    }

    static func scheduleAppRefresh() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: taskIdentifier))
    }
}
