import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UserDefaults.standard.set(false, forKey: "isSyncRunning")
        BackgroundScheduler.shared.configure()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        BackgroundScheduler.shared.scheduleSync()
        BackgroundScheduler.shared.scheduleCleanup()
    }
}
