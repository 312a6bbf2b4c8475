// The slice of SwiftUI that an app's entry point uses with background tasks: `App`, `Scene`, `WindowGroup`,
// `View`, the scene phase, `onChange`, `backgroundTask` and `UIApplicationDelegateAdaptor`. Declarations follow
// the iOS 26 SDK documentation (apple-background-api.md §3): `App`, `Scene` and `View` are `@MainActor`, and the
// `backgroundTask` action is `@Sendable`, so it is not main-actor isolated even when written in an `App` body.
//
// For the run-time simulator, evaluating a scene does what SwiftUI does at launch: `.backgroundTask(.appRefresh)`
// registers a launch handler with BGTaskScheduler, and `onChange(of: scenePhase)` observes the simulated scene
// phase (`SimulatedScenePhase`).
import BackgroundTasks
import Foundation
import UIKit

@preconcurrency @MainActor
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

@preconcurrency @MainActor
public protocol Scene {
    associatedtype Body: Scene
    // The SDK marks this @SceneBuilder too; left off so `Never` can be both a View and a Scene here.
    var body: Body { get }
}

@preconcurrency @MainActor
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    @MainActor public static func main() {}
}

extension Never: View, Scene {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

@resultBuilder public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError("EmptyView has no body") }
}

public struct Text: View {
    public init(_ content: String) {}
    public var body: Never { fatalError("Text has no body") }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("WindowGroup has no body") }
}

/// What a scene modifier returns; the real SDK hides it behind `some Scene`.
public struct ModifiedScene<Content: Scene>: Scene {
    nonisolated public init() {}
    public var body: Never { fatalError("ModifiedScene has no body") }
}

public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

public struct EnvironmentValues {
    public var scenePhase: ScenePhase { SimulatedScenePhase.current }
}

public protocol DynamicProperty {}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    @MainActor @preconcurrency public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct BackgroundTask<Request, Response>: Sendable {
    enum Kind: Sendable {
        case appRefresh(String)
        case urlSession(String)
    }

    let kind: Kind
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension BackgroundTask where Request == Void, Response == Void {
    @available(macOS, unavailable)
    public static func appRefresh(_ identifier: String) -> BackgroundTask<Void, Void> { BackgroundTask(kind: .appRefresh(identifier)) }
    public static func urlSession(_ identifier: String) -> BackgroundTask<Void, Void> { BackgroundTask(kind: .urlSession(identifier)) }
}

extension Scene {
    /// As SwiftUI does for an app-refresh task: registers a launch handler that runs `action` in a task of its
    /// own, cancels that task when the BGTask expires, and completes the BGTask exactly once when `action`
    /// returns (successfully unless it expired first).
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    @preconcurrency
    nonisolated public func backgroundTask<D: Sendable, R: Sendable>(
        _ task: BackgroundTask<D, R>, action: @escaping @Sendable (D) async -> R
    ) -> some Scene {
        if case .appRefresh(let identifier) = task.kind, let request = () as? D {
            let registered = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { bgTask in
                SimulatedBackgroundTaskAction.run(bgTask) { _ = await action(request) }
            }
            _ = registered
        }
        return ModifiedScene<Self>()
    }

    @available(iOS, introduced: 14.0, deprecated: 17.0, message: "Use onChange(of:initial:_:) instead")
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some Scene {
        SimulatedScenePhase.observe { _, new in
            if let new = new as? V { action(new) }
        }
        return ModifiedScene<Self>()
    }

    @available(iOS 17.0, *)
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some Scene {
        SimulatedScenePhase.observe { old, new in
            if let old = old as? V, let new = new as? V { action(old, new) }
        }
        return ModifiedScene<Self>()
    }
}

/// The scene phase the simulator reports, and the `onChange(of: scenePhase)` actions of evaluated scenes.
@_spi(Simulator)
public enum SimulatedScenePhase {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var phase = ScenePhase.active
    nonisolated(unsafe) private static var observers: [(ScenePhase, ScenePhase) -> Void] = []

    public static var current: ScenePhase {
        lock.lock()
        defer { lock.unlock() }
        return phase
    }

    static func observe(_ observer: @escaping (ScenePhase, ScenePhase) -> Void) {
        lock.lock()
        observers.append(observer)
        lock.unlock()
    }

    /// Moves the app to `phase` and tells every observer, on the main actor as SwiftUI does.
    @MainActor
    public static func change(to newPhase: ScenePhase) {
        lock.lock()
        let old = phase
        phase = newPhase
        let current = observers
        lock.unlock()
        for observer in current { observer(old, newPhase) }
    }
}

/// One run of a `.backgroundTask` action.
final class SimulatedBackgroundTaskAction: @unchecked Sendable {
    private let lock = NSLock()
    private var task: BGTask?
    private var operation: Task<Void, Never>?
    private var expired = false

    private init(task: BGTask) {
        self.task = task
    }

    /// Like any launch handler, SwiftUI sets the expiration handler before the action starts, so an expiry can
    /// never find the task without one.
    static func run(_ bgTask: BGTask, action: @escaping @Sendable () async -> Void) {
        let run = SimulatedBackgroundTaskAction(task: bgTask)
        bgTask.expirationHandler = { run.expire() }
        let operation = Task.detached { await action() }
        run.attach(operation)
        Task.detached {
            await operation.value
            run.finish()
        }
    }

    private func expire() {
        lock.lock()
        expired = true
        let operation = self.operation
        lock.unlock()
        operation?.cancel()
    }

    /// An expiry that came before the action was attached cancels it at once.
    private func attach(_ operation: Task<Void, Never>) {
        lock.lock()
        self.operation = operation
        let alreadyExpired = expired
        lock.unlock()
        if alreadyExpired { operation.cancel() }
    }

    private func finish() {
        lock.lock()
        let task = self.task
        self.task = nil
        let success = !expired
        lock.unlock()
        task?.setTaskCompleted(success: success)
    }
}

@available(iOS 14.0, tvOS 14.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate>: DynamicProperty {
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}

    public var wrappedValue: DelegateType { fatalError("the SwiftUI stub only type-checks") }
}
