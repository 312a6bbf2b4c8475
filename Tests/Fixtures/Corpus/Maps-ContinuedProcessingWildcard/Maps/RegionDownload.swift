import BackgroundTasks

final class RegionDownload {
    static let shared = RegionDownload()
    static let taskIdentifier = "com.example.maps.download.region"
    private var pending: [String] = []

    func registerHandler() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.taskIdentifier, using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            self.fetchPendingTiles { task.setTaskCompleted(success: $0) }
        }
    }

    func download(region: String) {
        pending.append(region)
        let request = BGContinuedProcessingTaskRequest(identifier: Self.taskIdentifier, title: "Downloading \(region)", subtitle: "Offline map")
        try? BGTaskScheduler.shared.submit(request)
    }

    private func fetchPendingTiles(done: @escaping (Bool) -> Void) {
        pending.removeAll()
        done(true)
    }
}
