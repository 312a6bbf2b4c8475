import BggenFormats

/// A parameter of a Swift function as a call fills it: by its argument label (`_` for none), or not at all when it
/// has a default value.
struct FunctionParameter: Sendable, Hashable {
    var label: String
    var hasDefault: Bool
    /// `Int...`: takes any number of arguments, so the count of a call's arguments says nothing.
    var isVariadic = false

    /// The parameters of a function as `FunctionScopes` reads its header, in order.
    static func all(of scope: FunctionScopes.Scope, in tokens: [SourceToken]) -> [FunctionParameter] {
        scope.parameters.map { name in
            guard let signature = scope.signature[name] else { return FunctionParameter(label: name, hasDefault: false) }
            let type = tokens[signature.type]
            // Only a type with a `.` in it may spell `...`: most are joined and searched for it no more.
            return FunctionParameter(label: signature.label, hasDefault: type.contains { $0.hasText("=") },
                                     isVariadic: type.contains { $0.text.utf8.contains(UInt8(ascii: ".")) } && type.map(\.text).joined().contains("..."))
        }
    }
}

/// A call as the caller writes it: its argument labels, whether a closure trails it, and the types its receiver may
/// have. `datapointsTableView.register(Cell.self, forCellReuseIdentifier: id)` is no call of an app's `register()`,
/// which takes no argument, nor of a method of a type unrelated to `UITableView`.
struct CallShape: Sendable, Hashable {
    var labels: [String]
    /// An argument is an enum case or other implicit member (`handle(.didBecomeActive)`): what the callee does may
    /// depend on which, so a path through this call is not certain (see `LateRegistration`).
    var passesCase: Bool
    var hasTrailingClosure: Bool
    /// Nil when the file does not tell (a chain doctor does not follow, a function at file scope or in an
    /// extension calling on `self`).
    var receiverTypes: Set<String>?
    /// The receiver as written, where `receiverTypes` is nil and it is a chain of names (`Current.sensors`):
    /// `LaunchReach` types it with every file's declarations (`PropertyTable`).
    var receiverChain: ReceiverChain?

    /// The call named at `index` (followed by its `(`), with its labels (`CallArguments.written(at:in:)`) and the
    /// receiver types the file gives.
    init?(at index: Int, in tokens: [SourceToken], receivers: ReceiverTypes, known: inout [Int: String?]) {
        guard let written = CallArguments.written(at: index + 1, in: tokens), let close = SwiftScopes.closing(index + 1, in: tokens) else { return nil }
        self.labels = written.labels
        passesCase = written.passesCase
        hasTrailingClosure = close + 1 < tokens.count && tokens[close + 1].text == "{"
        receiverTypes = receivers.types(ofReceiverAt: index, known: &known)
        receiverChain = receiverTypes == nil ? receivers.chain(ofReceiverAt: index, known: &known) : nil
    }

    /// Only the labels' count and the two flags: a body's calls of one name are a few shapes, told apart by `==`.
    /// The synthesized hash hashed every label, each receiver type (a set, each element with a hasher of its own) and
    /// the chain: inserting a shape cost more than two thousand instructions, a fifth of reading a body's names.
    func hash(into hasher: inout Hasher) {
        hasher.combine(labels.count)
        hasher.combine(passesCase)
        hasher.combine(hasTrailingClosure)
    }

    /// Whether the name at `index` is an implicit member, `.register` after `(`, `,`, `=` or `case`: a member of the
    /// type the context expects (an enum's case), not a function of the app named by its value.
    /// Asked of every name in every function body read: the texts are compared as bytes (`hasText`), not as strings.
    static func isImplicitMember(at index: Int, in tokens: [SourceToken]) -> Bool {
        guard index >= 2, tokens[index - 1].hasText(".") else { return false }
        let before = tokens[index - 2]
        if before.kind == .identifier { return implicitMemberWords.mayHold(before.text) && implicitMemberKeywords.contains(before.text) }
        // After a receiver's last token (`foo().`, `list[0].`, `self?.`, `Array<Int>.`, `"text".`) it is explicit.
        return before.kind != .string && before.kind != .number
            && !(before.hasText(")") || before.hasText("]") || before.hasText("?") || before.hasText("!") || before.hasText(">"))
    }

    private static let implicitMemberKeywords: Set<String> = ["return", "case", "in", "where", "else", "throw", "try", "await", "is", "as"]
    /// Their lengths and first bytes: most names before a `.` (`self`, a property) are told apart from them by those,
    /// where hashing each was most of the question.
    private static let implicitMemberWords = NameBits(implicitMemberKeywords)

    /// Whether a function with these `parameters` can take the call's arguments.
    func fits(_ parameters: [FunctionParameter]) -> Bool {
        parameters.contains(where: \.isVariadic)
            || CallArguments.match(labels.map { ($0, 0) }, trailing: hasTrailingClosure, to: parameters) != nil
    }
}

/// The arguments of a call and how they fill a function's parameters: one reading for the wrappers of the task
/// APIs (`WrapperCall`) and for the calls doctor follows back to launch (`CallShape`).
enum CallArguments {
    /// Each argument of the call between `open` and `close`: its label (`_` for none) and its first token.
    static func all(from open: Int, to close: Int, in tokens: [SourceToken]) -> [(label: String, start: Int)] {
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

    /// What a call's parentheses hold, as `CallShape` reads it.
    struct Written {
        var labels: [String] = []
        var passesCase = false
    }

    /// The labels of the arguments in the `(…)` opening at `open` (`_` for an argument without one), and whether
    /// one of them is an implicit member (`.didBecomeActive`); nil when `open` is not a `(` its `)` closes. Only the
    /// group's own tokens are read, a nested bracket skipped through its partner (`SourceLexer.link`): each token
    /// belongs to one group, so the calls of a body read each of its tokens once, and a file's calls no one asks
    /// about are not read (the labels of every `(` of a file, read for the few bodies asked, were ~8 M instructions
    /// on duckduckgo-iOS).
    static func written(at open: Int, in tokens: [SourceToken]) -> Written? {
        guard open < tokens.count, tokens[open].is("("), let close = SwiftScopes.closing(open, in: tokens), tokens[close].is(")") else { return nil }
        var written = Written()
        var started = false
        var index = open + 1
        // The tokens are read where they lie: a copy of each (its text and interpolations retained) cost more than the test.
        while index < close {
            if tokens[index].nesting > 0 {
                if !started {
                    written.labels.append("_")
                    started = true
                }
                // A bracket inside a closed group is closed inside it too: the pairing is one stack over every kind.
                index = max(index, Int(tokens[index].partner)) + 1
                continue
            }
            if tokens[index].is(",") {
                started = false
            } else if !started {
                let labelled = tokens[index].kind == .identifier && index + 1 < tokens.count && tokens[index + 1].hasText(":")
                written.labels.append(labelled ? tokens[index].text : "_")
                let value = labelled ? index + 2 : index
                if value + 1 < tokens.count, tokens[value].is("."), tokens[value + 1].kind == .identifier {
                    written.passesCase = true
                }
                started = true
            }
            index += 1
        }
        return written
    }

    /// The first token of the argument each parameter is given, by parameter index, when the labels fit: in order,
    /// a parameter with a default may be left out, and a trailing closure gives the one parameter left without one.
    static func match(_ arguments: [(label: String, start: Int)], trailing: Bool, to parameters: [FunctionParameter]) -> [Int: Int]? {
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
