import BackgroundTasks
import Foundation

enum CleanupTask {
    static let identifier = "\(Bundle.main.bundleIdentifier ?? "com.example.Talk").processing"

    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.identifier, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }
}
