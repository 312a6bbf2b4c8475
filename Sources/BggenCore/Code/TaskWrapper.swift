import BggenFormats

/// A function of the app whose body registers, submits or makes a background session with one of its parameters as
/// the identifier, and for a registration with one of its closure parameters as the launch handler (issue 25: "a
/// function whose body registers with a parameter as identifier and a closure parameter as handler is a registration
/// wherever it is called"). The one idea of a wrapper: found in the file that declares it (`found(for:…)`), gathered
/// once per model, and read at each call (`WrapperCall`) by the identifier reader (`UseReader`) and by the handler
/// readers (`LaunchRegistration`), in the wrapper's file and in the other files of its target.
struct TaskWrapper: Sendable, Equatable {
    var name: String
    var file: String
    /// The function's body, in its own file's tokens: a call there is the wrapped API or the wrapper itself.
    var body: Range<Int>
    /// The type whose declaration or extension holds the function, and what that declaration says it conforms to
    /// (`extension BGTaskScheduler: BGTaskSchedulerProtocol`): a call on a receiver of another known type is
    /// another type's method of the same name. Nil at file scope.
    var owner: String?
    var conformances: Set<String>
    var parameters: [FunctionParameter]
    /// The parameter passed as the identifier; nil when only a member of it is (`taskIdentifier.rawValue`), which a
    /// call's argument does not give, so its calls are registrations for the handler rules only.
    var identifier: Int?
    /// The closure parameter passed on as the launch handler; nil for a submit, a session, or a registration whose
    /// launch handler is written in the wrapper.
    var handler: Int?
    /// `using: .main` in the wrapped `register`.
    var runsOnMain: Bool
    /// The handler parameter's type is `@Sendable`, so a closure passed to it runs on no actor.
    var handlerIsSendable: Bool
    /// The wrapped call's use: its role, its launch context (a request's) and its provenance, which each call keeps.
    var use: TaskIdentifierUse
    /// `private` or `fileprivate`: called only in its own file.
    var isPrivate = false

    /// The words every call of it spells besides its name: the labels of its parameters without a default before the
    /// last such one, which a trailing closure may stand for (`CallArguments.match` takes no call that leaves one
    /// out). A label that is no one word (`` `in` ``, `_`) is not asked for.
    var labelsEveryCallSpells: [String] {
        guard let last = parameters.lastIndex(where: { !$0.hasDefault }) else { return [] }
        return parameters[..<last].filter { !$0.hasDefault && $0.label != "_" && ByteSearch.isWord($0.label) }.map(\.label)
    }

    /// The wrapper made of the direct `use` at token `index` (whose identifier argument is `expression`) when the
    /// function around it takes the identifier as a parameter, itself or through a local bound to it (`let
    /// identifierString = identifier`); for a registration, when the launch handler is instead a closure parameter
    /// (`launchHandler: handler`, or `{ task in handler(task) }`), the identifier may also be a member of a parameter.
    static func found(for use: TaskIdentifierUse, at index: Int, expression: [SourceToken], in tokens: [SourceToken], file: String,
                      scopes: inout FunctionScopes) -> TaskWrapper? {
        guard let first = expression.first, first.kind == .identifier, let function = scopes.function(around: index),
              function.scope.name != "init", let close = SwiftScopes.closing(function.open, in: tokens) else { return nil }
        let scope = function.scope
        var root = first.text
        var isMember = expression.count > 1
        if isMember, expression[1].text != "." { return nil }
        if !scope.parameters.contains(root), !isMember, let binding = scope.locals[root]?.last(where: { $0 < index }),
           tokens[binding + 1].text == "=" {
            // `let identifierString = identifier`: the parameter under another name.
            let bound = TokenPattern.statement(tokens, from: binding + 2)
            guard let name = bound.first, name.kind == .identifier, bound.count == 1 || bound[1].text == "." else { return nil }
            root = name.text
            isMember = bound.count > 1
        }
        guard let identifierIndex = scope.parameters.firstIndex(of: root) else { return nil }
        var wrapper = TaskWrapper(
            name: scope.name, file: file, body: function.open..<(close + 1), owner: nil, conformances: [],
            parameters: FunctionParameter.all(of: scope, in: tokens),
            identifier: isMember ? nil : identifierIndex, handler: nil, runsOnMain: false, handlerIsSendable: false, use: use)
        if use.role == .register, TokenPattern.matches(tokens, at: index + 1, ["("]), let callClose = SwiftScopes.closing(index + 1, in: tokens) {
            wrapper.runsOnMain = HandlerClosure.argument(named: "using", from: index + 1, to: callClose, in: tokens).contains { $0.text == "main" }
            if let handlerName = forwardedHandler(open: index + 1, close: callClose, in: tokens),
               let handler = scope.parameters.firstIndex(of: handlerName), let signature = scope.signature[handlerName] {
                wrapper.handler = handler
                wrapper.handlerIsSendable = tokens[signature.type].contains { $0.text == "Sendable" }
            }
        }
        guard wrapper.identifier != nil || wrapper.handler != nil else { return nil }
        wrapper.isPrivate = SwiftScopes.headerTokens(before: function.open, in: tokens).contains { $0.text == "private" || $0.text == "fileprivate" }
        if let typeOpen = SwiftScopes.enclosingBrace(before: function.open, in: tokens) {
            let header = SwiftScopes.headerTokens(before: typeOpen, in: tokens)
            if let keyword = header.lastIndex(where: { $0.keyword.declaresType && $0.kind == .identifier }), keyword + 1 < header.endIndex {
                wrapper.owner = header[keyword + 1].text
                wrapper.conformances = Set(header[(keyword + 1)...].drop { $0.text != ":" }.filter { $0.kind == .identifier }.map(\.text))
            }
        }
        return wrapper
    }

    /// The name a `register` call between `open` and `close` hands its launch handler from: `launchHandler:
    /// launchHandler`, or a closure that only hands the task to it, `{ task in taskHandler(task) }` (Corona-Warn-App's
    /// `registerTask(with:taskHandler:)`).
    private static func forwardedHandler(open: Int, close: Int, in tokens: [SourceToken]) -> String? {
        let handler = HandlerClosure.argument(named: "launchHandler", from: open, to: close, in: tokens)
        if handler.count == 1 { return handler.first?.text }
        let closure = close + 1 < tokens.count && tokens[close + 1].text == "{" ? close + 1 : handler.first?.text == "{" ? handler.startIndex : nil
        guard let closure, let end = SwiftScopes.closing(closure, in: tokens),
              let inIndex = tokens[(closure + 1)..<end].firstIndex(where: { $0.text == "in" && $0.kind == .identifier }),
              let task = tokens[(closure + 1)..<inIndex].last(where: { $0.kind == .identifier && $0.text != "Sendable" })?.text else { return nil }
        let body = tokens[(inIndex + 1)..<end]
        guard body.count == 4, let name = body.first, name.kind == .identifier,
              body.dropFirst().map(\.text) == ["(", task, ")"] else { return nil }
        return name.text
    }
}

/// A call of a `TaskWrapper` in one file: `scheduler.registerHandler(id: "com.x.refresh") { task in … }`.
struct WrapperCall {
    var wrapper: TaskWrapper
    /// The call's name token, its `(` and its `)`.
    var name: Int
    var open: Int
    var close: Int
    /// The first token of the argument given for the identifier parameter; nil when the call leaves it to its default.
    var identifierArgument: Int?

    /// The calls in a file (`tokens`) of the wrappers visible from it, by name: a call whose arguments fit the
    /// wrapper's labels, on no receiver or on one whose type the file tells and the wrapper's owner is. One pass over
    /// the tokens; a call inside the wrapper's own body is the API it wraps, or itself.
    static func all(in tokens: [SourceToken], file: String, wrappers: [String: [TaskWrapper]]) -> [WrapperCall] {
        guard !wrappers.isEmpty else { return [] }
        var receivers: ReceiverTypes?
        var result: [WrapperCall] = []
        // A name is looked up only before a `(` and where `bits` say it may be a wrapper's: hashing every name of
        // the file into the table was most of this pass.
        let bits = NameBits(wrappers.keys)
        for index in tokens.indices where tokens[index].kind == .identifier && index > 0 && tokens[index - 1].keyword != .func {
            guard bits.mayHold(tokens[index].text), TokenPattern.matches(tokens, at: index + 1, ["("]), let candidates = wrappers[tokens[index].text],
                  let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            let arguments = CallArguments.all(from: index + 1, to: close, in: tokens)
            let trailing = close + 1 < tokens.count && tokens[close + 1].text == "{"
            for wrapper in candidates where !(wrapper.file == file && wrapper.body.contains(index)) {
                guard let matched = CallArguments.match(arguments, trailing: trailing, to: wrapper.parameters) else { continue }
                if receivers == nil { receivers = ReceiverTypes(tokens: tokens) }
                guard receivers!.admits(wrapper, calledAt: index) else { continue }
                let identifier = wrapper.identifier.flatMap { matched[$0] }
                result.append(WrapperCall(wrapper: wrapper, name: index, open: index + 1, close: close, identifierArgument: identifier))
            }
        }
        return result
    }
}
