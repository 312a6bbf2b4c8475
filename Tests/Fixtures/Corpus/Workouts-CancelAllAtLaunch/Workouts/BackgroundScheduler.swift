import BackgroundTasks

final class BackgroundScheduler {
    static let shared = BackgroundScheduler()
    private let syncIdentifier = "com.example.workouts.sync"
    private let cleanupIdentifier = "com.example.workouts.cleanup"

    func configure() {
        if #available(iOS 13.0, *) {
            BGTaskScheduler.shared.cancelAllTaskRequests()
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: syncIdentifier, using: nil) { task in
            self.sync(task)
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: cleanupIdentifier, using: nil) { task in
            self.cleanUp(task)
        }
    }

    func scheduleSync() {
        let request = BGAppRefreshTaskRequest(identifier: syncIdentifier)
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }

    func scheduleCleanup() {
        let request = BGProcessingTaskRequest(identifier: cleanupIdentifier)
        request.requiresExternalPower = true
        try? BGTaskScheduler.shared.submit(request)
    }

    private func sync(_ task: BGTask) {
        task.expirationHandler = {}
        task.setTaskCompleted(success: true)
    }

    private func cleanUp(_ task: BGTask) {
        task.expirationHandler = {}
        task.setTaskCompleted(success: true)
    }
}
