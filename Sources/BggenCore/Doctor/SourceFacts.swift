/// The kind of task request a `…TaskRequest(identifier:)` creates.
enum TaskRequestKind: String, Sendable, Equatable {
    case refresh, processing, continued

    /// The `UIBackgroundModes` value iOS requires before it accepts the request; continued processing needs none.
    var mode: String? {
        switch self {
        case .refresh: "fetch"
        case .processing: "processing"
        case .continued: nil
        }
    }
}

/// A task identifier passed to BGTaskScheduler, as written and, where the code allows, as a value.
struct TaskIdentifierUse: Sendable, Equatable {
    enum Role: Sendable, Equatable {
        /// `register(forTaskWithIdentifier:)`, or a call of a wrapper that passes its argument there.
        case register
        /// SwiftUI `.backgroundTask(.appRefresh("…"))`, which registers the handler itself.
        case swiftUIRefresh
        /// `BGAppRefreshTaskRequest(identifier:)` and its siblings: the identifier a submit uses.
        case request(TaskRequestKind)
        /// `URLSessionConfiguration.background(withIdentifier:)`: a background session's identifier.
        case session
    }

    var role: Role
    /// The identifier, when it is a literal or a constant doctor can see; nil when it is built at run time.
    var value: String?
    /// The argument as written, for messages.
    var expression: String
    var location: FindingLocation
    /// The name the argument ends in (`refreshID` of `Config.refreshID`), when it is a plain name or chain.
    var name: String?
    /// The constant to look up in other files: a dotted chain, or a name this file never declares or takes as a
    /// parameter (a local `identifier` must not pick up another file's constant of that name).
    var pendingConstant: String?
    /// In a file bggen generated and nobody edited: known to be right, so never "could not check".
    var inBggenOutput: Bool
    /// Inside `#if … #endif`: another branch may hold the same call, so a second registration is not certain.
    var isConditional = false
    /// For a registration: where it runs relative to launch.
    var launch = LaunchContext.unknown

    var isRegistration: Bool { role == .register || role == .swiftUIRefresh }
    /// A BGTaskScheduler identifier, which the Info.plist must permit (a session's is not).
    var isTaskIdentifier: Bool { role != .session }
}

/// What one source file does with background work, read from its tokens (comments and strings are not code).
struct SourceFacts: Sendable {
    var file: String
    var uses: [TaskIdentifierUse] = []
    /// String constants the file defines, for identifiers other files pass by name.
    var constants: [String: String] = [:]
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` or its `async` form, declared.
    var silentPushHandlers: [FindingLocation] = []
    /// `handleEventsForBackgroundURLSession` or SwiftUI `.backgroundTask(.urlSession(…))`.
    var handlesSessionEvents = false
    /// `URLSessionConfiguration.background(withIdentifier:)` and the Objective-C forms.
    var backgroundSessions: [FindingLocation] = []
    /// `requiredResources = .gpu` (or `[.gpu]`, `.insert(.gpu)`, Objective-C `…ResourcesGPU`): a continued-processing
    /// request that needs the Background GPU Access entitlement.
    var gpuRequests: [FindingLocation] = []
    /// Deprecated background fetch: the symbol and where.
    var deprecatedFetch: [(symbol: String, location: FindingLocation)] = []
    /// Task types the file names, which show a background mode is in use: "fetch" or "processing".
    var modesUsed: Set<String> = []
    var provenance: GeneratedMarker.Provenance = .foreign
    /// Launch and expiration handlers written as closures (Swift only).
    var handlers: [HandlerClosure] = []
    /// `task as! BGProcessingTask` and the like in launch handlers (Swift only).
    var forceCasts: [TaskForceCast] = []
    /// Returns from a launch handler on a path where nothing completes the task (Swift only).
    var earlyReturns: [HandlerReturn] = []
    /// Calls a background session does not support (Swift only).
    var sessionMisuse: [SessionMisuse] = []
    /// The Swift types the file declares and their isolation, for handlers written in extensions of them.
    var declaredTypes: [String: SwiftScopes.Isolation] = [:]
    /// Every function with the names its body mentions, to follow registrations back to launch.
    var functions: [FunctionMentions] = []

    /// Symbols whose presence shows the code uses a mode.
    static let modeSymbols: [String: String] = [
        "BGAppRefreshTask": "fetch", "BGAppRefreshTaskRequest": "fetch", "appRefresh": "fetch",
        "setMinimumBackgroundFetchInterval": "fetch", "performFetchWithCompletionHandler": "fetch",
        "BGProcessingTask": "processing", "BGProcessingTaskRequest": "processing",
        "BGContinuedProcessingTask": "processing", "BGContinuedProcessingTaskRequest": "processing",
    ]

    static let requestTypes: [String: TaskRequestKind] = [
        "BGAppRefreshTaskRequest": .refresh, "BGProcessingTaskRequest": .processing,
        "BGContinuedProcessingTaskRequest": .continued,
    ]

    /// A file read only for its functions, on the way from a registration back to launch.
    init(file: String, functions: [FunctionMentions]) {
        self.file = file
        self.functions = functions
    }

    init(file: String, text: String, tokens: [SourceToken], language: SourceLexer.Language) {
        self.file = file
        provenance = GeneratedMarker.provenance(of: text)
        constants = BackgroundCodeScanner.constants(in: tokens)
        let ours = provenance == .pristine
        var conditionalDepth = 0
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if index > 0, tokens[index - 1].text == "#" {
                if token.text == "if" || token.text == "ifdef" || token.text == "ifndef" { conditionalDepth += 1 }
                if token.text == "endif" { conditionalDepth = max(0, conditionalDepth - 1) }
            }
            let location = FindingLocation(file: file, line: token.line, column: token.column)
            let previous = index > 0 ? tokens[index - 1].text : ""
            if let mode = Self.modeSymbols[token.text], token.text != "appRefresh" || previous == "." {
                modesUsed.insert(mode)
            }
            switch token.text {
            case "register" where previous != "func" && BackgroundCodeScanner.matches(tokens, at: index + 1, ["(", "forTaskWithIdentifier", ":"]):
                addUse(.register, tokens: tokens, argument: index + 4, at: location, ours: ours, conditional: conditionalDepth > 0)
            case "registerForTaskWithIdentifier" where BackgroundCodeScanner.matches(tokens, at: index + 1, [":"]) && previous != "-" && previous != ")":
                addUse(.register, tokens: tokens, argument: index + 2, at: location, ours: ours, conditional: conditionalDepth > 0)
            case "appRefresh" where previous == "." && BackgroundCodeScanner.matches(tokens, at: index - 3, ["backgroundTask", "(", "."]):
                addUse(.swiftUIRefresh, tokens: tokens, argument: index + 2, at: location, ours: ours, conditional: conditionalDepth > 0)
            case "urlSession" where previous == "." && BackgroundCodeScanner.matches(tokens, at: index - 3, ["backgroundTask", "(", "."]):
                handlesSessionEvents = true
            case "handleEventsForBackgroundURLSession":
                handlesSessionEvents = true
            case "background" where previous == "." && BackgroundCodeScanner.matches(tokens, at: index + 1, ["(", "withIdentifier", ":"]):
                backgroundSessions.append(location)
                addUse(.session, tokens: tokens, argument: index + 4, at: location, ours: ours, conditional: conditionalDepth > 0)
            case "backgroundSessionConfigurationWithIdentifier" where BackgroundCodeScanner.matches(tokens, at: index + 1, [":"]):
                backgroundSessions.append(location)
                addUse(.session, tokens: tokens, argument: index + 2, at: location, ours: ours, conditional: conditionalDepth > 0)
            case "backgroundSessionConfigurationWithIdentifier", "backgroundSessionConfiguration":
                backgroundSessions.append(location)
            case "requiredResources" where Self.assignsGPU(tokens, at: index):
                gpuRequests.append(location)
            case "setMinimumBackgroundFetchInterval", "performFetchWithCompletionHandler":
                deprecatedFetch.append((token.text, location))
            case "didReceiveRemoteNotification" where Self.isSilentPushDeclaration(tokens, at: index, language: language):
                silentPushHandlers.append(location)
            default:
                if let kind = Self.requestTypes[token.text] {
                    if BackgroundCodeScanner.matches(tokens, at: index + 1, ["(", "identifier", ":"]) {
                        addUse(.request(kind), tokens: tokens, argument: index + 4, at: location, ours: ours, conditional: conditionalDepth > 0)
                    } else if BackgroundCodeScanner.matches(tokens, at: index + 1, ["alloc", "]", "initWithIdentifier", ":"]) {
                        addUse(.request(kind), tokens: tokens, argument: index + 5, at: location, ours: ours, conditional: conditionalDepth > 0)
                    }
                }
            }
        }
        expandWrappers(tokens)
        functions = LaunchPaths.functions(in: tokens, language: language)
        if language == .swift {
            handlers = HandlerClosure.all(in: tokens, file: file)
            declaredTypes = SwiftScopes.declaredTypes(in: tokens)
            let bodies = LaunchHandlerBody.all(in: tokens, file: file)
            forceCasts = TaskForceCast.all(in: bodies, tokens: tokens, file: file)
            earlyReturns = bodies.filter(\.isHandler).compactMap { HandlerReturn.first(in: $0, tokens: tokens, file: file) }
            sessionMisuse = SessionMisuse.all(in: tokens, file: file)
        }
    }

    /// Reads the identifier argument: a literal, a constant (here or, later, in another file), or a run-time value.
    private mutating func addUse(_ role: TaskIdentifierUse.Role, tokens: [SourceToken], argument: Int, at location: FindingLocation, ours: Bool,
                                 conditional: Bool) {
        let language: SourceLexer.Language = file.hasSuffix(".swift") ? .swift : .objectiveC
        let expression = BackgroundCodeScanner.argument(tokens, from: argument)
        let written = expression.map { $0.kind == .string ? "\"\($0.text)\"" : $0.text }.joined()
        var use = TaskIdentifierUse(role: role, value: nil, expression: written, location: location, inBggenOutput: ours,
                                    isConditional: conditional)
        if role == .register, let index = tokens.firstIndex(where: { $0.line == location.line && $0.column == location.column }) {
            use.launch = LaunchPaths.context(at: index, in: tokens, language: language)
        }
        if expression.count == 1, expression[0].kind == .string, expression[0].isLiteral {
            use.value = expression[0].text
        } else if !expression.isEmpty, expression.allSatisfy({ $0.kind == .identifier || $0.text == "." }),
                  let name = expression.filter({ $0.kind == .identifier && $0.text != "rawValue" }).last?.text {
            use.name = name
            use.value = constants[name]
            let declaredHere = tokens.indices.contains { index in
                tokens[index].kind == .identifier && tokens[index].text == name
                    && (BackgroundCodeScanner.matches(tokens, at: index + 1, [":"]) || BackgroundCodeScanner.matches(tokens, at: index + 1, ["="]))
            }
            if expression.count > 1 || !declaredHere { use.pendingConstant = name }
        }
        uses.append(use)
    }

    /// A registration or request inside `func name(_ identifier: String, …)` whose identifier is that first
    /// parameter is really made at each call of `name(…)` in the file; each call becomes the use, so a wrapper
    /// such as `register(Config.refreshIdentifier) { … }` is checked like a direct call.
    private mutating func expandWrappers(_ tokens: [SourceToken]) {
        var expanded: [TaskIdentifierUse] = []
        for use in uses {
            guard let name = use.name, use.value == nil, use.expression == name,
                  let wrapper = Self.enclosingFunction(of: use.location, firstParameter: name, in: tokens) else {
                expanded.append(use)
                continue
            }
            for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == wrapper
                && index > 0 && tokens[index - 1].text != "func" && BackgroundCodeScanner.matches(tokens, at: index + 1, ["("])
                && (tokens[index].line, tokens[index].column) != (use.location.line, use.location.column) {
                var start = index + 2
                if BackgroundCodeScanner.matches(tokens, at: start + 1, [":"]) { start += 2 }
                let location = FindingLocation(file: file, line: tokens[index].line, column: tokens[index].column)
                let before = uses.count
                addUse(use.role, tokens: tokens, argument: start, at: location, ours: use.inBggenOutput, conditional: use.isConditional)
                expanded.append(uses.remove(at: before))
            }
        }
        uses = expanded
    }

    /// The name of the function declared around `location` whose first parameter's internal name is `parameter`.
    private static func enclosingFunction(of location: FindingLocation, firstParameter parameter: String, in tokens: [SourceToken]) -> String? {
        guard let at = tokens.firstIndex(where: { $0.line == location.line && $0.column == location.column }) else { return nil }
        var depth = 0
        var index = at - 1
        while index > 0 {
            let token = tokens[index]
            if token.text == "}" && token.kind == .punctuation { depth += 1 }
            if token.text == "{" && token.kind == .punctuation { depth -= 1 }
            if token.kind == .identifier, token.text == "func", depth < 0, index + 2 < tokens.count {
                let name = tokens[index + 1].text
                guard matches(tokens, at: index + 2, "(") else { return nil }
                // `(_ identifier: String` or `(identifier: String` or `(label identifier: String`.
                let first = tokens[(index + 3)...].prefix { $0.text != ":" && $0.text != ")" }.map(\.text)
                return first.last == parameter && first.count <= 2 ? name : nil
            }
            index -= 1
        }
        return nil
    }

    private static func matches(_ tokens: [SourceToken], at index: Int, _ text: String) -> Bool {
        index < tokens.count && tokens[index].text == text
    }

    /// Whether `requiredResources` at `index` is given the GPU in its statement: assigned (`=`, not `==`) or
    /// added to (`insert`, `formUnion`) with `.gpu` on the same line. Reading it (`contains(.gpu)`) is not asking.
    private static func assignsGPU(_ tokens: [SourceToken], at index: Int) -> Bool {
        let assigns = matches(tokens, at: index + 1, "=") && !matches(tokens, at: index + 2, "=")
        let adds = matches(tokens, at: index + 1, ".") && (matches(tokens, at: index + 2, "insert") || matches(tokens, at: index + 2, "formUnion"))
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

    /// The app delegate method iOS calls for a silent push: a declaration (Swift `func application(…` or an
    /// Objective-C method), taking `fetchCompletionHandler` or returning `UIBackgroundFetchResult` asynchronously.
    /// A call to it, or the plain `didReceiveRemoteNotification:` of old, does not count.
    private static func isSilentPushDeclaration(_ tokens: [SourceToken], at index: Int, language: SourceLexer.Language) -> Bool {
        var back = index - 1
        while back >= 0, ![";", "{", "}"].contains(tokens[back].text) || tokens[back].kind != .punctuation {
            if tokens[back].text == "func" && tokens[back].kind == .identifier { break }
            back -= 1
        }
        let declared = language == .swift
            ? back >= 0 && tokens[back].text == "func"
            : back + 1 < tokens.count && tokens[back + 1].text == "-"
        guard declared else { return false }
        let rest = tokens[(index + 1)...].prefix { $0.text != "{" && $0.text != ";" }.map(\.text)
        return rest.contains("fetchCompletionHandler") || rest.contains("UIBackgroundFetchResult")
    }
}
