import BackgroundTasks
import Foundation

enum RefreshScheduler {
    static func register() {
        guard let bundleIdentifier = Bundle.main.bundleIdentifier else { return }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "\(bundleIdentifier).refresh", using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }
}
