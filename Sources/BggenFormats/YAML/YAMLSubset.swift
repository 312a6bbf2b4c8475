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
        let raws = TextLines.split(text)
        var lines: [Line] = []
        var blockScalars: [Int: YAMLBlockScalar] = [:]
        var documentEnded = false
        var index = 0
        while index < raws.count {
            let raw = raws[index]
            let number = index + 1
            index += 1
            try checkControlCharacters(raw, line: number)
            let content = stripComment(String(raw))
            let trimmed = content.trimmingBlanks()
            if trimmed.isEmpty { continue }
            if trimmed == "---" || trimmed.hasPrefix("--- ") || trimmed == "..." {
                if !lines.isEmpty && trimmed != "..." {
                    throw YAMLSyntaxError(line: number, reason: "a second YAML document; an XcodeGen spec is one document")
                }
                documentEnded = documentEnded || (trimmed == "..." && !lines.isEmpty)
                continue
            }
            if documentEnded {
                throw YAMLSyntaxError(line: number, reason: "text after the end of the document (...)")
            }
            let leading = content.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if leading.contains(UInt8(ascii: "\t")) {
                throw YAMLSyntaxError(line: number, reason: "a tab in the indentation; YAML indents with spaces only")
            }
            lines.append(Line(indent: leading.count, text: String(content[leading.endIndex...]).trimmingBlanks(), number: number))
            // A block scalar takes the lines below it as they are written: blank lines and `#` are its text.
            guard let (parent, indicator) = YAMLBlockScalar.parentColumn(of: content, indent: leading.count) else { continue }
            var end = index
            while end < raws.count, YAMLBlockScalar.isBlank(raws[end]) { end += 1 }
            guard let indentation = YAMLBlockScalar.indentation(indicator: indicator, parent: parent, firstContent: end < raws.count ? raws[end] : nil) else {
                // No line below is indented past the parent: the scalar is empty, and the blank lines its breaks.
                blockScalars[number] = YAMLBlockScalar(indicator: indicator, indentation: .max, lines: Array(raws[index..<end]))
                index = end
                continue
            }
            end = index
            while end < raws.count, YAMLBlockScalar.isBlank(raws[end]) || raws[end].prefix(indentation).allSatisfy({ $0 == " " }) && raws[end].count >= indentation {
                try checkControlCharacters(raws[end], line: end + 1)
                end += 1
            }
            blockScalars[number] = YAMLBlockScalar(indicator: indicator, indentation: indentation, lines: Array(raws[index..<end]))
            index = end
        }
        guard let first = lines.first else { return .map([]) }
        var reader = YAMLBlockReader(lines: lines, blockScalars: blockScalars)
        let node = try reader.block(indent: first.indent, depth: 0)
        if reader.index < lines.count {
            throw YAMLSyntaxError(line: lines[reader.index].number, reason: "indentation that does not match any level above it")
        }
        return node
    }

    /// A control character is one byte of the UTF-8, which no byte of a longer scalar equals.
    private static func checkControlCharacters(_ raw: Substring, line: Int) throws(YAMLSyntaxError) {
        if let control = raw.utf8.first(where: { $0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 == 0x7F }) {
            throw YAMLSyntaxError(line: line, reason: "a control character (U+\(String(format: "%04X", UInt32(control)))), which YAML does not allow")
        }
    }

    /// Removes a `#` comment that is not inside quotes and starts a word (read byte by byte, as `QuoteTracker` says).
    package static func stripComment(_ line: String) -> String {
        let utf8 = line.utf8
        guard utf8.contains(UInt8(ascii: "#")) else { return line }
        var quotes = QuoteTracker()
        var previous = UInt8(ascii: " ")
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if !quotes.step(byte), byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") || index == utf8.startIndex {
                return String(line[..<index])
            }
            previous = byte
            utf8.formIndex(after: &index)
        }
        return line
    }

    static func isListItem(_ text: String) -> Bool {
        text == "-" || text.hasPrefix("- ")
    }

    /// Splits `key: value`, `"quoted key": value` or `key:` into the key as written and the rest; nil when the text
    /// is not a key.
    /// Read byte by byte, as `QuoteTracker` says.
    package static func splitKey(_ text: String) -> (key: String, rest: String)? {
        var quotes = QuoteTracker()
        var depth = 0
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            defer { index = next }
            if quotes.step(byte) { continue }
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if index == utf8.startIndex { return nil }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ":") where depth == 0:
                guard next == utf8.endIndex || utf8[next] == UInt8(ascii: " ") else { break }
                return (text[..<index].trimmingBlanks(), text[next...].trimmingBlanks())
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
