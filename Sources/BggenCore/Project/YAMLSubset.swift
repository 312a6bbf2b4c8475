import Foundation

/// A YAML value, as far as XcodeGen specs need: maps, lists and scalars.
indirect enum YAMLNode: Sendable {
    case scalar(String)
    case list([YAMLNode])
    /// Keys in file order; the last of duplicate keys wins on lookup.
    case map([(key: String, value: YAMLNode)])

    subscript(key: String) -> YAMLNode? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.last { $0.key == key }?.value
    }

    var string: String? {
        if case .scalar(let value) = self { value } else { nil }
    }

    var list: [YAMLNode]? {
        if case .list(let items) = self { items } else { nil }
    }

    var pairs: [(key: String, value: YAMLNode)]? {
        if case .map(let pairs) = self { pairs } else { nil }
    }

    /// A scalar, or the scalars of a list (`platform: iOS` and `platform: [iOS, macOS]` alike).
    var strings: [String] {
        switch self {
        case .scalar(let value): [value]
        case .list(let items): items.compactMap(\.string)
        case .map: []
        }
    }

    /// Deep merge: maps merge key by key with `overlay` winning; anything else is replaced by `overlay`.
    func merged(with overlay: YAMLNode) -> YAMLNode {
        guard case .map(var base) = self, case .map(let top) = overlay else { return overlay }
        for (key, value) in top {
            if let index = base.lastIndex(where: { $0.key == key }) {
                base[index].value = base[index].value.merged(with: value)
            } else {
                base.append((key, value))
            }
        }
        return .map(base)
    }
}

/// Reads the block and flow YAML that XcodeGen specs are written in — nested maps and lists, `[a, b]` and
/// `{a: b}`, quoted scalars, `|` / `>` block scalars, comments — without a YAML library. Anchors are dropped and
/// aliases stay as their `*name` text; detection only needs a handful of keys, and a spec it cannot follow is
/// reported as a warning rather than guessed at.
///
/// What YAML itself forbids (tabs in indentation, control characters, brackets or quotes never closed) and
/// nesting deeper than `NestingLimit` are errors with their line. Time is linear in the size of the file.
enum YAMLSubset {
    struct Line {
        var indent: Int
        var text: String
        var number: Int
    }

    static func parse(_ text: String) throws(YAMLSyntaxError) -> YAMLNode {
        var lines: [Line] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if let control = raw.unicodeScalars.first(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
                throw YAMLSyntaxError(line: index + 1, reason: "a control character (U+\(String(format: "%04X", control.value))), which YAML does not allow")
            }
            let content = stripComment(String(raw))
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "---" || trimmed == "..." { continue }
            let leading = content.prefix { $0 == " " || $0 == "\t" }
            if leading.contains("\t") {
                throw YAMLSyntaxError(line: index + 1, reason: "a tab in the indentation; YAML indents with spaces only")
            }
            lines.append(Line(indent: leading.count, text: String(content.dropFirst(leading.count)).trimmingCharacters(in: .whitespaces), number: index + 1))
        }
        var index = 0
        guard !lines.isEmpty else { return .map([]) }
        return try parseBlock(&lines, &index, indent: lines[0].indent, depth: 0)
    }

    /// Removes a `#` comment that is not inside quotes and starts a word.
    static func stripComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" && (previous == " " || previous == "\t" || offset == 0) {
                return String(line.prefix(offset))
            }
            previous = character
        }
        return line
    }

    private static func parseBlock(_ lines: inout [Line], _ index: inout Int, indent: Int, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        guard index < lines.count else { return .scalar("") }
        guard depth < NestingLimit.maximum else { throw YAMLSyntaxError(line: lines[index].number, reason: NestingLimit.reason) }
        if isListItem(lines[index].text) {
            return try parseList(&lines, &index, indent: indent, depth: depth + 1)
        }
        return try parseMap(&lines, &index, indent: indent, depth: depth + 1)
    }

    private static func isListItem(_ text: String) -> Bool {
        text == "-" || text.hasPrefix("- ")
    }

    private static func parseList(_ lines: inout [Line], _ index: inout Int, indent: Int, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        var items: [YAMLNode] = []
        while index < lines.count, lines[index].indent == indent, isListItem(lines[index].text) {
            let line = lines[index]
            // Line texts are trimmed already, so only the blanks after the dash remain to skip.
            let afterDash = line.text.dropFirst()
            let blanks = afterDash.prefix { $0 == " " || $0 == "\t" }.count
            let rest = String(afterDash.dropFirst(blanks))
            let restIndent = indent + 1 + blanks
            if rest.isEmpty {
                index += 1
                if index < lines.count, lines[index].indent > indent {
                    items.append(try parseBlock(&lines, &index, indent: lines[index].indent, depth: depth))
                } else {
                    items.append(.scalar(""))
                }
            } else if isListItem(rest) || splitKey(rest) != nil {
                // `- key: value` starts a map (or `- - a` a list) whose later lines sit under `key`.
                lines[index] = Line(indent: restIndent, text: rest, number: line.number)
                items.append(try parseBlock(&lines, &index, indent: restIndent, depth: depth))
            } else {
                index += 1
                items.append(try scalarOrFlow(rest, &lines, &index, indent: indent, line: line.number))
            }
        }
        return .list(items)
    }

    private static func parseMap(_ lines: inout [Line], _ index: inout Int, indent: Int, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        var pairs: [(key: String, value: YAMLNode)] = []
        while index < lines.count, lines[index].indent == indent, !isListItem(lines[index].text) {
            guard let (key, rest) = splitKey(lines[index].text) else {
                index += 1
                continue
            }
            let number = lines[index].number
            index += 1
            let value: YAMLNode
            if rest.isEmpty || rest.hasPrefix("&") && !rest.contains(" ") {
                if index < lines.count, lines[index].indent > indent {
                    value = try parseBlock(&lines, &index, indent: lines[index].indent, depth: depth)
                } else if index < lines.count, lines[index].indent == indent, isListItem(lines[index].text) {
                    value = try parseList(&lines, &index, indent: indent, depth: depth)
                } else {
                    value = .scalar("")
                }
            } else if rest == "|" || rest == ">" || rest.hasPrefix("|") || rest.hasPrefix(">") {
                var text: [String] = []
                while index < lines.count, lines[index].indent > indent {
                    text.append(lines[index].text)
                    index += 1
                }
                value = .scalar(text.joined(separator: rest.hasPrefix(">") ? " " : "\n"))
            } else {
                value = try scalarOrFlow(rest, &lines, &index, indent: indent, line: number)
            }
            if key != "<<" { pairs.append((key, value)) }
        }
        return .map(pairs)
    }

    /// `key: value`, `"quoted key": value` or `key:`; nil when the text is not a key.
    static func splitKey(_ text: String) -> (String, String)? {
        var quote: Character?
        var depth = 0
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            defer { index = next }
            if let open = quote {
                if character == open { quote = nil }
                previous = character
                continue
            }
            switch character {
            case "\"" where index == text.startIndex || previous == " ", "'" where index == text.startIndex || previous == " ":
                quote = character
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case ":" where depth == 0:
                guard next == text.endIndex || text[next] == " " else { break }
                let key = unquote(text[..<index].trimmingCharacters(in: .whitespaces))
                return (key, text[next...].trimmingCharacters(in: .whitespaces))
            default: break
            }
            if index == text.startIndex && (character == "[" || character == "{") { return nil }
            previous = character
        }
        return nil
    }

    /// A flow collection may continue on the lines below until its brackets balance. `line` is where it starts.
    private static func scalarOrFlow(_ text: String, _ lines: inout [Line], _ index: inout Int, indent: Int, line: Int) throws(YAMLSyntaxError) -> YAMLNode {
        var value = text
        if value.hasPrefix("&"), let space = value.firstIndex(of: " ") {
            value = String(value[value.index(after: space)...])
        }
        if value.hasPrefix("!!"), let space = value.firstIndex(of: " ") {
            value = String(value[value.index(after: space)...])
        }
        guard value.hasPrefix("[") || value.hasPrefix("{") else {
            if let quote = value.first, quote == "\"" || quote == "'", value.count < 2 || value.last != quote {
                throw YAMLSyntaxError(line: line, reason: "a quoted string that never ends")
            }
            return .scalar(unquote(value))
        }
        // Characters and line numbers side by side, so an error inside a multi-line flow names its own line.
        var characters = Array(value)
        var numbers = [Int](repeating: line, count: characters.count)
        var balance = Balance()
        balance.scan(characters)
        while !balance.isClosed, index < lines.count, lines[index].indent > indent {
            let more = Array(" " + lines[index].text)
            balance.scan(more)
            characters += more
            numbers += [Int](repeating: lines[index].number, count: more.count)
            index += 1
        }
        var flow = FlowParser(characters: characters, lines: numbers)
        let node = try flow.parseValue(depth: 0)
        flow.skipSpaces()
        if flow.position < characters.count {
            throw YAMLSyntaxError(line: numbers[flow.position], reason: "'\(characters[flow.position])' after the end of a [ ] or { } value")
        }
        return node
    }

    /// Bracket depth and open quote across the lines of one flow value, kept up to date line by line so a long
    /// flow list is read in linear time.
    private struct Balance {
        var depth = 0
        var quote: Character?

        var isClosed: Bool { depth <= 0 && quote == nil }

        mutating func scan(_ characters: [Character]) {
            for character in characters {
                if let open = quote {
                    if character == open { quote = nil }
                    continue
                }
                switch character {
                case "\"", "'": quote = character
                case "[", "{": depth += 1
                case "]", "}": depth -= 1
                default: break
                }
            }
        }
    }

    static func unquote(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            return String(text.dropFirst().dropLast())
                .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
        }
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        return text
    }

    private struct FlowParser {
        let characters: [Character]
        /// The file line of each character.
        let lines: [Int]
        var position = 0

        func fail(_ reason: String) -> YAMLSyntaxError {
            YAMLSyntaxError(line: lines[min(position, lines.count - 1)], reason: reason)
        }

        mutating func skipSpaces() {
            while position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
        }

        mutating func parseValue(depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
            skipSpaces()
            guard position < characters.count else { return .scalar("") }
            let open = characters[position]
            guard open == "[" || open == "{" else { return .scalar(try parseScalar(stoppingAtColon: false)) }
            guard depth < NestingLimit.maximum else { throw fail(NestingLimit.reason) }
            let start = position
            let close: Character = open == "[" ? "]" : "}"
            position += 1
            var items: [YAMLNode] = []
            var pairs: [(key: String, value: YAMLNode)] = []
            while true {
                skipSpaces()
                guard position < characters.count else {
                    position = start
                    throw fail("'\(open)' is never closed")
                }
                let character = characters[position]
                if character == close { position += 1; break }
                if character == "," { position += 1; continue }
                if character == "]" || character == "}" { throw fail("'\(character)' where '\(close)' is expected") }
                if open == "[" {
                    items.append(try parseValue(depth: depth + 1))
                    continue
                }
                let key = try parseScalar(stoppingAtColon: true)
                skipSpaces()
                if position < characters.count, characters[position] == ":" {
                    position += 1
                    pairs.append((key, try parseValue(depth: depth + 1)))
                } else {
                    pairs.append((key, .scalar("")))
                }
            }
            return open == "[" ? .list(items) : .map(pairs)
        }

        mutating func parseScalar(stoppingAtColon: Bool) throws(YAMLSyntaxError) -> String {
            skipSpaces()
            guard position < characters.count else { return "" }
            let first = characters[position]
            if first == "\"" || first == "'" {
                let start = position
                position += 1
                while position < characters.count, characters[position] != first { position += 1 }
                guard position < characters.count else {
                    position = start
                    throw fail("a quoted string that never ends")
                }
                position += 1
                return YAMLSubset.unquote(String(characters[start..<position]))
            }
            let start = position
            while position < characters.count {
                let character = characters[position]
                if character == "," || character == "]" || character == "}" { break }
                if stoppingAtColon, character == ":",
                   position + 1 >= characters.count || characters[position + 1] == " " { break }
                position += 1
            }
            return String(characters[start..<position]).trimmingCharacters(in: .whitespaces)
        }
    }
}

/// A spec that is not YAML bggen can read, at a 1-based line, before the caller adds the file name.
struct YAMLSyntaxError: Error, Equatable {
    let line: Int
    let reason: String
}
