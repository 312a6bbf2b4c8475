import BggenFormats

/// A function whose first parameter is a background task (`func handle(_ task: BGAppRefreshTask)`), and what it
/// does with the task: a launch handler of another file that hands its task here is judged by this, so a helper
/// that sets the expiration handler is no "never sets one", and one that starts work without it is.
struct TaskHelper: Sendable, Equatable {
    var name: String
    var location: FindingLocation
    /// It, or a function of its file it hands the task to, sets the task's `expirationHandler`.
    var setsExpiration: Bool
    /// It starts work that outlives it (a closure, `await`, a `Task`).
    var outlives: Bool
    /// It hands the task on to functions its file does not hold, or binds it where it cannot be followed: what
    /// happens to the expiration handler is unknown.
    var isOpen: Bool

    static func all(in tokens: [SourceToken], file: String) -> [TaskHelper] {
        var declared: Set<String> = []
        var candidates: [Int] = []
        let scopes = FunctionScopes(tokens: tokens)
        for index in tokens.indices where index > 0 && tokens[index - 1].keyword == .func && tokens[index].kind == .identifier {
            declared.insert(tokens[index].text)
            // The type of the first parameter, as the header reader `StoredCompletion` uses too reads it.
            guard let scope = scopes.signature(declaredAt: index - 1), let first = scope.parameters.first,
                  let type = scope.signature[first].flatMap({ tokens[$0.type].first?.text }) else { continue }
            if type.hasPrefix("BG"), type.hasSuffix("Task") { candidates.append(index) }
        }
        guard !candidates.isEmpty else { return [] }
        var reach = HandlerClosure.FunctionReach(tokens: tokens, declared: declared)
        return candidates.compactMap { index in
            let name = tokens[index].text
            guard let function = HandlerClosure.function(named: name, in: tokens) else { return nil }
            let location = FindingLocation(file: file, line: tokens[index].line, column: tokens[index].column)
            guard let reached = reach.outlives(function.parameter, in: function.body, depth: 0) else {
                return TaskHelper(name: name, location: location, setsExpiration: false, outlives: true, isOpen: true)
            }
            return TaskHelper(name: name, location: location, setsExpiration: !reached.expirationSites.isEmpty, outlives: reached.outlives,
                              isOpen: !reached.handedTo.isEmpty)
        }
    }
}
