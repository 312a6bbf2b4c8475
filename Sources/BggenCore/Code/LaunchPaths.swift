import BggenFormats

/// Where a registration runs relative to launch, read from the functions around it, and the functions of a file
/// with the names their bodies mention, so `Doctor` can follow calls back to `didFinishLaunching` or `App.init`.
enum LaunchContext: Sendable, Equatable {
    /// Inside a function (its key, see `LaunchPaths.key`); whether launch reaches it is decided across files.
    case function(String)
    /// Inside a `Task {}`, a `DispatchQueue…async {}` or a function that runs once the app is up
    /// (`viewDidLoad`, `scene(_:willConnectTo:options:)`, a SwiftUI `body` or `.onAppear`): after launch.
    case afterLaunch(String)
    /// Not read: Objective-C outside a method, or a declaration this reader does not follow.
    case unknown
}

/// A function and the names its body mentions (calls, types, properties): the edges doctor follows.
struct FunctionMentions: Sendable, Equatable {
    var key: String
    /// `application(_:didFinishLaunchingWithOptions:)`, `willFinishLaunching`, or `init` of a SwiftUI `App`.
    var isLaunch: Bool
    var mentions: MentionedNames
    /// Where it is declared (the file is set by `FileFacts`), for the hops of a path in a finding.
    var file = ""
    var line = 0
    /// The column of a Swift `func`'s name (on `line`), where a finding about the function itself points
    /// (GEN003's on a schedule function nothing calls); 0 for the others, whose findings name only their line.
    var column = 0
    /// The Swift type declaring it (`BackgroundTaskManager` for its `registerTasks()`), or nil at file scope.
    var type: String?
    /// For a function in bggen's output, its type: a caller counts only when it names that type or is declared in
    /// it, so the app's own `registerTasks()` called at launch does not stand for bggen's (see `LaunchReach`).
    var receiver: String?
    /// Code the system or the user starts once the app is up, rather than a function called by name: its
    /// callers are never searched, and a registration it reaches runs after launch.
    var entry: LaunchEntry?
    /// A Swift `func`'s or `init`'s parameters, which a call must fit to be a call of it (`Sync(preview: true)`
    /// is no call of `init()`); nil for the values of stored properties (part of every initialiser), an
    /// Objective-C method and an entry, which any call of the name may reach.
    var parameters: [FunctionParameter]? {
        if let body { return body.parameters }
        return givenParameters
    }
    /// How the body calls the names it mentions only in calls (`register(observer: self)`). A name it also
    /// mentions otherwise (`perform: boot`, `launchHandler: self.handle`, a property) is not here: any function of
    /// that name may be the one meant.
    var calls: [String: Set<CallShape>] {
        get { givenCalls ?? body?.calls ?? [:] }
        set { givenCalls = newValue }
    }
    /// `calls` of `names` only (`bits` tells most other names apart), reading no other call's shape.
    func calls(of names: Set<String>, bits: NameBits) -> [String: Set<CallShape>] {
        if let givenCalls { return givenCalls.filter { names.contains($0.key) } }
        return body?.calls(of: names, bits: bits) ?? [:]
    }
    private var givenParameters: [FunctionParameter]?
    private var givenCalls: [String: Set<CallShape>]?
    /// Where `calls` and `parameters` are read from when first asked, for a function read from a Swift file's tokens.
    private var body: BodyCalls.Body?

    init(key: String, isLaunch: Bool, mentions: MentionedNames, file: String = "", line: Int = 0, type: String? = nil,
         receiver: String? = nil, entry: LaunchEntry? = nil, parameters: [FunctionParameter]? = nil, calls: [String: Set<CallShape>] = [:]) {
        self.init(key: key, isLaunch: isLaunch, mentions: mentions, line: line, type: type, entry: entry, body: nil)
        self.file = file
        self.receiver = receiver
        givenParameters = parameters
        givenCalls = calls
    }

    /// A function whose calls and parameters its `body` reads when they are first asked.
    init(key: String, isLaunch: Bool, mentions: MentionedNames, line: Int, column: Int = 0, type: String? = nil, entry: LaunchEntry? = nil,
         body: BodyCalls.Body?) {
        self.key = key
        self.isLaunch = isLaunch
        self.mentions = mentions
        self.line = line
        self.column = column
        self.type = type
        self.entry = entry
        self.body = body
    }

    static func == (lhs: FunctionMentions, rhs: FunctionMentions) -> Bool {
        lhs.key == rhs.key && lhs.isLaunch == rhs.isLaunch && lhs.mentions == rhs.mentions && lhs.file == rhs.file && lhs.line == rhs.line
            && lhs.column == rhs.column
            && lhs.type == rhs.type && lhs.receiver == rhs.receiver && lhs.entry == rhs.entry && lhs.parameters == rhs.parameters
            && lhs.calls == rhs.calls
    }

    /// The function with each call's receiver chain that `table` types (`Current.sensors.register()` on a
    /// `SensorContainer`) given that type, as if its file had told it.
    func typingReceivers(with table: inout PropertyTable) -> FunctionMentions {
        guard calls.values.contains(where: { $0.contains { $0.receiverChain != nil } }) else { return self }
        var typed = self
        typed.calls = calls.mapValues { shapes in
            Set(shapes.map { shape in
                guard let chain = shape.receiverChain, let type = table.type(of: chain) else { return shape }
                var shape = shape
                shape.receiverTypes = [type]
                return shape
            })
        }
        return typed
    }

    /// Whether the body may call `callee` (a function its mentions name): it mentions the name otherwise than in
    /// a call, or one of its calls of that name fits the callee's parameters and is on a receiver whose type is
    /// unknown or related to the callee's type (`related`).
    func mayCall(_ callee: FunctionMentions, related: (Set<String>, String) -> Bool) -> Bool {
        guard let shapes = calls[CodeModel.callableName(callee.key)] else { return true }
        return shapes.contains { shape in
            (callee.parameters.map(shape.fits) ?? true)
                && (shape.receiverTypes == nil || callee.type == nil || related(shape.receiverTypes!, callee.type!))
        }
    }
}

/// Code that runs only once the app is up: a SwiftUI modifier's or a `Task {}`'s closure, what iOS calls on a view
/// or a scene, or a user's action (a button's, an `@IBAction`), which runs again at each tap.
struct LaunchEntry: Sendable, Equatable {
    /// As a finding names it: "`.onAppear`", "`Task {}`", "`viewDidLoad`", "a `Button` action".
    var place: String
    /// Runs once per operation (a tap, a gesture): a registration it reaches runs again each time.
    var isPerOperation: Bool
}

enum LaunchPaths {
    /// Functions whose code runs only once the app has finished launching.
    static let afterLaunchFunctions: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "loadView", "awakeFromNib", "body",
        "scene:willConnectTo", "sceneDidBecomeActive", "sceneWillEnterForeground", "applicationDidBecomeActive",
        "application:didReceiveRemoteNotification", "application:performFetchWithCompletionHandler",
    ]
    /// Closures that run later: `Task {}`, `DispatchQueue.main.async {}`, SwiftUI `.onAppear {}` and `.task {}`.
    static let deferringCalls: Set<String> = ["Task", "async", "asyncAfter", "detached", "onAppear", "task", "perform", "onChange", "onReceive"]
    /// Closures a user's action runs, once per tap: a SwiftUI `Button`'s (trailing or `action:`), `.onTapGesture`,
    /// `.refreshable` and `.onSubmit`.
    static let perOperationCalls: Set<String> = ["Button", "action", "onTapGesture", "refreshable", "onSubmit"]
    /// Argument labels that hand a function by name to one of those calls: `.onAppear(perform: boot)`,
    /// `Button("Sync", action: sync)`.
    private static let entryLabels: Set<String> = ["perform", "action"]
    /// The lengths and first bytes of `deferringCalls` and `perOperationCalls`, and of `entryLabels`: most names before
    /// a `{` or a `:` are told to be none of them without hashing them into the sets.
    private static let entryCallBits = NameBits(deferringCalls.union(perOperationCalls))
    private static let entryLabelBits = NameBits(entryLabels)

    /// `application:didFinishLaunchingWithOptions` for the delegate methods that share a base name, else the name.
    static func key(name: String, header: ArraySlice<SourceToken>) -> String {
        guard name == "application" || name == "scene" else { return name }
        var labels: [String] = []
        if header.first?.text == "-" || header.first?.text == "+" {
            // Objective-C: the word before each ':' of the selector.
            labels = header.indices.filter { header[$0].text == ":" && $0 > header.startIndex }.map { header[$0 - 1].text }
        } else if let open = header.indices.last(where: { $0 > header.startIndex && header[$0].text == "(" && header[$0 - 1].text == name }) {
            // Swift: the first word of each parameter.
            var depth = 0
            for index in header[open...].indices where header[index].kind == .punctuation {
                if header[index].text == "(" { depth += 1 }
                if header[index].text == ")" { depth -= 1 }
                if depth == 1, header[index].text == "(" || header[index].text == ",", index + 1 < header.endIndex {
                    labels.append(header[index + 1].text)
                }
                if depth == 0 { break }
            }
        }
        return labels.first { $0 != "_" && $0 != name }.map { "\(name):\($0)" } ?? name
    }

    /// Functions whose callers cannot change where a registration runs, so the search for callers stops at them:
    /// launch itself, what iOS calls once the app is up, and XCTest's set-up and tear-down. Their names are common
    /// words (`viewDidLoad`, `setUp`), and following them read most of a small app's files for nothing.
    /// Asked of every function the caller search indexes, on one thread: most keys are told by their length and
    /// first byte to be none of the names, without hashing them into the two sets.
    static func endsCallerSearch(_ function: FunctionMentions) -> Bool {
        function.isLaunch || function.entry != nil
            || endingNameBits.mayHold(function.key) && (afterLaunchFunctions.contains(function.key) || testLifecycle.contains(function.key))
    }

    private static let endingNameBits = NameBits(afterLaunchFunctions.union(testLifecycle))

    /// `.onAppear` at ContentView.swift:10 through boot() (AppModel.swift:7) → registerTasks(): the path a finding
    /// names, each hop with its file and line, from an entry after launch to the function `key` that registers.
    static func describe(_ path: [FunctionMentions], to key: String) -> String {
        guard let entry = path.first?.entry else { return "\(key)()" }
        let hops = path.dropFirst().map { "\(callName($0.key)) (\($0.file):\($0.line))" } + [callName(key)]
        return "\(entry.place) at \(path[0].file):\(path[0].line) through \(hops.joined(separator: " → "))"
    }

    /// Whether some hop of `path` (an entry, then the functions towards `key`) calls the next only with an enum case
    /// or other implicit member among its arguments (`appStateMachine.handle(.didBecomeActive)`): whether the call
    /// goes on to `key` then depends on the value, which doctor does not follow.
    static func dependsOnPassedCase(_ path: [FunctionMentions], to key: String) -> Bool {
        let next = path.dropFirst().map(\.key) + [key]
        return zip(path, next).contains { function, callee in
            guard let shapes = function.calls[CodeModel.callableName(callee)], !shapes.isEmpty else { return false }
            return shapes.allSatisfy(\.passesCase)
        }
    }

    /// `registerTasks()`, `Tasks.init()`, `scene(_:willConnectTo:)`, and `main()` for the program's start, whose key
    /// is that already. Split and joined by the standard library: Foundation's `replacingOccurrences` went through
    /// `NSString` on Linux, a million instructions for its first calls.
    static func callName(_ key: String) -> String {
        guard key != programStart else { return key }
        return key.utf8.contains(UInt8(ascii: ":"))
            ? key.split(separator: ":", omittingEmptySubsequences: false).joined(separator: "(_:") + ":)" : key + "()"
    }

    private static let testLifecycle: Set<String> = ["setUp", "setUpWithError", "tearDown", "tearDownWithError"]

    /// Whether `key` is launch itself: `didFinishLaunching`, `willFinishLaunching` or the program's start.
    static func isLaunch(_ key: String) -> Bool {
        key == "application:didFinishLaunchingWithOptions" || key == "application:willFinishLaunchingWithOptions" || key == programStart
    }

    /// The program's start: the top-level code of a `main.swift`, Objective-C's `int main(…)` and the `static func
    /// main()` of a Swift `@main` type, which run before they hand over to `UIApplicationMain`, so a call there
    /// (`Tasks.registerTasks()` above `UIApplicationMain(…)`) runs during launch. Doctor said it found no path from
    /// launch to such a registration. Its key is no declared function's, as nothing calls the program's start: a
    /// function named `main` anywhere else (an `Operation`'s, a method or free function of the app's) is keyed
    /// `main` and runs when its callers call it. Keyed alike, every one of them was launch in an app with a program
    /// start, and the program's start was no caller of one (a function is no caller of its own key).
    static let programStart = "main()"

    /// The name the program's start is declared with: C's `int main(…)`, the `@main` attribute, and the
    /// `static func main()` of a type it marks.
    private static let startName = "main"

    /// Whether the Swift function `key` declared by `header` in `type` is the program's start: `@main enum Main {
    /// static func main() { … UIApplicationMain(…) } }`, a static `main` of a type the file marks `@main` (in
    /// `mainTypes`). `type` is read only for a static `main`.
    private static func startsProgram(_ key: String, header: ArraySlice<SourceToken>, type: () -> String?, mainTypes: Set<String>) -> Bool {
        key == startName && !mainTypes.isEmpty && header.contains { $0.text == "static" } && type().map(mainTypes.contains) == true
    }

    /// Whether the file's top-level statements are code that runs, the program's start: a Swift `main.swift`'s.
    /// Elsewhere, and in Objective-C, they are declarations only. The one answer both readers of a file take:
    /// `FileFacts` for its functions (`functions(in:language:runsTopLevelCode:)`), `UseReader` for where a
    /// registration outside every function runs (`context`'s `topLevel`).
    static func runsTopLevelCode(_ file: String, language: SourceLexer.Language) -> Bool {
        language == .swift && PathText.name(of: file) == "main.swift"
    }

    /// Where the code at token `index` runs: the innermost function around it, or a closure that defers it. Each
    /// scope's answer is kept in `known` (by its `{`): thousands of registrations inside one
    /// closure read its header, as long as the call it is passed to, once (issue 43, item 5).
    /// `topLevel` is what code outside every function and closure is: the program's start in a `main.swift`
    /// (`runsTopLevelCode`), else unknown; `mainTypes` are the file's `@main` types (`mainTypes(in:)`), whose
    /// `static func main()` is the program's start too.
    static func context(at index: Int, in tokens: [SourceToken], language: SourceLexer.Language, topLevel: LaunchContext, mainTypes: Set<String>,
                        known: inout [Int: LaunchContext]) -> LaunchContext {
        var asked: [Int] = []
        var answer: LaunchContext?
        var cursor = index
        while let open = SwiftScopes.enclosingBrace(before: cursor, in: tokens) {
            if let found = known[open] { answer = found; break }
            asked.append(open)
            if let own = ownContext(of: open, in: tokens, language: language, mainTypes: mainTypes) { answer = own; break }
            // A type's body is declarations: a stored property's value runs when the type is made, not at the start.
            if topLevel != .unknown, SwiftScopes.headerTokens(before: open, in: tokens).contains(where: \.keyword.declaresTypeOrProtocol) {
                answer = .unknown
                break
            }
            cursor = open
        }
        let found = answer ?? topLevel
        for open in asked { known[open] = found }
        return found
    }

    /// What the scope opening at `open` makes of the code in it, or nil when the scope around it decides.
    private static func ownContext(of open: Int, in tokens: [SourceToken], language: SourceLexer.Language, mainTypes: Set<String>) -> LaunchContext? {
        guard language == .objectiveC else { return ownContext(ofSwift: open, in: tokens, mainTypes: mainTypes) }
        let header = SwiftScopes.headerTokens(before: open, in: tokens)
        if let block = objectiveCEntry(at: open, in: tokens) { return .afterLaunch(block.place) }
        // `int main(…) { @autoreleasepool { [… registerForTaskWithIdentifier:…]; return UIApplicationMain(…); } }`:
        // the program's start, as `functions(in:language:runsTopLevelCode:)` keys it. Read as no method, the code
        // in it was outside every function, and a registration there had an unknown context.
        if isCMain(header) { return .function(programStart) }
        guard let method = objectiveCMethod(in: header) else { return nil }
        let implemented = objectiveCClasses(in: tokens).last { $0.at < open }?.name
        return classify(objectiveCFunction(method, implementing: implemented).key)
    }

    /// `ownContext` for Swift, read from the statement that opens the scope (`SwiftScopes.statementHeader`), not
    /// the whole run of tokens back to the last brace: read so, `let task = …` on the line above an `if` made the
    /// `if`'s block a `.task` closure, after launch (a false BG004 error for a registration in `didFinishLaunching`).
    private static func ownContext(ofSwift open: Int, in tokens: [SourceToken], mainTypes: Set<String>) -> LaunchContext? {
        let header = SwiftScopes.statementHeader(before: open, in: tokens)
        if let first = header.first, SwiftScopes.statementKeywords.contains(first.text) { return nil }
        if let deferring = header.last(where: { $0.kind == .identifier && (deferringCalls.contains($0.text) || perOperationCalls.contains($0.text)) }),
           !header.contains(where: { $0.keyword == .func || $0.keyword == .initializer }) {
            return .afterLaunch(entry(named: deferring.text).place)
        }
        if let function = header.lastIndex(where: { $0.kind == .identifier && $0.keyword == .func }), function + 1 < header.endIndex {
            let key = key(name: header[function + 1].text, header: header)
            return classify(startsProgram(key, header: header, type: { typeName(around: open, in: tokens) }, mainTypes: mainTypes) ? programStart : key)
        }
        if header.contains(where: { $0.keyword == .initializer && $0.kind == .identifier }) {
            return typeName(around: open, in: tokens).map { classify($0 + ".init") } ?? .unknown
        }
        if let variable = header.lastIndex(where: { $0.keyword == .var }), variable + 1 < header.endIndex, header[variable + 1].text == "body" {
            return .afterLaunch("a SwiftUI body")
        }
        return nil
    }

    /// The Swift type whose method holds the code at token `index` (`BackgroundTaskManager` for a registration in
    /// its `registerTasks()`), or nil outside a method.
    static func memberType(at index: Int, in tokens: [SourceToken]) -> String? {
        SwiftScopes.enclosingScope(of: index, in: tokens, where: { $0.keyword == .func && $0.kind == .identifier }).flatMap { typeName(around: $0, in: tokens) }
    }

    private static func classify(_ key: String) -> LaunchContext {
        afterLaunchFunctions.contains(key) ? .afterLaunch(key) : .function(key)
    }

    /// The method declaration at the end of an Objective-C header: from the `-` or `+` that starts a line. What
    /// comes before it (`@implementation AppDelegate`, `#import` lines) is not part of the method.
    static func objectiveCMethod(in header: ArraySlice<SourceToken>) -> ArraySlice<SourceToken>? {
        guard let start = header.indices.last(where: { index in
            (header[index].text == "-" || header[index].text == "+")
                && (index == header.startIndex || header[index - 1].line < header[index].line)
        }) else { return nil }
        return header[start...]
    }

    /// The function an Objective-C method is in the call graph: its selector's key, except that `+load` runs as the
    /// image loads, before `main` (launch), and `+initialize` runs when the class is first sent a message, so it is
    /// the class's `init`, reached from the code that names the class.
    static func objectiveCFunction(_ method: ArraySlice<SourceToken>, implementing type: String?) -> (key: String, isLaunch: Bool) {
        let key = objectiveCKey(method)
        guard method.first?.text == "+" else { return (key, false) }
        if key == "load" { return (key, true) }
        if key == "initialize", let type { return (type + ".init", false) }
        return (key, false)
    }

    /// Each `@implementation Name` (and category `@implementation Name (Extra)`) of the file, in order.
    static func objectiveCClasses(in tokens: [SourceToken]) -> [(at: Int, name: String)] {
        tokens.indices.filter { $0 > 0 && tokens[$0].text == "implementation" && tokens[$0 - 1].text == "@" && $0 + 1 < tokens.count }
            .map { ($0, tokens[$0 + 1].text) }
    }

    /// Calls whose block runs later, on a queue: `dispatch_async(queue, ^{ … })`, `[queue addOperationWithBlock:^{ … }]`.
    private static let objectiveCDeferringCalls: Set<String> = [
        "dispatch_async", "dispatch_after", "dispatch_barrier_async", "addOperationWithBlock", "performBlock",
    ]

    /// The `{` of each block handed to one of `objectiveCDeferringCalls`: an entry after launch, like Swift's
    /// `DispatchQueue.main.async {}`.
    private static func objectiveCEntryBlocks(in tokens: [SourceToken]) -> [Int: LaunchEntry] {
        var result: [Int: LaunchEntry] = [:]
        for open in tokens.indices where tokens[open].is("{") {
            if let entry = objectiveCEntry(at: open, in: tokens) { result[open] = entry }
        }
        return result
    }

    /// The entry a block opening at `open` is, when it is handed to a deferring call: the call is the selector part
    /// before `^` (`addOperationWithBlock:`), or the function whose argument list holds it, looked for at most 64
    /// tokens back so a file of many blocks stays linear.
    private static func objectiveCEntry(at open: Int, in tokens: [SourceToken]) -> LaunchEntry? {
        var caret = open - 1
        if caret > 0, tokens[caret].text == ")", tokens[caret].partner >= 0 { caret = Int(tokens[caret].partner) - 1 }
        guard caret > 0, tokens[caret].text == "^" else { return nil }
        var name: String?
        if tokens[caret - 1].text == ":", caret >= 2 {
            name = tokens[caret - 2].text
        } else {
            var depth = 0
            var cursor = caret - 1
            while cursor > 0, cursor >= caret - 64 {
                let token = tokens[cursor]
                if token.kind == .punctuation, [")", "]"].contains(token.text) { depth += 1 }
                if token.kind == .punctuation, ["(", "["].contains(token.text) {
                    if depth == 0 {
                        if token.text == "(", tokens[cursor - 1].kind == .identifier { name = tokens[cursor - 1].text }
                        break
                    }
                    depth -= 1
                }
                if token.kind == .punctuation, [";", "{", "}"].contains(token.text) { break }
                cursor -= 1
            }
        }
        guard let name, objectiveCDeferringCalls.contains(name) else { return nil }
        return LaunchEntry(place: "a `\(name)` block", isPerOperation: false)
    }

    /// The selector's first part, with `application:` methods told apart by their second part.
    static func objectiveCKey(_ header: ArraySlice<SourceToken>) -> String {
        guard let close = header.firstIndex(where: { $0.text == ")" }), close + 1 < header.endIndex else { return "" }
        let name = header[close + 1].text
        return key(name: name, header: header)
    }

    /// The name of the type whose body holds the `{` at `open`.
    static func typeName(around open: Int, in tokens: [SourceToken]) -> String? {
        SwiftScopes.enclosingBrace(before: open, in: tokens).flatMap { typeName(of: $0, in: tokens) }
    }

    /// The name of the type whose body the `{` at `typeOpen` opens.
    static func typeName(of typeOpen: Int, in tokens: [SourceToken]) -> String? {
        let header = SwiftScopes.headerTokens(before: typeOpen, in: tokens)
        guard let keyword = header.lastIndex(where: \.keyword.declaresType), keyword + 1 < header.endIndex else { return nil }
        return header[keyword + 1].text
    }

    /// How a finding names the entry a closure of `call` is.
    static func entry(named call: String) -> LaunchEntry {
        switch call {
        case "Task": LaunchEntry(place: "`Task {}`", isPerOperation: false)
        case "async", "asyncAfter", "detached", "perform": LaunchEntry(place: "`\(call) {}`", isPerOperation: false)
        case "Button", "action": LaunchEntry(place: "a `Button` action", isPerOperation: true)
        default: LaunchEntry(place: "`.\(call)`", isPerOperation: perOperationCalls.contains(call))
        }
    }

    /// Every function of the file with the identifiers its body mentions, and the entries after launch: each
    /// closure of a deferring or per-operation call (`.onAppear { setUp() }`, `Button { sync() }`) and each function
    /// handed to one by name (`.onAppear(perform: boot)`). A function's mentions leave out what its entry closures
    /// mention: `DispatchQueue.main.async { register() }` in `didFinishLaunching` does not register at launch.
    /// With `runsTopLevelCode` (a Swift `main.swift`, see `runsTopLevelCode(_:language:)`), the file's top-level
    /// statements are a function too, the program's start (`programStart`), which runs at launch.
    static func functions(in tokens: [SourceToken], language: SourceLexer.Language, runsTopLevelCode: Bool) -> [FunctionMentions] {
        var result: [FunctionMentions] = []
        if runsTopLevelCode, let start = topLevelCode(in: tokens) { result.append(start) }
        let apps = appTypes(in: tokens)
        let entryTypes = language == .swift ? mainTypes(in: tokens) : []
        let entries = language == .swift ? entryClosures(in: tokens) : objectiveCEntryBlocks(in: tokens)
        let classes = language == .objectiveC ? objectiveCClasses(in: tokens) : []
        // The `@implementation` around each method, found by moving forward with the braces, which come in order.
        var classIndex = -1
        // For each token, the `{` of the innermost entry closure around it (-1 for none), in one pass.
        var innermostEntry = [Int](repeating: -1, count: entries.isEmpty ? 0 : tokens.count)
        if !entries.isEmpty {
            var stack: [(open: Int, close: Int)] = []
            // The entries' braces in order, met as the tokens are: hashing every token's index to ask was a twentieth
            // of reading the functions.
            let opens = entries.keys.sorted()
            var next = 0
            for index in tokens.indices {
                while let last = stack.last, index > last.close { stack.removeLast() }
                innermostEntry[index] = stack.last?.open ?? -1
                guard next < opens.count, opens[next] == index else { continue }
                next += 1
                if let close = SwiftScopes.closing(index, in: tokens) { stack.append((index, close)) }
            }
        }
        // Swift calls with their labels and receivers, so a call of another type's method of the same name
        // (`tableView.register(_:forCellReuseIdentifier:)`) is not followed to the app's `register()`: read when a
        // function's calls are first asked (`BodyCalls`).
        let bodies = language == .swift ? BodyCalls(tokens: tokens, innermostEntry: innermostEntry) : nil
        var gathering = MentionedNames.Gathering()
        // The names a body mentions, in one pass over its tokens that hashes each name once: counting each name's
        // other uses in a table, then hashing its names again into a set, was a fifth of reading the bodies on
        // duckduckgo. Whether an initialiser of `initializing` hands over to another with `self.init(…)` (a call of
        // its type, which its mentions then hold) takes its calls, read here for those that may.
        func body(from open: Int, to close: Int, initializing: String? = nil, hasSignature: Bool = false) -> (mentions: MentionedNames, body: BodyCalls.Body?) {
            var delegates = false
            for index in (open + 1)..<close where tokens[index].kind == .identifier && (entries.isEmpty || innermostEntry[index] <= open) {
                gathering.add(tokens[index].text)
                if initializing != nil, !delegates, tokens[index].text == "init" { delegates = TokenPattern.matches(tokens, at: index - 2, ["self", "."]) }
            }
            var mentions = gathering.names()
            let read = bodies.map { BodyCalls.Body(of: $0, from: open, to: close, initializing: initializing, hasSignature: hasSignature) }
            if let initializing, delegates, read?.calls[initializing] != nil { mentions.insert(initializing) }
            return (mentions, read)
        }
        // The kind is compared before the text throughout: comparing every token's text with `{` cost a call each.
        for open in tokens.indices where tokens[open].is("{") {
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            var key: String?
            var type: String?
            var isLaunch = false
            var hasSignature = false
            var initializing: String?
            var line = tokens[open].line
            var column = 0
            if let entry = entries[open], let close = SwiftScopes.closing(open, in: tokens) {
                let line = tokens[open].line
                let read = body(from: open, to: close)
                result.append(FunctionMentions(key: "\(entry.place)@\(line):\(open)", isLaunch: false, mentions: read.mentions,
                                               line: line, entry: entry, body: read.body))
                continue
            }
            if language == .objectiveC, isCMain(header) {
                key = programStart
            } else if language == .objectiveC, let method = objectiveCMethod(in: header) {
                while classIndex + 1 < classes.count, classes[classIndex + 1].at < open { classIndex += 1 }
                let function = objectiveCFunction(method, implementing: classIndex >= 0 ? classes[classIndex].name : nil)
                key = function.key
                isLaunch = function.isLaunch
                line = method.first?.line ?? line
            } else if language == .swift, let function = header.lastIndex(where: { $0.kind == .identifier && $0.keyword == .func }), function + 1 < header.endIndex {
                let name = Self.key(name: header[function + 1].text, header: header)
                line = header[function + 1].line
                column = header[function + 1].column
                type = typeName(around: open, in: tokens)
                hasSignature = true
                // `@main enum Main { static func main() { … } }`: the program's start, not a function named `main`.
                key = startsProgram(name, header: header, type: { type }, mainTypes: entryTypes) ? programStart : name
            } else if language == .swift, let initializer = header.lastIndex(where: { $0.kind == .identifier && $0.keyword == .initializer }),
                      let initialized = typeName(around: open, in: tokens) {
                key = initialized + ".init"
                line = header[initializer].line
                isLaunch = apps.contains(initialized)
                hasSignature = true
                initializing = initialized
            }
            guard let key, let close = SwiftScopes.closing(open, in: tokens) else { continue }
            let read = body(from: open, to: close, initializing: initializing, hasSignature: hasSignature)
            result.append(FunctionMentions(key: key, isLaunch: isLaunch || Self.isLaunch(key), mentions: read.mentions, line: line, column: column, type: type,
                                           entry: afterLaunchFunctions.contains(key) ? LaunchEntry(place: "`\(callName(key))`", isPerOperation: false) : nil,
                                           body: read.body))
        }
        if language == .swift {
            result += storedProperties(in: tokens, apps: apps)
            result += entriesByName(in: tokens)
        }
        return result
    }

    /// The names a `main.swift`'s top-level statements mention (`topLevelCode(in:_:)`): what the program runs before
    /// `UIApplicationMain` hands over to UIKit. Nil when it mentions none.
    private static func topLevelCode(in tokens: [SourceToken]) -> FunctionMentions? {
        var gathering = MentionedNames.Gathering()
        var line: Int?
        topLevelCode(in: tokens) { index in
            guard tokens[index].text != "import" else { return true }
            gathering.add(tokens[index].text)
            line = line ?? tokens[index].line
            return true
        }
        guard let line else { return nil }
        return FunctionMentions(key: programStart, isLaunch: true, mentions: gathering.names(), line: line)
    }

    /// Visits, in order, each identifier of a file's top-level statements, in their `if`, `guard` and loop blocks
    /// too, outside every function, closure and declaration (its header included), until `visit` returns false:
    /// a `main.swift`'s code that runs as the program's start. One pass, for the names it mentions (`FileFacts`) and
    /// its first exit (`ConditionalCode`) alike.
    static func topLevelCode(in tokens: [SourceToken], _ visit: (Int) -> Bool) {
        // For each open `{`, whether it opens a statement's block (`if flag {`, `} else {`), whose code runs in turn.
        var blocks: [Bool] = []
        var opaque = 0
        // In a declaration's header (`func boot() -> Bool`, `class Delegate: UIResponder`) up to its body's `{`.
        var declaring = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.is("{") {
                    let header = SwiftScopes.headerTokens(before: index, in: tokens)
                    // The header runs back over the statements before it (`import UIKit`): the keyword starts a line.
                    let isStatement = !declaring && header.indices.contains { at in
                        SwiftScopes.statementKeywords.contains(header[at].text) && (at == header.startIndex || header[at - 1].line < header[at].line)
                    }
                    blocks.append(isStatement)
                    if !isStatement { opaque += 1 }
                    declaring = false
                } else if token.is("}"), let isStatement = blocks.popLast(), !isStatement {
                    opaque -= 1
                }
                continue
            }
            guard opaque == 0, token.kind == .identifier else { continue }
            if token.keyword == .func || token.keyword == .initializer || token.keyword.declaresTypeOrProtocol { declaring = true }
            guard !declaring else { continue }
            if !visit(index) { return }
        }
    }

    /// `int main(int argc, char *argv[])`: Objective-C's program start, a C function ending its header.
    static func isCMain(_ header: ArraySlice<SourceToken>) -> Bool {
        guard let close = header.last, close.is(")"), close.partner > 0, Int(close.partner) > header.startIndex else { return false }
        let name = header[Int(close.partner) - 1]
        return name.text == startName && name.kind == .identifier && !header.contains { $0.text == "-" || $0.text == "+" }
    }

    /// The `{` of each closure that is an entry after launch: the trailing closure (or `action:` argument) of a
    /// deferring or per-operation call, outside a function's own header.
    private static func entryClosures(in tokens: [SourceToken]) -> [Int: LaunchEntry] {
        var result: [Int: LaunchEntry] = [:]
        for open in tokens.indices where tokens[open].is("{") && open > 0 {
            // The call's name: just before the `{`, or before its `(…)`, or the label of the argument it is.
            var before = open - 1
            if tokens[before].hasText(":") && before > 0 { before -= 1 } else if tokens[before].hasText(")"), tokens[before].partner >= 0 {
                before = Int(tokens[before].partner) - 1
            }
            guard before >= 0, tokens[before].kind == .identifier, entryCallBits.mayHold(tokens[before].text) else { continue }
            let name = tokens[before].text
            guard deferringCalls.contains(name) || perOperationCalls.contains(name) else { continue }
            // `func perform() {`, `func task(…) {`: a declaration, not a call.
            guard before == 0 || tokens[before - 1].keyword != .func else { continue }
            result[open] = entry(named: name)
        }
        return result
    }

    /// `.onAppear(perform: boot)` and `Button("Sync", action: sync)`: an entry whose one mention is the function named.
    private static func entriesByName(in tokens: [SourceToken]) -> [FunctionMentions] {
        var result: [FunctionMentions] = []
        // `perform:` or `action:` before a name: the label is looked up last, once the tokens around it fit.
        for index in tokens.indices where tokens[index].kind == .identifier && index + 2 < tokens.count && tokens[index + 2].kind == .identifier
            && tokens[index + 1].kind != .string && tokens[index + 1].hasText(":") && entryLabelBits.mayHold(tokens[index].text)
            && entryLabels.contains(tokens[index].text) {
            // `self.boot`, `model.boot`: the name the chain ends in, the call's last argument.
            var end = index + 2
            while end + 2 < tokens.count, tokens[end + 1].text == ".", tokens[end + 2].kind == .identifier { end += 2 }
            guard end + 1 < tokens.count, tokens[end + 1].text == ")", tokens[end + 1].partner > 0 else { continue }
            let open = Int(tokens[end + 1].partner)
            guard deferringCalls.contains(tokens[open - 1].text) || perOperationCalls.contains(tokens[open - 1].text) else { continue }
            let entry = tokens[index].text == "action" ? entry(named: "action") : entry(named: tokens[open - 1].text)
            result.append(FunctionMentions(key: "\(entry.place)@\(tokens[index].line):\(index)", isLaunch: false, mentions: [tokens[end].text],
                                           line: tokens[index].line, entry: entry))
        }
        return result
    }

    /// The initial values of the stored properties of the file's types, each as part of its type's `init`: an
    /// instance property's runs when the type is made, a static one's when code first names the type, and an app
    /// delegate's or App's (`let taskScheduler = ENATaskScheduler.shared`) before launch finishes; a `lazy var`'s
    /// when the property is first read.
    private static func storedProperties(in tokens: [SourceToken], apps: Set<String>) -> [FunctionMentions] {
        var result: [FunctionMentions] = []
        // The type each `{` opens the body of (nil for a function's or a closure's), read once per body rather than
        // once per `let` in it: a function's locals each read its whole header again.
        var typeOfBody: [Int: String?] = [:]
        for index in tokens.indices where tokens[index].kind == .identifier && index + 2 < tokens.count && tokens[index + 1].kind == .identifier
            && (tokens[index].keyword == .let || tokens[index].keyword == .var) {
            guard let open = SwiftScopes.enclosingBrace(before: index, in: tokens) else { continue }
            let declaring: String?
            if let known = typeOfBody[open] {
                declaring = known
            } else {
                declaring = SwiftScopes.headerTokens(before: open, in: tokens).contains(where: \.keyword.declaresType)
                    ? typeName(of: open, in: tokens) : nil
                typeOfBody[open] = .some(declaring)
            }
            guard let type = declaring else { continue }
            var equals = index + 2
            if tokens[equals].hasText(":") {
                // Each punctuation compared as its byte: an array of the four texts compared with every token's cost calls.
                let line = tokens[index].line
                equals = tokens[equals...].firstIndex { $0.is("=") || $0.is("{") || $0.is(";") || $0.is("}") || $0.line > line } ?? tokens.count
            }
            guard equals < tokens.count, tokens[equals].hasText("=") else { continue }
            // Its names read in place: a copy of the statement's tokens retained and released each token's text.
            let value = (equals + 1)..<TokenPattern.end(ofStatementIn: tokens, from: equals + 1)
            let mentions = MentionedNames(value.lazy.filter { tokens[$0].kind == .identifier }.map { tokens[$0].text })
            // A `lazy var`'s value is made when code first reads the property, not with its type: a node of its own,
            // named like the property, which the functions that read it reach. The three tokens before are read in
            // place, and `class` is told by its keyword: a slice of them, and an array of the two words, were copies.
            if (max(0, index - 3)..<index).contains(where: { tokens[$0].text == "lazy" && tokens[$0].line == tokens[index].line }) {
                result.append(FunctionMentions(key: tokens[index + 1].text, isLaunch: false, mentions: mentions, line: tokens[index].line))
                continue
            }
            let isStatic = index > 0 && (tokens[index - 1].keyword == .class || tokens[index - 1].text == "static")
            result.append(FunctionMentions(key: type + ".init", isLaunch: !isStatic && apps.contains(type), mentions: mentions, line: tokens[index].line))
        }
        return result
    }

    /// What each type (or extension) the file declares says it inherits or conforms to: `class Sub: Base, Proto`,
    /// `extension Sub: Other where …`. A call on a receiver of one type may run a method of a type related this way.
    static func supertypes(in tokens: [SourceToken]) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for open in tokens.indices where tokens[open].is("{") {
            let header = SwiftScopes.headerTokens(before: open, in: tokens)
            guard let keyword = header.lastIndex(where: { $0.kind == .identifier && $0.keyword.declaresTypeOrProtocol }),
                  keyword + 1 < header.endIndex, ![Keyword.func, .var, .let].contains(header[keyword + 1].keyword) else { continue }
            let inherited = header[(keyword + 2)...].drop { $0.text != ":" }.prefix { $0.text != "where" }.filter { $0.kind == .identifier }.map(\.text)
            if !inherited.isEmpty { result[header[keyword + 1].text, default: []].formUnion(inherited) }
        }
        return result
    }

    /// Types the file declares with `@main` (after other attributes and modifiers: `@main final class`): a
    /// `static func main()` of one is the program's start, which runs before it hands over to `UIApplicationMain`.
    static func mainTypes(in tokens: [SourceToken]) -> Set<String> {
        var names = Set<String>()
        for index in tokens.indices where tokens[index].is("@") && index + 1 < tokens.count && tokens[index + 1].text == startName {
            // The declaration the attribute belongs to: its keyword within the few words of attributes and modifiers.
            guard let keyword = tokens[(index + 2)..<min(tokens.count, index + 10)].firstIndex(where: { $0.kind == .identifier && $0.keyword.declaresType }),
                  keyword + 1 < tokens.count else { continue }
            names.insert(tokens[keyword + 1].text)
        }
        return names
    }

    /// Types declared `struct Name: App` or adopting `UIApplicationDelegate` in the file: their `init` runs at launch.
    private static func appTypes(in tokens: [SourceToken]) -> Set<String> {
        var names = Set<String>()
        for index in tokens.indices where tokens[index].kind == .identifier && (tokens[index].keyword == .struct || tokens[index].keyword == .class)
            && index + 3 < tokens.count && tokens[index + 2].hasText(":") {
            let supertypes = tokens[(index + 3)...].prefix { !$0.hasText("{") }.map(\.text)
            if supertypes.contains(tokens[index].keyword == .struct ? "App" : "UIApplicationDelegate") { names.insert(tokens[index + 1].text) }
        }
        return names
    }
}
