import BackgroundTasks

public enum TrailSync {
    public static func registerBackgroundTasks() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.trails.refresh", using: nil) { task in
            task.expirationHandler = {
                task.setTaskCompleted(success: false)
            }
            Task {
                await TrailStore.shared.pull()
                task.setTaskCompleted(success: true)
            }
        }
    }

    public static func scheduleRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.trails.refresh")
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            print("refresh not scheduled: \(error)")
        }
    }
}

actor TrailStore {
    static let shared = TrailStore()

    func pull() async {}
}
