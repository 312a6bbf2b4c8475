// Mirrors the UIApplicationDelegate protocol (NS_SWIFT_UI_ACTOR). Swift on Linux has no @objc optional
// requirements, so each optional method is a requirement with a default implementation below; a near-miss
// signature is still diagnosed. Completion handlers are not @Sendable: SE-0463 exempts global-actor-isolated
// methods. Protocol requirements cannot carry default arguments, so `launchOptions` has no `= nil`.
import Foundation

@available(iOS 2.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    @available(iOS 6.0, *)
    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    @available(iOS 3.0, *)
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    @available(iOS 4.0, *)
    func applicationDidEnterBackground(_ application: UIApplication)
    @available(iOS 4.0, *)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)

    @available(iOS 3.0, *)
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    @available(iOS 3.0, *)
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)

    @available(iOS 7.0, *)
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    )
    @available(iOS 7.0, *)
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult

    @available(iOS, introduced: 7.0, deprecated: 13.0, message: "Use a BGAppRefreshTask in the BackgroundTasks framework instead")
    func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    )

    @available(iOS 7.0, *)
    func application(
        _ application: UIApplication,
        handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    )
    @available(iOS 7.0, *)
    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String) async

    @available(iOS 5.0, *)
    var window: UIWindow? { get set }
}

extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}

    public func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {}
    public func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {}

    public func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {}
    public func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult { .noData }

    public func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {}

    public func application(
        _ application: UIApplication,
        handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {}
    public func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String
    ) async {}

    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

// `@main` on an app delegate needs this, as UIKit's own `main()` (UIApplicationMain) provides it.
extension UIApplicationDelegate {
    public static func main() {
        if let run = UIApplicationMainHook.run {
            run(Self.self)
        } else {
            print("UIKit stub: UIApplicationMain is not simulated; \(Self.self) was not launched.")
        }
    }
}

/// Where a run-time simulator plugs in the launch sequence for `@main` app delegates.
@_spi(Simulator)
@MainActor
public enum UIApplicationMainHook {
    public static var run: ((any UIApplicationDelegate.Type) -> Void)?
}
