import BggenFormats

/// A completion handler iOS hands the app delegate for background work (session events, a background fetch, a
/// silent push) that the app keeps in a property, to call from a delegate callback once the work is done: the
/// value doctor follows into the property, so that a handler called twice or never is found where it is kept.
struct StoredCompletion: Sendable, Equatable {
    enum Callback: String, Sendable {
        case sessionEvents = "handleEventsForBackgroundURLSession"
        case fetch = "performFetchWithCompletionHandler"
        case silentPush = "didReceiveRemoteNotification"

        /// The argument label of the handler in the callback's Swift declaration.
        var handlerLabel: String {
            switch self {
            case .sessionEvents: "completionHandler"
            case .fetch: "performFetchWithCompletionHandler"
            case .silentPush: "fetchCompletionHandler"
            }
        }

        /// As a finding names it.
        var handlerName: String {
            switch self {
            case .sessionEvents: "the session events' completion handler"
            case .fetch: "the background fetch's completion handler"
            case .silentPush: "the silent push's completion handler"
            }
        }
    }

    var callback: Callback
    /// The property's name (the last name of `Downloads.shared.backgroundCompletionHandler`).
    var property: String
    /// The assignment's property name, where the finding points.
    var location: FindingLocation
    /// The callback's body reads the property before it overwrites it (calls it, compares it with nil, binds it),
    /// so a handler still waiting there is taken care of.
    var readsFirst: Bool
    /// The line of the callback's declaration, as `ClosurePropertyUse.functionLine` gives it.
    var functionLine: Int

    /// Every `property = handler` in the callbacks of a Swift file that take the handler.
    static func all(in tokens: [SourceToken], file: String) -> [StoredCompletion] {
        var scopes = FunctionScopes(tokens: tokens)
        var result: [StoredCompletion] = []
        for index in tokens.indices where tokens[index].keyword == .func && tokens[index].kind == .identifier && index + 1 < tokens.count {
            guard let callback = Self.callback(named: tokens, after: index), let (open, scope) = scopes.function(declaredAt: index),
                  let handler = scope.signature.first(where: { $0.value.label == callback.handlerLabel })?.key,
                  let close = SwiftScopes.closing(open, in: tokens) else { continue }
            for at in (open + 1)..<close where tokens[at].kind == .identifier && TokenPattern.matches(tokens, at: at + 1, ["=", handler])
                && (at + 3 >= close || tokens[at + 3].line > tokens[at + 2].line || tokens[at + 3].text == "}" || tokens[at + 3].text == ";") {
                let property = tokens[at].text
                let readsFirst = ((open + 1)..<at).contains { tokens[$0].text == property && tokens[$0].kind == .identifier }
                result.append(StoredCompletion(callback: callback, property: property,
                                               location: FindingLocation(file: file, line: tokens[at].line, column: tokens[at].column),
                                               readsFirst: readsFirst, functionLine: SwiftScopes.headerTokens(before: open, in: tokens).last?.line ?? 0))
            }
        }
        return result
    }

    /// The callbacks of a Swift file whose body never names the completion handler iOS passes: not called, kept or
    /// passed on, so it is never called. One returning a value (a Flutter plugin's `-> Bool`, which says it did not
    /// handle the fetch) is not the app delegate's, and is left out.
    static func neverUsed(in tokens: [SourceToken], file: String) -> [UnusedCompletion] {
        var scopes = FunctionScopes(tokens: tokens)
        var result: [UnusedCompletion] = []
        for index in tokens.indices where tokens[index].keyword == .func && tokens[index].kind == .identifier && index + 1 < tokens.count {
            guard let callback = Self.callback(named: tokens, after: index), let (open, scope) = scopes.function(declaredAt: index),
                  let handler = scope.signature.first(where: { $0.value.label == callback.handlerLabel })?.key,
                  let parameters = SwiftScopes.closing(index + 2, in: tokens), parameters < open, !returnsValue(tokens[(parameters + 1)..<open]),
                  let close = SwiftScopes.closing(open, in: tokens),
                  !tokens[(open + 1)..<close].contains(where: { $0.kind == .identifier && $0.text == handler }) else { continue }
            let at = index + 1
            result.append(UnusedCompletion(callback: callback, handler: handler,
                                           location: FindingLocation(file: file, line: tokens[at].line, column: tokens[at].column)))
        }
        return result
    }

    /// Whether the tokens between a function's parameters and its body hold a return arrow (`-> Bool`).
    private static func returnsValue(_ tokens: ArraySlice<SourceToken>) -> Bool {
        tokens.indices.contains { tokens[$0].text == "->" || (tokens[$0].text == "-" && $0 + 1 < tokens.endIndex && tokens[$0 + 1].text == ">") }
    }

    /// The callback a `func application(…)` declares, by its labels.
    private static func callback(named tokens: [SourceToken], after function: Int) -> Callback? {
        guard tokens[function + 1].text == "application", function + 2 < tokens.count, tokens[function + 2].text == "(",
              let close = SwiftScopes.closing(function + 2, in: tokens) else { return nil }
        let labels = Set(tokens[(function + 3)..<close].filter { $0.kind == .identifier }.map(\.text))
        if labels.contains("handleEventsForBackgroundURLSession") { return .sessionEvents }
        if labels.contains("performFetchWithCompletionHandler") { return .fetch }
        if labels.contains("didReceiveRemoteNotification"), labels.contains("fetchCompletionHandler") { return .silentPush }
        return nil
    }
}

/// A system completion handler its callback never names (see `StoredCompletion.neverUsed`).
struct UnusedCompletion: Sendable, Equatable {
    var callback: StoredCompletion.Callback
    /// The parameter's name in the callback.
    var handler: String
    /// The callback's name (`application` after `func`), where the finding points.
    var location: FindingLocation
}

/// What a Swift file does with closures kept in properties, by property name: where one is called (`handler?()`,
/// `handler!()`, `if let handler { handler() }`, `let done = handler` then `done()`) and whether the same function
/// sets it to nil, the hand-over that makes a second call find nothing. Read for every file, so the delegate
/// callbacks of another file that call a handler the app delegate stored are found too.
struct ClosurePropertyUse: Sendable, Equatable {
    var property: String
    var location: FindingLocation
    /// The line of the function it is in: calls in one function are one call site.
    var functionLine: Int
    /// The function is a URL session delegate callback iOS calls once per task (`didCompleteWithError`,
    /// `didFinishDownloadingTo`), so a call there without a hand-over runs once for every task.
    var runsPerTask: Bool
    /// The function also sets the property to nil.
    var clears: Bool

    /// The delegate callbacks iOS calls for each task of a session, by a label of theirs.
    private static let perTaskLabels: Set<String> = ["didCompleteWithError", "didFinishDownloadingTo", "didWriteData", "didSendBodyData"]

    static func all(in tokens: [SourceToken], file: String) -> [ClosurePropertyUse] {
        // The names a `let` or `var` binds: the locals below are among them, and only their calls are gathered, where
        // gathering every call of the file by name hashed most of its names.
        var bound = Set<String>()
        for index in tokens.indices where tokens[index].kind == .identifier && index > 0 && (tokens[index - 1].keyword == .let || tokens[index - 1].keyword == .var) {
            bound.insert(tokens[index].text)
        }
        let boundBits = NameBits(bound)
        // Every `name(` and `name?(` of those names, for the locals a property is bound to, looked up by position.
        var calls: [String: [Int]] = [:]
        var found: [(property: String, at: Int)] = []
        var cleared: [String: [Int]] = [:]
        // `(`, `?`, `!` and `=` are punctuation: a name followed by anything else is passed at once.
        for index in tokens.indices where tokens[index].kind == .identifier && index + 2 < tokens.count && tokens[index + 1].kind == .punctuation {
            let next = tokens[index + 1]
            if next.is("(") || ((next.is("?") || next.is("!")) && tokens[index + 2].hasText("(")) {
                let name = tokens[index].text
                if boundBits.mayHold(name) && bound.contains(name) { calls[name, default: []].append(index) }
                if !next.is("(") { found.append((name, index)) }
            } else if next.is("="), tokens[index + 2].text == "nil", index == 0 || !tokens[index - 1].hasText("=") {
                cleared[tokens[index].text, default: []].append(index)
            }
        }
        // `let done = self.handler`, `if let done = handler`, `guard let handler else`, then `done()` in the function.
        for index in tokens.indices where tokens[index].kind == .identifier && index > 0 && (tokens[index - 1].keyword == .let || tokens[index - 1].keyword == .var) {
            var source = index
            if TokenPattern.matches(tokens, at: index + 1, ["="]), index + 2 < tokens.count {
                source = index + 2
                if TokenPattern.matches(tokens, at: source, ["self", "."]) { source += 2 }
                guard source < tokens.count, tokens[source].kind == .identifier,
                      source + 1 >= tokens.count || [",", "{", "else", ";"].contains(tokens[source + 1].text) || tokens[source + 1].line > tokens[source].line
                else { continue }
            } else if !(index + 1 < tokens.count && ["{", ",", "else"].contains(tokens[index + 1].text)) {
                continue
            }
            let scopeEnd = Self.functionBody(around: index, in: tokens)?.upperBound ?? tokens.count
            if let call = Self.first(after: index, in: calls[tokens[index].text] ?? []), call < scopeEnd {
                found.append((tokens[source].text, call))
            }
        }
        guard !found.isEmpty else { return [] }
        var result: [ClosurePropertyUse] = []
        for (property, at) in found {
            let body = Self.functionBody(around: at, in: tokens)
            let clears = body.map { body in Self.first(after: body.lowerBound - 1, in: cleared[property] ?? []).map(body.contains) ?? false } ?? false
            let header = body.map { SwiftScopes.headerTokens(before: $0.lowerBound - 1, in: tokens) }
            let perTask = header?.contains { $0.kind == .identifier && perTaskLabels.contains($0.text) } ?? false
            result.append(ClosurePropertyUse(property: property, location: FindingLocation(file: file, line: tokens[at].line, column: tokens[at].column),
                                             functionLine: header?.last?.line ?? 0, runsPerTask: perTask, clears: clears))
        }
        return result
    }

    /// The first of `positions` (ascending) after `index`, found by halving, so a file of many bindings and calls of
    /// one name stays linear.
    private static func first(after index: Int, in positions: [Int]) -> Int? {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] > index { high = middle } else { low = middle + 1 }
        }
        return low < positions.count ? positions[low] : nil
    }

    /// The body of the function (`func`, not a closure) around token `index`.
    private static func functionBody(around index: Int, in tokens: [SourceToken]) -> Range<Int>? {
        guard let open = SwiftScopes.enclosingScope(of: index, in: tokens, where: { $0.kind == .identifier && ($0.keyword == .func || $0.keyword == .initializer) }),
              let close = SwiftScopes.closing(open, in: tokens) else { return nil }
        return (open + 1)..<close
    }
}
