import BackgroundTasks
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if #available(iOS 13.0, *) {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "org.example.Chat.pull", using: nil) { task in
                MessageStore.shared.pullNewMessages { _ in task.setTaskCompleted(success: true) }
                let request = BGAppRefreshTaskRequest(identifier: "org.example.Chat.pull")
                try? BGTaskScheduler.shared.submit(request)
            }
        } else {
            // iOS 12 has no BGTaskScheduler: the legacy fetch pulls messages there.
            application.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
        }
        return true
    }

    /// Pulls new messages in the background on iOS 12.
    func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        MessageStore.shared.pullNewMessages { received in
            completionHandler(received ? .newData : .noData)
        }
    }
}
