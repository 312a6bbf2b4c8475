import BggenFormats

/// A silent-push handler a file declares (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` or
/// its `async` form), and whether it does anything when iOS wakes the app in the background for a push. Only the
/// two shapes that are sure to do nothing there count as not working in the background; anything else may work
/// (a call into the app's own code may write a file or a badge), so it is taken to.
struct SilentPushHandler: Sendable, Equatable {
    enum Reach: Sendable, Equatable {
        /// The handler may work whatever the app's state.
        case background
        /// Its work runs only while `applicationState` is `.active`: it returns unless it is, or works only inside
        /// `if …applicationState == .active`.
        case foregroundOnly
        /// Its body does nothing but call its completion handler (or return its result).
        case nothing
    }

    var location: FindingLocation
    var reach: Reach

    /// The reach of the handler declared by `declaration`, whose body opens at `open` (a declaration without a body
    /// may be implemented anywhere: `.background`).
    static func reach(declaration: ArraySlice<SourceToken>, open: Int, in tokens: [SourceToken], language: SourceLexer.Language) -> Reach {
        guard open < tokens.count, tokens[open].text == "{", tokens[open].partner > open else { return .background }
        var body = HandlerBody(tokens: tokens, language: language, end: Int(tokens[open].partner),
                               completion: completionName(in: declaration, tokens: tokens, language: language),
                               application: applicationName(in: declaration, tokens: tokens, language: language))
        return body.reach(from: open + 1)
    }

    /// The completion handler's parameter name: `fetchCompletionHandler completionHandler:` (Swift, or the label
    /// itself with no inner name), `fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))handler` (Objective-C).
    private static func completionName(in declaration: ArraySlice<SourceToken>, tokens: [SourceToken], language: SourceLexer.Language) -> String? {
        guard let label = declaration.firstIndex(where: { $0.text == "fetchCompletionHandler" }), label + 1 < declaration.endIndex else { return nil }
        if language == .swift {
            let next = tokens[label + 1]
            if next.text == ":" { return "fetchCompletionHandler" }
            return next.kind == .identifier && next.text != "_" ? next.text : nil
        }
        guard TokenPattern.matches(tokens, at: label + 1, [":", "("]), tokens[label + 2].partner > label + 2 else { return nil }
        let name = Int(tokens[label + 2].partner) + 1
        return name < declaration.endIndex && tokens[name].kind == .identifier ? tokens[name].text : nil
    }

    /// The `UIApplication` parameter's name: `_ application: UIApplication`, `application:(UIApplication *)app`.
    private static func applicationName(in declaration: ArraySlice<SourceToken>, tokens: [SourceToken], language: SourceLexer.Language) -> String? {
        guard let type = declaration.firstIndex(where: { $0.text == "UIApplication" }), type - 2 >= declaration.startIndex else { return nil }
        if language == .swift {
            return tokens[type - 1].text == ":" && tokens[type - 2].kind == .identifier ? tokens[type - 2].text : nil
        }
        guard tokens[type - 1].text == "(", tokens[type - 1].partner > type else { return nil }
        let name = Int(tokens[type - 1].partner) + 1
        return name < declaration.endIndex && tokens[name].kind == .identifier ? tokens[name].text : nil
    }
}

/// The statements of one handler's body, read from the top: each one either only finishes (calls the completion
/// handler with a value, returns), or is a foreground guard; the first of any other kind means the handler works in
/// the background. Each token is passed once.
private struct HandlerBody {
    let tokens: [SourceToken]
    let language: SourceLexer.Language
    /// The body's closing `}`.
    let end: Int
    let completion: String?
    let application: String?

    mutating func reach(from start: Int) -> SilentPushHandler.Reach {
        var cursor = start
        var guarded = false
        while cursor < end {
            if let next = finishing(at: cursor) {
                cursor = next
            } else if exitsUnlessActive(at: cursor) {
                // Everything after `guard …active else { …return }` runs only while the app is active.
                return .foregroundOnly
            } else if let next = workWhileActive(at: cursor) {
                guarded = true
                cursor = next
            } else {
                return .background
            }
        }
        return guarded ? .foregroundOnly : .nothing
    }

    // MARK: - Statements that only finish

    /// After `completionHandler(.noData)`, `completionHandler(UIBackgroundFetchResultNoData);`, `return`,
    /// `return completionHandler(.noData)`, `return .noData` (the `async` form) or `;`: the index past it, or nil
    /// for any other statement.
    private func finishing(at index: Int) -> Int? {
        let token = tokens[index]
        if token.text == ";" { return index + 1 }
        if token.text == "return" {
            let next = index + 1
            guard next < end, tokens[next].line == token.line else { return next }
            return completionCall(at: next) ?? value(at: next) ?? next
        }
        return completionCall(at: index)
    }

    /// Past `completionHandler(<value>)`.
    private func completionCall(at index: Int) -> Int? {
        let token = tokens[index]
        guard let completion, token.kind == .identifier, token.text == completion, TokenPattern.matches(tokens, at: index + 1, ["("]) else { return nil }
        let close = Int(tokens[index + 1].partner)
        guard close > index + 1, close < end, value(at: index + 2) == close else { return nil }
        return close + 1
    }

    /// Past a result value (`.noData`, `UIBackgroundFetchResult.noData`, `UIBackgroundFetchResultNoData`).
    private func value(at index: Int) -> Int? {
        var cursor = index
        if cursor < end, tokens[cursor].text == "." { cursor += 1 }
        guard cursor < end, tokens[cursor].kind == .identifier else { return nil }
        cursor += 1
        while cursor + 1 < end, tokens[cursor].text == ".", tokens[cursor + 1].kind == .identifier { cursor += 2 }
        return cursor
    }

    /// Whether the statements from `start` to `close` (a block's `}`) only finish; `exiting` also asks that the last
    /// one be a `return`.
    private func onlyFinishes(from start: Int, to close: Int, exiting: Bool) -> Bool {
        var cursor = start
        var returned = false
        while cursor < close {
            returned = tokens[cursor].text == "return" || (returned && tokens[cursor].text == ";")
            guard let next = finishing(at: cursor), next <= close else { return false }
            cursor = next
        }
        return !exiting || returned
    }

    // MARK: - Foreground guards

    /// Whether the statement at `index` is `guard <active> else { …return }` or `if <not active> { …return }`, whose
    /// block only finishes.
    private func exitsUnlessActive(at index: Int) -> Bool {
        let keyword = tokens[index].text
        if keyword == "guard", language == .swift {
            guard let (condition, stop) = header(after: index, stoppingAt: "else"), isStateCheck(condition) == true,
                  TokenPattern.matches(tokens, at: stop + 1, ["{"]) else { return false }
            return block(at: stop + 1, exiting: true) != nil
        }
        guard keyword == "if", let (condition, open) = header(after: index, stoppingAt: "{"), isStateCheck(condition) == false else { return false }
        return block(at: open, exiting: true) != nil
    }

    /// `if <active> { … }`, with no `else` or an `else` that only finishes: the index past it.
    private func workWhileActive(at index: Int) -> Int? {
        guard tokens[index].text == "if", let (condition, open) = header(after: index, stoppingAt: "{"), isStateCheck(condition) == true,
              tokens[open].partner > open else { return nil }
        let past = Int(tokens[open].partner) + 1
        guard past < end, tokens[past].text == "else" else { return past }
        guard TokenPattern.matches(tokens, at: past + 1, ["{"]) else { return nil }
        return block(at: past + 1, exiting: false)
    }

    /// Past the block opening at `open` when its statements only finish.
    private func block(at open: Int, exiting: Bool) -> Int? {
        let close = Int(tokens[open].partner)
        guard close > open, close < end, onlyFinishes(from: open + 1, to: close, exiting: exiting) else { return nil }
        return close + 1
    }

    /// The condition of the statement whose keyword is at `index`, and the index of the token that ends it (`else`
    /// or the block's `{`). An Objective-C condition is the parenthesised one, followed by `{`.
    private func header(after index: Int, stoppingAt stop: String) -> (condition: ArraySlice<SourceToken>, stop: Int)? {
        if language == .objectiveC {
            guard TokenPattern.matches(tokens, at: index + 1, ["("]) else { return nil }
            let close = Int(tokens[index + 1].partner)
            guard close > index + 1, close + 1 < end, tokens[close + 1].text == "{" else { return nil }
            return (tokens[(index + 2)..<close], close + 1)
        }
        var cursor = index + 1
        // A state check is a few tokens; a longer condition is something else.
        while cursor < end, cursor - index <= 16, tokens[cursor].text != stop, tokens[cursor].text != "{" { cursor += 1 }
        guard cursor < end, tokens[cursor].text == stop else { return nil }
        var condition = tokens[(index + 1)..<cursor]
        if condition.first?.text == "(", Int(condition.first!.partner) == cursor - 1 { condition = condition.dropFirst().dropLast() }
        return (condition, cursor)
    }

    /// True for `<state> == <active>`, false for `<state> != <active>`, nil for any other condition. The state is the
    /// handler's application parameter's or the shared application's `applicationState`, read as a property or (in
    /// Objective-C) a message; either side may come first.
    private func isStateCheck(_ condition: ArraySlice<SourceToken>) -> Bool? {
        // `==` and `!=` are lexed a character at a time: `=` `=`, `!` `=`.
        guard let equals = condition.indices.first(where: { condition[$0].text == "=" }), equals > condition.startIndex,
              equals + 1 < condition.endIndex else { return nil }
        let negated = condition[equals - 1].text == "!"
        guard negated || condition[equals + 1].text == "=" else { return nil }
        let left = condition[condition.startIndex..<(negated ? equals - 1 : equals)].map(\.text).joined(separator: " ")
        let right = condition[(negated ? equals + 1 : equals + 2)...].map(\.text).joined(separator: " ")
        let states = stateExpressions, active = activeValues
        guard (states.contains(left) && active.contains(right)) || (active.contains(left) && states.contains(right)) else { return nil }
        return !negated
    }

    private var stateExpressions: Set<String> {
        var receivers = language == .swift ? ["UIApplication . shared"] : ["[ UIApplication sharedApplication ]", "UIApplication . sharedApplication"]
        if let application { receivers.append(application) }
        var states = Set(receivers.map { "\($0) . applicationState" })
        if language == .objectiveC { states.formUnion(receivers.map { "[ \($0) applicationState ]" }) }
        return states
    }

    private var activeValues: Set<String> {
        language == .swift ? [". active", "UIApplication . State . active"] : ["UIApplicationStateActive"]
    }
}
