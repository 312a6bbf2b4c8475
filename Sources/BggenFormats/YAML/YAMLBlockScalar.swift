/// A `|` (literal) or `>` (folded) block scalar: the lines below its indicator, kept as written, since comments and
/// blank lines there are its text. Read as libyaml (and so XcodeGen, and PyYAML) reads them: the content indentation
/// from the first non-blank line or the indicator's digit, folding that keeps the breaks around more-indented lines,
/// and `-` / `+` chomping.
struct YAMLBlockScalar {
    let indicator: Substring
    /// The indentation of the content; lines start with at least this many spaces, or are blank.
    let indentation: Int
    let lines: [Substring]

    /// Whether a line's `content` may end in an indicator, which `parentColumn` then reads. An indicator is the
    /// last word, of at most three ASCII bytes: a line without `|` or `>` in its last three bytes but blanks has
    /// none (most lines), which is told on its bytes without making a string of it.
    static func mayEndInIndicator(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = content.count
        while end > 0, content[end - 1] == UInt8(ascii: " ") || content[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return content[max(0, end - 3)..<end].contains { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: ">") }
    }

    /// The parent's column when `content` (a line with its comment removed) ends in a block scalar indicator after
    /// `key:` or `- `: the key's column, or the dash's. The content must be indented further.
    static func parentColumn(of content: String, indent: Int) -> (column: Int, indicator: Substring)? {
        var text = Substring(content.dropFirst(indent))
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        guard let last = text.split(separator: " ").last, isIndicator(last) else { return nil }
        var column = indent
        var dash: Int?
        while text.first == "-", text.count == 1 || text.dropFirst().first == " " {
            dash = column
            let blanks = text.dropFirst().prefix { $0 == " " }.count
            column += 1 + blanks
            text = text.dropFirst(1 + blanks)
        }
        let properties = { (value: Substring) in
            value.split(separator: " ").dropLast().allSatisfy { $0.hasPrefix("&") || $0.hasPrefix("!") }
        }
        if let dash, properties(text) { return (dash, last) }
        guard let (_, rest) = YAMLSubset.splitKey(String(text)), rest.hasSuffix(last), properties(Substring(rest)) else { return nil }
        return (column, last)
    }

    private static func isIndicator(_ token: Substring) -> Bool {
        guard let first = token.first, first == "|" || first == ">", token.count <= 3 else { return false }
        let rest = token.dropFirst()
        return rest.filter { $0 == "-" || $0 == "+" }.count <= 1 && rest.filter(\.isNumber).count <= 1
            && rest.allSatisfy { $0 == "-" || $0 == "+" || ("1"..."9").contains($0) }
    }

    /// The content indentation: the indicator's digit past the parent, else the first non-blank line's, which must
    /// be past the parent; nil when no line below is content.
    static func indentation(indicator: Substring, parent: Int, firstContent: Substring?) -> Int? {
        if let digit = indicator.first(where: \.isNumber)?.wholeNumberValue { return max(parent, 0) + digit }
        guard let firstContent else { return nil }
        let spaces = firstContent.prefix { $0 == " " }.count
        return spaces > parent ? spaces : nil
    }

    /// A line of spaces only, told on its bytes: a Character of spaces only is one space.
    static func isBlank(_ line: Substring) -> Bool {
        line.utf8.allSatisfy { $0 == UInt8(ascii: " ") }
    }

    /// The scalar's text, in one pass over its lines (libyaml's `scan_block_scalar`).
    var text: String {
        let folded = indicator.first == ">"
        var result = ""
        var index = 0
        var breaks = 0
        while index < lines.count, isBreak(lines[index]) { breaks += 1; index += 1 }
        var lineBreak = ""
        while index < lines.count {
            result += String(repeating: "\n", count: breaks)
            let text = content(of: lines[index])
            let leadingNonSpace = text.first != " " && text.first != "\t"
            result += text
            lineBreak = "\n"
            index += 1
            breaks = 0
            while index < lines.count, isBreak(lines[index]) { breaks += 1; index += 1 }
            guard index < lines.count else { break }
            let next = content(of: lines[index]).first
            if folded, leadingNonSpace, next != " ", next != "\t" {
                if breaks == 0 { result += " " }
            } else {
                result += lineBreak
            }
        }
        if indicator.contains("-") { return result }
        result += lineBreak
        if indicator.contains("+") { result += String(repeating: "\n", count: breaks) }
        return result
    }

    /// A blank line, or spaces no longer than the indentation: a line break of the scalar, not its text.
    private func isBreak(_ line: Substring) -> Bool {
        Self.isBlank(line) && line.utf8.count <= indentation
    }

    /// The line after its indentation. A line of the scalar starts with `indentation` Characters that are spaces
    /// or is spaces only, so they are as many bytes, dropped without walking Characters (most of the scalar's cost).
    private func content(of line: Substring) -> Substring {
        line[line.utf8.index(line.startIndex, offsetBy: min(indentation, line.utf8.count))...]
    }
}
