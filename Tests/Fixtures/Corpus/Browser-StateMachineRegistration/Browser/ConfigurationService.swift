import BackgroundTasks

final class ConfigurationService {
    static let backgroundRefreshTaskIdentifier = "com.example.browser.configurationRefresh"

    func onLaunching() {
        registerBackgroundRefreshTaskHandler()
    }

    private func registerBackgroundRefreshTaskHandler() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.backgroundRefreshTaskIdentifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            self.refresh { task.setTaskCompleted(success: $0) }
        }
    }

    func refresh(_ done: @escaping (Bool) -> Void) {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: Self.backgroundRefreshTaskIdentifier))
        done(true)
    }
}
