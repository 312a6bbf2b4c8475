import BackgroundTasks
import UIKit

open class OTRAppDelegate: UIResponder, UIApplicationDelegate {
    public var window: UIWindow?

    open func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.messenger.fetch", using: nil) { task in
            self.fetchMessages(for: task)
        }
        return true
    }

    open func applicationDidEnterBackground(_ application: UIApplication) {
        let request = BGAppRefreshTaskRequest(identifier: "com.example.messenger.fetch")
        request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }

    private func fetchMessages(for task: BGTask) {
        OTRProtocolManager.shared.connectAll {
            task.setTaskCompleted(success: true)
        }
    }
}
