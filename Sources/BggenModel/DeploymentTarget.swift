/// The app's minimum iOS version; it decides which APIs the generated code may use without `#available`.
public struct DeploymentTarget: Sendable, Equatable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    /// The oldest deployment target Xcode 26 builds for. Apps still deploying to iOS 12 get the generated code
    /// behind availability guards (see `backgroundTasks`).
    public static let minimum = DeploymentTarget(major: 12, minor: 0)
    /// BGTaskScheduler, the heart of the generated code, and Swift concurrency first shipped in iOS 13: below it,
    /// every generated type is marked `@available(iOS 13.0, *)` and every printed call site checks `#available`.
    public static let backgroundTasks = DeploymentTarget(major: 13, minor: 0)
    /// The newest major version bggen knows the SDK of; a later one is a typo more often than a new iOS.
    public static let newestMajor = 27
    /// What `--yes` takes when nothing gives a deployment target.
    public static let standard = DeploymentTarget(major: 16, minor: 0)

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public init(_ text: String) throws(ConfigurationError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0,
              parts.count < 3 || Int(parts[2]) == 0
        else {
            throw .invalidDeploymentTarget(text)
        }
        self.init(major: major, minor: minor)
        guard self >= .minimum else {
            throw .deploymentTargetTooOld(text)
        }
        guard major <= Self.newestMajor else {
            throw .deploymentTargetTooNew(text)
        }
    }

    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: DeploymentTarget, rhs: DeploymentTarget) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
