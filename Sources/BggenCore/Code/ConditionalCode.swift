import BggenFormats

/// Whether code runs each time its function does: not when an `if`, `guard`, `switch` or loop of the function holds
/// it, nor when the function may `return` (or `guard … else`) before it, which is how a function made to run once
/// (a cached session, a first-launch check) reads. The function is the innermost Swift `func`/`init`, Objective-C
/// method or C `int main(…)` around the code; each function's first exit is found once per file. An availability check
/// (`if #available`, `if (@available(…))`) is no condition.
struct ConditionalCode {
    private let tokens: [SourceToken]
    private let language: SourceLexer.Language
    /// The first `return` or `guard` of each function body, by its `{` (nil: none).
    private var firstExits: [Int: Int?] = [:]

    private static let conditionalScopes: Set<String> = ["if", "guard", "else", "switch", "for", "while", "repeat", "catch", "case", "default"]

    init(tokens: [SourceToken], language: SourceLexer.Language) {
        self.tokens = tokens
        self.language = language
    }

    /// Whether the code at token `index` may be skipped on a run of its function; true outside any function.
    mutating func isConditional(at index: Int) -> Bool {
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens) {
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            if isFunction(header) { return firstExit(in: open).map { $0 < index } ?? false }
            if let first = header.firstIndex(where: { $0.kind == .identifier }), Self.conditionalScopes.contains(header[first].text),
               !isAvailabilityCheck(after: first) { return true }
            cursor = open
        }
        return true
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

    private mutating func firstExit(in open: Int) -> Int? {
        if let known = firstExits[open] { return known }
        let close = SwiftScopes.closing(open, in: tokens) ?? open
        let exit = ((open + 1)..<max(open + 1, close)).first { index in
            tokens[index].kind == .identifier && (tokens[index].text == "return" || tokens[index].text == "guard" && !isAvailabilityCheck(after: index))
        }
        firstExits[open] = .some(exit)
        return exit
    }
}
