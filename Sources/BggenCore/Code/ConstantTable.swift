import BggenFormats
import Foundation

/// The string constants one file defines: `let name = "…"` (also `static`, typed `: String`), `case name = "…"`,
/// a computed property returning a literal (`var name: String { "…" }`), and Objective-C `NSString *const name =
/// @"…"` or `#define name @"…"`. `Bundle.main.bundleIdentifier` (with `!`, `?? "…"`, or in `guard let`) is the
/// target's bundle identifier (`bundleIdentifierValue`), and a string interpolating only such names
/// (`"\(bundleIdentifier).refresh"`) is resolved from them, for `init` and `doctor` alike. A name defined twice
/// with different values is left out, since which one a call means cannot be told. Enums with `String` raw values
/// give one value per case (`StringEnum`): `.refresh.identifier` and `TaskID.refresh.rawValue` are one case's.
struct ConstantTable: Sendable {
    /// Every constant's value.
    var values: [String: String] = [:]
    /// Those fixed for the app (static, or the bundle identifier), which alone may fill an interpolation: a local
    /// `let user = "someone"` merely stands in for a value known at run time.
    var fixed: [String: String] = [:]
    /// The file's enums with `String` raw values, by name.
    var enums: [String: StringEnum] = [:]
    /// The constants declared in types, by the types' path and the name (`Constants.Values.refreshTaskId`), for a
    /// name written with its types in another file: an instance property of that name elsewhere (pocket-casts'
    /// `let refreshTaskId = "refresh"` beside `Constants.Values.refreshTaskId`) is another constant, not a second
    /// value of this one.
    var qualified: [String: String] = [:]
    /// Computed properties that switch over `self` and return one literal in each case, by name, each value one
    /// case's: a member of an enum declared elsewhere (duckduckgo's extension of a library's `Kind`, whose
    /// `backgroundTaskIdentifier` a closure over `allCases` registers).
    var switchedMembers: [String: [String]] = [:]
    /// Constants whose interpolations grow past `ExpansionBound.maximumLength`, with the line each is defined on:
    /// their value is unknown, and the warning names those an unknown identifier may come from
    /// (`CodeModel.cutConstants`).
    var cut: [(name: String, line: Int)] = []

    /// What `Bundle.main.bundleIdentifier` is in the app: the target's bundle identifier, written as the build
    /// setting so it expands with the target's settings like an Info.plist entry does.
    static let bundleIdentifierValue = "$(PRODUCT_BUNDLE_IDENTIFIER)"

    init() {}

    init(tokens: [SourceToken]) {
        var found: [String: String] = [:]
        var fixedNames = Set<String>()
        var pending: [(name: String, expression: [SourceToken], index: Int)] = []
        var ambiguous = Set<String>()
        var typed: [String: String] = [:]
        var typedTwice = Set<String>()
        func define(_ name: String, _ value: String, at index: Int) {
            if let existing = found[name], existing != value { ambiguous.insert(name) }
            found[name] = value
            if let path = Self.typePath(around: index, in: tokens) {
                let key = path + "." + name
                if let existing = typed.updateValue(value, forKey: key), existing != value { typedTwice.insert(key) }
            }
        }
        for index in tokens.indices where tokens[index].kind == .identifier {
            let keyword = index > 0 ? tokens[index - 1].keyword : .none
            let isDefine = keyword == .define && index > 1 && tokens[index - 2].text == "#"
            // The keywords compared one by one: an array of them searched for each name of the file cost a call each.
            guard keyword == .let || keyword == .var || keyword == .case || keyword == .const || index > 0 && tokens[index - 1].hasText("*") || isDefine
            else { continue }
            // Past `: String`, once the name is known to be declared (not for every name of the file).
            var cursor = index + 1
            if TokenPattern.matches(tokens, at: cursor, [":", "String"]) { cursor += 2 }
            if index > 1, tokens[index - 2].text == "static" { fixedNames.insert(tokens[index].text) }
            if keyword == .var, cursor > index + 1, TokenPattern.matches(tokens, at: cursor, ["{"]) {
                if let values = Self.switchedLiterals(tokens, body: cursor) { switchedMembers[tokens[index].text] = values }
                // `var name: String { "…" }` or `{ return "…" }`: a computed property with one literal.
                var body = cursor + 1
                if TokenPattern.matches(tokens, at: body, ["return"]) { body += 1 }
                if body + 1 < tokens.count, tokens[body].kind == .string, tokens[body].isLiteral, tokens[body + 1].text == "}" {
                    define(tokens[index].text, tokens[body].text, at: index)
                    fixedNames.insert(tokens[index].text)
                }
                continue
            }
            if !isDefine {
                guard TokenPattern.matches(tokens, at: cursor, ["="]) else { continue }
                cursor += 1
            }
            guard cursor < tokens.count, tokens[cursor].kind == .string || keyword == .let || keyword == .var else { continue }
            if tokens[cursor].kind == .string, tokens[cursor].isLiteral, cursor + 1 == tokens.count || ![".", "+"].contains(tokens[cursor + 1].text) {
                define(tokens[index].text, tokens[cursor].text, at: index)
                continue
            }
            // Anything else a binding's line holds: an interpolation, or a `+` chain of literals, constants and the
            // bundle identifier, read once the literals are known. A line that is none of these defines nothing.
            // Told in place, and copied only when it is one: most bindings are calls or chains, and copying each
            // one's tokens (their texts retained) to ask was a third of reading the constants.
            let end = isDefine ? cursor + 1 : TokenPattern.end(ofStatementIn: tokens, from: cursor)
            let written = cursor..<((cursor..<end).first { tokens[$0].text == "else" || tokens[$0].text == "{" } ?? end)
            guard Self.isConcatenation(in: tokens, written) else { continue }
            let expression = Array(tokens[written])
            if Self.mentionsBundleIdentifier(expression) { fixedNames.insert(tokens[index].text) }
            pending.append((tokens[index].text, expression, index))
        }
        // Built values may use each other (`refreshID = "\(prefix).refresh"`, `prefix = bundle + ".app"`). The fixed
        // constants are kept as they are found, not filtered out of all of them for each value built.
        var fixedFound = found.filter { fixedNames.contains($0.key) }
        var cutNames = Set<String>()
        for _ in 0..<3 {
            for (name, expression, index) in pending where found[name] == nil && !cutNames.contains(name) {
                switch Self.build(expression, constants: fixedFound) {
                case .value(let value):
                    define(name, value, at: index)
                    if fixedNames.contains(name) { fixedFound[name] = value }
                case .cut:
                    cutNames.insert(name)
                    cut.append((name, tokens[index].line))
                case .unknown:
                    break
                }
            }
        }
        for name in ambiguous { found[name] = nil }
        values = found
        fixed = found.filter { fixedNames.contains($0.key) }
        enums = StringEnum.all(in: tokens, fixed: fixed)
        for key in typedTwice { typed[key] = nil }
        qualified = typed
    }

    /// The literals of a property body (its `{` at `open`) that is one `switch self` whose every case returns a
    /// literal (`case .a, .b: return "…"`); nil for any other body, a `default` among them.
    private static func switchedLiterals(_ tokens: [SourceToken], body open: Int) -> [String]? {
        var cursor = open + 1
        if TokenPattern.matches(tokens, at: cursor, ["return"]) { cursor += 1 }
        guard TokenPattern.matches(tokens, at: cursor, ["switch", "self", "{"]), let close = SwiftScopes.closing(cursor + 2, in: tokens),
              TokenPattern.matches(tokens, at: close + 1, ["}"]) else { return nil }
        var values: [String] = []
        cursor += 3
        while cursor < close {
            guard TokenPattern.matches(tokens, at: cursor, ["case"]),
                  let colon = tokens[cursor..<close].firstIndex(where: { $0.text == ":" && $0.kind == .punctuation }) else { return nil }
            var literal = colon + 1
            if TokenPattern.matches(tokens, at: literal, ["return"]) { literal += 1 }
            guard literal < close, tokens[literal].kind == .string, tokens[literal].isLiteral else { return nil }
            values.append(tokens[literal].text)
            cursor = literal + 1
        }
        return values.isEmpty ? nil : values
    }

    /// The types whose bodies hold the token at `index`, outermost first (`Constants.Values`, or the extended
    /// `Constants.Values` of `extension Constants.Values`); nil at file scope or inside a function or closure,
    /// where a binding is a local.
    static func typePath(around index: Int, in tokens: [SourceToken]) -> String? {
        var names: [String] = []
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens) {
            cursor = open
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            guard !header.contains(where: { $0.kind == .identifier && [Keyword.func, .initializer, .var, .let].contains($0.keyword) }),
                  let keyword = header.lastIndex(where: { $0.kind == .identifier && $0.keyword.declaresTypeOrProtocol }) else { return nil }
            names.insert(header[(keyword + 1)...].prefix { $0.kind == .identifier || $0.text == "." }.map(\.text).joined(), at: 0)
        }
        return names.isEmpty ? nil : names.joined(separator: ".")
    }

    /// The value an argument spells: a literal, a Swift string whose every interpolation is a known constant or
    /// `Bundle.main.bundleIdentifier`, a `+` chain of those, or a name the table holds; nil when any part is unknown.
    func value(of expression: [SourceToken]) -> String? {
        guard expression.count == 1, expression[0].kind == .string else {
            if let name = TokenPattern.chainName(expression) { return caseValue(expression) ?? values[name] }
            return Self.isConcatenation(expression) ? Self.concatenation(expression, constants: fixed) : nil
        }
        return expression[0].isLiteral ? expression[0].text : Self.interpolation(expression[0], constants: fixed)
    }

    /// Whether `expression` is a string built from parts doctor may know: a literal or interpolation, or a `+` chain
    /// whose parts are those, names and `Bundle.main.bundleIdentifier` (with `!` or `?? "…"`), maybe in parentheses.
    /// A call, a subscript or any other operator makes it a value known only at run time.
    static func isConcatenation(_ expression: [SourceToken]) -> Bool {
        isConcatenation(in: expression, expression.indices)
    }

    /// Whether `tokens[range]` is a concatenation, read in place.
    private static func isConcatenation(in tokens: [SourceToken], _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        return range.allSatisfy { index in
            let token = tokens[index]
            return token.kind == .string || token.kind == .identifier || [".", "+", "!", "?", "(", ")"].contains(token.text)
        } && (range.contains { tokens[$0].kind == .string } || mentionsBundleIdentifier(in: tokens, range))
    }

    static func mentionsBundleIdentifier(_ expression: [SourceToken]) -> Bool {
        mentionsBundleIdentifier(in: expression, expression.indices)
    }

    /// Whether `tokens[range]` holds `Bundle.main.bundleIdentifier`, read in place.
    private static func mentionsBundleIdentifier(in tokens: [SourceToken], _ range: Range<Int>) -> Bool {
        range.contains { $0 + 5 <= range.upperBound && TokenPattern.matches(tokens, at: $0, ["Bundle", ".", "main", ".", "bundleIdentifier"]) }
    }

    /// `Bundle.main.bundleIdentifier! + ".exposure-notification"` is `$(PRODUCT_BUNDLE_IDENTIFIER).exposure-notification`:
    /// each part of the `+` chain is read (a literal, an interpolation, the bundle identifier, a fixed constant) and
    /// the parts joined; nil when any part is unknown, so a suffix is never dropped and the bare bundle identifier
    /// never stands for the whole. A value that grows past `ExpansionBound.maximumLength` is cut (see `build`).
    static func concatenation(_ expression: [SourceToken], constants: [String: String]) -> String? {
        if case .value(let value) = build(expression, constants: constants) { value } else { nil }
    }

    /// The `+` chain built part by part, stopping as soon as it is longer than `ExpansionBound.maximumLength`.
    static func build(_ expression: [SourceToken], constants: [String: String]) -> Interpolation {
        var parts: [[SourceToken]] = [[]]
        var depth = 0
        for token in expression {
            if token.text == "(" { depth += 1 }
            if token.text == ")" { depth -= 1 }
            if depth == 0, token.kind == .punctuation, token.text == "+" { parts.append([]) } else { parts[parts.count - 1].append(token) }
        }
        var result = ""
        for part in parts {
            switch partValue(part, constants: constants) {
            case .value(let value): result += value
            case let unknownOrCut: return unknownOrCut
            }
            guard result.utf8.count <= ExpansionBound.maximumLength else { return .cut }
        }
        return .value(result)
    }

    /// One part of a `+` chain: without its parentheses, a trailing `!` or `?`, and a `?? fallback` (the bundle
    /// identifier is the app's own, never nil in an app).
    private static func partValue(_ part: [SourceToken], constants: [String: String]) -> Interpolation {
        var part = part[...]
        if part.first?.text == "(", part.last?.text == ")" { part = part.dropFirst().dropLast() }
        if let coalescing = part.indices.first(where: { part[$0].text == "?" && $0 + 1 < part.endIndex && part[$0 + 1].text == "?" }) {
            part = part[..<coalescing]
        }
        while let last = part.last, last.kind == .punctuation, last.text == "!" || last.text == "?" { part = part.dropLast() }
        let tokens = Array(part)
        if tokens.count == 1, tokens[0].kind == .string {
            return tokens[0].isLiteral ? .value(tokens[0].text) : resolve(tokens[0], constants: constants)
        }
        if TokenPattern.matches(tokens, at: 0, ["Bundle", ".", "main", ".", "bundleIdentifier"]), tokens.count == 5 { return .value(bundleIdentifierValue) }
        return TokenPattern.chainName(tokens).flatMap { constants[$0] }.map(Interpolation.value) ?? .unknown
    }

    /// `.refresh.identifier` or `TaskID.refresh.rawValue`: a member of one case, named with a leading dot or its
    /// enum (a bare `refresh` may be a parameter or a local). With a leading dot, every enum of the file with that
    /// case and member must agree.
    private func caseValue(_ expression: [SourceToken]) -> String? {
        guard expression.count >= 4, expression.allSatisfy({ $0.kind == .identifier || $0.text == "." }) else { return nil }
        let member = expression[expression.count - 1].text, name = expression[expression.count - 3].text
        guard expression[expression.count - 2].text == ".", expression[expression.count - 4].text == "." else { return nil }
        if expression.count == 4 {
            let candidates = Set(enums.values.compactMap { $0.value(of: member, forCase: name) })
            return candidates.count == 1 ? candidates.first : nil
        }
        return enums[expression[expression.count - 5].text]?.value(of: member, forCase: name)
    }

    /// `"\(bundleIdentifier).refresh"` with each interpolation resolved, or nil (also when it is cut).
    static func interpolation(_ token: SourceToken, constants: [String: String]) -> String? {
        if case .value(let value) = resolve(token, constants: constants) { value } else { nil }
    }

    /// What an interpolated string spells out of `constants`.
    enum Interpolation: Equatable {
        case value(String)
        /// A part is not a known constant.
        case unknown
        /// It grew past `ExpansionBound.maximumLength` as it was built, so the rest was never built.
        case cut
    }

    /// Builds the string piece by piece and stops as soon as it is longer than `ExpansionBound.maximumLength`: a
    /// constant that interpolates the previous one ten times, each doing so again, would otherwise take a billion
    /// characters from a file under a kilobyte.
    static func resolve(_ token: SourceToken, constants: [String: String]) -> Interpolation {
        var pieces = token.text.components(separatedBy: "\\(…)")
        guard pieces.count == token.interpolations.count + 1 else { return .unknown }
        var result = pieces.removeFirst()
        for (source, piece) in zip(token.interpolations, pieces) {
            var expression = source.trimmingBlanks()
            if let range = expression.range(of: "??") { expression = String(expression[..<range.lowerBound]).trimmingBlanks() }
            while expression.hasSuffix("!") || expression.hasSuffix("?") { expression.removeLast() }
            if expression == "Bundle.main.bundleIdentifier" {
                result += bundleIdentifierValue
            } else if expression.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
                      let name = expression.split(separator: ".").last, let value = constants[String(name)] {
                result += value
            } else {
                return .unknown
            }
            result += piece
            if result.utf8.count > ExpansionBound.maximumLength { return .cut }
        }
        return result.utf8.count > ExpansionBound.maximumLength ? .cut : .value(result)
    }
}
