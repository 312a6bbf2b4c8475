import BackgroundTasks

final class TaskScheduler {
    func registerAll() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskIdentifiers.exposure, using: nil) { task in
            self.run(task)
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskIdentifiers.results, using: nil) { task in
            self.run(task)
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: TaskIdentifiers.risk, using: nil) { task in
            self.run(task)
        }
    }

    private func run(_ task: BGTask) {
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        task.setTaskCompleted(success: true)
    }

    func scheduleAll() {
        for identifier in [TaskIdentifiers.exposure, TaskIdentifiers.results, TaskIdentifiers.risk] {
            let request = BGProcessingTaskRequest(identifier: identifier)
            request.requiresNetworkConnectivity = true
            try? BGTaskScheduler.shared.submit(request)
        }
    }
}
