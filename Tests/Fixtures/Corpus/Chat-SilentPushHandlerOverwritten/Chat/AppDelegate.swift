import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate, SyncEngineDelegate {
    private var fetchCompletion: ((UIBackgroundFetchResult) -> Void)?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        application.registerForRemoteNotifications()
        return true
    }

    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        fetchCompletion = completionHandler
        SyncEngine.shared.delegate = self
        SyncEngine.shared.syncMessages()
    }

    func syncEngineDidFinish(newMessages: Bool) {
        fetchCompletion?(newMessages ? .newData : .noData)
        fetchCompletion = nil
    }
}
