import UIKit

protocol MessagingDelegate: AnyObject {}

class QuestsAppDelegate: UIResponder, MessagingDelegate, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        return true
    }
}
