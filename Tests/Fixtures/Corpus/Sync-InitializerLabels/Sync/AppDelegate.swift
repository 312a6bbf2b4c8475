import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var engine: SyncEngine?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        engine = SyncEngine()
        return true
    }
}
