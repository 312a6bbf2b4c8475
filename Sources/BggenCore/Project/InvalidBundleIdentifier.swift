import BggenFormats

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
    /// The setting whose expansion was cut at `ExpansionBound`, with the cut's note; nil when none was.
    public var cut: String? = nil
    /// Which variable brings the wrong character, which variables nothing sets, and the optional include that is
    /// absent (`XCConfigDefinitions.Trace.cause`): what to fix, where the value alone only says what is wrong.
    public var cause: String? = nil

    public var description: String {
        let target = RepositoryText.name(target)
        guard let written, let resolved else { return "target \(target) sets no PRODUCT_BUNDLE_IDENTIFIER bggen can read" }
        let lines = definedAt.isEmpty ? "" : " (set at \(definedAt.joined(separator: ", ")))"
        // A value cut at `ExpansionBound` is no identifier at all: say it was cut, not what its first characters lack.
        if let cut {
            return "PRODUCT_BUNDLE_IDENTIFIER of target \(target) is \(RepositoryText.bare(written))\(lines), which bggen did not build: \(RepositoryText.bare(cut))"
        }
        let value = written == resolved ? RepositoryText.bare(written) : "\(RepositoryText.bare(written)), which resolves to \(RepositoryText.bare(resolved))"
        return "PRODUCT_BUNDLE_IDENTIFIER of target \(target) is \(value)\(lines), not a valid reverse-DNS name (\(Self.problem(resolved)))"
            + (cause.map { ": \($0)" } ?? "")
    }

    private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")

    /// The first character of `text` no bundle identifier may hold.
    static func wrongCharacter(in text: String) -> Character? {
        text.first { !allowed.contains($0) }
    }

    /// What is wrong with `text` as a bundle identifier, in the user's terms.
    static func problem(_ text: String) -> String {
        if let bad = wrongCharacter(in: text) {
            return "\(RepositoryText.quoted(String(bad))) is not one of A-Z, a-z, 0-9, '.' and '-'"
        }
        if text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) { return "an empty component" }
        return "it needs at least two components, the first starting with a letter"
    }
}
