import UIKit
import UserNotifications

/// The app's own manager, older than BGTaskScheduler: it registers notification actions and keeps an upload alive
/// for a few seconds in the background. Its `registerTasks()` shares only a name with bggen's.
final class BackgroundTaskManager {
    static let shared = BackgroundTaskManager()

    private var upload: UIBackgroundTaskIdentifier = .invalid

    func registerTasks() {
        let mark = UNNotificationAction(identifier: "mark-paid", title: "Mark as paid")
        let category = UNNotificationCategory(identifier: "bill", actions: [mark], intentIdentifiers: [])
        UNUserNotificationCenter.current().setNotificationCategories([category])
    }

    func keepUploading() {
        upload = UIApplication.shared.beginBackgroundTask { [weak self] in
            self?.stop()
        }
    }

    func stop() {
        UIApplication.shared.endBackgroundTask(upload)
        upload = .invalid
    }
}
