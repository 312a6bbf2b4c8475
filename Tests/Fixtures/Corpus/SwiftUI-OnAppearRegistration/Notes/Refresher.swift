import BackgroundTasks

final class Refresher {
    func registerTasks() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.notes.refresh", using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.setTaskCompleted(success: true)
        }
    }

    func schedule() {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.notes.refresh")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 3600)
        try? BGTaskScheduler.shared.submit(request)
    }
}
