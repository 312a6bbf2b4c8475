import BggenFormats

/// A `return` from a launch handler on a path where nothing can complete the task: before it, the handler calls
/// no `setTaskCompleted`, sets no `expirationHandler`, has no `defer`, and does nothing with the task but cast it
/// (`guard let task = task as? BGAppRefreshTask else { return }`) or read its identifier. Anything else (the task
/// handed to a function, stored, captured) may complete it, so the handler is not read further: a guess would be
/// a wrong finding.
struct HandlerReturn: Sendable, Equatable {
    var location: FindingLocation
    /// In the `else` of `guard let task = task as? BGAppRefreshTask`: the path runs only when the system hands the
    /// handler a task of another class, which a correct Info.plist and matching requests never do.
    var afterFailedCast: Bool
    /// The task class that cast is to (`BGAppRefreshTask`: `.refresh`), when it is one: the system hands a launch
    /// handler the class of the request submitted, so where every request for the handler's identifiers is of this
    /// class the `else` cannot run.
    var castKind: TaskKind? = nil
    /// The `register` calls whose handler holds the return, to look their identifiers up.
    var registrations: [FindingLocation] = []

    /// Members of the task that only read it.
    private static let readingMembers: Set<String> = ["identifier"]

    static func first(in handler: LaunchHandlerBody, tokens: [SourceToken], file: String) -> HandlerReturn? {
        var names: Set<String> = [handler.task]
        for index in handler.body where tokens[index].kind == .identifier {
            let token = tokens[index]
            switch token.text {
            case "setTaskCompleted", "expirationHandler", "defer":
                return nil
            case "return":
                // A return from a nested closure or function is not the handler's; `return finish(task)` hands it on.
                guard returnsFromHandler(index, body: handler.body, tokens: tokens) else { return nil }
                let next = index + 1 < handler.body.upperBound ? tokens[index + 1] : nil
                if let next, next.line == token.line, next.text != "}", next.text != ";" { return nil }
                let header = SwiftScopes.enclosingBrace(before: index, in: tokens).map { SwiftScopes.statementHeader(before: $0, in: tokens) } ?? []
                let cast = header.first?.text == "guard" ? header.indices.first { at in
                    header[at].text == "as" && at + 1 < header.endIndex && header[at + 1].text == "?" && at > header.startIndex && names.contains(header[at - 1].text)
                } : nil
                let castType = cast.flatMap { $0 + 2 < header.endIndex ? header[$0 + 2].text : nil }
                return HandlerReturn(location: FindingLocation(file: file, line: token.line, column: token.column), afterFailedCast: cast != nil,
                                     castKind: castType.flatMap { TaskForceCast.types[$0] }, registrations: handler.registrations)
            case _ where names.contains(token.text):
                let previous = tokens[index - 1].text
                if previous == "." { continue }
                if previous == "let" || previous == "var" { continue }
                if TokenPattern.matches(tokens, at: index + 1, ["as"]) || TokenPattern.matches(tokens, at: index + 1, ["is"]) {
                    // `let alias = task as? BGAppRefreshTask`: the alias is the task too.
                    if previous == "=", index >= 3, (tokens[index - 3].keyword == .let || tokens[index - 3].keyword == .var) { names.insert(tokens[index - 2].text) }
                    continue
                }
                if TokenPattern.matches(tokens, at: index + 1, ["."]), index + 2 < tokens.count, readingMembers.contains(tokens[index + 2].text) {
                    continue
                }
                return nil
            default:
                continue
            }
        }
        return nil
    }

    /// Whether every brace between the handler's body and token `index` opens a statement (`if`, `guard … else`,
    /// `for`, `do`, …), so a `return` there leaves the handler.
    private static func returnsFromHandler(_ index: Int, body: Range<Int>, tokens: [SourceToken]) -> Bool {
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens), open >= body.lowerBound {
            guard let first = SwiftScopes.statementHeader(before: open, in: tokens).first,
                  SwiftScopes.statementKeywords.contains(first.text) else { return false }
            cursor = open
        }
        return true
    }
}
