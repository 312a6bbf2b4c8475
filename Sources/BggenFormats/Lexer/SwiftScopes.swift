/// What the tokens around a closure say about the actor it runs on, read without a compiler. Every answer that
/// cannot be read with certainty is `unknown`, and the rules built on it then say nothing.
package enum SwiftScopes {
    package enum Isolation: Equatable {
        /// `@MainActor` on the declaration or its type, or a type UIKit/SwiftUI isolates (a `UIResponder`, an `App`).
        case mainActor
        /// `nonisolated`, or a plain type in a module without default isolation.
        case nonisolated
        /// Nothing says: the module's default isolation decides.
        case moduleDefault
        /// In an extension of a type declared elsewhere (by name): that declaration decides, once every file is read.
        case extensionOf(String)
        /// Inside an actor, a closure whose isolation is not certain, or something this reader does not follow.
        case unknown
    }

    /// Higher-order functions whose closure is not `@Sendable`, so it runs in, and is isolated like, its context.
    private static let inheritingCalls: Set<String> = ["forEach", "map", "compactMap", "flatMap", "filter"]

    /// Supertypes whose members are `@MainActor` (UIKit's responders and SwiftUI's protocols).
    static let mainActorTypes: Set<String> = [
        "UIResponder", "UIViewController", "UIView", "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate",
        "App", "View", "Scene", "UITableViewController", "UINavigationController", "UICollectionViewController",
    ]

    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "protocol", "actor"]
    package static let statementKeywords: Set<String> = ["if", "guard", "else", "for", "while", "repeat", "do", "switch", "catch", "defer",
                                                         "get", "set", "willSet", "didSet"]
    private static let modifiers: Set<String> = ["public", "private", "internal", "fileprivate", "open", "final", "static", "class",
                                                 "override", "nonisolated", "mutating", "convenience", "required", "lazy", "dynamic", "@"]

    /// The isolation of code at token `index`, from the declarations and closures around it, innermost first.
    /// Each scope's answer is kept in `known` (by its `{`) for the next question about the file: a
    /// scope's header is read once, not once per registration inside it, and a closure passed to a call with
    /// thousands of arguments has a header that long (issue 43, item 5).
    package static func isolation(at index: Int, in tokens: [SourceToken], known: inout [Int: Isolation]) -> Isolation {
        var asked: [Int] = []
        var answer = Isolation.moduleDefault
        var cursor = index
        while let open = enclosingBrace(before: cursor, in: tokens) {
            if let found = known[open] { answer = found; break }
            asked.append(open)
            if let own = ownIsolation(of: open, in: tokens) { answer = own; break }
            cursor = open
        }
        for open in asked { known[open] = answer }
        return answer
    }

    /// The isolation the scope opening at `open` gives its code, or nil when it takes that of the scope around it.
    private static func ownIsolation(of open: Int, in tokens: [SourceToken]) -> Isolation? {
        let header = statementHeader(before: open, in: tokens)
        if let first = header.first, statementKeywords.contains(first.text) { return nil }
        guard let declaration = declaration(in: header) else {
            return closureIsolation(at: open, header: header, in: tokens)
        }
        let attributes = attributes(declaration.modifiers)
        if attributes.contains("nonisolated") { return .nonisolated }
        if attributes.contains("MainActor") { return .mainActor }
        switch declaration.keyword {
        case "actor":
            return .unknown
        case "extension":
            if declaration.supertypes.contains(where: mainActorTypes.contains) { return .mainActor }
            // The type may be isolated where it is declared: `CodeModel` looks it up among the target's files.
            guard let at = header.lastIndex(where: { $0.text == "extension" }), at + 1 < header.endIndex,
                  header[at + 1].kind == .identifier, !(at + 2 < header.endIndex && header[at + 2].text == ".") else { return .unknown }
            return .extensionOf(header[at + 1].text)
        case _ where typeKeywords.contains(declaration.keyword):
            return declaration.supertypes.contains(where: mainActorTypes.contains) ? .mainActor : .moduleDefault
        default:
            return nil
        }
    }

    /// `headerTokens`, without the `task in` of a closure whose body the statement opens, and without the statements
    /// on earlier lines: in `refresh()` then `if lowPower {` on the next line, the header is `if lowPower`.
    package static func statementHeader(before open: Int, in tokens: [SourceToken]) -> ArraySlice<SourceToken> {
        var header = headerTokens(before: open, in: tokens)
        if header.startIndex > 0, tokens[header.startIndex - 1].text == "{", let start = closureBodyStart(header.startIndex - 1, in: tokens) {
            header = header[min(max(start, header.startIndex), header.endIndex)...]
        }
        // `else` and `catch` on a line of their own continue the statement above (`guard …` / `else {`).
        let starts = header.indices.last { index in
            index > header.startIndex && tokens[index].kind == .identifier && tokens[index].line > tokens[index - 1].line
                && statementKeywords.contains(tokens[index].text) && tokens[index].text != "else" && tokens[index].text != "catch"
        }
        return starts.map { header[$0...] } ?? header
    }

    /// The first token after `in` of the closure opening at `open`; nil when it has no signature (or `open` is not
    /// a closure): the tokens before `in` may hold names, types, attributes and a capture list, but no statement.
    static func closureBodyStart(_ open: Int, in tokens: [SourceToken]) -> Int? {
        let stops: Set<String> = ["=", ";", "{", "}", "return", "let", "var", "try", "await"]
        var index = open + 1
        while index < tokens.count {
            let token = tokens[index]
            if token.text == "in" && token.kind == .identifier { return index + 1 }
            if stops.contains(token.text) || (token.kind == .identifier && statementKeywords.contains(token.text)) { return nil }
            index += 1
        }
        return nil
    }

    /// The isolation a closure opening at `open` has of its own: `@MainActor in`, `@Sendable`/`nonisolated`, a
    /// `Task.detached {}`; nil when it takes its context's (a `Task {}`, a `forEach {}`, a launch handler that runs
    /// on the scheduler's queue), so the reader goes on outwards; `.unknown` for any other call.
    private static func closureIsolation(at open: Int, header: ArraySlice<SourceToken>, in tokens: [SourceToken]) -> Isolation? {
        var index = open + 1
        while index + 1 < tokens.count, !["in", "{", "}"].contains(tokens[index].text) {
            if tokens[index].text == "@", tokens[index + 1].text == "MainActor" { return .mainActor }
            index += 1
        }
        if closureIsNonisolated(at: open, in: tokens) { return .nonisolated }
        // The call the closure trails: `Task {`, `Task(priority: .low) {`, `ids.forEach {`, `register(…) {`.
        var end = header.endIndex - 1
        if end >= header.startIndex, header[end].text == ")" {
            var depth = 0
            while end >= header.startIndex {
                if header[end].text == ")" { depth += 1 }
                if header[end].text == "(" { depth -= 1; if depth == 0 { break } }
                end -= 1
            }
            end -= 1
        }
        guard end >= header.startIndex, header[end].kind == .identifier else { return .unknown }
        let callee = header[end].text
        let member = end > header.startIndex && header[end - 1].text == "."
        switch callee {
        case "Task" where !member:
            return nil
        case "detached" where member && end - 2 >= header.startIndex && header[end - 2].text == "Task":
            return .nonisolated
        case _ where member && inheritingCalls.contains(callee):
            return nil
        case "register" where member:
            // A launch handler's expiration handler: on the main queue (`using: .main`) or not is not certain here.
            return header.contains { $0.text == "forTaskWithIdentifier" } && !header.contains { $0.text == "main" } ? nil : .unknown
        default:
            return .unknown
        }
    }

    /// The isolation of the type a `class`, `struct`, `enum` or `actor` header declares: what the members of an
    /// extension of it get. Nil for anything else.
    static func typeIsolation(header: ArraySlice<SourceToken>) -> (name: String, isolation: Isolation)? {
        // The keyword is looked at before the modifiers and supertypes `declaration(in:at:)` reads: most braces of a
        // file open a function's body or a statement's, which declare no type.
        guard let at = header.lastIndex(where: declares), [Keyword.class, .struct, .enum, .actor].contains(header[at].keyword),
              at + 1 < header.endIndex, header[at + 1].kind == .identifier else { return nil }
        let declaration = declaration(in: header, at: at)
        let attributes = attributes(declaration.modifiers)
        let isolation: Isolation = header[at].keyword == .actor ? .unknown
            : attributes.contains("nonisolated") ? .nonisolated
            : attributes.contains("MainActor") || declaration.supertypes.contains(where: mainActorTypes.contains) ? .mainActor
            : .moduleDefault
        return (header[at + 1].text, isolation)
    }

    /// The types a file declares, each with its isolation (a name declared twice in the file is left out).
    package static func declaredTypes(in tokens: [SourceToken]) -> [String: Isolation] {
        var result: [String: Isolation] = [:]
        var twice = Set<String>()
        for open in tokens.indices where tokens[open].is("{") {
            guard let type = typeIsolation(header: headerTokens(before: open, in: tokens)) else { continue }
            if result[type.name] != nil { twice.insert(type.name) }
            result[type.name] = type.isolation
        }
        return result.filter { !twice.contains($0.key) }
    }

    /// The declaration a header makes: its keyword, the modifiers and attributes before it, and for a type the
    /// names after its `:`. Nil for a closure or anything else that is not a declaration.
    private static func declaration(in header: ArraySlice<SourceToken>) -> (keyword: String, modifiers: ArraySlice<SourceToken>, supertypes: [String])? {
        header.lastIndex(where: declares).map { declaration(in: header, at: $0) }
    }

    /// The declaration whose keyword is at `at` (the last that `declares`).
    private static func declaration(in header: ArraySlice<SourceToken>, at: Int) -> (keyword: String, modifiers: ArraySlice<SourceToken>, supertypes: [String]) {
        var start = at
        while start > header.startIndex {
            let previous = header[start - 1]
            let isAttributeName = start - 2 >= header.startIndex && header[start - 2].text == "@"
            guard modifiers.contains(previous.text) || isAttributeName || previous.text == ")" && attributeArguments(header, closingAt: start - 1) != nil else { break }
            start = previous.text == ")" ? attributeArguments(header, closingAt: start - 1)! : start - 1
        }
        let supertypes = header[at...].drop { $0.text != ":" }.filter { $0.kind == .identifier }.map(\.text)
        return (header[at].text, header[start..<at], supertypes)
    }

    /// Whether `token` is the keyword of a declaration with a body: a type's, a protocol's or a member's.
    private static func declares(_ token: SourceToken) -> Bool {
        token.kind == .identifier && (token.keyword.declaresTypeOrProtocol || token.keyword.declaresMember)
    }

    /// The start of `@attribute(…)` whose `)` is at `close`, or nil when the parentheses belong to something else.
    private static func attributeArguments(_ header: ArraySlice<SourceToken>, closingAt close: Int) -> Int? {
        var depth = 0
        var index = close
        while index >= header.startIndex {
            if header[index].text == ")" { depth += 1 }
            if header[index].text == "(" {
                depth -= 1
                if depth == 0 { break }
            }
            index -= 1
        }
        guard index - 2 >= header.startIndex, header[index - 2].text == "@" else { return nil }
        return index - 2
    }

    /// The `{` that opens the scope holding token `index` (read from `SourceToken.enclosing`, set by the lexer).
    package static func enclosingBrace(before index: Int, in tokens: [SourceToken]) -> Int? {
        guard index > 0, index <= tokens.count else { return nil }
        let open = index < tokens.count ? Int(tokens[index].enclosing) : -1
        return open >= 0 ? open : nil
    }

    /// The `{` of the innermost scope around token `index` whose header holds a token that `matches` (a `func`, a
    /// type's keyword): the one walk outwards through the headers for the readers that ask which function or which
    /// type some code is in.
    package static func enclosingScope(of index: Int, in tokens: [SourceToken], where matches: (SourceToken) -> Bool) -> Int? {
        var cursor = index
        while let open = enclosingBrace(before: cursor, in: tokens) {
            if headerTokens(before: open, in: tokens).contains(where: matches) { return open }
            cursor = open
        }
        return nil
    }

    /// The tokens of the declaration or statement a `{` belongs to, back to the previous `;`, `{` or `}` of its
    /// bracket group (see `SourceLexer.link`).
    package static func headerTokens(before open: Int, in tokens: [SourceToken]) -> ArraySlice<SourceToken> {
        let start = Int(tokens[open].headerStart)
        return tokens[max(0, min(start, open))..<open]
    }

    /// `@MainActor`, `nonisolated` and the like in a header, without their arguments.
    package static func attributes(_ header: ArraySlice<SourceToken>) -> Set<String> {
        var result = Set<String>()
        for index in header.indices where header[index].text == "@" && index + 1 < header.endIndex {
            result.insert(header[index + 1].text)
        }
        if header.contains(where: { $0.text == "nonisolated" }) { result.insert("nonisolated") }
        return result
    }

    /// The index of the bracket that closes the `(`, `[` or `{` at `open`.
    package static func closing(_ open: Int, in tokens: [SourceToken]) -> Int? {
        guard open < tokens.count, tokens[open].nesting > 0 else { return nil }
        let close = Int(tokens[open].partner)
        return close > open ? close : nil
    }

    /// Whether the closure opening at `open` says `@Sendable` or `nonisolated` before its `in`.
    package static func closureIsNonisolated(at open: Int, in tokens: [SourceToken]) -> Bool {
        var index = open + 1
        while index < tokens.count, tokens[index].text != "in", tokens[index].text != "{", tokens[index].text != "}" {
            if tokens[index].text == "Sendable" || tokens[index].text == "nonisolated" { return true }
            index += 1
        }
        return false
    }
}
