import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    private let appStateMachine = AppStateMachine()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        appStateMachine.handle(.didFinishLaunching(isTesting: false))
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        appStateMachine.handle(.didBecomeActive)
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        appStateMachine.handle(.didEnterBackground)
    }
}
