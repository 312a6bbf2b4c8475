/// A bundle identifier that resolves to no valid reverse-DNS name (`$(MAIN_APP_BUNDLE_IDENTIFIER)` built from a
/// team variable an xcconfig leaves empty gives `com..acme.Reader`), or none at all: bggen stops rather than
/// planning `com.example.app` into the app.
public struct InvalidBundleIdentifier: Sendable, Equatable, CustomStringConvertible {
    public let target: String
    /// The setting as written and as resolved; nil when the target sets none bggen can read.
    public let written: String?
    public let resolved: String?
    /// `file:line` of the xcconfig lines that set the variables it is built from.
    public let definedAt: [String]

    public var description: String {
        guard let written, let resolved else { return "target \(target) sets no PRODUCT_BUNDLE_IDENTIFIER bggen can read" }
        let value = written == resolved ? written : "\(written), which resolves to \(resolved)"
        let lines = definedAt.isEmpty ? "" : " (set at \(definedAt.joined(separator: ", ")))"
        return "PRODUCT_BUNDLE_IDENTIFIER of target \(target) is \(value)\(lines), not a valid reverse-DNS name (\(Self.problem(resolved)))"
    }

    /// What is wrong with `text` as a bundle identifier, in the user's terms.
    static func problem(_ text: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        if let bad = text.first(where: { !allowed.contains($0) }) {
            return "'\(bad)' is not one of A-Z, a-z, 0-9, '.' and '-'"
        }
        if text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) { return "an empty component" }
        return "it needs at least two components, the first starting with a letter"
    }
}
