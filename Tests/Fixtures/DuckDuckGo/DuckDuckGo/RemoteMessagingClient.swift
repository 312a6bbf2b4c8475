import BackgroundTasks

struct RemoteMessagingClient {
    enum Constants {
        static let backgroundRefreshTaskIdentifier = "com.duckduckgo.app.remoteMessageRefresh"
    }

    func registerBackgroundRefreshTaskHandler() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Constants.backgroundRefreshTaskIdentifier, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }

    func schedule() {
        let request = BGProcessingTaskRequest(identifier: Constants.backgroundRefreshTaskIdentifier)
        try? BGTaskScheduler.shared.submit(request)
    }
}
