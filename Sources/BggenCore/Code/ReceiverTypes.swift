import BggenFormats

/// The types a file gives the receivers of its calls: `Type.f()`, `Type.shared.f()` and `Type(…).f()`, a name
/// declared `name: Type` or bound `name = Type(…)`, `self.name.f()` through the property's type, and `self`'s type.
/// Read once per file, for the calls of the task APIs' wrappers (`WrapperCall`) and the calls doctor follows back to
/// launch (`CallShape`). A longer chain (`Current.sensors.f()`), a property `self` inherits from another file, and
/// a name bound to what a function returns are typed across files: their names are kept (`chain(ofReceiverAt:)`)
/// for `PropertyTable`.
struct ReceiverTypes {
    let tokens: [SourceToken]
    private var declared: [String: Set<String>] = [:]
    /// The functions whose values each name is bound to, for `chain(ofReceiverAt:)`: `makeManager` of `let manager
    /// = try await makeManager()`, and `Factory.make` of a type's static function, `let manager = Factory.make()`.
    private var madeBy: [String: Set<String>] = [:]

    /// The names that hand out a type's one instance: `Type.shared.f()` is a call on a `Type`.
    static let singletonNames: Set<String> = ["shared", "default", "current", "standard", "instance", "sharedInstance"]

    init(tokens: [SourceToken]) {
        self.tokens = tokens
        for index in tokens.indices.dropLast(2) where tokens[index].kind == .identifier && tokens[index + 1].kind == .punctuation {
            let assigns = tokens[index + 1].is("=")
            guard assigns || tokens[index + 1].is(":") else { continue }
            let start = assigns ? Self.afterTryAndAwait(index + 2, in: tokens) : index + 2
            guard start < tokens.count, tokens[start].kind == .identifier, !tokens[start].text.isEmpty else { continue }
            let type = tokens[start].text
            guard type.startsUppercase else {
                if assigns, type.startsLowercase, TokenPattern.matches(tokens, at: start + 1, ["("]) { madeBy[tokens[index].text, default: []].insert(type) }
                continue
            }
            if assigns {
                // `Factory.make()` is what the static function returns, not a `Factory` (`Type.shared`, `Type.Nested(…)` and `Type.init(…)` are).
                if TokenPattern.matches(tokens, at: start + 1, ["."]), start + 3 < tokens.count, tokens[start + 2].kind == .identifier,
                   tokens[start + 2].text.startsLowercase, tokens[start + 2].keyword != .initializer, tokens[start + 3].text == "(" {
                    madeBy[tokens[index].text, default: []].insert(type + "." + tokens[start + 2].text)
                    continue
                }
                if !TokenPattern.matches(tokens, at: start + 1, ["("]) && !TokenPattern.matches(tokens, at: start + 1, ["."]) { continue }
            }
            declared[tokens[index].text, default: []].insert(type)
        }
    }

    /// Whether the call at `index` may be of `wrapper`: the receiver's type is unknown, or it is the wrapper's owner
    /// or one of the owner's conformances. A call on no receiver, or on `self`, is on the type around it.
    func admits(_ wrapper: TaskWrapper, calledAt index: Int) -> Bool {
        let onSelf = isOnNoReceiver(index) || (TokenPattern.matches(tokens, at: index - 2, ["self"]) && !(index > 2 && tokens[index - 3].text == "."))
        guard let owner = wrapper.owner, let types = onSelf ? enclosingType(of: index).map({ [$0] }) : explicitTypes(ofReceiverAt: index) else { return true }
        return types.contains(owner) || !types.isDisjoint(with: wrapper.conformances)
    }

    /// The types the receiver of the call named at `index` may have, for the calls doctor follows back to launch;
    /// nil when the file does not tell. A call on no receiver or on `self` is on the type whose declaration (not an
    /// extension: the declaration there says what it inherits) holds it, found once per scope (`known`).
    func types(ofReceiverAt index: Int, known: inout [Int: String?]) -> Set<String>? {
        let onSelf = isOnNoReceiver(index) || (TokenPattern.matches(tokens, at: index - 2, ["self"]) && !(index > 2 && tokens[index - 3].text == "."))
        guard onSelf else { return explicitTypes(ofReceiverAt: index) }
        return declaringType(around: index, known: &known).map { [$0] }
    }

    /// The type whose declaration (not an extension or a protocol) holds the code at `index`, found once per scope
    /// (`known`).
    private func declaringType(around index: Int, known: inout [Int: String?]) -> String? {
        var asked: [Int] = []
        var answer: String?
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens) {
            if let found = known[open] { answer = found; break }
            asked.append(open)
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            if let keyword = header.lastIndex(where: { $0.kind == .identifier && $0.keyword.declaresTypeOrProtocol }),
               keyword + 1 < header.endIndex, ![Keyword.func, .var, .let].contains(header[keyword + 1].keyword) {
                answer = ["extension", "protocol"].contains(header[keyword].text) ? nil : header[keyword + 1].text
                break
            }
            cursor = open
        }
        for open in asked { known[open] = .some(answer) }
        return answer
    }

    /// The types the receiver written before the call named at `index` may have; nil when there is none
    /// (`register()`) or it is `self` (the type around it, or a subclass's), or the file does not tell. Constant
    /// time per call: the chain read is at most two names long.
    func explicitTypes(ofReceiverAt index: Int) -> Set<String>? {
        guard !isOnNoReceiver(index) else { return nil }
        // `Type(…).f()`: a call on the instance just made; the `(` is the `)`'s partner (`SourceLexer.link`), not
        // paired again here: a pass and an array per file were ~2 M instructions on duckduckgo-iOS.
        if tokens[index - 2].text == ")", case let opening = Int(tokens[index - 2].partner), opening > 0, tokens[opening].is("("),
           tokens[opening - 1].kind == .identifier, tokens[opening - 1].text.startsUppercase {
            return [tokens[opening - 1].text]
        }
        // The chain back to its first name, over `?` and `!`: `self.scheduler?.` is ["self", "scheduler"].
        var chain: [String] = []
        var cursor = index - 2
        while true {
            while cursor >= 0, ["?", "!"].contains(tokens[cursor].text) { cursor -= 1 }
            guard cursor >= 0, tokens[cursor].kind == .identifier else { return nil }
            chain.insert(tokens[cursor].text, at: 0)
            guard cursor > 1, tokens[cursor - 1].text == "." else { break }
            guard chain.count < 2 else { return nil }
            cursor -= 2
        }
        let root = chain[0]
        switch chain.count {
        case 1 where root == "self" || root == "Self":
            return nil
        case 1 where root.startsUppercase:
            return [root]
        case 1:
            // A name bound several ways, or to a type doctor cannot relate to the callee, says nothing for certain.
            return declared[root].flatMap { $0.count == 1 ? $0 : nil }
        case 2 where root == "self":
            return declared[chain[1]].flatMap { $0.count == 1 ? $0 : nil }
        case 2 where root.startsUppercase && Self.singletonNames.contains(chain[1]):
            return [root]
        default:
            return nil
        }
    }

    /// The receiver written before the call named at `index` as a chain of names, when this file does not type it
    /// (`explicitTypes` is nil): `Current.sensors`, for `PropertyTable` to type through other files' declarations.
    /// A root this file declares is replaced by its type (`self.environment.sensors` with `var environment:
    /// Environment` is `Environment`, then `sensors`); a root bound to a function's value (`let manager =
    /// makeManager()`) is that function's, and one bound to a static function's (`Factory.make()`) is its type, then
    /// `make()`; a root `self` names the type whose declaration holds the call (`self.sensors` in `class Feature:
    /// Base`, whose file does not declare `sensors`, is `Feature`, then `sensors`, which `Base` may declare), or nil
    /// in an extension. A chain starting with a call or a subscript gives nil. A chain of any length is read: the
    /// names before one call are never another call's, so all calls together read each token once.
    func chain(ofReceiverAt index: Int, known: inout [Int: String?]) -> ReceiverChain? {
        guard !isOnNoReceiver(index) else { return nil }
        var reversed: [String] = []
        var cursor = index - 2
        while true {
            while cursor >= 0, ["?", "!"].contains(tokens[cursor].text) { cursor -= 1 }
            guard cursor >= 0, tokens[cursor].kind == .identifier else { return nil }
            reversed.append(tokens[cursor].text)
            guard cursor > 1, tokens[cursor - 1].text == "." else { break }
            cursor -= 2
        }
        var names = Array(reversed.reversed())
        let onSelf = names[0] == "self"
        if onSelf { names.removeFirst() }
        guard let root = names.first, !["self", "Self", "super"].contains(root) else { return nil }
        if let types = declared[root], types.count == 1, let type = types.first {
            return ReceiverChain(root: type, rootIsType: true, members: Array(names.dropFirst()))
        }
        if onSelf {
            return declared[root] == nil ? declaringType(around: cursor, known: &known).map { ReceiverChain(root: $0, rootIsType: true, members: names) } : nil
        }
        if declared[root] == nil, let functions = madeBy[root], functions.count == 1, let function = functions.first {
            guard let dot = function.firstIndex(of: ".") else {
                return ReceiverChain(root: function, rootIsType: false, rootIsCall: true, members: Array(names.dropFirst()))
            }
            return ReceiverChain(root: String(function[..<dot]), rootIsType: true, members: [String(function[function.index(after: dot)...]) + "()"] + Array(names.dropFirst()))
        }
        return ReceiverChain(root: root, rootIsType: false, members: Array(names.dropFirst()))
    }

    /// The first token of the value after `=` at `index`, past `try`, `try?`, `try!` and `await`.
    private static func afterTryAndAwait(_ index: Int, in tokens: [SourceToken]) -> Int {
        var cursor = index
        while cursor < tokens.count, tokens[cursor].kind == .identifier, tokens[cursor].text == "try" || tokens[cursor].text == "await" {
            cursor += 1
            if cursor < tokens.count, tokens[cursor - 1].text == "try", tokens[cursor].text == "?" || tokens[cursor].text == "!" { cursor += 1 }
        }
        return cursor
    }

    private func isOnNoReceiver(_ index: Int) -> Bool {
        index < 2 || !tokens[index - 1].hasText(".")
    }

    private func enclosingType(of index: Int) -> String? {
        SwiftScopes.enclosingScope(of: index, in: tokens, where: { $0.kind == .identifier && $0.keyword.declaresType })
            .flatMap { LaunchPaths.typeName(of: $0, in: tokens) }
    }
}
