import BackgroundTasks

/// Remember to add the identifier to Info.plist under BGTaskSchedulerPermittedIdentifiers.
final class BackgroundTaskManager: @unchecked Sendable {
    static let shared = BackgroundTaskManager()
    static let backgroundRefreshTaskIdentifier = "com.dollarg.wedaapp.refresh"

    func registerBackgroundTasks() {
        BGTaskScheduler.shared.register(
            forTaskWithIdentifier: Self.backgroundRefreshTaskIdentifier,
            using: nil
        ) { task in
            task.setTaskCompleted(success: true)
        }
    }

    func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: Self.backgroundRefreshTaskIdentifier)
        try? BGTaskScheduler.shared.submit(request)
    }
}
