import BackgroundTasks

/// The app's refresh lives in its framework, which the app links.
public final class Refresher {
    public static let shared = Refresher()

    public func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.kiteapp.sync", using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }

    public func schedule() {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.kiteapp.sync"))
    }
}
