import Foundation

/// One `[ … ]` or `{ … }` value, which may span several lines, with the aliases it may use.
struct YAMLFlow {
    private let characters: [Character]
    /// The file line of each character, so an error names its own line.
    private let lines: [Int]
    private let anchors: [String: YAMLNode]
    private var position = 0

    init(characters: [Character], lines: [Int], anchors: [String: YAMLNode]) {
        self.characters = characters
        self.lines = lines
        self.anchors = anchors
    }

    /// Parses the whole text as one value; anything after it is an error.
    package mutating func parse() throws(YAMLSyntaxError) -> YAMLNode {
        let node = try value(depth: 0)
        skipSpaces()
        if position < characters.count {
            throw fail("'\(characters[position])' after the end of a [ ] or { } value")
        }
        return node
    }

    private func fail(_ reason: String) -> YAMLSyntaxError {
        YAMLSyntaxError(line: lines[min(position, lines.count - 1)], reason: reason)
    }

    private mutating func skipSpaces() {
        while position < characters.count, characters[position] == " " || characters[position] == "\t" { position += 1 }
    }

    private mutating func value(depth: Int, stoppingAtColon: Bool = false) throws(YAMLSyntaxError) -> YAMLNode {
        skipSpaces()
        guard position < characters.count else { return .scalar("") }
        let open = characters[position]
        guard open == "[" || open == "{" else {
            let line = lines[position]
            let text = try scalar(stoppingAtColon: stoppingAtColon)
            guard text.first == "*", !text.contains(" ") else { return .scalar(try YAMLScalar.value(text, line: line)) }
            guard let node = anchors[String(text.dropFirst())] else { throw fail("the alias \(text) names no anchor above it") }
            return node
        }
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
            if character == "&" { throw fail("an anchor inside [ ] or { }, which bggen does not read; move it to a block value") }
            if open == "[" {
                // `[key: value]`: a map of one pair, as an item of the list.
                let item = try value(depth: depth + 1, stoppingAtColon: true)
                skipSpaces()
                if case .scalar(let key) = item, position < characters.count, characters[position] == ":" {
                    position += 1
                    items.append(.map([(key, try value(depth: depth + 1))]))
                } else {
                    items.append(item)
                }
                continue
            }
            let key = try YAMLScalar.value(try scalar(stoppingAtColon: true), line: lines[min(position, lines.count - 1)])
            skipSpaces()
            if position < characters.count, characters[position] == ":" {
                position += 1
                pairs.append((key, try value(depth: depth + 1)))
            } else {
                pairs.append((key, .scalar("")))
            }
        }
        return open == "[" ? .list(items) : .map(pairs)
    }

    /// The text of one scalar as written, quotes included.
    private mutating func scalar(stoppingAtColon: Bool) throws(YAMLSyntaxError) -> String {
        skipSpaces()
        guard position < characters.count else { return "" }
        let start = position
        let first = characters[position]
        if first == "\"" || first == "'" {
            position += 1
            while position < characters.count {
                let character = characters[position]
                if first == "\"" && character == "\\" {
                    position += 2
                    continue
                }
                if character == first {
                    if first == "'", position + 1 < characters.count, characters[position + 1] == "'" {
                        position += 2
                        continue
                    }
                    break
                }
                position += 1
            }
            guard position < characters.count else {
                position = start
                throw fail("a quoted string that never ends")
            }
            position += 1
            return text(start..<position)
        }
        while position < characters.count {
            let character = characters[position]
            if character == "," || character == "]" || character == "}" { break }
            if stoppingAtColon, character == ":",
               position + 1 >= characters.count || characters[position + 1] == " " { break }
            position += 1
        }
        return text(start..<position).trimmingBlanks()
    }

    /// The characters in `range` as a string, appended one by one: `String(characters[range])` went through the
    /// unspecialised generic initialiser, 25,000 instructions a scalar of a spec's flow list.
    private func text(_ range: Range<Int>) -> String {
        var text = ""
        for character in characters[range] { text.append(character) }
        return text
    }
}
