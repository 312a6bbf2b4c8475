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
enum YAMLSubset {
    struct Line {
        var indent: Int
        var text: String
        var number: Int
    }

    static func parse(_ text: String) -> YAMLNode {
        var lines: [Line] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let content = stripComment(String(raw))
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "---" || trimmed == "..." { continue }
            let indent = content.prefix { $0 == " " }.count
            lines.append(Line(indent: indent, text: String(content.dropFirst(indent)).trimmingCharacters(in: .whitespaces), number: index + 1))
        }
        var index = 0
        guard !lines.isEmpty else { return .map([]) }
        return parseBlock(&lines, &index, indent: lines[0].indent)
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

    private static func parseBlock(_ lines: inout [Line], _ index: inout Int, indent: Int) -> YAMLNode {
        guard index < lines.count else { return .scalar("") }
        if isListItem(lines[index].text) {
            return parseList(&lines, &index, indent: indent)
        }
        return parseMap(&lines, &index, indent: indent)
    }

    private static func isListItem(_ text: String) -> Bool {
        text == "-" || text.hasPrefix("- ")
    }

    private static func parseList(_ lines: inout [Line], _ index: inout Int, indent: Int) -> YAMLNode {
        var items: [YAMLNode] = []
        while index < lines.count, lines[index].indent == indent, isListItem(lines[index].text) {
            let line = lines[index]
            let rest = String(line.text.dropFirst()).trimmingCharacters(in: .whitespaces)
            let restIndent = indent + (line.text.count - String(line.text.dropFirst()).trimmingCharacters(in: .whitespaces).count)
            if rest.isEmpty {
                index += 1
                if index < lines.count, lines[index].indent > indent {
                    items.append(parseBlock(&lines, &index, indent: lines[index].indent))
                } else {
                    items.append(.scalar(""))
                }
            } else if splitKey(rest) != nil || isListItem(rest) {
                // `- key: value` starts a map (or `- - a` a list) whose later lines sit under `key`.
                lines[index] = Line(indent: restIndent, text: rest, number: line.number)
                items.append(parseBlock(&lines, &index, indent: restIndent))
            } else {
                index += 1
                items.append(scalarOrFlow(rest, &lines, &index, indent: indent))
            }
        }
        return .list(items)
    }

    private static func parseMap(_ lines: inout [Line], _ index: inout Int, indent: Int) -> YAMLNode {
        var pairs: [(key: String, value: YAMLNode)] = []
        while index < lines.count, lines[index].indent == indent, !isListItem(lines[index].text) {
            guard let (key, rest) = splitKey(lines[index].text) else {
                index += 1
                continue
            }
            index += 1
            let value: YAMLNode
            if rest.isEmpty || rest.hasPrefix("&") && !rest.contains(" ") {
                if index < lines.count, lines[index].indent > indent {
                    value = parseBlock(&lines, &index, indent: lines[index].indent)
                } else if index < lines.count, lines[index].indent == indent, isListItem(lines[index].text) {
                    value = parseList(&lines, &index, indent: indent)
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
                value = scalarOrFlow(rest, &lines, &index, indent: indent)
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
        for (offset, character) in text.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                previous = character
                continue
            }
            switch character {
            case "\"" where offset == 0 || previous == " ", "'" where offset == 0 || previous == " ":
                quote = character
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            case ":" where depth == 0:
                let after = text.dropFirst(offset + 1)
                guard after.isEmpty || after.first == " " else { break }
                let key = unquote(String(text.prefix(offset)).trimmingCharacters(in: .whitespaces))
                return (key, String(after).trimmingCharacters(in: .whitespaces))
            default: break
            }
            if offset == 0 && (character == "[" || character == "{") { return nil }
            previous = character
        }
        return nil
    }

    /// A flow collection may continue on the lines below until its brackets balance.
    private static func scalarOrFlow(_ text: String, _ lines: inout [Line], _ index: inout Int, indent: Int) -> YAMLNode {
        var value = text
        if value.hasPrefix("&"), let space = value.firstIndex(of: " ") {
            value = String(value[value.index(after: space)...])
        }
        if value.hasPrefix("!!"), let space = value.firstIndex(of: " ") {
            value = String(value[value.index(after: space)...])
        }
        guard value.hasPrefix("[") || value.hasPrefix("{") else { return .scalar(unquote(value)) }
        while !balanced(value), index < lines.count, lines[index].indent > indent {
            value += " " + lines[index].text
            index += 1
        }
        var flow = FlowParser(characters: Array(value))
        return flow.parseValue()
    }

    private static func balanced(_ text: String) -> Bool {
        var depth = 0
        var quote: Character?
        for character in text {
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
        return depth <= 0
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
        var position = 0

        mutating func skipSpaces() {
            while position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
        }

        mutating func parseValue() -> YAMLNode {
            skipSpaces()
            guard position < characters.count else { return .scalar("") }
            switch characters[position] {
            case "[":
                position += 1
                var items: [YAMLNode] = []
                while true {
                    skipSpaces()
                    guard position < characters.count else { break }
                    if characters[position] == "]" { position += 1; break }
                    if characters[position] == "," { position += 1; continue }
                    items.append(parseValue())
                }
                return .list(items)
            case "{":
                position += 1
                var pairs: [(key: String, value: YAMLNode)] = []
                while true {
                    skipSpaces()
                    guard position < characters.count else { break }
                    if characters[position] == "}" { position += 1; break }
                    if characters[position] == "," { position += 1; continue }
                    let key = parseScalar(stoppingAtColon: true)
                    skipSpaces()
                    if position < characters.count, characters[position] == ":" {
                        position += 1
                        pairs.append((key, parseValue()))
                    } else {
                        pairs.append((key, .scalar("")))
                    }
                }
                return .map(pairs)
            default:
                return .scalar(parseScalar(stoppingAtColon: false))
            }
        }

        mutating func parseScalar(stoppingAtColon: Bool) -> String {
            skipSpaces()
            guard position < characters.count else { return "" }
            let first = characters[position]
            if first == "\"" || first == "'" {
                let start = position
                position += 1
                while position < characters.count, characters[position] != first { position += 1 }
                position = min(position + 1, characters.count)
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
