import BggenFormats

/// A call in one Swift file that hands BGTaskScheduler a launch handler: `….register(forTaskWithIdentifier:using:
/// launchHandler:)`, or a call of the file's own wrapper, a function whose body registers with a parameter as the
/// identifier and a closure parameter as the handler (`scheduler.registerHandler(forTaskWithIdentifier: "…") { task
/// in … }`), where the closure argument is the launch handler. The handler-body readers start here, so a handler
/// passed through a wrapper is checked like one passed to `register` itself.
struct LaunchRegistration {
    /// The call's name token (`register`, or the wrapper's name): where findings about its handler point.
    var name: Int
    /// The call's `(`.
    var open: Int
    /// The call's `)`.
    var close: Int
    /// The labels of the argument that is the handler (`launchHandler`, or the wrapper's closure parameter); a
    /// trailing closure is the handler too.
    var labels: Set<String>
    /// `using: .main` in the call, or in the wrapper's `register`: the system calls the handler on the main queue.
    var runsOnMain: Bool
    /// The wrapper's closure parameter is `@Sendable`, so the closure passed to it runs on no actor.
    var handlerIsSendable: Bool

    /// The `{` of the launch handler: a trailing closure, or the argument labelled as the handler.
    func closure(in tokens: [SourceToken]) -> Int? {
        if close + 1 < tokens.count, tokens[close + 1].text == "{" { return close + 1 }
        let handler = handlerArgument(in: tokens)
        return handler.first?.text == "{" ? handler.startIndex : nil
    }

    /// The tokens of the argument labelled as the handler (a closure, or a function passed by name).
    func handlerArgument(in tokens: [SourceToken]) -> ArraySlice<SourceToken> {
        for label in labels.sorted() {
            let argument = HandlerClosure.argument(named: label, from: open, to: close, in: tokens)
            if !argument.isEmpty { return argument }
        }
        return []
    }

    /// The function the handler argument names, `launchHandler: handle` or `taskHandler: self.refresh(_:)`.
    func handlerFunction(in tokens: [SourceToken]) -> String? {
        let handler = handlerArgument(in: tokens)
        let name = handler.firstIndex { $0.text == "(" }.map { handler[handler.startIndex..<$0] } ?? handler[...]
        return name.last(where: { $0.kind == .identifier })?.text
    }

    /// The file's registrations, direct and through its wrappers, in token order.
    static func all(in tokens: [SourceToken]) -> [LaunchRegistration] {
        var result: [LaunchRegistration] = []
        var scopes = FunctionScopes(tokens: tokens)
        var wrappers: [String: LaunchRegistration] = [:]
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == "register" && index > 0
            && tokens[index - 1].text != "func" && TokenPattern.matches(tokens, at: index + 1, ["(", "forTaskWithIdentifier", ":"]) {
            guard let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            let using = HandlerClosure.argument(named: "using", from: index + 1, to: close, in: tokens)
            let call = LaunchRegistration(name: index, open: index + 1, close: close, labels: ["launchHandler"],
                                          runsOnMain: using.contains { $0.text == "main" }, handlerIsSendable: false)
            if tokens[index - 1].text == "." { result.append(call) }
            if let wrapper = wrapper(around: call, in: tokens, scopes: &scopes) {
                wrappers[wrapper.function] = wrappers[wrapper.function].map {
                    var merged = $0
                    merged.labels.formUnion(wrapper.registration.labels)
                    return merged
                } ?? wrapper.registration
            }
        }
        guard !wrappers.isEmpty else { return result }
        let direct = Set(result.map(\.name))
        for index in tokens.indices where tokens[index].kind == .identifier && index > 0 && tokens[index - 1].text != "func"
            && !direct.contains(index) && TokenPattern.matches(tokens, at: index + 1, ["("]) {
            guard let wrapper = wrappers[tokens[index].text], let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            var call = wrapper
            call.name = index
            call.open = index + 1
            call.close = close
            result.append(call)
        }
        return result.sorted { $0.name < $1.name }
    }

    /// The function around `call` when it is a wrapper: `call`'s identifier is one of its parameters (or a member of
    /// it, `identifier.rawValue`) and its `launchHandler:` another. Its registration carries the closure parameter's
    /// argument label (none for `_`) and whether its type is `@Sendable`.
    private static func wrapper(around call: LaunchRegistration, in tokens: [SourceToken],
                                scopes: inout FunctionScopes) -> (function: String, registration: LaunchRegistration)? {
        let identifier = TokenPattern.argument(tokens, from: call.open + 3)
        guard let first = identifier.first, identifier.count == 1 || identifier.dropFirst().first?.text == ".",
              let handlerName = forwardedHandler(of: call, in: tokens), let function = scopes.function(around: call.name),
              function.scope.name != "init",
              function.scope.parameters.contains(first.text) || boundToParameter(first.text, before: call.name, in: function.scope, tokens),
              let parameter = function.scope.signature[handlerName] else { return nil }
        var registration = call
        registration.labels = parameter.label == "_" ? [] : [parameter.label]
        registration.handlerIsSendable = tokens[parameter.type].contains { $0.text == "Sendable" }
        return (function.scope.name, registration)
    }

    /// The name `call`'s handler forwards to: `launchHandler: launchHandler`, or a closure that only hands the task to
    /// it, `{ task in taskHandler(task) }` (Corona-Warn-App's `registerTask(with:taskHandler:)`).
    private static func forwardedHandler(of call: LaunchRegistration, in tokens: [SourceToken]) -> String? {
        let handler = HandlerClosure.argument(named: "launchHandler", from: call.open, to: call.close, in: tokens)
        if handler.count == 1 { return handler.first?.text }
        guard let open = call.closure(in: tokens), let end = SwiftScopes.closing(open, in: tokens),
              let inIndex = tokens[(open + 1)..<end].firstIndex(where: { $0.text == "in" && $0.kind == .identifier }),
              let task = tokens[(open + 1)..<inIndex].last(where: { $0.kind == .identifier && $0.text != "Sendable" })?.text else { return nil }
        let body = tokens[(inIndex + 1)..<end]
        guard body.count == 4, let name = body.first, name.kind == .identifier,
              body.dropFirst().map(\.text) == ["(", task, ")"] else { return nil }
        return name.text
    }

    /// `let identifierString = taskIdentifier.backgroundTaskSchedulerIdentifier`: `name` is a local last bound,
    /// before `index`, to one of the function's parameters or a member of it.
    private static func boundToParameter(_ name: String, before index: Int, in scope: FunctionScopes.Scope, _ tokens: [SourceToken]) -> Bool {
        guard let binding = scope.locals[name]?.last(where: { $0 < index }), binding + 2 < index, tokens[binding + 1].text == "=" else {
            return false
        }
        return scope.parameters.contains(tokens[binding + 2].text)
    }
}
