/// The changes an existing app's own files need, planned before anything is written.
public struct ProjectEdits: Sendable, Equatable {
    /// Patched Info.plist and entitlements files: the whole new text, from additions-only edits.
    public var files: [GeneratedFile] = []
    /// What the user should know: values kept that look wrong, files left alone and why.
    public var notes: [String] = []
    /// Changes bggen does not make itself, spelled out exactly: build settings and generator specs.
    public var instructions: [String] = []
    /// What became of the app's Info.plist keys, in place of the generic "merge the fragment" step; nil when the
    /// user must still merge it.
    public var infoPlistStep: String?
    /// The same for `aps-environment` in the entitlements.
    public var entitlementsStep: String?
    /// The `aps-environment` the app's entitlements already have and keep, when it is not bggen's default
    /// (`Entitlement.apsEnvironment`).
    public var apsEnvironment: String?

    /// The app has no scenes (`ExistingProject.hasNoScenes`): the code to paste schedules from the app delegate's
    /// `applicationDidEnterBackground(_:)`, or, for iOS 27, says the app must adopt scenes first.
    public var appHasNoScenes = false

    /// The app's own `@main` SwiftUI `App`, where it has one: the step that calls the generated code says to put
    /// its lines into that type (and into the delegate its `@UIApplicationDelegateAdaptor` names), since a
    /// second `@main` or `AppDelegate` pasted beside them does not build.
    public var swiftUIApp: EntryPoint?
    /// The app's app delegate, when it has one (Swift, or Objective-C where nothing in Swift starts the app): the
    /// steps name it and its file, since it is often not called `AppDelegate` (`main.swift` may start
    /// `HabiticaAppDelegate`), and a subclass of a framework's delegate gets `override` methods calling `super`.
    public var appDelegate: EntryPoint?
    /// The app's own scene delegate, when a file declares one: the steps name it, and print it in Swift beside
    /// an Objective-C app delegate when it is written in Swift.
    public var sceneDelegate: EntryPoint?
    /// The framework scene delegate the app's scene manifest names, when the app has none of its own
    /// (`FlutterSceneDelegate`): the steps print a subclass calling `super`, and say to name it in the manifest.
    public var frameworkSceneDelegate: FrameworkSceneDelegate?

    public init() {}
}

/// A framework's scene delegate named in an app's Info.plist (`UISceneDelegateClassName`), which forwards the
/// scene's life cycle to the framework's plugins: bggen's scheduling goes in a subclass that calls `super`, and the
/// manifest must name that subclass, or UIKit keeps creating the framework's class and never calls it.
public struct FrameworkSceneDelegate: Sendable, Equatable {
    /// `FlutterSceneDelegate`.
    public var className: String
    /// The Info.plist whose manifest names it.
    public var infoPlist: String

    public init(className: String, infoPlist: String) {
        self.className = className
        self.infoPlist = infoPlist
    }
}
