import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    private let refresher = WeatherRefresher()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        refresher.register()
        return true
    }
}
