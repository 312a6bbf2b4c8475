import BackgroundTasks

final class BackgroundUpdates {
    private let backgroundTaskIdentifier = "com.example.goals.refresh"

    init() {
        register()
    }

    private func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: backgroundTaskIdentifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            self.refresh { task.setTaskCompleted(success: $0) }
        }
    }

    func refresh(_ done: @escaping (Bool) -> Void) {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: backgroundTaskIdentifier))
        done(true)
    }
}
