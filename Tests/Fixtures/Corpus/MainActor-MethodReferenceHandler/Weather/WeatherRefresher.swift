import BackgroundTasks

@MainActor
final class WeatherRefresher {
    func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.weather.refresh", using: nil, launchHandler: self.handleRefresh)
    }

    func handleRefresh(_ task: BGTask) {
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        schedule()
        task.setTaskCompleted(success: true)
    }

    func schedule() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.weather.refresh"))
    }
}
