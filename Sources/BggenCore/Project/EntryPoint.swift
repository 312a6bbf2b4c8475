/// A file that starts the app: a SwiftUI `@main App`, or an app delegate in Swift or Objective-C. Found in every
/// file of the repository, so the style of a target whose files span several folders is read from all of them.
/// A scene delegate is recorded the same way but apart (`ProjectReport.sceneDelegates`): it does not start the app,
/// it says the app has the scene life cycle.
public struct EntryPoint: Sendable, Equatable, Comparable {
    public enum Kind: String, Sendable, Equatable, Comparable {
        case swiftUIApp, swiftDelegate, objectiveCDelegate, sceneDelegate

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Relative to the root.
    public let file: String
    public let kind: Kind
    /// Targets that compile the file, when the project says; empty otherwise.
    public let targets: [String]
    /// The line of the declaration (`@main struct FeedApp: App`, `class AppDelegate: …`), when the tokens show it.
    public let line: Int?
    /// The type declared there: the app's own `App` or delegate, for next steps that edit it rather than add one.
    public let typeName: String?
    /// For a SwiftUI `App`: the class its `@UIApplicationDelegateAdaptor` names, and that property's line.
    public let adaptedDelegate: String?
    public let adaptorLine: Int?
    /// For a Swift delegate: the delegate class it subclasses (`FlutterAppDelegate`, `ExpoAppDelegate`, a linked
    /// framework's), whose launch and lifecycle work its methods must keep by overriding and calling `super`; for a
    /// scene delegate, the framework's scene delegate it subclasses (`FlutterSceneDelegate`), likewise.
    public let superclass: String?
    /// For a Swift delegate subclassing the app's own `UIResponder, UIApplicationDelegate` class: that class with
    /// its place (`BaseAppDelegate (App/BaseAppDelegate.swift:3)`). Which of its methods a subclass must override
    /// is in that class's body, so the steps name it rather than print `override` everywhere.
    public let ownBase: String?

    public init(file: String, kind: Kind, targets: [String] = [], line: Int? = nil, typeName: String? = nil,
                adaptedDelegate: String? = nil, adaptorLine: Int? = nil, superclass: String? = nil, ownBase: String? = nil) {
        self.file = file
        self.kind = kind
        self.targets = targets
        self.line = line
        self.typeName = typeName
        self.adaptedDelegate = adaptedDelegate
        self.adaptorLine = adaptorLine
        self.superclass = superclass
        self.ownBase = ownBase
    }

    func with(targets: [String]) -> EntryPoint {
        EntryPoint(file: file, kind: kind, targets: targets, line: line, typeName: typeName, adaptedDelegate: adaptedDelegate,
                   adaptorLine: adaptorLine, superclass: superclass, ownBase: ownBase)
    }

    /// The same delegate with no superclass to override, subclassing the app's own `base`.
    func subclassing(ownBase base: String) -> EntryPoint {
        EntryPoint(file: file, kind: kind, targets: targets, line: line, typeName: typeName, adaptedDelegate: adaptedDelegate,
                   adaptorLine: adaptorLine, superclass: nil, ownBase: base)
    }

    /// App delegates of cross-platform frameworks, which apps subclass instead of adopting `UIApplicationDelegate`.
    public static let frameworkDelegates: Set<String> = ["FlutterAppDelegate", "ExpoAppDelegate", "RCTAppDelegate", "EXAppDelegateWrapper"]

    /// Scene delegates of cross-platform frameworks, which an app's manifest names or its scene delegate subclasses:
    /// Flutter's (Flutter 3.35's UIScene migration), which forwards the scene's events to plugins.
    public static let frameworkSceneDelegates: Set<String> = ["FlutterSceneDelegate"]

    public static func < (lhs: EntryPoint, rhs: EntryPoint) -> Bool {
        (lhs.file, lhs.kind) < (rhs.file, rhs.kind)
    }

    /// What `text`, the contents of `file`, starts, if anything: a `@main struct …: App` wins over a delegate,
    /// which such an app may also have as an adaptor.
    static func kind(of file: String, text: String) -> Kind? {
        if file.hasSuffix(".swift") {
            if text.contains("@main"), text.range(of: #"struct\s+\w+\s*:\s*(SwiftUI\.)?App\b"#, options: .regularExpression) != nil {
                return .swiftUIApp
            }
            let subclassesFramework = frameworkDelegates.contains { text.contains($0) }
            return text.contains("UIApplicationDelegate") || subclassesFramework ? .swiftDelegate : nil
        }
        return text.contains("UIApplicationDelegate") || text.contains("didFinishLaunchingWithOptions:") ? .objectiveCDelegate : nil
    }
}
