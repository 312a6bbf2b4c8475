import BggenFormats

/// A background session configuration made inside a Swift function that then starts a transfer in the same body
/// (`upload(_:to:)` making `URLSessionConfiguration.background(withIdentifier:)`, a `URLSession` and an
/// `uploadTask`): each transfer makes the session again. A function that only makes it (`makeSession()`, read
/// into a `lazy var` or a `static let`), one that returns early first (a cached session), or a configuration
/// inside an `if` or `guard` of the function (made when none exists yet) is not one.
struct RecreatedSession: Sendable, Equatable {
    /// The `background` of `.background(withIdentifier:)`.
    var location: FindingLocation
    /// The function's name, as a finding names it.
    var function: String
    /// Where the function starts a transfer after making the configuration.
    var transfer: FindingLocation

    private static let transferCalls: Set<String> = ["uploadTask", "downloadTask", "dataTask", "streamTask", "webSocketTask"]

    static func all(in tokens: [SourceToken], file: String) -> [RecreatedSession] {
        var scopes = FunctionScopes(tokens: tokens)
        var conditions = ConditionalCode(tokens: tokens, language: .swift, runsTopLevelCode: LaunchPaths.runsTopLevelCode(file, language: .swift))
        // The transfer calls of each function body (by its `{`), each body read once.
        var transfers: [Int: [Int]] = [:]
        var found: [RecreatedSession] = []
        for index in tokens.indices where tokens[index].text == "background" && tokens[index].kind == .identifier
            && index > 0 && tokens[index - 1].text == "." && TokenPattern.matches(tokens, at: index + 1, ["(", "withIdentifier", ":"]) {
            guard let (open, scope) = scopes.function(around: index), scope.name != "init", !conditions.isConditional(at: index) else { continue }
            let calls = transfers[open] ?? transferCalls(in: open, of: tokens)
            transfers[open] = calls
            guard let transfer = calls.first(where: { $0 > index }) else { continue }
            found.append(RecreatedSession(location: location(index, tokens, file), function: scope.name, transfer: location(transfer, tokens, file)))
        }
        return found
    }

    private static func transferCalls(in open: Int, of tokens: [SourceToken]) -> [Int] {
        guard let close = SwiftScopes.closing(open, in: tokens) else { return [] }
        return ((open + 1)..<close).filter { tokens[$0].kind == .identifier && transferCalls.contains(tokens[$0].text) && tokens[$0 - 1].text == "." }
    }

    private static func location(_ index: Int, _ tokens: [SourceToken], _ file: String) -> FindingLocation {
        FindingLocation(file: file, line: tokens[index].line, column: tokens[index].column)
    }
}
