import BackgroundTasks

final class AppCoordinator {
    private let appSettings = AppSettings()

    func registerBackgroundAppRefresh() {
        let result = BGTaskScheduler.shared.register(forTaskWithIdentifier: appSettings.backgroundAppRefreshTaskIdentifier,
                                                     using: .main) { task in
            guard let task = task as? BGAppRefreshTask else { return }
            task.setTaskCompleted(success: true)
        }
        assert(result)
    }

    func scheduleBackgroundAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: appSettings.backgroundAppRefreshTaskIdentifier)
        try? BGTaskScheduler.shared.submit(request)
    }
}
