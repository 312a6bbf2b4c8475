import BggenFormats
import Foundation

/// How the function bodies of one Swift file call the names they mention (`FunctionMentions.calls`), and each
/// function's parameters, read when a function is first asked rather than with its file. A call's shape reads its
/// labels and types its receiver through the file's declarations, most of the cost of reading a body, yet only the
/// functions the caller search and `LaunchReach` meet are asked: on duckduckgo-iOS the files read for another file's
/// sake had the shapes of thousands of functions read that no one asked about. One per file, shared by its
/// functions, which keep it (and so its tokens) alive; its lock lets the rules ask from several cores.
final class BodyCalls: @unchecked Sendable {
    private let tokens: [SourceToken]
    /// For each token, the `{` of the innermost entry closure around it (-1 for none); empty when the file has none.
    /// A body's calls leave out its entry closures', as its mentions do.
    private let innermostEntry: [Int]
    private let lock = NSLock()
    /// The types the file gives receivers, read when the first body with a call asked about is.
    private var receiverTypes: ReceiverTypes?
    /// The type declaring each scope, as the receivers' reading finds them, kept for every body of the file.
    private var receiverTypeByScope: [Int: String?] = [:]

    init(tokens: [SourceToken], innermostEntry: [Int]) {
        self.tokens = tokens
        self.innermostEntry = innermostEntry
    }

    /// One function's body, from its `{` at `open` to its `}` at `close`, and what was read of it so far.
    final class Body: @unchecked Sendable {
        private let file: BodyCalls
        private let open: Int
        private let close: Int
        /// The type whose initialiser this is: its `self.init(…)` hands over to another initialiser of the type.
        private let initializing: String?
        /// Whether the body is a `func`'s or an `init`'s, whose header declares its parameters.
        private let hasSignature: Bool
        private var readCalls: [String: Set<CallShape>]?
        private var readParameters: [FunctionParameter]??

        init(of file: BodyCalls, from open: Int, to close: Int, initializing: String?, hasSignature: Bool) {
            self.file = file
            self.open = open
            self.close = close
            self.initializing = initializing
            self.hasSignature = hasSignature
        }

        var calls: [String: Set<CallShape>] {
            file.lock.withLock {
                if let readCalls { return readCalls }
                let calls = file.calls(from: open, to: close, initializing: initializing)
                readCalls = calls
                return calls
            }
        }

        /// `calls` of `names` only, held where `bits` says a name may be one of them: from the calls read already,
        /// or else reading the calls of those names alone, the shapes of the others left unread. What
        /// `CodeModel.readChainDeclarations` asks of each function mentioning a name the caller search met, most of
        /// whose calls are of other names.
        func calls(of names: Set<String>, bits: NameBits) -> [String: Set<CallShape>] {
            file.lock.withLock {
                if let readCalls { return readCalls.filter { names.contains($0.key) } }
                return file.calls(from: open, to: close, initializing: initializing, only: (names, bits))
            }
        }

        var parameters: [FunctionParameter]? {
            guard hasSignature else { return nil }
            return file.lock.withLock {
                if let readParameters { return readParameters }
                let parameters = FunctionScopes(tokens: file.tokens).signature(opening: open).map { FunctionParameter.all(of: $0, in: file.tokens) }
                readParameters = .some(parameters)
                return parameters
            }
        }
    }

    /// How the body between `open` and `close` calls the names it mentions only in calls, by the shape of each call
    /// (see `FunctionMentions.calls`); in an initialiser of `initializing`, `self.init(…)` is a call of the type.
    /// With `only`, the calls of those names alone: a call of another name, or another name mentioned otherwise,
    /// changes nothing of theirs. The lock is held.
    private func calls(from open: Int, to close: Int, initializing: String?, only: (names: Set<String>, bits: NameBits)? = nil) -> [String: Set<CallShape>] {
        var receivers: ReceiverTypes?
        var otherUses: [Int] = []
        var shapes: [String: Set<CallShape>] = [:]
        let handsOverToWanted = initializing.map { only?.names.contains($0) ?? true } ?? false
        for index in (open + 1)..<close where tokens[index].kind == .identifier && (innermostEntry.isEmpty || innermostEntry[index] <= open) {
            let name = tokens[index].text
            if let only {
                let handsOver = handsOverToWanted && name == "init" && TokenPattern.matches(tokens, at: index - 2, ["self", "."])
                guard handsOver || only.bits.mayHold(name) && only.names.contains(name) else { continue }
            }
            if receivers == nil {
                // The file's receivers, read once it has a body with a call asked about.
                if receiverTypes == nil { receiverTypes = ReceiverTypes(tokens: tokens) }
                receivers = receiverTypes
            }
            if tokens[index - 1].keyword != .func,
               let shape = CallShape(at: index, in: tokens, receivers: receivers!, known: &receiverTypeByScope) {
                let delegated = name == "init" && TokenPattern.matches(tokens, at: index - 2, ["self", "."])
                shapes[delegated ? initializing ?? "init" : name, default: []].insert(shape)
            } else if CallShape.isImplicitMember(at: index, in: tokens) {
                // `steps(.beforeRegister, .register)`: an enum case, which calls no function of that name.
                shapes[name, default: []].formUnion([])
            } else {
                otherUses.append(index)
            }
        }
        // A name also mentioned otherwise than in a call is not called only.
        if !shapes.isEmpty {
            let called = NameBits(shapes.keys)
            for index in otherUses where called.mayHold(tokens[index].text) { shapes[tokens[index].text] = nil }
        }
        return shapes
    }
}
