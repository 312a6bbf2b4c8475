import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var pendingPushCompletion: ((UIBackgroundFetchResult) -> Void)?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        application.registerForRemoteNotifications()
        return true
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        if let previous = pendingPushCompletion {
            previous(.noData)
        }
        pendingPushCompletion = completionHandler
        NoteStore.shared.pull()
    }
}
