import BackgroundTasks
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.weather2.refresh", using: nil) { task in
            ForecastUpdater.shared.update(with: task)
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.weather2.cleanup", using: nil) { task in
            task.expirationHandler = {
                task.setTaskCompleted(success: false)
            }
            CacheCleaner.clean()
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.weather2.refresh"))
        try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "com.example.weather2.cleanup"))
    }
}

enum CacheCleaner {
    static func clean() {}
}
