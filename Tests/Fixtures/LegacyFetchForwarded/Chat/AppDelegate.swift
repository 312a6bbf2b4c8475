import UIKit

/// Silences the deprecation warning of setMinimumBackgroundFetchInterval(_:), as some apps do.
@objc protocol LegacyBackgroundFetching: AnyObject {
    @objc(setMinimumBackgroundFetchInterval:)
    func setMinimumBackgroundFetchInterval(_ minimumBackgroundFetchInterval: TimeInterval)
}

extension UIApplication: LegacyBackgroundFetching {}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        (UIApplication.shared as LegacyBackgroundFetching).setMinimumBackgroundFetchInterval(60 * 60)
        return true
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    {
        self.application(application, performFetchWithCompletionHandler: completionHandler)
    }

    func application(_ application: UIApplication, performFetchWithCompletionHandler backgroundFetchCompletionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    {
        MessageStore.shared.pullNewMessages { received in
            backgroundFetchCompletionHandler(received ? .newData : .noData)
        }
    }
}
