/// The lines of a text where `Character.isNewline` ends them (LF, CR, CRLF, VT, FF, NEL, LS and PS), found in its
/// UTF-8 bytes: splitting by Characters went through each one's grapheme breaking, most of the cost of reading a
/// short file such as a `.gitignore` or an XcodeGen spec.
package enum TextLines {
    /// The lines without their breaks, as `split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)`
    /// gives them: a text ending in a break ends with an empty line.
    package static func split(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        var lines: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            // Every break starts with a byte up to CR, or with NEL's or LS's and PS's first byte.
            let byte = utf8[index]
            guard byte <= 0x0D || byte == 0xC2 || byte == 0xE2, case let length = breakLength(utf8[index...]), length > 0 else {
                utf8.formIndex(after: &index)
                continue
            }
            lines.append(text[start..<index])
            index = utf8.index(index, offsetBy: length)
            start = index
        }
        lines.append(text[start...])
        return lines
    }

    /// The length in bytes of the line break `bytes` start with, 0 when they start with none.
    private static func breakLength(_ bytes: Substring.UTF8View) -> Int {
        var next = bytes.makeIterator()
        switch next.next() {
        case 0x0A, 0x0B, 0x0C: return 1
        case 0x0D: return next.next() == 0x0A ? 2 : 1
        case 0xC2: return next.next() == 0x85 ? 2 : 0
        case 0xE2:
            guard next.next() == 0x80 else { return 0 }
            let last = next.next()
            return last == 0xA8 || last == 0xA9 ? 3 : 0
        default: return 0
        }
    }
}
