/// Data handed to a template. Deliberately only four shapes: callers format and validate
/// every value up front, so templates stay free of logic and never need escaping rules.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    /// Items may be `.string` (inserted with `{{.}}`) or `.object` (whose keys become names).
    case list([TemplateValue])
    case object([String: TemplateValue])
}

/// Carries the template name and line so a broken template or a missing value points straight
/// at the place to fix, in the `file:line: message` shape editors and CI logs understand.
public struct TemplateError: Error, Equatable, CustomStringConvertible {
    public let template: String
    public let line: Int
    public let message: String

    public init(template: String, line: Int, message: String) {
        self.template = template
        self.line = line
        self.message = message
    }

    public var description: String { "\(template):\(line): \(message)" }
}

/// A strict Mustache-like template, parsed once so rendering is a plain tree walk.
///
/// Strictness is the point: a misspelt name or a value of the wrong shape fails loudly
/// instead of silently producing code that compiles to something else.
/// A line holding only section, `else` and comment tags (plus spaces or tabs) is dropped with
/// its newline, so templates can be indented readably without littering the output.
public struct Template: Sendable {
    private let name: String
    private let nodes: [Node]

    public init(name: String, source: String) throws(TemplateError) {
        self.name = name
        var parser = Parser(template: name)
        var lineNumber = 0
        var start = source.startIndex
        // Split on the "\n" byte: as Characters, "\r\n" is one grapheme and would never match "\n".
        while start < source.endIndex {
            lineNumber += 1
            if let newline = source.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try parser.consume(line: source[start..<newline], number: lineNumber, hasNewline: true)
                start = source.utf8.index(after: newline)
            } else {
                try parser.consume(line: source[start...], number: lineNumber, hasNewline: false)
                start = source.endIndex
            }
        }
        nodes = try parser.finish()
    }

    public func render(_ context: [String: TemplateValue]) throws(TemplateError) -> String {
        var renderer = NodeWalker(template: name, context: context)
        try renderer.render(nodes)
        return renderer.output
    }
}

// MARK: - Syntax tree

private enum SectionKind: String, Sendable {
    case `if`, unless, each
}

/// A variable reference: `.`, `@first`, `@last`, or dot-separated names.
private struct Path: Sendable {
    let text: String
    let names: [String]

    /// Only names a template can legitimately mean are accepted, so `{{>partial}}` or
    /// `{{{raw}}}` from other Mustache dialects is reported rather than read as a variable.
    init?(_ text: Substring) {
        self.text = String(text)
        if text == "." || text == "@first" || text == "@last" {
            names = []
            return
        }
        let names = text.split(separator: ".", omittingEmptySubsequences: false)
        let valid = names.allSatisfy { name in
            !name.isEmpty && name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
        guard valid else { return nil }
        self.names = names.map(String.init)
    }

    var isItemHelper: Bool { text == "." || text == "@first" || text == "@last" }
}

private indirect enum Node: Sendable {
    case text(String)
    case variable(Path, line: Int)
    case condition(Path, negated: Bool, line: Int, then: [Node], otherwise: [Node])
    case each(Path, line: Int, body: [Node])
}

// MARK: - Parsing

private enum Tag {
    case variable(Path), open(SectionKind, Path), otherwise, close(SectionKind), comment
}

private struct Parser {
    private struct OpenSection {
        let kind: SectionKind, path: Path, line: Int
        var body: [Node] = []
        var otherwise: [Node]? = nil
    }

    let template: String
    private var root: [Node] = []
    private var stack: [OpenSection] = []

    init(template: String) { self.template = template }

    private func error(_ line: Int, _ message: String) -> TemplateError {
        TemplateError(template: template, line: line, message: message)
    }

    mutating func consume(line rawLine: Substring, number: Int, hasNewline: Bool) throws(TemplateError) {
        var line = rawLine
        var newline = hasNewline ? "\n" : ""
        if hasNewline, line.unicodeScalars.last == "\r" {
            line = Substring(line.unicodeScalars.dropLast())
            newline = "\r\n"
        }
        // Tags may not span lines: a forgotten "}}" is then reported where it happened.
        var texts: [Substring] = [], tags: [Tag] = []  // text, tag, text, …, text
        var rest = line
        while let open = Self.firstRange(of: UInt8(ascii: "{"), in: rest) {
            texts.append(rest[..<open.lowerBound])
            guard let close = Self.firstRange(of: UInt8(ascii: "}"), in: rest[open.upperBound...]) else {
                throw error(number, "'{{' is not closed by '}}' on the same line")
            }
            tags.append(try parseTag(rest[open.upperBound..<close.lowerBound], line: number))
            rest = rest[close.upperBound...]
        }
        texts.append(rest)

        let standalone = !tags.isEmpty
            && texts.allSatisfy { $0.allSatisfy { $0 == " " || $0 == "\t" } }
            && !tags.contains { if case .variable = $0 { true } else { false } }
        for (text, tag) in zip(texts, tags) {
            if !standalone { append(.text(String(text))) }
            try apply(tag, line: number)
        }
        if !standalone { append(.text(String(texts[texts.count - 1]) + newline)) }
    }

    /// The first two `byte`s in a row (`{{` or `}}`) in `text`, found byte by byte: `firstRange(of:)` goes through
    /// the string-processing engine, which was more than half of what `bggen init` spent, parsing the templates.
    private static func firstRange(of byte: UInt8, in text: Substring) -> Range<Substring.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: byte) {
            let next = bytes.index(after: found)
            guard next < bytes.endIndex else { return nil }
            if bytes[next] == byte { return found..<bytes.index(after: next) }
            index = next
        }
        return nil
    }

    private func parseTag(_ raw: Substring, line: Int) throws(TemplateError) -> Tag {
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let tag = "'{{\(raw)}}'"
        guard let first = words.first else { throw error(line, "empty tag \(tag)") }
        if first.hasPrefix("!") { return .comment }
        if words == ["else"] { return .otherwise }
        guard first.hasPrefix("#") || first.hasPrefix("/") else {
            guard words.count == 1, let path = Path(first) else { throw error(line, "unknown tag \(tag)") }
            return .variable(path)
        }
        guard let kind = SectionKind(rawValue: String(first.dropFirst())) else {
            throw error(line, "unknown tag \(tag); sections are #if, #unless and #each")
        }
        if first.hasPrefix("/") {
            guard words.count == 1 else { throw error(line, "closing tag \(tag) takes no name") }
            return .close(kind)
        }
        guard words.count == 2, let path = Path(words[1]) else { throw error(line, "tag \(tag) needs exactly one name") }
        return .open(kind, path)
    }

    /// Adjacent text is merged so rendering appends one string per run of literal output.
    private mutating func append(_ node: Node) {
        func add(_ nodes: inout [Node]) {
            switch (node, nodes.last) {
            case (.text(""), _): break
            case (.text(let new), .text(let old)?): nodes[nodes.count - 1] = .text(old + new)
            default: nodes.append(node)
            }
        }
        let top = stack.count - 1
        if top < 0 {
            add(&root)
        } else if stack[top].otherwise != nil {
            add(&stack[top].otherwise!)
        } else {
            add(&stack[top].body)
        }
    }

    private mutating func apply(_ tag: Tag, line: Int) throws(TemplateError) {
        switch tag {
        case .comment:
            break
        case .variable(let path):
            try checkScope(path, line: line)
            append(.variable(path, line: line))
        case .open(let kind, let path):
            try checkScope(path, line: line)
            stack.append(OpenSection(kind: kind, path: path, line: line))
        case .otherwise:
            guard let top = stack.last, top.kind != .each else {
                throw error(line, "{{else}} is only allowed inside {{#if}} or {{#unless}}")
            }
            guard top.otherwise == nil else {
                throw error(line, "second {{else}} for {{#\(top.kind) \(top.path.text)}} from line \(top.line)")
            }
            stack[stack.count - 1].otherwise = []
        case .close(let kind):
            guard let top = stack.popLast() else { throw error(line, "{{/\(kind)}} has no matching {{#\(kind)}}") }
            guard top.kind == kind else {
                throw error(line, "{{/\(kind)}} closes {{#\(top.kind) \(top.path.text)}} from line \(top.line); expected {{/\(top.kind)}}")
            }
            if kind == .each {
                append(.each(top.path, line: top.line, body: top.body))
            } else {
                append(.condition(top.path, negated: kind == .unless, line: top.line, then: top.body, otherwise: top.otherwise ?? []))
            }
        }
    }

    /// `.`, `@first` and `@last` only mean something inside an `each`; catching misuse at parse
    /// time reports it even when the surrounding branch never renders.
    private func checkScope(_ path: Path, line: Int) throws(TemplateError) {
        if path.isItemHelper, !stack.contains(where: { $0.kind == .each }) {
            throw error(line, "'\(path.text)' is only available inside {{#each}}")
        }
    }

    func finish() throws(TemplateError) -> [Node] {
        if let open = stack.last {
            throw error(open.line, "{{#\(open.kind) \(open.path.text)}} is never closed with {{/\(open.kind)}}")
        }
        return root
    }
}

// MARK: - Rendering

private struct NodeWalker {
    private struct Item {
        let value: TemplateValue, isFirst: Bool, isLast: Bool
    }

    let template: String
    let context: [String: TemplateValue]
    private var items: [Item] = []
    var output = ""

    init(template: String, context: [String: TemplateValue]) {
        self.template = template
        self.context = context
    }

    private func error(_ line: Int, _ message: String) -> TemplateError {
        TemplateError(template: template, line: line, message: message)
    }

    mutating func render(_ nodes: [Node]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let path, let line):
                let value = try resolve(path, line: line)
                guard case .string(let string) = value else {
                    throw error(line, "variable '\(path.text)' is \(value.kindDescription), not a string")
                }
                output += string
            case .condition(let path, let negated, let line, let then, let otherwise):
                let truthy = try resolve(path, line: line).isTruthy
                try render(truthy != negated ? then : otherwise)
            case .each(let path, let line, let body):
                let value = try resolve(path, line: line)
                guard case .list(let list) = value else {
                    throw error(line, "{{#each \(path.text)}} needs a list, but '\(path.text)' is \(value.kindDescription)")
                }
                for (index, element) in list.enumerated() {
                    items.append(Item(value: element, isFirst: index == 0, isLast: index == list.count - 1))
                    defer { items.removeLast() }
                    try render(body)
                }
            }
        }
    }

    /// Innermost `each` item first, then outward, then the root context: inner data shadows
    /// outer data the way nested scopes do in code.
    private func resolve(_ path: Path, line: Int) throws(TemplateError) -> TemplateValue {
        if path.isItemHelper {
            guard let item = items.last else { throw error(line, "'\(path.text)' is only available inside {{#each}}") }
            switch path.text {
            case "@first": return .bool(item.isFirst)
            case "@last": return .bool(item.isLast)
            default: return item.value
            }
        }
        let found = items.reversed().lazy.compactMap { item -> TemplateValue? in
            if case .object(let fields) = item.value { fields[path.names[0]] } else { nil }
        }.first
        guard var value = found ?? context[path.names[0]] else {
            throw error(line, "missing variable '\(path.names[0])'")
        }
        var walked = path.names[0]
        for name in path.names.dropFirst() {
            guard case .object(let fields) = value else {
                throw error(line, "'\(walked)' is \(value.kindDescription), so '\(path.text)' cannot be looked up")
            }
            walked += "." + name
            guard let next = fields[name] else { throw error(line, "missing variable '\(walked)'") }
            value = next
        }
        return value
    }
}

private extension TemplateValue {
    var isTruthy: Bool {
        switch self {
        case .bool(let value): value
        case .string(let value): !value.isEmpty
        case .list(let value): !value.isEmpty
        case .object: true
        }
    }

    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .bool: "a bool"
        case .list: "a list"
        case .object: "an object"
        }
    }
}
