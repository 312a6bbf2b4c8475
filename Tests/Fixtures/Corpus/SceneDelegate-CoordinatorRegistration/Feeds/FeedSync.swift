import BackgroundTasks

final class FeedSync {
    static let shared = FeedSync()

    func registerBackgroundRefresh() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.feeds.refresh", using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            self.refresh { task.setTaskCompleted(success: $0) }
        }
    }

    func refresh(_ done: @escaping (Bool) -> Void) {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.feeds.refresh"))
        done(true)
    }
}
