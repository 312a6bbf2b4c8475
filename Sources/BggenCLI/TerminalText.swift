import Foundation

/// The one escaper for text from a repository or the command line on its way to a terminal or a log: a file name,
/// a target name, an identifier, a generator's message. A newline in a file name could otherwise start a forged
/// `path:1:1: error:` line for Xcode, and an escape sequence could clear the screen or retitle the window.
enum TerminalText {
    /// `text` with every control character (and every bidirectional override, which can reorder what a reader
    /// sees) written as a Swift escape: a newline becomes `\n`, ESC `\u{1B}`.
    static func escaped(_ text: String) -> String {
        // Printable ASCII, nearly every line doctor prints, needs no look at Unicode's categories.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }), text.unicodeScalars.contains(where: needsEscape) else { return text }
        return text.unicodeScalars.map { needsEscape($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// A relative path as a SARIF `artifactLocation.uri`: a URI reference, so anything but unreserved characters
    /// and `/` is percent-encoded (a space, `#`, `?`, a control character).
    static func uriPath(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
