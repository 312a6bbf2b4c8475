import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let lifecycle = LifecycleManager()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        BackgroundRefreshManager.register()
        lifecycle.start()
        return true
    }
}
