/// The one way a word from a repository (a task identifier, a target, file or setting name, a plist entry) is
/// quoted in what bggen says, in every output format: bounded, and with its quote marks, backslashes, control and
/// format characters escaped. A name must not end bggen's quoting (`'`), hide text from a reader (Unicode format
/// characters, category Cf: tag characters U+E0000–E007F, bidirectional overrides, zero-width joiners) or run on
/// for paragraphs: whatever a cloned repository names is data, which an agent reading bggen's output is told
/// never to take as an instruction (docs/security.md).
package enum RepositoryText {
    /// The most characters of one quoted value that are shown; the rest is cut, and the cut says so.
    package static let maximumQuoted = 120

    /// `'text'`, escaped, and cut after `maximumQuoted` characters with the length it had.
    package static func quoted(_ text: String) -> String {
        guard text.count > maximumQuoted else { return "'\(escaped(text, quote: true))'" }
        return "'\(escaped(String(text.prefix(maximumQuoted)), quote: true))…' (cut: \(text.count) characters)"
    }

    /// `text` as a sentence shows it bare (a setting's value after "is"): escaped as `escaped` does, and cut after
    /// `maximumQuoted` characters with the length it had.
    package static func bare(_ text: String) -> String {
        guard text.count > maximumQuoted else { return escaped(text) }
        return "\(escaped(String(text.prefix(maximumQuoted))))… (cut: \(text.count) characters)"
    }

    /// A target or scheme name as next steps and notes show it: bare when it is a short plain name (letters,
    /// digits, `-`, `_`, `.` and single spaces, at most 40 characters, as real targets are), quoted otherwise, so a
    /// name that reads as a sentence is always marked as a name.
    package static func name(_ text: String) -> String {
        let plain = text.count <= 40 && !text.contains("  ") && text.first != " " && text.last != " "
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_. ".contains($0)) }
        return plain && !text.isEmpty ? text : quoted(text)
    }

    /// `text` with each control and format character (and, with `quote`, each `'` and `\`) written as a Swift
    /// escape: a newline becomes `\n`, a tag character `\u{E0041}`.
    package static func escaped(_ text: String, quote: Bool = false) -> String {
        // Printable ASCII, nearly every value, needs no look at Unicode's categories.
        let special = { (byte: UInt8) in byte < 0x20 || byte >= 0x7F || (quote && (byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\"))) }
        guard text.utf8.contains(where: special) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if quote && (scalar == "'" || scalar == "\\") {
                result += "\\" + String(scalar)
            } else if isHidden(scalar) {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Control characters, and format characters (Cf), which include the bidirectional overrides and isolates.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .control || category == .format
    }
}
