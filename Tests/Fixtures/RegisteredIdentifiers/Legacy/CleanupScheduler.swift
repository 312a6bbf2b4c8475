import BackgroundTasks

enum TaskID: String {
    case cleanup = "com.example.legacy.cleanup"
}

/* Registering here too would crash: BGTaskScheduler kills the app on a second registration.
   BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.legacy.refresh", using: nil) { _ in } */
enum CleanupScheduler {
    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskID.cleanup.rawValue, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
        let user = "someone"
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.legacy.\(user)", using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }

    static func schedule() {
        let request = BGProcessingTaskRequest(identifier: TaskID.cleanup.rawValue)
        request.requiresExternalPower = true
        try? BGTaskScheduler.shared.submit(request)
    }
}
