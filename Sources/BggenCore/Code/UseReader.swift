import BggenFormats
import BggenModel

/// Reads one file's calls into its `FileFacts`: registrations, requests, sessions, silent-push handlers, legacy
/// fetch and the symbols `init` lists. Identifiers are resolved with the scopes respected: a parameter or a local
/// named like a member is that parameter or local, and a local bound to a constant is that constant.
struct UseReader {
    var facts: FileFacts
    let tokens: [SourceToken]
    private var scopes: FunctionScopes
    /// Names declared in the file with `:` or `=` after them, so a bare name the file never declares is looked up
    /// in the target's other files.
    private let declared: Set<String>
    /// Where the code of each scope runs (by its `{`), read once for all the uses inside it.
    private var launchContexts: [Int: LaunchContext] = [:]
    /// Where code outside every function runs: at the program's start in a `main.swift` (`LaunchPaths.programStart`).
    private var topLevel: LaunchContext {
        LaunchPaths.runsTopLevelCode(facts.file, language: facts.language) ? .function(LaunchPaths.programStart) : .unknown
    }
    /// The file's `@main` types, whose `static func main()` is the program's start too: read when a use first asks
    /// where it runs, as most files have none.
    private lazy var mainTypes: Set<String> = facts.language == .swift ? LaunchPaths.mainTypes(in: tokens) : []

    init(facts: FileFacts, tokens: [SourceToken]) {
        self.facts = facts
        self.tokens = tokens
        scopes = FunctionScopes(tokens: tokens)
        var declared = Set<String>()
        for index in tokens.indices where tokens[index].kind == .identifier
            && (TokenPattern.matches(tokens, at: index + 1, [":"]) || TokenPattern.matches(tokens, at: index + 1, ["="])) {
            declared.insert(tokens[index].text)
        }
        self.declared = declared
    }

    private func matches(_ at: Int, _ texts: [String]) -> Bool { TokenPattern.matches(tokens, at: at, texts) }

    mutating func readAll() {
        let ours = facts.provenance == .pristine
        var conditionalDepth = 0
        var seen = Set<String>()
        var cancelAll: [(index: Int, conditional: Bool)] = []
        let readNames = Self.readNames
        func mention(_ symbol: String, _ line: Int) {
            if seen.insert("\(line) \(symbol)").inserted { facts.mentions.append((symbol, line)) }
        }
        for index in tokens.indices where tokens[index].kind == .identifier {
            if index > 0, tokens[index - 1].hasText("#") {
                let text = tokens[index].text
                if text == "if" || text == "ifdef" || text == "ifndef" { conditionalDepth += 1 }
                if text == "endif" { conditionalDepth = max(0, conditionalDepth - 1) }
            }
            // Most names have no symbol's length or first byte: told without hashing them into the table and the set,
            // or copying their token.
            guard readNames.mayHold(tokens[index].text) else { continue }
            let token = tokens[index]
            let conditional = conditionalDepth > 0
            let meaning = CodeSymbol.table[token.text]
            if let meaning, !["didReceiveRemoteNotification", "performFetchWithCompletionHandler",
                              "setMinimumBackgroundFetchInterval"].contains(token.text) {
                mention(token.text, token.line)
                if let mode = meaning.mode { facts.modesUsed.insert(mode) }
            }
            // Most names are none of the switch's: one lookup says so, where the switch compared each with every case.
            guard meaning != nil || Self.switchedNames.contains(token.text) else { continue }
            let location = FindingLocation(file: facts.file, line: token.line, column: token.column)
            let previous = index > 0 ? tokens[index - 1].text : ""
            switch token.text {
            case "register" where previous != "func" && matches(index + 1, ["(", "forTaskWithIdentifier", ":"]):
                addUse(.register, argument: index + 4, at: index, ours: ours, conditional: conditional)
            case "registerForTaskWithIdentifier" where matches(index + 1, [":"]) && previous != "-" && previous != ")":
                addUse(.register, argument: index + 2, at: index, ours: ours, conditional: conditional)
            case _ where CodeSymbol.pluginRegistrations.contains(token.text) && previous == "." && matches(index + 1, ["(", "withIdentifier", ":"]):
                addUse(.register, argument: index + 4, at: index, ours: ours, conditional: conditional)
            case "appRefresh" where previous == "." && matches(index - 3, ["backgroundTask", "(", "."]):
                facts.modesUsed.insert("fetch")
                addUse(.swiftUIRefresh, argument: index + 2, at: index, ours: ours, conditional: conditional)
            case "urlSession" where previous == "." && matches(index - 3, ["backgroundTask", "(", "."]):
                facts.handlesSessionEvents = true
            case "handleEventsForBackgroundURLSession":
                facts.handlesSessionEvents = true
            case "background" where previous == "." && matches(index + 1, ["(", "withIdentifier", ":"]):
                mention("background(withIdentifier:)", token.line)
                facts.backgroundSessions.append(location)
                addUse(.session, argument: index + 4, at: index, ours: ours, conditional: conditional)
            case "backgroundSessionConfigurationWithIdentifier" where matches(index + 1, [":"]):
                facts.backgroundSessions.append(location)
                addUse(.session, argument: index + 2, at: index, ours: ours, conditional: conditional)
            case "backgroundSessionConfigurationWithIdentifier", "backgroundSessionConfiguration":
                facts.backgroundSessions.append(location)
            case "cancelAllTaskRequests" where previous == "." ? matches(index + 1, ["(", ")"]) : matches(index + 1, ["]"]):
                cancelAll.append((index, conditional))
            case "requiredResources" where assignsGPU(at: index):
                facts.gpuRequests.append(location)
            case "performFetchWithCompletionHandler" where declaresDelegateMethod(at: index):
                facts.legacyFetch.append((token.text, location))
                facts.modesUsed.insert("fetch")
                mention(token.text, token.line)
            case "setMinimumBackgroundFetchInterval" where isCalledOnApplication(at: index):
                facts.legacyFetch.append((token.text, location))
                // `(UIApplication.backgroundFetchIntervalNever)`, `:UIApplicationBackgroundFetchIntervalNever]`.
                let argument = tokens[(index + 1)...].prefix(6).prefix { $0.text != ")" && $0.text != "]" }
                if argument.contains(where: { $0.text.hasSuffix("FetchIntervalNever") }) { facts.fetchSwitchedOffLines.insert(token.line) }
                facts.modesUsed.insert("fetch")
                mention(token.text, token.line)
            case "didReceiveRemoteNotification":
                guard let declaration = declaration(at: index), Self.isSilentPush(declaration) else { break }
                let reach = SilentPushHandler.reach(declaration: declaration, open: declaration.endIndex, in: tokens, language: facts.language)
                facts.silentPushHandlers.append(SilentPushHandler(location: location, reach: reach))
                mention(token.text, token.line)
            default:
                if let kind = CodeSymbol.table[token.text]?.request {
                    if matches(index + 1, ["(", "identifier", ":"]) {
                        addUse(.request(kind), argument: index + 4, at: index, ours: ours, conditional: conditional)
                    } else if matches(index + 1, ["alloc", "]", "initWithIdentifier", ":"]) {
                        addUse(.request(kind), argument: index + 5, at: index, ours: ours, conditional: conditional)
                    }
                }
            }
        }
        readCancelAll(cancelAll)
    }

    /// The names `readAll`'s switch has a case for, besides `CodeSymbol.table`'s, whose default it reads.
    private static let switchedNames: Set<String> = CodeSymbol.pluginRegistrations.union([
        "register", "registerForTaskWithIdentifier", "appRefresh", "urlSession", "handleEventsForBackgroundURLSession", "background",
        "backgroundSessionConfigurationWithIdentifier", "backgroundSessionConfiguration", "cancelAllTaskRequests", "requiredResources",
        "performFetchWithCompletionHandler", "setMinimumBackgroundFetchInterval", "didReceiveRemoteNotification",
    ])

    /// The lengths and first bytes of the names `readAll` reads, `CodeSymbol.table`'s and `switchedNames`: most names
    /// of a file read for every fact are told apart by them, where hashing each into the table, and then into the
    /// set, was a twentieth of doctor's instructions on home-assistant-iOS.
    private static let readNames = NameBits(switchedNames.union(CodeSymbol.table.keys))

    /// Each `cancelAllTaskRequests` call at `calls`, with the function it runs in and whether every run reaches it.
    private mutating func readCancelAll(_ calls: [(index: Int, conditional: Bool)]) {
        guard !calls.isEmpty else { return }
        var conditions = ConditionalCode(tokens: tokens, language: facts.language,
                                         runsTopLevelCode: LaunchPaths.runsTopLevelCode(facts.file, language: facts.language))
        for call in calls {
            let token = tokens[call.index]
            facts.cancelAllCalls.append(CancelAllCall(
                location: FindingLocation(file: facts.file, line: token.line, column: token.column),
                launch: LaunchPaths.context(at: call.index, in: tokens, language: facts.language, topLevel: topLevel, mainTypes: mainTypes,
                                            known: &launchContexts),
                isConditional: call.conditional || conditions.isConditional(at: call.index)))
        }
    }

    // MARK: - Identifiers

    /// Adds the use whose identifier argument starts at `argument`; a `direct` one, made by the API itself, may be a
    /// wrapper's (see `TaskWrapper.found`).
    private mutating func addUse(_ role: TaskIdentifierUse.Role, argument: Int, at index: Int, ours: Bool, conditional: Bool, direct: Bool = true) {
        let token = tokens[index]
        let expression = TokenPattern.argument(tokens, from: argument)
        var use = TaskIdentifierUse(role: role, value: nil, expression: TokenPattern.written(expression),
                                    location: FindingLocation(file: facts.file, line: token.line, column: token.column),
                                    inBggenOutput: ours, isConditional: conditional)
        if role != .session {
            use.launch = LaunchPaths.context(at: index, in: tokens, language: facts.language, topLevel: topLevel, mainTypes: mainTypes, known: &launchContexts)
            if ours, facts.language == .swift { use.launchReceiver = LaunchPaths.memberType(at: index, in: tokens) }
        }
        resolve(expression, at: index, into: &use, depth: 0)
        facts.uses.append(use)
        if direct, facts.language == .swift, use.value == nil,
           let wrapper = TaskWrapper.found(for: use, at: index, expression: expression, in: tokens, file: facts.file, scopes: &scopes) {
            facts.wrappers.append(wrapper)
        }
    }

    /// Fills `value`, `name`, `pendingConstant` and `unresolvedBecause` of `use` from `expression` at `index`.
    private mutating func resolve(_ expression: [SourceToken], at index: Int, into use: inout TaskIdentifierUse, depth: Int) {
        if expression.count == 1, expression[0].kind == .string {
            use.value = facts.constants.value(of: expression)
            if use.value == nil { use.unresolvedBecause = "built at run time" }
            return
        }
        guard let name = TokenPattern.chainName(expression) else {
            // `Bundle.main.bundleIdentifier! + ".refresh"`: known when every part of the chain is.
            use.value = ConstantTable.isConcatenation(expression) ? facts.constants.value(of: expression) : nil
            if use.value == nil { use.unresolvedBecause = "built at run time" }
            return
        }
        use.name = use.name ?? name
        let bare = expression.count == 1
        if bare, facts.language == .swift {
            let function = scopes.function(around: index)
            if scopes.closureParameters(around: index, upTo: function?.open).contains(name) {
                use.unresolvedBecause = "a closure parameter"
                return
            }
            if let function {
                if function.scope.parameters.contains(name) {
                    use.unresolvedBecause = "a parameter of \(function.scope.name)"
                    return
                }
                if let binding = function.scope.locals[name]?.last(where: { $0 < index }) {
                    // A local: what it is bound to decides (`let id = Self.refreshID`).
                    guard depth < 3, TokenPattern.matches(tokens, at: binding + 1, ["="])
                            || TokenPattern.matches(tokens, at: binding + 1, [":", "String", "="]) else {
                        use.unresolvedBecause = "a local set at run time"
                        return
                    }
                    let start = tokens[binding + 1].text == "=" ? binding + 2 : binding + 4
                    resolve(TokenPattern.statement(tokens, from: start), at: binding, into: &use, depth: depth + 1)
                    return
                }
            }
        }
        if !bare, facts.language == .swift, let values = valuesPerCase(expression, at: index) {
            use.caseValues = values
            return
        }
        use.value = facts.constants.value(of: expression)
        if use.value == nil {
            if !bare || !declared.contains(name) || facts.language == .objectiveC {
                use.pendingConstant = name
                use.pendingQualifier = Self.qualifier(of: expression)
                use.unresolvedBecause = "defined where doctor cannot see it"
            } else {
                use.unresolvedBecause = "set at run time"
            }
        }
    }

    /// `Constants.Values` of `Constants.Values.refreshTaskId`: the types a constant is written with, each named with
    /// a capital (a property's value, `settings.refreshID`, or `Self`, says nothing of where it is declared).
    private static func qualifier(of expression: [SourceToken]) -> String? {
        guard expression.count >= 3, expression.count % 2 == 1, expression.last?.text != "rawValue" else { return nil }
        let types = expression.dropLast(2)
        guard types.enumerated().allSatisfy({ $0.offset % 2 == 1 ? $0.element.text == "." : $0.element.kind == .identifier
                  && $0.element.text.startsUppercase && $0.element.text != "Self" }) else { return nil }
        return types.map(\.text).joined()
    }

    /// `task.identifier` where `task` is a parameter or local typed as one of the file's `String` enums
    /// (`task: TaskID`): one value for each case it may be.
    private mutating func valuesPerCase(_ expression: [SourceToken], at index: Int) -> [String]? {
        guard expression.count == 3, expression[0].kind == .identifier, let function = scopes.function(around: index),
              !scopes.closureParameters(around: index, upTo: function.open).contains(expression[0].text) else { return nil }
        let type: ArraySlice<SourceToken>
        if let binding = function.scope.locals[expression[0].text]?.last(where: { $0 < index }) {
            guard matches(binding + 1, [":"]) else { return nil }
            type = tokens[(binding + 2)...].prefix { $0.kind == .identifier || $0.text == "." }
        } else if let declared = function.scope.signature[expression[0].text]?.type {
            type = tokens[declared]
        } else {
            return nil
        }
        guard let name = type.last(where: { $0.kind == .identifier })?.text, type.allSatisfy({ $0.kind == .identifier || $0.text == "." }) else { return nil }
        return facts.constants.enums[name]?.members[expression[2].text]
    }

    /// The uses made through wrappers (see `TaskWrapper`): a wrapper's own call, whose identifier is its parameter, is
    /// really made at each of its calls, which become the uses in its place (after the file's own uses for another
    /// file's wrapper), so `register(Config.refreshIdentifier) { … }` is checked like a direct call.
    mutating func expandWrappers(_ calls: [WrapperCall]) {
        let byWrapper = Dictionary(grouping: calls.filter { $0.wrapper.identifier != nil }, by: \.wrapper.use.location)
        let wrapped = Set(facts.wrappers.filter { $0.identifier != nil }.map(\.use.location))
        let uses = facts.uses
        facts.uses = []
        for use in uses {
            guard wrapped.contains(use.location) else {
                facts.uses.append(use)
                continue
            }
            for call in byWrapper[use.location] ?? [] { addUse(through: call) }
        }
        for call in calls where call.wrapper.file != facts.file && call.wrapper.identifier != nil { addUse(through: call) }
    }

    /// The use `call` makes: its argument for the wrapper's identifier parameter, where it gives one.
    private mutating func addUse(through call: WrapperCall) {
        guard let argument = call.identifierArgument else { return }
        let wrapped = call.wrapper.use
        addUse(wrapped.role, argument: argument, at: call.name, ours: wrapped.inBggenOutput, conditional: wrapped.isConditional, direct: false)
        if wrapped.role != .register { facts.uses[facts.uses.count - 1].launch = wrapped.launch }
    }

    // MARK: - Declarations

    /// Whether `requiredResources` at `index` is given the GPU in its statement: assigned (`=`, not `==`) or
    /// added to (`insert`, `formUnion`) with `.gpu` on the same line. Reading it (`contains(.gpu)`) is not asking.
    private func assignsGPU(at index: Int) -> Bool {
        let assigns = matches(index + 1, ["="]) && !matches(index + 2, ["="])
        let adds = matches(index + 1, ["."]) && (matches(index + 2, ["insert"]) || matches(index + 2, ["formUnion"]))
        guard assigns || adds else { return false }
        let line = tokens[index].line
        var cursor = index + 2
        while cursor < tokens.count, tokens[cursor].line == line, tokens[cursor].text != ";" {
            if tokens[cursor].text == "BGContinuedProcessingTaskRequestResourcesGPU" { return true }
            if tokens[cursor].text == "gpu", tokens[cursor - 1].text == "." { return true }
            cursor += 1
        }
        return false
    }

    /// The declaration a selector part or label at `index` belongs to, back to the `func` (Swift) or the `-`/`+`
    /// that starts an Objective-C method, up to its body's `{` (or its `;`); nil for a call.
    private func declaration(at index: Int) -> ArraySlice<SourceToken>? {
        var back = index - 1
        while back >= 0, ![";", "{", "}"].contains(tokens[back].text) || tokens[back].kind != .punctuation {
            if tokens[back].keyword == .func && tokens[back].kind == .identifier { break }
            if facts.language == .objectiveC && startsMethod(at: back) { break }
            back -= 1
        }
        let declared = facts.language == .swift
            ? back >= 0 && tokens[back].keyword == .func
            : (back >= 0 && startsMethod(at: back)) || (back + 1 < tokens.count && tokens[back + 1].text == "-")
        guard declared else { return nil }
        let end = tokens[(index + 1)...].firstIndex { $0.text == "{" || $0.text == ";" } ?? tokens.count
        return tokens[max(0, back)..<end]
    }

    /// An Objective-C instance method's `-` at the start of its line, before its return type: what starts the first
    /// method of an `@implementation`, which has no `;` or `}` before it.
    private func startsMethod(at index: Int) -> Bool {
        tokens[index].text == "-" && (index == 0 || tokens[index - 1].line < tokens[index].line) && matches(index + 1, ["("])
    }

    /// The app delegate method iOS calls for a silent push: a declaration taking `fetchCompletionHandler` or
    /// returning `UIBackgroundFetchResult` asynchronously. A call to it, or the plain `didReceiveRemoteNotification:`
    /// of old, does not count.
    private static func isSilentPush(_ declaration: ArraySlice<SourceToken>) -> Bool {
        declaration.contains { $0.text == "fetchCompletionHandler" || $0.text == "UIBackgroundFetchResult" }
    }

    /// `application(_ application: UIApplication, performFetchWithCompletionHandler:)` declared: a method of
    /// another class with that name takes no `UIApplication`.
    private func declaresDelegateMethod(at index: Int) -> Bool {
        declaration(at: index)?.contains { $0.text == "UIApplication" } == true
    }

    /// `UIApplication.shared.setMinimumBackgroundFetchInterval(…)`, `application.setMinimum…`, the application cast in
    /// parentheses (`(UIApplication.shared as LegacyBackgroundFetching).setMinimum…`, to silence the deprecation), or Objective-C
    /// `[[UIApplication sharedApplication] setMinimum…]` / `[application setMinimum…]`.
    private func isCalledOnApplication(at index: Int) -> Bool {
        guard index > 0 else { return false }
        let previous = tokens[index - 1]
        let receivers: Set<String> = ["UIApplication", "application", "app", "shared", "sharedApplication", "UIApp"]
        if facts.language == .swift {
            guard previous.text == "." else { return false }
            var cursor = index - 2
            while cursor >= 0, tokens[cursor].kind == .identifier || tokens[cursor].text == "." || tokens[cursor].text == "?" || tokens[cursor].text == "!" {
                if receivers.contains(tokens[cursor].text) { return true }
                cursor -= 1
            }
            // `(UIApplication.shared as LegacyBackgroundFetching).setMinimum…`: the receiver in parentheses.
            if cursor >= 0, tokens[cursor].text == ")", tokens[cursor].partner >= 0 {
                return tokens[Int(tokens[cursor].partner)..<cursor].contains { receivers.contains($0.text) }
            }
            return false
        }
        if previous.kind == .identifier { return receivers.contains(previous.text) }
        if previous.text == "]", previous.partner >= 0 {
            return tokens[Int(previous.partner)..<(index - 1)].contains { $0.text == "UIApplication" }
        }
        return false
    }
}
