import BggenFormats

/// The code a `register(forTaskWithIdentifier:…)` call (or a call of the file's wrapper of it, see `LaunchRegistration`)
/// runs with the task, in one Swift file: its launch closure,
/// a function passed as `launchHandler: handle`, and the file's functions the closure hands the task to (`handle(task)`).
struct LaunchHandlerBody: Equatable {
    /// The `register` token of the call (several calls may share one function).
    var registrations: [FindingLocation]
    /// The tokens of the body, between its braces.
    var body: Range<Int>
    /// The task's name there: the closure's parameter or the function's first parameter.
    var task: String
    /// The handler itself (closure or function passed by name, or the one function a closure only hands the task
    /// to), not a function it calls among other work.
    var isHandler: Bool

    /// What in a closure may complete the task besides the function it calls.
    private static let completing: Set<String> = ["setTaskCompleted", "expirationHandler", "defer"]

    static func all(in tokens: [SourceToken], file: String, registrations: [LaunchRegistration]) -> [LaunchHandlerBody] {
        let declared = Set(tokens.indices.filter { $0 > 0 && tokens[$0 - 1].keyword == .func }.map { tokens[$0].text })
        var result: [LaunchHandlerBody] = []
        var functions: [(name: String, registrations: [FindingLocation], isHandler: Bool)] = []
        var positions: [String: Int] = [:]
        var recorded = Set<String>()
        func handledBy(_ function: String, _ registration: FindingLocation, isHandler: Bool) {
            guard let index = positions[function] else {
                positions[function] = functions.count
                functions.append((function, [registration], isHandler))
                recorded.insert("\(function) \(registration.line) \(registration.column)")
                return
            }
            if recorded.insert("\(function) \(registration.line) \(registration.column)").inserted { functions[index].registrations.append(registration) }
            functions[index].isHandler = functions[index].isHandler && isHandler
        }
        for call in registrations {
            let registration = FindingLocation(file: file, line: tokens[call.name].line, column: tokens[call.name].column)
            if let open = call.closure(in: tokens), let end = SwiftScopes.closing(open, in: tokens),
               let inIndex = tokens[(open + 1)..<end].firstIndex(where: { $0.text == "in" && $0.kind == .identifier }),
               let name = tokens[(open + 1)..<inIndex].last(where: { $0.kind == .identifier && $0.text != "Sendable" })?.text {
                let body = (inIndex + 1)..<end
                result.append(LaunchHandlerBody(registrations: [registration], body: body, task: name, isHandler: true))
                let uses = body.filter { tokens[$0].text == name && tokens[$0].kind == .identifier && !TokenPattern.matches(tokens, at: $0 + 1, ["."]) }
                // A closure that does nothing with the task but hand it to one function (`self.refresh(with: task as!
                // BGAppRefreshTask)`) leaves that function the only code that can complete it: it is the handler.
                let onlyHandsOn = uses.count == 1 && !body.contains { tokens[$0].kind == .identifier && Self.completing.contains(tokens[$0].text) }
                for use in uses {
                    if let callee = HandlerClosure.callee(around: use, after: body.lowerBound - 1, in: tokens), declared.contains(callee) {
                        handledBy(callee, registration, isHandler: onlyHandsOn)
                    }
                }
            } else {
                if let function = call.handlerFunction(in: tokens), declared.contains(function) {
                    handledBy(function, registration, isHandler: true)
                }
            }
        }
        for function in functions {
            guard let found = HandlerClosure.function(named: function.name, in: tokens) else { continue }
            result.append(LaunchHandlerBody(registrations: function.registrations, body: found.body, task: found.parameter,
                                            isHandler: function.isHandler))
        }
        return result
    }
}
