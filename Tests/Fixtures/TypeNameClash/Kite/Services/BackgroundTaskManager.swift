import UIKit

/// Keeps a sync alive for a few seconds when the app moves to the background (UIKit background time, not
/// BGTaskScheduler). Used from Swift and from the Objective-C sync code.
@objc final class BackgroundTaskManager: NSObject {
    @objc static let shared = BackgroundTaskManager()

    private var identifier: UIBackgroundTaskIdentifier = .invalid

    @objc func resumePendingSync() {
        identifier = UIApplication.shared.beginBackgroundTask { [weak self] in
            self?.finish()
        }
    }

    @objc func finish() {
        UIApplication.shared.endBackgroundTask(identifier)
        identifier = .invalid
    }
}
