/// The names a Swift function binds (its parameters and the `let`/`var` of its body), read once per function, so a
/// parameter or a local named like a member is that parameter or local, and sixteen thousand calls in one
/// function do not re-read it sixteen thousand times.
package struct FunctionScopes: Sendable {
    package struct Scope: Sendable {
        /// The function's name (or `init`).
        package var name: String
        /// Internal parameter names, in order.
        package var parameters: [String]
        /// Each parameter's argument label (its one name when it has no label, `_` for none) by internal name,
        /// and the token range of its type.
        package var signature: [String: (label: String, type: Range<Int>)]
        /// Each local name and the token indices of its bindings, in order.
        package var locals: [String: [Int]]
    }

    private let tokens: [SourceToken]
    private var cache: [Int: Scope?] = [:]

    package init(tokens: [SourceToken]) {
        self.tokens = tokens
    }

    /// The innermost function around token `index`: its `{` and its scope; nil at type or file scope.
    package mutating func function(around index: Int) -> (open: Int, scope: Scope)? {
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens) {
            cursor = open
            if let cached = cache[open] {
                if let scope = cached { return (open, scope) }
                continue
            }
            let scope = read(open)
            cache[open] = .some(scope)
            if let scope { return (open, scope) }
        }
        return nil
    }

    /// The function the `func` keyword at `index` declares: its body's `{` and its scope; nil for a protocol
    /// requirement, which has no body.
    package mutating func function(declaredAt index: Int) -> (open: Int, scope: Scope)? {
        guard let open = body(declaredAt: index), let scope = scope(opening: open), scope.name == tokens[index + 1].text else { return nil }
        return (open, scope)
    }

    /// The name and parameters of the function the `func` keyword at `index` declares, without its locals, as
    /// `signature(opening:)` reads them: for a reader that asks about every function's parameters alone
    /// (`TaskHelper`), where reading each body's names for its locals cost a look at every name of the file.
    package func signature(declaredAt index: Int) -> Scope? {
        guard let open = body(declaredAt: index), let scope = signature(opening: open), scope.name == tokens[index + 1].text else { return nil }
        return scope
    }

    /// The `{` of the body of the function the `func` keyword at `index` declares; nil for a requirement.
    private func body(declaredAt index: Int) -> Int? {
        // Up to the body's `{`, or to whatever ends a requirement first (a `}`, the next `func`), so that thousands of
        // requirements in a protocol are each read to their end, not to the next body. Punctuation is told by its byte.
        guard index + 1 < tokens.count,
              let open = tokens[(index + 1)...].firstIndex(where: { $0.is("{") || $0.is("}") || $0.keyword == .func && $0.kind == .identifier }),
              tokens[open].is("{"), SwiftScopes.headerTokens(before: open, in: tokens).startIndex <= index else { return nil }
        return open
    }

    /// The scope of the function whose body opens at `open`; nil when that `{` opens no function's body.
    package mutating func scope(opening open: Int) -> Scope? {
        if let cached = cache[open] { return cached }
        let scope = read(open)
        cache[open] = .some(scope)
        return scope
    }

    /// The name and parameters of the function whose body opens at `open`, without its locals (empty), read afresh:
    /// for a reader that asks once per function and never about its body's names, which reading cost a look at
    /// every name of the body.
    package func signature(opening open: Int) -> Scope? {
        read(open, withLocals: false)
    }

    /// The closure parameters (`{ identifier, task in`) of every closure between token `index` and its function.
    package func closureParameters(around index: Int, upTo function: Int?) -> Set<String> {
        var names = Set<String>()
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens), open != function {
            cursor = open
            if let start = SwiftScopes.closureBodyStart(open, in: tokens) {
                for token in tokens[(open + 1)..<(start - 1)] where token.kind == .identifier { names.insert(token.text) }
            }
        }
        return names
    }

    private func read(_ open: Int, withLocals: Bool = true) -> Scope? {
        let header = SwiftScopes.headerTokens(before: open, in: tokens)
        guard let keyword = header.lastIndex(where: { $0.kind == .identifier && ($0.keyword == .func || $0.keyword == .initializer) }) else { return nil }
        let name = header[keyword].keyword == .initializer ? "init" : (keyword + 1 < header.endIndex ? header[keyword + 1].text : "")
        var parameters: [String] = []
        var signature: [String: (label: String, type: Range<Int>)] = [:]
        if let paren = header[keyword...].firstIndex(where: { $0.text == "(" }), let close = SwiftScopes.closing(paren, in: tokens) {
            // Each parameter is `label name: Type` or `name: Type`: the last word before its first `:`.
            var depth = 0
            var words: [String] = []
            var typed: Int?
            func finish(at end: Int) {
                if let typed, let name = words.last, let label = words.first { signature[name] = (label, (typed + 1)..<end) }
            }
            for index in (paren + 1)..<close {
                let token = tokens[index]
                if token.kind == .punctuation {
                    if depth == 0 && token.text == "," { finish(at: index); words = []; typed = nil; continue }
                    if depth == 0 && token.text == ":" && typed == nil {
                        typed = index
                        if let last = words.last { parameters.append(last) }
                    }
                    depth += token.nesting
                    continue
                }
                if depth == 0, typed == nil, token.kind == .identifier { words.append(token.text) }
            }
            finish(at: close)
        }
        var locals: [String: [Int]] = [:]
        if withLocals, let close = SwiftScopes.closing(open, in: tokens) {
            for index in (open + 1)..<close where tokens[index].kind == .identifier && index > 0
                && (tokens[index - 1].keyword == .let || tokens[index - 1].keyword == .var) {
                locals[tokens[index].text, default: []].append(index)
            }
        }
        return Scope(name: name, parameters: parameters.filter { $0 != "_" }, signature: signature, locals: locals)
    }
}
