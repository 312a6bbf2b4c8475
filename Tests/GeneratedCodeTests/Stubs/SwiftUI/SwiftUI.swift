// The slice of SwiftUI that an app's entry point uses with background tasks: `App`, `Scene`, `WindowGroup`,
// `View`, the scene phase, `onChange`, `backgroundTask` and `UIApplicationDelegateAdaptor`. Declarations follow
// the iOS 26 SDK documentation (apple-background-api.md §3): `App`, `Scene` and `View` are `@MainActor`, and the
// `backgroundTask` action is `@Sendable`, so it is not main-actor isolated even when written in an `App` body.
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
    public var scenePhase: ScenePhase { .active }
}

public protocol DynamicProperty {}

@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    @MainActor @preconcurrency public var wrappedValue: Value { fatalError("the SwiftUI stub only type-checks") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct BackgroundTask<Request, Response>: Sendable {}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension BackgroundTask where Request == Void, Response == Void {
    @available(macOS, unavailable)
    public static func appRefresh(_ identifier: String) -> BackgroundTask<Void, Void> { BackgroundTask() }
    public static func urlSession(_ identifier: String) -> BackgroundTask<Void, Void> { BackgroundTask() }
}

extension Scene {
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    @preconcurrency
    nonisolated public func backgroundTask<D: Sendable, R: Sendable>(
        _ task: BackgroundTask<D, R>, action: @escaping @Sendable (D) async -> R
    ) -> some Scene {
        ModifiedScene<Self>()
    }

    @available(iOS, introduced: 14.0, deprecated: 17.0, message: "Use onChange(of:initial:_:) instead")
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some Scene {
        ModifiedScene<Self>()
    }

    @available(iOS 17.0, *)
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some Scene {
        ModifiedScene<Self>()
    }
}

@available(iOS 14.0, tvOS 14.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: NSObject & UIApplicationDelegate>: DynamicProperty {
    public init(_ delegateType: DelegateType.Type = DelegateType.self) {}

    public var wrappedValue: DelegateType { fatalError("the SwiftUI stub only type-checks") }
}
