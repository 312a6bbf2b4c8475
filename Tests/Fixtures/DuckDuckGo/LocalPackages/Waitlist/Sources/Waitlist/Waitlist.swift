import BackgroundTasks

public protocol Waitlist {
    static var backgroundRefreshTaskIdentifier: String { get }
}

public extension Waitlist {
    static func scheduleBackgroundRefreshTask() {
        let task = BGAppRefreshTaskRequest(identifier: backgroundRefreshTaskIdentifier)
        try? BGTaskScheduler.shared.submit(task)
    }
}
