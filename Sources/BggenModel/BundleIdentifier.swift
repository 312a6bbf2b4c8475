/// A reverse-DNS prefix for every identifier bggen writes into code and Info.plist.
///
/// Validated before it reaches a template: the value lands inside Swift string literals and XML, so anything outside
/// the characters Apple allows in a bundle identifier (letters, digits, `-` and `.`) is refused, never escaped.
public struct BundleIdentifier: Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ text: String) throws(ConfigurationError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-")
        guard text.count <= 155, parts.count >= 2,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }),
              parts.first!.first!.isLetter
        else {
            throw .invalidBundleIdentifier(text)
        }
        description = text
    }

    /// What `--yes` takes when nothing gives a bundle identifier.
    public static let example = try! BundleIdentifier("com.example.app")
}
