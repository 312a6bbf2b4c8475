/// `task as! BGProcessingTask` (or another `BGTask` subclass) on the task a launch handler receives, with the
/// registrations whose handler holds it. A handler registered for several identifiers, or one identifier submitted
/// with another request class, gets a task of another class on some launch, and the cast crashes the app there.
struct TaskForceCast: Sendable, Equatable {
    /// The class cast to, as written.
    var type: String
    var kind: TaskRequestKind
    var location: FindingLocation
    /// The `register` calls that run the code holding the cast, to look their identifiers up once constants from
    /// other files are resolved.
    var registrations: [FindingLocation]

    static let types: [String: TaskRequestKind] = [
        "BGAppRefreshTask": .refresh, "BGProcessingTask": .processing, "BGContinuedProcessingTask": .continued,
    ]

    /// Casts written in a launch closure passed to `register(forTaskWithIdentifier:…)`, and in the file's functions
    /// the task goes to: a `launchHandler: handle` argument, or a closure passing its task on as `handle(task)`.
    /// Only the task itself counts, by its name in the closure or the function's first parameter.
    static func all(in tokens: [SourceToken], file: String) -> [TaskForceCast] {
        let declared = Set(tokens.indices.filter { $0 > 0 && tokens[$0 - 1].text == "func" }.map { tokens[$0].text })
        var result: [TaskForceCast] = []
        var functionRegistrations: [String: [FindingLocation]] = [:]
        var order: [String] = []
        func handledBy(_ function: String, _ registration: FindingLocation) {
            if functionRegistrations[function] == nil { order.append(function) }
            if functionRegistrations[function]?.contains(registration) != true { functionRegistrations[function, default: []].append(registration) }
        }
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == "register" && index > 0
            && tokens[index - 1].text == "." && BackgroundCodeScanner.matches(tokens, at: index + 1, ["(", "forTaskWithIdentifier", ":"]) {
            guard let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            let registration = FindingLocation(file: file, line: tokens[index].line, column: tokens[index].column)
            if let open = HandlerClosure.launchClosure(call: index + 1, close: close, in: tokens), let end = SwiftScopes.closing(open, in: tokens),
               let inIndex = tokens[(open + 1)..<end].firstIndex(where: { $0.text == "in" && $0.kind == .identifier }),
               let name = tokens[(open + 1)..<inIndex].last(where: { $0.kind == .identifier && $0.text != "Sendable" })?.text {
                let body = (inIndex + 1)..<end
                result += casts(of: name, in: body, tokens: tokens, file: file, registrations: [registration])
                for use in body where tokens[use].text == name && tokens[use].kind == .identifier && !BackgroundCodeScanner.matches(tokens, at: use + 1, ["."]) {
                    if let callee = HandlerClosure.callee(around: use, after: body.lowerBound - 1, in: tokens), declared.contains(callee) {
                        handledBy(callee, registration)
                    }
                }
            } else {
                let handler = HandlerClosure.argument(named: "launchHandler", from: index + 1, to: close, in: tokens)
                let name = handler.firstIndex { $0.text == "(" }.map { handler[handler.startIndex..<$0] } ?? handler[...]
                if let function = name.last(where: { $0.kind == .identifier })?.text, declared.contains(function) {
                    handledBy(function, registration)
                }
            }
        }
        for function in order {
            guard let found = HandlerClosure.function(named: function, in: tokens) else { continue }
            result += casts(of: found.parameter, in: found.body, tokens: tokens, file: file, registrations: functionRegistrations[function] ?? [])
        }
        return result
    }

    /// `name as! BG…Task` in `range`; `self.name` or `other.name` is another value.
    private static func casts(of name: String, in range: Range<Int>, tokens: [SourceToken], file: String,
                              registrations: [FindingLocation]) -> [TaskForceCast] {
        range.compactMap { index in
            guard tokens[index].text == "as", tokens[index].kind == .identifier, index + 2 < range.upperBound,
                  tokens[index + 1].text == "!", let kind = types[tokens[index + 2].text],
                  tokens[index - 1].text == name, tokens[index - 2].text != "." else { return nil }
            let type = tokens[index + 2]
            return TaskForceCast(type: type.text, kind: kind, location: FindingLocation(file: file, line: type.line, column: type.column),
                                 registrations: registrations)
        }
    }
}
