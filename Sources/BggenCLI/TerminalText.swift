import BggenFormats
import Foundation

/// The one escaper for text from a repository or the command line on its way to a terminal or a log: a file name,
/// a target name, an identifier, a generator's message. A newline in a file name could otherwise start a forged
/// `path:1:1: error:` line for Xcode, and an escape sequence could clear the screen or retitle the window.
enum TerminalText {
    /// `text` with every control and format character (Unicode Cf: bidirectional overrides, which can reorder
    /// what a reader sees, and tag characters, which hide text) written as a Swift escape: a newline becomes `\n`,
    /// ESC `\u{1B}` (see `RepositoryText`).
    static func escaped(_ text: String) -> String {
        RepositoryText.escaped(text)
    }

    /// A relative path as a SARIF `artifactLocation.uri`: a URI reference, so anything but unreserved characters
    /// and `/` is percent-encoded (a space, `#`, `?`, a control character).
    static func uriPath(_ path: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
}
