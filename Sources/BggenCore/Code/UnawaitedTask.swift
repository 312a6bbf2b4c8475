import BggenFormats

/// A `Task {}` or `Task.detached {}` that a background task's work starts as a statement of its own and never
/// awaits: in `run()` of a type adopting bggen's work protocols, in `perform(_:)` of a `SilentPushWork`, or in a
/// launch handler. The work returns (and the task or push is reported finished) while the `Task` still runs, and
/// iOS may suspend the app in the middle of it. Every rehearsal passes such work, since it returns at once.
///
/// Not one: a `Task` whose `value` or `result` is read (awaited), one whose handle goes anywhere but `cancel()`
/// (stored or handed on, so someone else may await it), one whose body calls `setTaskCompleted` or, in a launch
/// handler, mentions the task (handing it on to what completes it), and one inside a nested closure or function.
struct UnawaitedTask: Sendable, Equatable {
    enum Work: Sendable, Equatable {
        case run, perform, launchHandler
    }

    var location: FindingLocation
    var work: Work

    /// The protocols whose `run()` is a background task's work, by the end of their name (a type prefix such as
    /// `AcmeBackgroundWork` is kept).
    static let runProtocols = ["BackgroundWork", "CheckpointedWork", "ContinuedProcessingJob"]
    /// The protocol whose `perform(_:)` is a silent push's work.
    static let performProtocols = ["SilentPushWork"]

    static func all(in tokens: [SourceToken], file: String, handlers: [LaunchHandlerBody]) -> [UnawaitedTask] {
        var found: [Int: Work] = [:]
        for handler in handlers where handler.isHandler {
            for index in unawaited(in: handler.body, taskNames: taskNames(of: handler, in: tokens), tokens: tokens) {
                found[index] = .launchHandler
            }
        }
        for (body, work) in workBodies(in: tokens) {
            for index in unawaited(in: body, taskNames: [], tokens: tokens) where found[index] == nil {
                found[index] = work
            }
        }
        return found.keys.sorted().map { index in
            UnawaitedTask(location: FindingLocation(file: file, line: tokens[index].line, column: tokens[index].column), work: found[index]!)
        }
    }

    /// The bodies of `run()` and `perform(_ …)` in the file's types (and extensions of them) that the file declares
    /// adopting one of the work protocols; a protocol's requirements have no body.
    private static func workBodies(in tokens: [SourceToken]) -> [(Range<Int>, Work)] {
        // Read at the first `run()` or `perform(_:)`: most files declare neither.
        lazy var supertypes = LaunchPaths.supertypes(in: tokens)
        var result: [(Range<Int>, Work)] = []
        for index in tokens.indices where index > 0 && tokens[index - 1].keyword == .func && tokens[index].kind == .identifier {
            let work: Work
            let protocols: [String]
            if tokens[index].text == "run", TokenPattern.matches(tokens, at: index + 1, ["(", ")"]) {
                (work, protocols) = (.run, runProtocols)
            } else if tokens[index].text == "perform", TokenPattern.matches(tokens, at: index + 1, ["(", "_"]) {
                (work, protocols) = (.perform, performProtocols)
            } else {
                continue
            }
            guard let typeOpen = SwiftScopes.enclosingBrace(before: index, in: tokens),
                  !SwiftScopes.headerTokens(before: typeOpen, in: tokens).contains(where: { $0.text == "protocol" && $0.kind == .identifier }),
                  let type = LaunchPaths.typeName(of: typeOpen, in: tokens),
                  supertypes[type]?.contains(where: { name in protocols.contains { name.hasSuffix($0) } }) == true,
                  let parameters = SwiftScopes.closing(index + 1, in: tokens),
                  let open = tokens[parameters...].firstIndex(where: { $0.is("{") }),
                  let close = SwiftScopes.closing(open, in: tokens) else { continue }
            result.append(((open + 1)..<close, work))
        }
        return result
    }

    /// The handler's task and the names it is cast to (`guard let refresh = task as? BGAppRefreshTask`).
    private static func taskNames(of handler: LaunchHandlerBody, in tokens: [SourceToken]) -> Set<String> {
        var names: Set<String> = [handler.task]
        for index in handler.body where names.contains(tokens[index].text) && tokens[index].kind == .identifier
            && index >= 3 && tokens[index - 1].text == "=" && (tokens[index - 3].keyword == .let || tokens[index - 3].keyword == .var) {
            names.insert(tokens[index - 2].text)
        }
        return names
    }

    /// Tokens that, ending the line before, continue the statement onto the next one.
    private static let continuing: Set<String> = ["=", ".", "(", "[", ",", ":", "await", "try", "return", "throw", "??", "&&", "||", "+", "-", "in"]

    /// The `Task` tokens of the unstructured tasks `body` starts and never awaits.
    private static func unawaited(in body: Range<Int>, taskNames: Set<String>, tokens: [SourceToken]) -> [Int] {
        body.filter { index in
            guard tokens[index].kind == .identifier, tokens[index].text == "Task", isStatementOfBody(index, body: body, tokens: tokens)
            else { return false }
            var binding: String?
            var start = index
            if index - 1 >= body.lowerBound, tokens[index - 1].text == "=" {
                if index - 2 >= body.lowerBound, tokens[index - 2].text == "_" {
                    start = index - 2
                } else if index - 3 >= body.lowerBound, (tokens[index - 3].keyword == .let || tokens[index - 3].keyword == .var), tokens[index - 2].kind == .identifier {
                    binding = tokens[index - 2].text
                    start = index - 3
                } else {
                    return false
                }
            }
            guard startsStatement(start, body: body, tokens: tokens), let closure = closure(after: index, in: tokens),
                  closure.upperBound < body.upperBound else { return false }
            // `Task { … }.value`: read (awaited) where it is made.
            if tokens[closure.upperBound + 1].text == "." { return false }
            let inside = tokens[closure].filter { $0.kind == .identifier }
            if inside.contains(where: { $0.text == "setTaskCompleted" || taskNames.contains($0.text) }) { return false }
            guard let binding else { return true }
            // The handle awaited (`await work.value`), stored or handed on may be awaited elsewhere; `cancel()` is not.
            return !((closure.upperBound + 1)..<body.upperBound).contains { use in
                tokens[use].kind == .identifier && tokens[use].text == binding && tokens[use - 1].text != "."
                    && !TokenPattern.matches(tokens, at: use + 1, [".", "cancel"])
            }
        }
    }

    /// The tokens of the closure `Task`, `Task.detached`, `Task(priority: …)` or `Task.detached(priority: …)` at
    /// `index` starts, braces included; nil for anything else (`Task.sleep`, `Task<Void, Never>`).
    private static func closure(after index: Int, in tokens: [SourceToken]) -> ClosedRange<Int>? {
        var next = index + 1
        if TokenPattern.matches(tokens, at: next, [".", "detached"]) { next += 2 }
        if next < tokens.count, tokens[next].text == "(", tokens[next].kind == .punctuation {
            guard let close = SwiftScopes.closing(next, in: tokens) else { return nil }
            next = close + 1
        }
        guard next < tokens.count, tokens[next].text == "{", tokens[next].kind == .punctuation,
              let close = SwiftScopes.closing(next, in: tokens) else { return nil }
        return next...close
    }

    /// Whether `start` begins a statement: the body's first token, or one after a brace, a `;`, or a line ending in
    /// nothing that continues it.
    private static func startsStatement(_ start: Int, body: Range<Int>, tokens: [SourceToken]) -> Bool {
        guard start > body.lowerBound else { return true }
        let previous = tokens[start - 1]
        if previous.kind == .punctuation, ["{", "}", ";"].contains(previous.text) { return true }
        return previous.line < tokens[start].line && (previous.kind == .string || !continuing.contains(previous.text))
    }

    /// Whether every brace between `body` and token `index` opens a statement (`if`, `guard … else`, `for`, `do`,
    /// `switch`), so the token runs as part of the work itself, not of a nested closure or function.
    private static func isStatementOfBody(_ index: Int, body: Range<Int>, tokens: [SourceToken]) -> Bool {
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens), open >= body.lowerBound {
            guard let first = SwiftScopes.statementHeader(before: open, in: tokens).first,
                  SwiftScopes.statementKeywords.contains(first.text), first.text != "defer" else { return false }
            cursor = open
        }
        return true
    }
}
