import BggenFormats

/// A Swift enum with `String` raw values, as apps name their task identifiers (`enum TaskID: String { case refresh =
/// "…" }`): each case's raw value, explicit or the case's own name, and the value per case of each computed
/// property that builds one from the raw value (`var identifier: String { "\(bundleID).\(rawValue)" }`), so an
/// identifier written `.refresh.identifier`, `TaskID.refresh.rawValue` or `task.identifier` (a `task: TaskID`) is
/// known for every case it may be.
struct StringEnum: Sendable, Equatable {
    /// The cases in order, each with its raw value.
    var cases: [(name: String, raw: String)] = []
    /// `rawValue` and each computed property whose value every case gives, by name: one value per case, in order.
    var members: [String: [String]] = [:]

    static func == (left: StringEnum, right: StringEnum) -> Bool {
        left.cases.map(\.name) == right.cases.map(\.name) && left.cases.map(\.raw) == right.cases.map(\.raw) && left.members == right.members
    }

    /// The value of `member` (`rawValue` or a computed property) for the case named `name`.
    func value(of member: String, forCase name: String) -> String? {
        guard let index = cases.firstIndex(where: { $0.name == name }) else { return nil }
        return members[member]?[index]
    }

    /// Every `enum Name: String` in the file (nested ones by their own name) whose cases are all read, with
    /// `fixed` the file's constants a property may interpolate. An enum declared twice under one name is left out.
    static func all(in tokens: [SourceToken], fixed: [String: String]) -> [String: StringEnum] {
        var result: [String: StringEnum] = [:]
        var twice = Set<String>()
        // The keyword the lexer named, compared as a byte: comparing every token's text with "enum" cost a call each.
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].keyword == .enum
            && TokenPattern.matches(tokens, at: index + 2, [":", "String"]) && tokens[index + 1].kind == .identifier {
            guard let open = tokens[(index + 4)...].firstIndex(where: { $0.text == "{" || $0.text == ";" }), tokens[open].text == "{",
                  let close = SwiftScopes.closing(open, in: tokens), let read = read(tokens, body: open, close: close, fixed: fixed) else { continue }
            let name = tokens[index + 1].text
            if result.updateValue(read, forKey: name) != nil { twice.insert(name) }
        }
        for name in twice { result[name] = nil }
        return result
    }

    /// The cases and members declared directly in the body between `open` and `close`; nil when a case has an
    /// associated value or a raw value that is not a plain literal.
    private static func read(_ tokens: [SourceToken], body open: Int, close: Int, fixed: [String: String]) -> StringEnum? {
        var result = StringEnum()
        var properties: [(name: String, body: Range<Int>)] = []
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if token.nesting > 0, let end = SwiftScopes.closing(index, in: tokens) {
                index = end + 1
                continue
            }
            if token.kind == .identifier, token.text == "case" {
                // `case a, b = "b"`: names, each with an optional literal.
                var cursor = index + 1
                while cursor < close, tokens[cursor].kind == .identifier {
                    var raw = tokens[cursor].text
                    if TokenPattern.matches(tokens, at: cursor + 1, ["="]) {
                        guard cursor + 2 < close, tokens[cursor + 2].kind == .string, tokens[cursor + 2].isLiteral else { return nil }
                        raw = tokens[cursor + 2].text
                        result.cases.append((tokens[cursor].text, raw))
                        cursor += 3
                    } else {
                        guard !TokenPattern.matches(tokens, at: cursor + 1, ["("]) else { return nil }
                        result.cases.append((tokens[cursor].text, raw))
                        cursor += 1
                    }
                    guard TokenPattern.matches(tokens, at: cursor, [","]) else { break }
                    cursor += 1
                }
                index = cursor
                continue
            }
            if token.keyword == .var, index + 4 < close, tokens[index + 1].kind == .identifier,
               TokenPattern.matches(tokens, at: index + 2, [":", "String", "{"]), let end = SwiftScopes.closing(index + 4, in: tokens) {
                properties.append((tokens[index + 1].text, (index + 5)..<end))
                index = end + 1
                continue
            }
            index += 1
        }
        guard !result.cases.isEmpty else { return nil }
        result.members["rawValue"] = result.cases.map(\.raw)
        for property in properties {
            if let values = perCase(property.body, in: tokens, cases: result.cases, fixed: fixed) { result.members[property.name] = values }
        }
        return result
    }

    /// The value for each case of a computed property whose body ends in one string (after `return`, or alone)
    /// interpolating `rawValue`, the file's fixed constants and the bundle identifier, bound in the body by
    /// `guard let name = Bundle.main.bundleIdentifier` or `let name = Bundle.main.bundleIdentifier!`. A body that
    /// returns anything else on the way (the `else` of that `guard` aside) is not read.
    private static func perCase(_ body: Range<Int>, in tokens: [SourceToken], cases: [(name: String, raw: String)],
                                fixed: [String: String]) -> [String]? {
        var names = fixed
        var returned: SourceToken?
        var index = body.lowerBound
        while index < body.upperBound {
            let token = tokens[index]
            if token.keyword == .let, index + 3 < body.upperBound, tokens[index + 1].kind == .identifier,
               TokenPattern.matches(tokens, at: index + 2, ["=", "Bundle", ".", "main", ".", "bundleIdentifier"]) {
                names[tokens[index + 1].text] = ConstantTable.bundleIdentifierValue
            }
            if token.text == "guard", let open = tokens[index..<body.upperBound].firstIndex(where: { $0.text == "{" }),
               let end = SwiftScopes.closing(open, in: tokens) {
                // The `guard`'s bindings are read above, its `else` left: it returns the case where there is no bundle.
                for inner in index..<open where tokens[inner].keyword == .let && inner + 1 < open && tokens[inner + 1].kind == .identifier
                    && TokenPattern.matches(tokens, at: inner + 2, ["=", "Bundle", ".", "main", ".", "bundleIdentifier"]) {
                    names[tokens[inner + 1].text] = ConstantTable.bundleIdentifierValue
                }
                index = end + 1
                continue
            }
            if token.nesting > 0 || token.text == "switch" || token.text == "if" { return nil }
            if token.kind == .string {
                guard returned == nil, index + 1 == body.upperBound || tokens[index + 1].text == ";" else { return nil }
                returned = token
            } else if token.kind == .identifier, token.text == "return" {
                guard returned == nil, index + 1 < body.upperBound, tokens[index + 1].kind == .string else { return nil }
            }
            index += 1
        }
        guard let returned else { return nil }
        var values: [String] = []
        for item in cases {
            names["rawValue"] = item.raw
            guard let value = returned.isLiteral ? returned.text : ConstantTable.interpolation(returned, constants: names) else { return nil }
            values.append(value)
        }
        return values
    }
}
