/// Reads the YAML that XcodeGen specs are written in — nested maps and lists, `[a, b]` and `{a: b}`, quoted
/// scalars with their escapes, `|` / `>` block scalars, comments, anchors, aliases and `<<` merge keys — without a
/// YAML library.
///
/// Values may start on the line after their key and continue on more indented lines (flow collections, plain
/// and quoted scalars), as libyaml reads them.
///
/// What it does not support (a second document, complex keys, custom tags) and what
/// YAML forbids (tabs in indentation, control characters, brackets or quotes never closed, an unknown escape or
/// alias) are errors with their line, never guessed at; so is nesting deeper than `NestingLimit`. Time is linear
/// in the size of the file.
package enum YAMLSubset {
    struct Line {
        package var indent: Int
        package var text: String
        package var number: Int
    }

    package static func parse(_ text: String) throws(YAMLSyntaxError) -> YAMLNode {
        var bytes = text
        let (lines, blockScalars) = try bytes.withUTF8 { bytes in
            Result { () throws(YAMLSyntaxError) in try prepare(bytes, of: text) }
        }.get()
        guard let first = lines.first else { return .map([]) }
        var reader = YAMLBlockReader(lines: lines, blockScalars: blockScalars)
        let node = try reader.block(indent: first.indent, depth: 0)
        if reader.index < lines.count {
            throw YAMLSyntaxError(line: lines[reader.index].number, reason: "indentation that does not match any level above it")
        }
        return node
    }

    /// The lines with content, comments and blanks removed, and the block scalars, read on the text's UTF-8
    /// `bytes` in place: a String and Character per step of the way was 50% of reading element-x's spec.
    private static func prepare(_ bytes: UnsafeBufferPointer<UInt8>, of text: String) throws(YAMLSyntaxError)
        -> (lines: [Line], blockScalars: [Int: YAMLBlockScalar]) {
        let ranges = TextLines.ranges(bytes)
        // The same lines as text, which a block scalar keeps: made at the first one (most specs have none).
        var raws: [Substring] = []
        var lines: [Line] = []
        var blockScalars: [Int: YAMLBlockScalar] = [:]
        var documentEnded = false
        var index = 0
        while index < ranges.count {
            let raw = UnsafeBufferPointer(rebasing: bytes[ranges[index]])
            let number = index + 1
            index += 1
            try checkControlCharacters(raw, line: number)
            let content = UnsafeBufferPointer(rebasing: raw[..<commentStart(raw)])
            let trimmed = String(trimmingBlanksOf: content)
            if trimmed.isEmpty { continue }
            if starts(trimmed, with: "-") || starts(trimmed, with: "."), trimmed == "---" || trimmed.hasPrefix("--- ") || trimmed == "..." {
                if !lines.isEmpty && trimmed != "..." {
                    throw YAMLSyntaxError(line: number, reason: "a second YAML document; an XcodeGen spec is one document")
                }
                documentEnded = documentEnded || (trimmed == "..." && !lines.isEmpty)
                continue
            }
            if documentEnded {
                throw YAMLSyntaxError(line: number, reason: "text after the end of the document (...)")
            }
            let leading = content.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if leading.contains(UInt8(ascii: "\t")) {
                throw YAMLSyntaxError(line: number, reason: "a tab in the indentation; YAML indents with spaces only")
            }
            lines.append(Line(indent: leading.count, text: trimmed, number: number))
            // A block scalar takes the lines below it as they are written: blank lines and `#` are its text.
            guard YAMLBlockScalar.mayEndInIndicator(content),
                  let (parent, indicator) = YAMLBlockScalar.parentColumn(of: String(decoding: content, as: UTF8.self), indent: leading.count)
            else { continue }
            if raws.isEmpty { raws = TextLines.split(text) }
            var end = index
            while end < raws.count, YAMLBlockScalar.isBlank(raws[end]) { end += 1 }
            guard let indentation = YAMLBlockScalar.indentation(indicator: indicator, parent: parent, firstContent: end < raws.count ? raws[end] : nil) else {
                // No line below is indented past the parent: the scalar is empty, and the blank lines its breaks.
                blockScalars[number] = YAMLBlockScalar(indicator: indicator, indentation: .max, lines: Array(raws[index..<end]))
                index = end
                continue
            }
            end = index
            while end < raws.count, YAMLBlockScalar.isBlank(raws[end]) || isIndented(raws[end], bytes[ranges[end]], by: indentation) {
                try checkControlCharacters(UnsafeBufferPointer(rebasing: bytes[ranges[end]]), line: end + 1)
                end += 1
            }
            blockScalars[number] = YAMLBlockScalar(indicator: indicator, indentation: indentation, lines: Array(raws[index..<end]))
            index = end
        }
        return (lines, blockScalars)
    }

    /// Whether a line of a block scalar starts with `indentation` spaces, told on its `bytes` where the byte after
    /// them is ASCII; else the last space may be one Character with the combining mark after it, which is no space.
    private static func isIndented(_ line: Substring, _ bytes: Slice<UnsafeBufferPointer<UInt8>>, by indentation: Int) -> Bool {
        guard bytes.count >= indentation, bytes.prefix(indentation).allSatisfy({ $0 == UInt8(ascii: " ") }) else { return false }
        guard bytes.count > indentation, bytes[bytes.startIndex + indentation] >= 0x80 else { return true }
        return line.prefix(indentation).allSatisfy { $0 == " " } && line.count >= indentation
    }

    /// A control character is one byte of the UTF-8, which no byte of a longer scalar equals.
    private static func checkControlCharacters(_ raw: UnsafeBufferPointer<UInt8>, line: Int) throws(YAMLSyntaxError) {
        if let control = raw.first(where: { $0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 == 0x7F }) {
            throw YAMLSyntaxError(line: line, reason: "a control character (U+\(String(format: "%04X", UInt32(control)))), which YAML does not allow")
        }
    }

    /// Removes a `#` comment that is not inside quotes and starts a word.
    package static func stripComment(_ line: String) -> String {
        var bytes = line
        return bytes.withUTF8 { bytes in
            let start = commentStart(bytes)
            return start == bytes.count ? line : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<start]), as: UTF8.self)
        }
    }

    /// Where the comment of a line starts (its length when it has none), read byte by byte as `QuoteTracker` says.
    private static func commentStart(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        guard line.contains(UInt8(ascii: "#")) else { return line.count }
        var quotes = QuoteTracker()
        var previous = UInt8(ascii: " ")
        for (index, byte) in line.enumerated() {
            if !quotes.step(byte), byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") || index == 0 {
                return index
            }
            previous = byte
        }
        return line.count
    }

    static func isListItem(_ text: String) -> Bool {
        starts(text, with: "-") && (text == "-" || text.hasPrefix("- "))
    }

    /// `text.hasPrefix(prefix)` for a `prefix` whose first byte is an ASCII mark that begins no decomposed character
    /// (as `<`, `=` and `>` do): a text that does not start with that byte cannot start with it, which is told
    /// without the Character-wise comparison (100 instructions).
    static func starts(_ text: String, with prefix: String) -> Bool {
        text.utf8.first == prefix.utf8.first && text.hasPrefix(prefix)
    }

    /// The blanks after a list item's dash and the text after them. Counted on the bytes where the byte after the
    /// blanks is ASCII; else the last blank may be one Character with the combining mark after it, which the
    /// Character-wise count tells apart.
    static func afterDash(_ item: String) -> (blanks: Int, rest: String) {
        var bytes = item
        let found = bytes.withUTF8 { bytes -> (blanks: Int, rest: String)? in
            var end = 1
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            guard end == bytes.count || bytes[end] < 0x80 else { return nil }
            return (end - 1, String(decoding: UnsafeBufferPointer(rebasing: bytes[end...]), as: UTF8.self))
        }
        if let found { return found }
        let afterDash = item.dropFirst()
        let blanks = afterDash.prefix { $0 == " " || $0 == "\t" }.count
        return (blanks, String(afterDash.dropFirst(blanks)))
    }

    /// Splits `key: value`, `"quoted key": value` or `key:` into the key as written and the rest; nil when the text
    /// is not a key.
    package static func splitKey(_ text: String) -> (key: String, rest: String)? {
        var bytes = text
        return bytes.withUTF8 { bytes in
            guard let colon = keyColon(bytes) else { return nil }
            return (String(trimmingBlanksOf: UnsafeBufferPointer(rebasing: bytes[..<colon])),
                    String(trimmingBlanksOf: UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])))
        }
    }

    /// Whether `splitKey` finds a key in `text`, without making its strings.
    static func isKey(_ text: String) -> Bool {
        var bytes = text
        return bytes.withUTF8 { keyColon($0) != nil }
    }

    /// The colon that ends the key, read byte by byte as `QuoteTracker` says.
    private static func keyColon(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var quotes = QuoteTracker()
        var depth = 0
        for (index, byte) in text.enumerated() where !quotes.step(byte) {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if index == 0 { return nil }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ":") where depth == 0:
                guard index + 1 == text.count || text[index + 1] == UInt8(ascii: " ") else { break }
                return index
            default: break
            }
        }
        return nil
    }
}

/// A spec that is not YAML bggen can read, at a 1-based line, before the caller adds the file name.
package struct YAMLSyntaxError: Error, Equatable {
    package let line: Int
    package let reason: String
}
