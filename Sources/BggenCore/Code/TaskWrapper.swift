import BggenFormats

/// A function of the app whose body registers, submits or makes a background session with one of its parameters as
/// the identifier, and for a registration with one of its closure parameters as the launch handler (issue 25: "a
/// function whose body registers with a parameter as identifier and a closure parameter as handler is a registration
/// wherever it is called"). The one idea of a wrapper: found in the file that declares it (`found(for:…)`), gathered
/// once per model, and read at each call (`WrapperCall`) by the identifier reader (`UseReader`) and by the handler
/// readers (`LaunchRegistration`), in the wrapper's file and in the other files of its target.
struct TaskWrapper: Sendable, Equatable {
    struct Parameter: Sendable, Equatable {
        /// The argument label, `_` for none.
        var label: String
        var hasDefault: Bool
    }

    var name: String
    var file: String
    /// The function's body, in its own file's tokens: a call there is the wrapped API or the wrapper itself.
    var body: Range<Int>
    /// The type whose declaration or extension holds the function, and what that declaration says it conforms to
    /// (`extension BGTaskScheduler: BGTaskSchedulerProtocol`): a call on a receiver of another known type is
    /// another type's method of the same name. Nil at file scope.
    var owner: String?
    var conformances: Set<String>
    var parameters: [Parameter]
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
            parameters: scope.parameters.map { name in
                let signature = scope.signature[name]
                return Parameter(label: signature?.label ?? name, hasDefault: signature.map { tokens[$0.type].contains { $0.text == "=" } } ?? false)
            },
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
            if let keyword = header.lastIndex(where: { typeKeywords.contains($0.text) && $0.kind == .identifier }), keyword + 1 < header.endIndex {
                wrapper.owner = header[keyword + 1].text
                wrapper.conformances = Set(header[(keyword + 1)...].drop { $0.text != ":" }.filter { $0.kind == .identifier }.map(\.text))
            }
        }
        return wrapper
    }

    fileprivate static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "actor"]

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
        for index in tokens.indices where tokens[index].kind == .identifier && index > 0 && tokens[index - 1].text != "func" {
            guard let candidates = wrappers[tokens[index].text], TokenPattern.matches(tokens, at: index + 1, ["("]),
                  let close = SwiftScopes.closing(index + 1, in: tokens) else { continue }
            let arguments = self.arguments(from: index + 1, to: close, in: tokens)
            let trailing = close + 1 < tokens.count && tokens[close + 1].text == "{"
            for wrapper in candidates where !(wrapper.file == file && wrapper.body.contains(index)) {
                guard let matched = match(arguments, trailing: trailing, to: wrapper.parameters) else { continue }
                if receivers == nil { receivers = ReceiverTypes(tokens: tokens) }
                guard receivers!.admits(wrapper, calledAt: index) else { continue }
                let identifier = wrapper.identifier.flatMap { matched[$0] }
                result.append(WrapperCall(wrapper: wrapper, name: index, open: index + 1, close: close, identifierArgument: identifier))
            }
        }
        return result
    }

    /// Each argument of the call between `open` and `close`: its label (`_` for none) and its first token.
    private static func arguments(from open: Int, to close: Int, in tokens: [SourceToken]) -> [(label: String, start: Int)] {
        guard open + 1 < close else { return [] }
        var result: [(label: String, start: Int)] = []
        var start = open + 1
        var depth = 0
        for index in (open + 1)...close {
            let token = tokens[index]
            if token.kind == .punctuation, depth == 0, token.text == "," || index == close {
                if tokens[start].kind == .identifier, start + 1 < index, tokens[start + 1].text == ":" {
                    result.append((tokens[start].text, start + 2))
                } else {
                    result.append(("_", start))
                }
                start = index + 1
            }
            if token.kind == .punctuation { depth += token.nesting }
        }
        return result
    }

    /// The first token of the argument each parameter is given, by parameter index, when the labels fit: in order,
    /// a parameter with a default may be left out, and a trailing closure gives the one parameter left without one.
    private static func match(_ arguments: [(label: String, start: Int)], trailing: Bool, to parameters: [TaskWrapper.Parameter]) -> [Int: Int]? {
        var result: [Int: Int] = [:]
        var next = 0
        for argument in arguments {
            while next < parameters.count, parameters[next].label != argument.label {
                guard parameters[next].hasDefault else { return nil }
                next += 1
            }
            guard next < parameters.count else { return nil }
            result[next] = argument.start
            next += 1
        }
        let unfilled = parameters[next...].filter { !$0.hasDefault }.count
        return unfilled <= (trailing ? 1 : 0) ? result : nil
    }
}

/// The types a file gives the receivers of its calls: `Type.shared.f()` and `Type.f()`, a name declared `name: Type`
/// or bound `name = Type(…)`, and `self`'s type. Read once per file that calls a wrapper.
private struct ReceiverTypes {
    let tokens: [SourceToken]
    private var declared: [String: Set<String>] = [:]

    init(tokens: [SourceToken]) {
        self.tokens = tokens
        for index in tokens.indices.dropLast(2) where tokens[index].kind == .identifier {
            let next = tokens[index + 1].text, type = tokens[index + 2]
            guard next == ":" || next == "=", type.kind == .identifier, type.text.first?.isUppercase == true else { continue }
            if next == "=", !TokenPattern.matches(tokens, at: index + 3, ["("]) && !TokenPattern.matches(tokens, at: index + 3, ["."]) { continue }
            declared[tokens[index].text, default: []].insert(type.text)
        }
    }

    /// Whether the call at `index` may be of `wrapper`: the receiver's type is unknown, or it is the wrapper's owner
    /// or one of the owner's conformances.
    func admits(_ wrapper: TaskWrapper, calledAt index: Int) -> Bool {
        guard let owner = wrapper.owner, let types = type(ofReceiverAt: index) else { return true }
        return types.contains(owner) || !types.isDisjoint(with: wrapper.conformances)
    }

    /// The types the receiver of the call named at `index` may have; nil when the file does not tell.
    private func type(ofReceiverAt index: Int) -> Set<String>? {
        guard index > 1, tokens[index - 1].text == "." else { return enclosingType(of: index).map { [$0] } }
        // Back over the chain, `self.scheduler?.`, to its first name.
        var root = index - 2
        while root > 0 {
            if ["?", "!"].contains(tokens[root].text) {
                root -= 1
            } else if tokens[root].kind == .identifier, root > 1, tokens[root - 1].text == "." {
                root -= 2
            } else {
                break
            }
        }
        guard root >= 0, tokens[root].kind == .identifier else { return nil }
        let name = tokens[root].text
        if name == "self" || name == "Self" {
            // `self.scheduler.f()`: the property's type; `self.f()`: the enclosing type's.
            if root + 2 < index - 1, tokens[root + 1].text == "." { return declared[tokens[root + 2].text] }
            return enclosingType(of: index).map { [$0] }
        }
        if name.first?.isUppercase == true { return [name] }
        // A name bound several ways, or to a type doctor cannot relate to the wrapper, says nothing for certain.
        return declared[name].flatMap { $0.count == 1 ? $0 : nil }
    }

    private func enclosingType(of index: Int) -> String? {
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens) {
            cursor = open
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            if let keyword = header.lastIndex(where: { TaskWrapper.typeKeywords.contains($0.text) && $0.kind == .identifier }),
               keyword + 1 < header.endIndex {
                return header[keyword + 1].text
            }
        }
        return nil
    }
}
