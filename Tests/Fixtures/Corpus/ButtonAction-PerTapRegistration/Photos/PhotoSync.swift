import BackgroundTasks

final class PhotoSync {
    func syncNow() {
        prepare()
        let request = BGProcessingTaskRequest(identifier: "com.example.photos.sync")
        request.requiresNetworkConnectivity = true
        try? BGTaskScheduler.shared.submit(request)
    }

    private func prepare() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.photos.sync", using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.setTaskCompleted(success: true)
        }
    }
}
