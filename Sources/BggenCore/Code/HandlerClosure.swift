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
    /// function of the same file it hands the task to, and never sets the `expirationHandler` of its task (or of the
    /// task cast to another name), while every other one the file sets is another handler's. A handler that
    /// finishes before it returns needs none.
    var lacksExpirationHandler: Bool
    /// For a launch handler that hands the task to functions this file does not hold (a delegate's
    /// `executeExposureDetectionRequest(task:completion:)`, a `Refresher.handle(task)`) and sets no expiration
    /// handler itself: their names. Whether one of them sets it is decided once every file is read
    /// (`CodeModel.settleHandOffs`).
    var handsTaskTo: [String] = []
    /// The handler's own work outlives it.
    var outlives = false
    /// The helper of another file the task is handed to that starts work and sets no expiration handler, as the
    /// finding names it ("`handle` at Sync/Refresher.swift:8").
    var helperWithoutExpiration: String?
    /// A closure written at the registration, not a function passed by name (`taskHandler: refresh(_:)`), whose
    /// isolation (`context`) is its declaration's.
    var isClosure = true

    /// Launch handlers passed as closures to `register(forTaskWithIdentifier:using:launchHandler:)` or to the file's
    /// wrappers of it (see `LaunchRegistration`), or as the name of one of the file's functions, and closures
    /// assigned to `.expirationHandler`, in Swift.
    static func all(in tokens: [SourceToken], file: String, registrations: [LaunchRegistration]) -> [HandlerClosure] {
        let declared = Set(tokens.indices.filter { $0 > 0 && tokens[$0 - 1].keyword == .func }.map { tokens[$0].text })
        var reach = FunctionReach(tokens: tokens, declared: declared)
        let registrations = Dictionary(registrations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reaches: [Int: FunctionReach.Reach?] = [:]
        for (index, registration) in registrations.sorted(by: { $0.key < $1.key }) {
            if let open = registration.closure(in: tokens) {
                reaches[index] = reachOfClosure(open, in: tokens, reach: &reach)
            } else if let function = registration.handlerFunction(in: tokens), declared.contains(function),
                      let found = HandlerClosure.function(named: function, in: tokens) {
                reaches[index] = reach.outlives(found.parameter, in: found.body, depth: 0)
            }
        }
        // An expiration handler set on no launch handler's task (a stored one's) may be any handler's: then a handler
        // setting none of its own is not known to lack one.
        // The length first: comparing every name's text cost a call each.
        let sites = Set(tokens.indices.filter { tokens[$0].kind == .identifier && tokens[$0].text.utf8.count == 17 && tokens[$0].text == "expirationHandler" })
        let everySiteKnown = sites.isSubset(of: reaches.values.reduce(into: Set<Int>()) { $0.formUnion($1?.expirationSites ?? []) })
        func judged(_ index: Int) -> FunctionReach.Reach? {
            guard let reached = reaches[index] ?? nil else { return nil }
            if !reached.expirationSites.isEmpty { return FunctionReach.Reach(outlives: false) }
            return everySiteKnown ? reached : nil
        }
        var result: [HandlerClosure] = []
        // Each scope's isolation, read once for all the handlers inside it.
        var isolations: [Int: SwiftScopes.Isolation] = [:]
        for index in tokens.indices where tokens[index].kind == .identifier {
            // A name that is no registration nor an expiration handler is passed over before it is copied, given a
            // location or looked up again: most of the file's names, each of which cost all three.
            let registration = registrations.isEmpty ? nil : registrations[index]
            guard registration != nil || tokens[index].text.utf8.count == 17 && sites.contains(index) else { continue }
            let token = tokens[index]
            let location = FindingLocation(file: file, line: token.line, column: token.column)
            if let registration, let open = registration.closure(in: tokens) {
                let reached = judged(index)
                result.append(.launch(
                    at: location, context: SwiftScopes.isolation(at: index, in: tokens, known: &isolations),
                    isNonisolated: registration.handlerIsSendable || SwiftScopes.closureIsNonisolated(at: open, in: tokens),
                    runsOnMain: registration.runsOnMain, reached: reached))
            } else if let registration, let function = registration.handlerFunction(in: tokens),
                      declared.contains(function), let found = HandlerClosure.function(named: function, in: tokens) {
                // A function of the file passed by name (`launchHandler: self.handleTask`): its body is the handler,
                // the task its first parameter, and its isolation its declaration's (a method of a `@MainActor` class
                // is isolated to the main actor as a closure written there is).
                let reached = judged(index)
                result.append(.launch(
                    at: location, context: SwiftScopes.isolation(at: found.body.lowerBound, in: tokens, known: &isolations), isNonisolated: registration.handlerIsSendable,
                    runsOnMain: registration.runsOnMain, reached: reached, isClosure: false))
            } else if token.text.utf8.count == 17, token.text == "expirationHandler", index > 0, tokens[index - 1].text == ".",
                      TokenPattern.matches(tokens, at: index + 1, ["=", "{"]) {
                result.append(HandlerClosure(
                    kind: .expiration, location: location, context: SwiftScopes.isolation(at: index, in: tokens, known: &isolations),
                    isNonisolated: SwiftScopes.closureIsNonisolated(at: index + 2, in: tokens), runsOnMain: false,
                    lacksExpirationHandler: false))
            }
        }
        return result
    }

    /// A launch handler whose expiration handler is judged from what its task reaches (nil: unknown, or set in the file).
    private static func launch(at location: FindingLocation, context: SwiftScopes.Isolation, isNonisolated: Bool, runsOnMain: Bool,
                               reached: FunctionReach.Reach?, isClosure: Bool = true) -> HandlerClosure {
        let outlives = reached?.outlives == true
        return HandlerClosure(kind: .launch, location: location, context: context, isNonisolated: isNonisolated, runsOnMain: runsOnMain,
                              lacksExpirationHandler: outlives && reached?.handedTo.isEmpty == true,
                              handsTaskTo: reached?.handedTo.sorted() ?? [], outlives: outlives, isClosure: isClosure)
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

    /// What the task of the handler closure at `open` reaches (see `FunctionReach.outlives`); nil when unknown.
    private static func reachOfClosure(_ open: Int, in tokens: [SourceToken], reach: inout FunctionReach) -> FunctionReach.Reach? {
        guard let close = SwiftScopes.closing(open, in: tokens),
              let inIndex = tokens[(open + 1)..<close].firstIndex(where: { $0.text == "in" && $0.kind == .identifier }),
              let name = tokens[(open + 1)..<inIndex].last(where: { $0.kind == .identifier && $0.text != "Sendable" })?.text
        else { return nil }
        return reach.outlives(name, in: (inIndex + 1)..<close, depth: 0)
    }

    /// What the task reaches in this file: a body, and the bodies of the file's functions it is passed to (three
    /// calls deep at most), each function's answer kept, so three layers of 320 calls are read once each.
    struct FunctionReach {
        /// Whether the work outlives the handler, the functions outside the file the task is handed to, and where
        /// the task's `expirationHandler` is set (the token indices).
        struct Reach {
            var outlives: Bool
            var handedTo: Set<String> = []
            var expirationSites: Set<Int> = []

            mutating func add(_ other: Reach) {
                outlives = outlives || other.outlives
                handedTo.formUnion(other.handedTo)
                expirationSites.formUnion(other.expirationSites)
            }
        }

        let tokens: [SourceToken]
        let declared: Set<String>
        private var functions: [String: (body: Range<Int>, parameter: String, label: String)?] = [:]
        private var answers: [String: Reach?] = [:]

        init(tokens: [SourceToken], declared: Set<String>) {
            self.tokens = tokens
            self.declared = declared
        }

        /// The name `let x = task as? T` (or `as!`, in `guard let` or `if let`) binds the task at `index` to.
        private static func rebinding(at index: Int, in body: Range<Int>, tokens: [SourceToken]) -> String? {
            guard index - 3 >= body.lowerBound, index + 3 < body.upperBound, tokens[index - 1].text == "=",
                  tokens[index - 2].kind == .identifier, (tokens[index - 3].keyword == .let || tokens[index - 3].keyword == .var),
                  tokens[index + 1].text == "as", ["?", "!"].contains(tokens[index + 2].text),
                  tokens[index + 3].kind == .identifier else { return nil }
            return tokens[index - 2].text
        }

        /// Whether `body` or a function it hands `name` to starts asynchronous work, following the task through a
        /// cast to another name, with the functions the file does not hold that the task is handed to (a call
        /// whose first label is not that of the file's one function of the name, `taskDelegate?.execute(task:
        /// task)` beside a private `execute(_:)`, calls another object's); nil when the task is stored, bound
        /// otherwise, or followed too deep.
        mutating func outlives(_ name: String, in body: Range<Int>, depth: Int) -> Reach? {
            var result = Reach(outlives: HandlerClosure.startsAsynchronousWork(body, in: tokens))
            for index in body where tokens[index].text == name && tokens[index].kind == .identifier {
                if index + 1 < body.upperBound, tokens[index + 1].text == "." {
                    if index + 2 < body.upperBound, tokens[index + 2].text == "expirationHandler" { result.expirationSites.insert(index + 2) }
                    continue
                }
                // `execute(task: task)`: the label is no use of the task.
                if index + 1 < body.upperBound, tokens[index + 1].text == ":", ["(", ","].contains(tokens[index - 1].text) { continue }
                // `guard let refresh = task as? BGAppRefreshTask`: the same task under another name from here on.
                if let rebound = Self.rebinding(at: index, in: body, tokens: tokens) {
                    guard let answer = outlives(rebound, in: (index + 4)..<body.upperBound, depth: depth) else { return nil }
                    result.add(answer)
                    if rebound == name { break }
                    continue
                }
                guard depth < 3, let callee = HandlerClosure.callee(around: index, after: body.lowerBound - 1, in: tokens) else { return nil }
                if functions[callee] == nil {
                    functions[callee] = .some(declared.contains(callee) ? HandlerClosure.function(named: callee, in: tokens) : nil)
                }
                let label = Self.label(ofArgumentAt: index, in: tokens)
                guard let function = functions[callee]!, label == nil || function.label == label else {
                    result.handedTo.insert(callee)
                    continue
                }
                let answer: Reach?
                if let known = answers[callee] {
                    answer = known
                } else {
                    answers[callee] = .some(nil)
                    answer = outlives(function.parameter, in: function.body, depth: depth + 1)
                    answers[callee] = .some(answer)
                }
                guard let answer else { return nil }
                result.add(answer)
            }
            return result
        }

        /// The label of the argument the task at `index` starts (`with` of `refresh(with: task as! …)`, `_` for none),
        /// when it is the first; nil when it is not, so any first parameter is taken.
        private static func label(ofArgumentAt index: Int, in tokens: [SourceToken]) -> String? {
            if tokens[index - 1].text == "(" { return "_" }
            guard index > 2, tokens[index - 1].text == ":", tokens[index - 3].text == "(" else { return nil }
            return tokens[index - 2].text
        }
    }

    /// The body of the one function named `name` in the file with a body, the internal name of its first parameter
    /// and that parameter's label (`_` for none); nil when there are several. A protocol's requirement has no body:
    /// it is no function of the file.
    static func function(named name: String, in tokens: [SourceToken]) -> (body: Range<Int>, parameter: String, label: String)? {
        let starts = tokens.indices.filter { $0 > 0 && tokens[$0 - 1].keyword == .func && tokens[$0].text == name && !isRequirement($0, in: tokens) }
        guard starts.count == 1, TokenPattern.matches(tokens, at: starts[0] + 1, ["("]),
              let close = SwiftScopes.closing(starts[0] + 1, in: tokens) else { return nil }
        let words = tokens[(starts[0] + 2)..<close].prefix(while: { $0.text != ":" })
        guard let parameter = words.last?.text, let label = words.first?.text,
              let open = tokens[close...].firstIndex(where: { $0.is("{") }),
              let end = SwiftScopes.closing(open, in: tokens) else { return nil }
        return ((open + 1)..<end, parameter, label)
    }

    /// Whether the function named at `index` is declared in a protocol's body.
    private static func isRequirement(_ index: Int, in tokens: [SourceToken]) -> Bool {
        guard let open = SwiftScopes.enclosingBrace(before: index, in: tokens) else { return false }
        return SwiftScopes.headerTokens(before: open, in: tokens).contains { $0.text == "protocol" && $0.kind == .identifier }
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
