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

    public init(file: String, kind: Kind, targets: [String] = []) {
        self.file = file
        self.kind = kind
        self.targets = targets
    }

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
            return text.contains("UIApplicationDelegate") ? .swiftDelegate : nil
        }
        return text.contains("UIApplicationDelegate") || text.contains("didFinishLaunchingWithOptions:") ? .objectiveCDelegate : nil
    }

    /// Whether `text` mentions `UIWindowSceneDelegate` or `UISceneDelegate` (a conformance in Swift, a protocol
    /// list in Objective-C); `UISceneDelegateClassName`, the Info.plist key, does not count.
    static func mentionsSceneDelegate(_ text: String) -> Bool {
        text.range(of: #"\bUI(Window)?SceneDelegate\b"#, options: .regularExpression) != nil
    }
}
