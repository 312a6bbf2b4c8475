import BggenFormats

/// A call in one Swift file that hands BGTaskScheduler a launch handler: `….register(forTaskWithIdentifier:using:
/// launchHandler:)`, or a call of a wrapper that passes a closure parameter on as the handler (`scheduler.
/// registerHandler(forTaskWithIdentifier: "…") { task in … }`, see `TaskWrapper`), where the closure argument is the
/// launch handler. The handler-body readers start here, so a handler passed through a wrapper is checked like one
/// passed to `register` itself.
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

    /// The file's registrations, direct and through the calls of wrappers that pass a closure parameter on as the
    /// launch handler (see `TaskWrapper`), in token order.
    static func all(in tokens: [SourceToken], calls: [WrapperCall]) -> [LaunchRegistration] {
        var result: [LaunchRegistration] = []
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == "register" && index > 0
            && tokens[index - 1].text == "." && TokenPattern.matches(tokens, at: index + 1, ["(", "forTaskWithIdentifier", ":"]) {
            guard let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            let using = HandlerClosure.argument(named: "using", from: index + 1, to: close, in: tokens)
            result.append(LaunchRegistration(name: index, open: index + 1, close: close, labels: ["launchHandler"],
                                             runsOnMain: using.contains { $0.text == "main" }, handlerIsSendable: false))
        }
        // One registration per call, whose handler may be given under each label its wrappers' `register` calls take it.
        var wrapped: [Int: LaunchRegistration] = [:]
        for call in calls {
            guard let handler = call.wrapper.handler else { continue }
            let label = call.wrapper.parameters[handler].label
            var registration = wrapped[call.name] ?? LaunchRegistration(
                name: call.name, open: call.open, close: call.close, labels: [], runsOnMain: call.wrapper.runsOnMain,
                handlerIsSendable: call.wrapper.handlerIsSendable)
            if label != "_" { registration.labels.insert(label) }
            wrapped[call.name] = registration
        }
        return (result + wrapped.values).sorted { $0.name < $1.name }
    }
}
