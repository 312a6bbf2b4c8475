import BggenFormats

/// A closure BGTaskScheduler calls on its own queue: a launch handler passed to `register`, or a task's
/// `expirationHandler`, with what the tokens tell about its isolation and its body.
struct HandlerClosure: Sendable, Equatable {
    enum Kind: String, Sendable { case launch, expiration }

    var kind: Kind
    var location: FindingLocation
    /// The isolation of the code the closure is written in.
    var context: SwiftScopes.Isolation
    /// `@Sendable` or `nonisolated` on the closure itself, which makes it run anywhere.
    var isNonisolated: Bool
    /// `using: .main`: the system calls the handler on the main queue, so a main-actor closure does not trap.
    var runsOnMain: Bool
    /// For a launch handler: it starts work that outlives it (a closure, `await`, a `Task`), directly or in a
    /// function of the same file it hands the task to, and nothing in the file sets an `expirationHandler`.
    /// A handler that finishes before it returns needs none.
    var lacksExpirationHandler: Bool
    /// A closure written at the registration, not a function passed by name (`taskHandler: refresh(_:)`), whose
    /// isolation is its own declaration's: only a closure is judged for its isolation (BG010).
    var isClosure = true

    /// Launch handlers passed as closures to `register(forTaskWithIdentifier:using:launchHandler:)` or to the file's
    /// wrappers of it (see `LaunchRegistration`), or as the name of one of the file's functions, and closures
    /// assigned to `.expirationHandler`, in Swift.
    static func all(in tokens: [SourceToken], file: String, registrations: [LaunchRegistration]) -> [HandlerClosure] {
        let declared = Set(tokens.indices.filter { $0 > 0 && tokens[$0 - 1].text == "func" }.map { tokens[$0].text })
        var reach = FunctionReach(tokens: tokens, declared: declared)
        let fileSetsExpiration = tokens.contains { $0.kind == .identifier && $0.text == "expirationHandler" }
        let registrations = Dictionary(registrations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [HandlerClosure] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let location = FindingLocation(file: file, line: token.line, column: token.column)
            if let registration = registrations[index], let open = registration.closure(in: tokens) {
                result.append(HandlerClosure(
                    kind: .launch, location: location, context: SwiftScopes.isolation(at: index, in: tokens),
                    isNonisolated: registration.handlerIsSendable || SwiftScopes.closureIsNonisolated(at: open, in: tokens),
                    runsOnMain: registration.runsOnMain,
                    lacksExpirationHandler: !fileSetsExpiration && outlivesItself(open, in: tokens, reach: &reach)))
            } else if let registration = registrations[index], let function = registration.handlerFunction(in: tokens),
                      declared.contains(function), let found = HandlerClosure.function(named: function, in: tokens) {
                // A function of the file passed by name: its body is the handler, and the task its first parameter.
                result.append(HandlerClosure(
                    kind: .launch, location: location, context: .unknown, isNonisolated: false, runsOnMain: registration.runsOnMain,
                    lacksExpirationHandler: !fileSetsExpiration && reach.outlives(found.parameter, in: found.body, depth: 0) == true,
                    isClosure: false))
            } else if token.text == "expirationHandler", index > 0, tokens[index - 1].text == ".",
                      TokenPattern.matches(tokens, at: index + 1, ["=", "{"]) {
                result.append(HandlerClosure(
                    kind: .expiration, location: location, context: SwiftScopes.isolation(at: index, in: tokens),
                    isNonisolated: SwiftScopes.closureIsNonisolated(at: index + 2, in: tokens), runsOnMain: false,
                    lacksExpirationHandler: false))
            }
        }
        return result
    }

    /// The tokens of the argument labelled `label` in the call between `open` and `close`.
    static func argument(named label: String, from open: Int, to close: Int, in tokens: [SourceToken]) -> ArraySlice<SourceToken> {
        var depth = 0
        for index in open...close {
            depth += tokens[index].nesting
            if depth == 1, tokens[index].text == label, index + 1 < close, tokens[index + 1].text == ":" {
                let values = TokenPattern.argument(tokens, from: index + 2)
                return tokens[(index + 2)..<(index + 2 + values.count)]
            }
        }
        return []
    }

    /// Whether the handler at `open` starts work that may still run after it returns, with the task kept in this
    /// file: false when the task is handed to code elsewhere (or stored), where an expiration handler may be set.
    private static func outlivesItself(_ open: Int, in tokens: [SourceToken], reach: inout FunctionReach) -> Bool {
        guard let close = SwiftScopes.closing(open, in: tokens),
              let inIndex = tokens[(open + 1)..<close].firstIndex(where: { $0.text == "in" && $0.kind == .identifier }),
              let name = tokens[(open + 1)..<inIndex].last(where: { $0.kind == .identifier && $0.text != "Sendable" })?.text,
              let outlives = reach.outlives(name, in: (inIndex + 1)..<close, depth: 0)
        else { return false }
        return outlives
    }

    /// What the task reaches in this file: a body, and the bodies of the file's functions it is passed to (three
    /// calls deep at most), each function's answer kept, so three layers of 320 calls are read once each.
    struct FunctionReach {
        let tokens: [SourceToken]
        let declared: Set<String>
        private var functions: [String: (body: Range<Int>, parameter: String)?] = [:]
        private var answers: [String: Bool?] = [:]

        init(tokens: [SourceToken], declared: Set<String>) {
            self.tokens = tokens
            self.declared = declared
        }

        /// The name `let x = task as? T` (or `as!`, in `guard let` or `if let`) binds the task at `index` to.
        private static func rebinding(at index: Int, in body: Range<Int>, tokens: [SourceToken]) -> String? {
            guard index - 3 >= body.lowerBound, index + 3 < body.upperBound, tokens[index - 1].text == "=",
                  tokens[index - 2].kind == .identifier, ["let", "var"].contains(tokens[index - 3].text),
                  tokens[index + 1].text == "as", ["?", "!"].contains(tokens[index + 2].text),
                  tokens[index + 3].kind == .identifier else { return nil }
            return tokens[index - 2].text
        }

        /// Whether `body` or a function it hands `name` to starts asynchronous work, following the task through a
        /// cast to another name; nil when the task is handed to code elsewhere, stored, or bound otherwise.
        mutating func outlives(_ name: String, in body: Range<Int>, depth: Int) -> Bool? {
            var result = HandlerClosure.startsAsynchronousWork(body, in: tokens)
            for index in body where tokens[index].text == name && tokens[index].kind == .identifier {
                if index + 1 < body.upperBound, tokens[index + 1].text == "." { continue }
                // `guard let refresh = task as? BGAppRefreshTask`: the same task under another name from here on.
                if let rebound = Self.rebinding(at: index, in: body, tokens: tokens) {
                    guard let answer = outlives(rebound, in: (index + 4)..<body.upperBound, depth: depth) else { return nil }
                    result = result || answer
                    if rebound == name { break }
                    continue
                }
                guard depth < 3, let callee = HandlerClosure.callee(around: index, after: body.lowerBound - 1, in: tokens),
                      declared.contains(callee) else { return nil }
                let answer: Bool?
                if let known = answers[callee] {
                    answer = known
                } else {
                    if functions[callee] == nil { functions[callee] = .some(HandlerClosure.function(named: callee, in: tokens)) }
                    answers[callee] = .some(nil)
                    answer = functions[callee]!.flatMap { outlives($0.parameter, in: $0.body, depth: depth + 1) }
                    answers[callee] = .some(answer)
                }
                guard let answer else { return nil }
                result = result || answer
            }
            return result
        }
    }

    /// The body of the one function named `name` in the file and the internal name of its first parameter; nil
    /// when there are several.
    static func function(named name: String, in tokens: [SourceToken]) -> (body: Range<Int>, parameter: String)? {
        let starts = tokens.indices.filter { $0 > 0 && tokens[$0 - 1].text == "func" && tokens[$0].text == name }
        guard starts.count == 1, TokenPattern.matches(tokens, at: starts[0] + 1, ["("]),
              let parameter = tokens[(starts[0] + 2)...].prefix(while: { $0.text != ":" && $0.text != ")" }).last?.text,
              let open = tokens[starts[0]...].firstIndex(where: { $0.text == "{" && $0.kind == .punctuation }),
              let close = SwiftScopes.closing(open, in: tokens) else { return nil }
        return ((open + 1)..<close, parameter)
    }

    /// `await`, `async`, a `Task`, or any closure (a completion handler, a queue's block) in `range`.
    static func startsAsynchronousWork(_ range: Range<Int>, in tokens: [SourceToken]) -> Bool {
        range.contains { index in
            let token = tokens[index]
            if token.kind == .identifier { return ["await", "async", "asyncAfter", "Task"].contains(token.text) }
            guard token.kind == .punctuation, token.text == "{" else { return false }
            let header = SwiftScopes.statementHeader(before: index, in: tokens)
            return !(header.first.map { SwiftScopes.statementKeywords.contains($0.text) } ?? false)
        }
    }

    /// The function whose argument list holds token `index`.
    static func callee(around index: Int, after start: Int, in tokens: [SourceToken]) -> String? {
        var depth = 0
        var cursor = index - 1
        while cursor > start {
            let token = tokens[cursor]
            if token.text == ")" && token.kind == .punctuation { depth += 1 }
            if token.text == "(" && token.kind == .punctuation {
                if depth == 0 { return tokens[cursor - 1].kind == .identifier ? tokens[cursor - 1].text : nil }
                depth -= 1
            }
            if ["{", "}", ";"].contains(token.text) && token.kind == .punctuation { return nil }
            cursor -= 1
        }
        return nil
    }
}
