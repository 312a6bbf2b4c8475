import BggenFormats

/// Whether code runs each time its function does: not when an `if`, `guard`, `switch` or loop of the function holds
/// it, nor when the function may `return` (or `guard … else`) before it, which is how a function made to run once
/// (a cached session, a first-launch check) reads. The function is the innermost Swift `func`/`init`, Objective-C
/// method or C `int main(…)` around the code, or a `main.swift`'s top-level code, the program's start; each
/// function's first exit is found once per file. An availability check (`if #available`, `if (@available(…))`) is
/// no condition.
struct ConditionalCode {
    private let tokens: [SourceToken]
    private let language: SourceLexer.Language
    /// Whether the file's top-level statements run (`LaunchPaths.runsTopLevelCode`): code outside every function and
    /// type is then judged as a function body's is, where elsewhere it is declarations, never run in turn.
    private let runsTopLevelCode: Bool
    /// The first `return` or `guard` of each function body, by its `{` (nil: none).
    private var firstExits: [Int: Int?] = [:]
    /// The first `guard` (or `return`) of the top-level code, read when code outside every function is first asked.
    private lazy var topLevelExit: Int? = firstTopLevelExit()

    private static let conditionalScopes: Set<String> = ["if", "guard", "else", "switch", "for", "while", "repeat", "catch", "case", "default"]

    init(tokens: [SourceToken], language: SourceLexer.Language, runsTopLevelCode: Bool) {
        self.tokens = tokens
        self.language = language
        self.runsTopLevelCode = runsTopLevelCode
    }

    /// Whether the code at token `index` may be skipped on a run of its function; true outside any function, except
    /// in top-level code that runs (`runsTopLevelCode`), which is the program's start's body.
    mutating func isConditional(at index: Int) -> Bool {
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens) {
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            if isFunction(header) { return firstExit(in: open).map { $0 < index } ?? false }
            if let keyword = conditionalKeyword(in: header), !isAvailabilityCheck(after: keyword) { return true }
            // A type's body in `main.swift` is declarations, as in any other file, not the top-level code around it.
            if runsTopLevelCode, header.contains(where: \.keyword.declaresTypeOrProtocol) { return true }
            cursor = open
        }
        guard runsTopLevelCode else { return true }
        return topLevelExit.map { $0 < index } ?? false
    }

    /// The `if`, `guard`, loop or other condition the header's statement starts with. A Swift header runs back over
    /// the statements before it in its block (`import UIKit` above a `main.swift`'s `if`, `log("boot")` above a
    /// function's), so the keyword is the header's first word or one that starts a line: read as the first word
    /// alone, an `if` after another statement held nothing.
    private func conditionalKeyword(in header: ArraySlice<SourceToken>) -> Int? {
        header.indices.last { at in
            header[at].kind == .identifier && Self.conditionalScopes.contains(header[at].text)
                && (at == header.startIndex || header[at - 1].line < header[at].line)
        }
    }

    /// `if #available(iOS 13, *)` and `guard #available(…) else { return }` hold on every device the code runs on
    /// that has the API: a condition only the compiler needs.
    private func isAvailabilityCheck(after keyword: Int) -> Bool {
        TokenPattern.matches(tokens, at: keyword + 1, ["#", "available"]) || TokenPattern.matches(tokens, at: keyword + 1, ["@", "available"])
            || TokenPattern.matches(tokens, at: keyword + 1, ["(", "@", "available"])
    }

    private func isFunction(_ header: ArraySlice<SourceToken>) -> Bool {
        language == .objectiveC
            ? LaunchPaths.objectiveCMethod(in: header) != nil || LaunchPaths.isCMain(header)
            : header.contains { $0.kind == .identifier && ($0.keyword == .func || $0.keyword == .initializer) }
    }

    /// Whether the token at `index` may leave its function before the code after it.
    private func isExit(_ index: Int) -> Bool {
        tokens[index].kind == .identifier && (tokens[index].text == "return" || tokens[index].text == "guard" && !isAvailabilityCheck(after: index))
    }

    private mutating func firstExit(in open: Int) -> Int? {
        if let known = firstExits[open] { return known }
        let close = SwiftScopes.closing(open, in: tokens) ?? open
        let exit = ((open + 1)..<max(open + 1, close)).first(where: isExit)
        firstExits[open] = .some(exit)
        return exit
    }

    /// The top-level code's first exit: a `guard` of its own, not one in a function, closure or type it declares.
    private func firstTopLevelExit() -> Int? {
        var exit: Int?
        LaunchPaths.topLevelCode(in: tokens) { index in
            if isExit(index) { exit = index }
            return exit == nil
        }
        return exit
    }
}
