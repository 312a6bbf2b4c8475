/// A file that starts the app: a SwiftUI `@main App`, or an app delegate in Swift or Objective-C. Found in every
/// file of the repository, so the style of a target whose files span several folders is read from all of them.
public struct EntryPoint: Sendable, Equatable, Comparable {
    public enum Kind: String, Sendable, Equatable, Comparable {
        case swiftUIApp, swiftDelegate, objectiveCDelegate

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
}
