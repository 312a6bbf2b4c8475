import BackgroundTasks

final class TripSyncService {
    init() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.trips.sync", using: nil) { task in
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            self.sync { task.setTaskCompleted(success: $0) }
        }
    }

    func resume() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.trips.sync"))
    }

    private func sync(_ done: @escaping (Bool) -> Void) {
        done(true)
    }
}
