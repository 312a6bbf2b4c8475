/// What the tokens around a closure say about the actor it runs on, read without a compiler. Every answer that
/// cannot be read with certainty is `unknown`, and the rules built on it then say nothing.
enum SwiftScopes {
    enum Isolation: Equatable {
        /// `@MainActor` on the declaration or its type, or a type UIKit/SwiftUI isolates (a `UIResponder`, an `App`).
        case mainActor
        /// `nonisolated`, or a plain type in a module without default isolation.
        case nonisolated
        /// Nothing says: the module's default isolation decides.
        case moduleDefault
        /// Inside another closure, an actor, or something this reader does not follow.
        case unknown
    }

    /// Supertypes whose members are `@MainActor` (UIKit's responders and SwiftUI's protocols).
    static let mainActorTypes: Set<String> = [
        "UIResponder", "UIViewController", "UIView", "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate",
        "App", "View", "Scene", "UITableViewController", "UINavigationController", "UICollectionViewController",
    ]

    private static let memberKeywords: Set<String> = ["func", "init", "deinit", "var", "subscript"]
    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "protocol", "actor"]
    static let statementKeywords: Set<String> = ["if", "guard", "else", "for", "while", "repeat", "do", "switch", "catch", "defer",
                                                         "get", "set", "willSet", "didSet"]
    private static let modifiers: Set<String> = ["public", "private", "internal", "fileprivate", "open", "final", "static", "class",
                                                 "override", "nonisolated", "mutating", "convenience", "required", "lazy", "dynamic", "@"]

    /// The isolation of code at token `index`, from the declarations around it, innermost first.
    static func isolation(at index: Int, in tokens: [SourceToken]) -> Isolation {
        var cursor = index
        while let open = enclosingBrace(before: cursor, in: tokens) {
            cursor = open
            let header = headerTokens(before: open, in: tokens)
            if let first = header.first, statementKeywords.contains(first.text) { continue }
            guard let declaration = declaration(in: header) else { return .unknown }
            let attributes = attributes(declaration.modifiers)
            if attributes.contains("nonisolated") { return .nonisolated }
            if attributes.contains("MainActor") { return .mainActor }
            switch declaration.keyword {
            case "actor":
                return .unknown
            case "extension":
                // The type may be isolated where it is declared, which doctor does not look up.
                return declaration.supertypes.contains(where: mainActorTypes.contains) ? .mainActor : .unknown
            case _ where typeKeywords.contains(declaration.keyword):
                return declaration.supertypes.contains(where: mainActorTypes.contains) ? .mainActor : .moduleDefault
            default:
                continue
            }
        }
        return .moduleDefault
    }

    /// The declaration a header makes: its keyword, the modifiers and attributes before it, and for a type the
    /// names after its `:`. Nil for a closure or anything else that is not a declaration.
    private static func declaration(in header: ArraySlice<SourceToken>) -> (keyword: String, modifiers: ArraySlice<SourceToken>, supertypes: [String])? {
        guard let at = header.lastIndex(where: { $0.kind == .identifier && (typeKeywords.contains($0.text) || memberKeywords.contains($0.text)) })
        else { return nil }
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

    /// The `{` that opens the scope holding token `index`.
    static func enclosingBrace(before index: Int, in tokens: [SourceToken]) -> Int? {
        var depth = 0
        var cursor = index - 1
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.kind == .punctuation {
                if token.text == "}" { depth += 1 }
                if token.text == "{" {
                    if depth == 0 { return cursor }
                    depth -= 1
                }
            }
            cursor -= 1
        }
        return nil
    }

    /// The tokens of the declaration or statement a `{` belongs to, back to the previous `;`, `{` or `}`.
    static func headerTokens(before open: Int, in tokens: [SourceToken]) -> ArraySlice<SourceToken> {
        var start = open
        var depth = 0
        while start > 0 {
            let token = tokens[start - 1]
            if token.kind == .punctuation {
                if token.text == ")" || token.text == "]" { depth += 1 }
                if token.text == "(" || token.text == "[" { depth -= 1 }
                if depth == 0 && (token.text == "{" || token.text == "}" || token.text == ";") { break }
            }
            start -= 1
        }
        return tokens[start..<open]
    }

    /// `@MainActor`, `nonisolated` and the like in a header, without their arguments.
    static func attributes(_ header: ArraySlice<SourceToken>) -> Set<String> {
        var result = Set<String>()
        for index in header.indices where header[index].text == "@" && index + 1 < header.endIndex {
            result.insert(header[index + 1].text)
        }
        if header.contains(where: { $0.text == "nonisolated" }) { result.insert("nonisolated") }
        return result
    }

    /// The index of the bracket that closes the `(`, `[` or `{` at `open`.
    static func closing(_ open: Int, in tokens: [SourceToken]) -> Int? {
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .punctuation {
            depth += tokens[index].nesting
            if depth == 0 { return index }
        }
        return nil
    }

    /// Whether the closure opening at `open` says `@Sendable` or `nonisolated` before its `in`.
    static func closureIsNonisolated(at open: Int, in tokens: [SourceToken]) -> Bool {
        var index = open + 1
        while index < tokens.count, tokens[index].text != "in", tokens[index].text != "{", tokens[index].text != "}" {
            if tokens[index].text == "Sendable" || tokens[index].text == "nonisolated" { return true }
            index += 1
        }
        return false
    }
}
