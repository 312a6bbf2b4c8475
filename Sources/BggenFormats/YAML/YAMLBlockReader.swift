/// Reads the indented (block) structure of a YAML document, line by line, remembering anchors so that aliases
/// and `<<` merge keys further down resolve to them.
struct YAMLBlockReader {
    private var lines: [YAMLSubset.Line]
    private(set) var index = 0
    private var anchors: [String: YAMLNode] = [:]
    /// The block scalars by the file line of their indicator; their lines are not among `lines`.
    private let blockScalars: [Int: YAMLBlockScalar]

    init(lines: [YAMLSubset.Line], blockScalars: [Int: YAMLBlockScalar] = [:]) {
        self.lines = lines
        self.blockScalars = blockScalars
    }

    /// The map or list that starts at the current line, indented by `indent`.
    package mutating func block(indent: Int, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        guard index < lines.count else { return .scalar("") }
        guard depth < NestingLimit.maximum else { throw YAMLSyntaxError(line: lines[index].number, reason: NestingLimit.reason) }
        if YAMLSubset.isListItem(lines[index].text) {
            return try list(indent: indent, depth: depth + 1)
        }
        return try map(indent: indent, depth: depth + 1)
    }

    private mutating func list(indent: Int, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        var items: [YAMLNode] = []
        while index < lines.count, lines[index].indent == indent, YAMLSubset.isListItem(lines[index].text) {
            let line = lines[index]
            // Line texts are trimmed already, so only the blanks after the dash remain to skip.
            let (blanks, rest) = YAMLSubset.afterDash(line.text)
            if !YAMLSubset.starts(rest, with: "&"), !YAMLSubset.starts(rest, with: "*"), YAMLSubset.isListItem(rest) || YAMLSubset.isKey(rest) {
                // `- key: value` starts a map (or `- - a` a list) whose later lines sit under `key`.
                lines[index] = YAMLSubset.Line(indent: indent + 1 + blanks, text: rest, number: line.number)
                items.append(try block(indent: indent + 1 + blanks, depth: depth))
            } else {
                index += 1
                items.append(try value(rest, line: line.number, indent: indent, depth: depth, inList: true))
            }
        }
        return .list(items)
    }

    private mutating func map(indent: Int, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        var pairs: [(key: String, value: YAMLNode)] = []
        var merged: [(key: String, value: YAMLNode)] = []
        while index < lines.count, lines[index].indent == indent, !YAMLSubset.isListItem(lines[index].text) {
            let line = lines[index]
            if YAMLSubset.starts(line.text, with: "?"), line.text.hasPrefix("? ") || line.text == "?" {
                throw YAMLSyntaxError(line: line.number, reason: "a complex key (?), which bggen does not read")
            }
            guard let (written, rest) = YAMLSubset.splitKey(line.text) else {
                throw YAMLSyntaxError(line: line.number, reason: "'\(line.text.prefix(40))' is neither 'key: value' nor a list item")
            }
            index += 1
            let node = try value(rest, line: line.number, indent: indent, depth: depth, inList: false)
            guard written == "<<" else {
                pairs.append((try YAMLScalar.value(written, line: line.number), node))
                continue
            }
            // A merge key: the pairs of one map, or of a list of maps (the first wins), below the map's own keys.
            let sources = node.list ?? [node]
            for source in sources {
                guard let sourcePairs = source.pairs else {
                    throw YAMLSyntaxError(line: line.number, reason: "<< merges a map (an alias of one, or a list of them), not this value")
                }
                merged += sourcePairs.filter { pair in !merged.contains { $0.key == pair.key } }
            }
        }
        if merged.isEmpty { return .map(pairs) }
        let own = Set(pairs.map(\.key))
        return .map(merged.filter { !own.contains($0.key) } + pairs)
    }

    /// The value after `key:` or `- `: an anchor, a tag, an alias, a nested block, a block scalar, a flow
    /// collection, or a scalar.
    private mutating func value(_ written: String, line: Int, indent: Int, depth: Int, inList: Bool) throws(YAMLSyntaxError) -> YAMLNode {
        var rest = written
        var anchor: String?
        if YAMLSubset.starts(rest, with: "&") {
            let name = rest.dropFirst().prefix { $0 != " " }
            guard !name.isEmpty else { throw YAMLSyntaxError(line: line, reason: "an anchor (&) without a name") }
            anchor = String(name)
            rest = String(rest.dropFirst(name.count + 1)).trimmingBlanks()
        }
        if YAMLSubset.starts(rest, with: "!") {
            let tag = rest.prefix { $0 != " " }
            guard ["!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"].contains(tag) else {
                throw YAMLSyntaxError(line: line, reason: "the tag \(tag), which bggen does not read")
            }
            rest = String(rest.dropFirst(tag.count)).trimmingBlanks()
        }
        let node: YAMLNode
        if rest.isEmpty {
            if index < lines.count, lines[index].indent > indent, Self.startsAValue(lines[index].text) {
                // The value on the next, more indented line: `key:` then `  [a, b]` or `  "text"`.
                let next = lines[index]
                index += 1
                node = try value(next.text, line: next.number, indent: indent, depth: depth, inList: inList)
            } else if index < lines.count, lines[index].indent > indent {
                node = try block(indent: lines[index].indent, depth: depth)
            } else if !inList, index < lines.count, lines[index].indent == indent, YAMLSubset.isListItem(lines[index].text) {
                node = try list(indent: indent, depth: depth)
            } else {
                node = .scalar("")
            }
        } else if YAMLSubset.starts(rest, with: "*") {
            let name = String(rest.dropFirst())
            guard !name.contains(" "), let aliased = anchors[name] else {
                throw YAMLSyntaxError(line: line, reason: "the alias *\(name) names no anchor above it")
            }
            node = aliased
        } else if let block = blockScalars[line], rest.hasPrefix("|") || rest.hasPrefix(">") {
            node = .scalar(block.text)
        } else if YAMLSubset.starts(rest, with: "[") || YAMLSubset.starts(rest, with: "{") {
            node = try flow(rest, line: line, indent: indent)
        } else {
            node = .scalar(try YAMLScalar.value(try continued(rest, line: line, indent: indent), line: line))
        }
        if let anchor { anchors[anchor] = node }
        return node
    }

    /// Whether a line below `key:` is the key's value itself rather than a nested block: neither a list item nor
    /// a key of its own.
    private static func startsAValue(_ text: String) -> Bool {
        !YAMLSubset.isListItem(text) && !YAMLSubset.isKey(text)
    }

    /// A scalar continued on the more indented lines below it, folded as YAML folds it (each line break a space):
    /// a plain scalar, or a quoted one whose quote closes further down. A continuation line that is a key is an
    /// error, as it is in YAML.
    private mutating func continued(_ text: String, line: Int, indent: Int) throws(YAMLSyntaxError) -> String {
        var folded = text
        var quotes = QuoteTracker()
        let quoted = YAMLSubset.starts(text, with: "\"") || YAMLSubset.starts(text, with: "'")
        // The quotes tell where a quoted scalar ends; a plain one ends at the first line that is not indented.
        if quoted { for byte in text.utf8 { _ = quotes.step(byte) } }
        while index < lines.count, lines[index].indent > indent, !quoted || quotes.isOpen {
            let next = lines[index]
            if !quoted, YAMLSubset.isKey(next.text) {
                throw YAMLSyntaxError(line: next.number, reason: "a key inside the plain value that starts on line \(line); quote the value, or indent the key under a key of its own")
            }
            if quoted { for byte in next.text.utf8 { _ = quotes.step(byte) } }
            folded += " " + next.text
            index += 1
        }
        return folded
    }

    /// A flow collection, continued on the lines below until its brackets close. The closing bracket may stand at
    /// the key's own indentation, as libyaml (and so XcodeGen) accepts and real specs write it.
    private mutating func flow(_ text: String, line: Int, indent: Int) throws(YAMLSyntaxError) -> YAMLNode {
        var characters = Array(text)
        var numbers = [Int](repeating: line, count: characters.count)
        var quotes = QuoteTracker()
        var depth = 0
        func scan(_ more: String) {
            for byte in more.utf8 where !quotes.step(byte) {
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
            }
        }
        scan(text)
        func continues(_ next: YAMLSubset.Line) -> Bool {
            next.indent > indent || (next.indent == indent && depth > 0 && (next.text.first == "]" || next.text.first == "}"))
        }
        while depth > 0 || quotes.isOpen, index < lines.count, continues(lines[index]) {
            let more = " " + lines[index].text
            scan(more)
            characters += more
            numbers += [Int](repeating: lines[index].number, count: characters.count - numbers.count)
            index += 1
        }
        var parser = YAMLFlow(characters: characters, lines: numbers, anchors: anchors)
        return try parser.parse()
    }
}
