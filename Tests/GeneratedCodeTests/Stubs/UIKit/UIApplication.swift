// Mirrors UIApplication.h (iOS 18.2+ SDK): NS_SWIFT_UI_ACTOR on the class makes every member @MainActor except the
// NS_SWIFT_NONISOLATED ones. ObjC declarations are implicitly @preconcurrency, hence the explicit attribute here.
@_exported import Foundation
import StubRuntime

@available(iOS 2.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }
}

@available(iOS 2.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
open class UIWindow: UIResponder {
    private var keyWindow = false

    open var isKeyWindow: Bool { keyWindow }

    open func makeKeyAndVisible() { keyWindow = true }
}

@available(iOS 7.0, *) @available(watchOS, unavailable)
public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData = 0
    case noData = 1
    case failed = 2
}

@available(iOS 7.0, tvOS 11.0, *) @available(watchOS, unavailable)
public enum UIBackgroundRefreshStatus: Int, Sendable {
    case restricted = 0
    case denied = 1
    case available = 2
}

/// NS_TYPED_ENUM over NSUInteger.
@available(iOS 4.0, *) @available(watchOS, unavailable)
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

@available(iOS 2.0, *) @available(watchOS, unavailable)
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    private static let sharedApplication = UIApplication()

    @available(iOSApplicationExtension, unavailable)
    open class var shared: UIApplication { sharedApplication }

    unowned(unsafe) open var delegate: (any UIApplicationDelegate)?

    open var applicationState: UIApplication.State { simulatedApplicationState }

    @available(iOS 7.0, tvOS 11.0, *)
    open var backgroundRefreshStatus: UIBackgroundRefreshStatus { simulatedBackgroundRefreshStatus }

    /// Read-only for apps, as on iOS; a simulator drives them.
    @_spi(Simulator) public var simulatedApplicationState = UIApplication.State.background
    @_spi(Simulator) public var simulatedBackgroundRefreshStatus = UIBackgroundRefreshStatus.available

    @available(iOS 4.0, *)
    nonisolated open var backgroundTimeRemaining: TimeInterval { 30 }

    @available(iOS 4.0, *)
    nonisolated open var isProtectedDataAvailable: Bool { true }

    // The handler block is NS_SWIFT_UI_ACTOR and is called on the main thread; the method itself is nonisolated.
    @available(iOS 4.0, *)
    @preconcurrency
    nonisolated open func beginBackgroundTask(
        expirationHandler handler: (@MainActor () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    @available(iOS 7.0, *)
    @preconcurrency
    nonisolated open func beginBackgroundTask(
        withName taskName: String?,
        expirationHandler handler: (@MainActor () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        let identifier = StubLedger.shared.nextIdentifier()
        StubLedger.shared.record(.backgroundTaskBegan(identifier: identifier, name: taskName))
        RunningBackgroundTasks.shared.begin(identifier, expirationHandler: handler)
        return UIBackgroundTaskIdentifier(rawValue: identifier)
    }

    /// Ending a background task that is not running (ended already, or never begun) is reported: UIKit logs it,
    /// and it means the app's bookkeeping is wrong.
    @available(iOS 4.0, *)
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        StubLedger.shared.record(.backgroundTaskEnded(identifier: identifier.rawValue))
        let device = SimulatedDevice.shared
        if !RunningBackgroundTasks.shared.end(identifier.rawValue) && device.isEnforcing {
            device.report(
                rule: "uikit.background-task-ended-twice",
                "endBackgroundTask(\(identifier.rawValue)) for a background task that is not running (ended twice, or never begun)"
            )
        }
    }

    nonisolated open func canOpenURL(_ url: URL) -> Bool { false }

    @available(iOS, introduced: 7.0, deprecated: 13.0, message: "Use a BGAppRefreshTask in the BackgroundTasks framework instead")
    open func setMinimumBackgroundFetchInterval(_ minimumBackgroundFetchInterval: TimeInterval) {}

    @available(iOS 7.0, tvOS 11.0, *)
    nonisolated public static let backgroundFetchIntervalMinimum: TimeInterval = 0

    @available(iOS 7.0, tvOS 11.0, *)
    nonisolated public static let backgroundFetchIntervalNever: TimeInterval = .greatestFiniteMagnitude

    // Category UIRemoteNotifications: still main-actor isolated. In the class body because Swift cannot
    // override members declared in extensions.
    @available(iOS 8.0, *)
    open func registerForRemoteNotifications() {
        StubLedger.shared.record(.remoteNotificationsRegistered)
    }

    @available(iOS 3.0, *)
    open func unregisterForRemoteNotifications() {}

    @available(iOS 8.0, *)
    open var isRegisteredForRemoteNotifications: Bool { false }
}

extension UIApplication {
    @available(iOS 4.0, *)
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// NS_TYPED_EXTENSIBLE_ENUM over NSString.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let remoteNotification = LaunchOptionsKey("UIApplicationLaunchOptionsRemoteNotificationKey")
        public static let url = LaunchOptionsKey("UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey("UIApplicationLaunchOptionsSourceApplicationKey")
        public static let location = LaunchOptionsKey("UIApplicationLaunchOptionsLocationKey")
    }

    // NS_SWIFT_NONISOLATED notification names.
    nonisolated public static let didEnterBackgroundNotification =
        Notification.Name("UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification =
        Notification.Name("UIApplicationWillEnterForegroundNotification")
    nonisolated public static let didBecomeActiveNotification =
        Notification.Name("UIApplicationDidBecomeActiveNotification")
    nonisolated public static let willResignActiveNotification =
        Notification.Name("UIApplicationWillResignActiveNotification")
    nonisolated public static let didFinishLaunchingNotification =
        Notification.Name("UIApplicationDidFinishLaunchingNotification")
    nonisolated public static let willTerminateNotification =
        Notification.Name("UIApplicationWillTerminateNotification")
    @available(iOS 7.0, tvOS 11.0, *)
    nonisolated public static let backgroundRefreshStatusDidChangeNotification =
        Notification.Name("UIApplicationBackgroundRefreshStatusDidChangeNotification")
}

/// The background tasks the app has begun and not ended, with their expiration handlers, so the simulator can run
/// out the app's background time.
final class RunningBackgroundTasks: @unchecked Sendable {
    static let shared = RunningBackgroundTasks()

    private let lock = NSLock()
    private var running: [Int: (@MainActor () -> Void)?] = [:]

    func begin(_ identifier: Int, expirationHandler: (@MainActor () -> Void)?) {
        lock.lock()
        running[identifier] = .some(expirationHandler)
        lock.unlock()
    }

    /// False when `identifier` was not running.
    func end(_ identifier: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return running.removeValue(forKey: identifier) != nil
    }

    var identifiers: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return running.keys.sorted()
    }

    func handlers() -> [(identifier: Int, handler: (@MainActor () -> Void)?)] {
        lock.lock()
        defer { lock.unlock() }
        return running.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

// Hooks for the run-time simulator.
extension UIApplication {
    /// The background tasks begun and not yet ended.
    @_spi(Simulator)
    nonisolated public static var simulatedRunningBackgroundTasks: [Int] { RunningBackgroundTasks.shared.identifiers }

    /// What iOS does when the app's background time runs out: it calls each running background task's expiration
    /// handler on the main thread, and a task still running after its handler returns gets the app terminated.
    @_spi(Simulator)
    public func simulateBackgroundTimeExpiry() {
        for (identifier, handler) in RunningBackgroundTasks.shared.handlers() {
            handler?()
            guard RunningBackgroundTasks.shared.end(identifier) else { continue }
            let device = SimulatedDevice.shared
            if device.isEnforcing {
                device.report(
                    rule: "uikit.background-task-not-ended-at-expiry",
                    "background task \(identifier) was still running after its expiration handler returned: iOS terminates the app"
                )
            }
        }
    }
}
