// Mirrors UIScene.h and UIWindowScene.h (iOS 13+ SDK), NS_SWIFT_UI_ACTOR throughout. Apps built with the iOS 27 SDK
// must adopt scenes, and then UIKit calls the scene delegate's `sceneDidEnterBackground(_:)` instead of the app
// delegate's `applicationDidEnterBackground(_:)`. As in UIApplicationDelegate.swift, each optional requirement is a
// requirement with a default implementation, so a near-miss signature is still diagnosed.
import Foundation

@available(iOS 13.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Only UIKit (here: a simulator) creates scenes.
    @_spi(Simulator)
    public override init() { super.init() }
}

@available(iOS 13.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
open class UIWindowScene: UIScene {}

@available(iOS 13.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

@available(iOS 13.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
