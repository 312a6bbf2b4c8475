import BggenFormats
import BggenModel

/// What one Swift or Objective-C file does with background work, read from its tokens (comments and strings are
/// not code): the facts the code model is made of. A file read only to resolve another file's constants, types
/// or callers keeps just those (`isFull` false).
struct FileFacts: Sendable {
    var file: String
    var language: SourceLexer.Language
    /// Read for every fact, not only for what other files needed from it.
    var isFull = false
    var provenance: GeneratedMarker.Provenance = .foreign
    /// bggen's marked file, or the user's work file it created: output of an earlier run, not the user's code.
    var isBggenOutput = false
    var uses: [TaskIdentifierUse] = []
    /// The functions of the file that register, submit or make a session for their caller (see `TaskWrapper`).
    var wrappers: [TaskWrapper] = []
    /// String constants the file defines, for identifiers other files of the target pass by name.
    var constants = ConstantTable()
    /// Each symbol of `CodeSymbol.table` the code names, with its line: what `init` lists as existing code.
    var mentions: [(symbol: String, line: Int)] = []
    /// The transfers the file starts, for its background sessions (see `transferKinds`).
    var transferKinds: [TaskKind] = []
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` or its `async` form, declared.
    var silentPushHandlers: [SilentPushHandler] = []
    /// `handleEventsForBackgroundURLSession` or SwiftUI `.backgroundTask(.urlSession(…))`.
    var handlesSessionEvents = false
    /// `URLSessionConfiguration.background(withIdentifier:)` and the Objective-C forms.
    var backgroundSessions: [FindingLocation] = []
    /// `requiredResources = .gpu` (or `[.gpu]`, `.insert(.gpu)`, Objective-C `…ResourcesGPU`).
    var gpuRequests: [FindingLocation] = []
    /// Legacy background fetch: the app delegate's `application(_:performFetchWithCompletionHandler:)` declared,
    /// and `setMinimumBackgroundFetchInterval` called on the application. Another class's method of that name is not.
    var legacyFetch: [(symbol: String, location: FindingLocation)] = []
    /// The lines whose `setMinimumBackgroundFetchInterval` call passes `…IntervalNever`, switching the fetch off:
    /// what replaces it is cancelling the refresh request, not scheduling one.
    var fetchSwitchedOffLines: Set<Int> = []
    /// Background modes the code shows in use: "fetch" or "processing".
    var modesUsed: Set<String> = []
    /// Launch and expiration handlers written as closures (Swift only).
    var handlers: [HandlerClosure] = []
    var forceCasts: [TaskForceCast] = []
    var earlyReturns: [HandlerReturn] = []
    /// `Task {}`s that background work starts and never awaits (see `UnawaitedTask`).
    var unawaitedTasks: [UnawaitedTask] = []
    var sessionMisuse: [SessionMisuse] = []
    /// Background sessions handed to functions of other files, and the unsupported calls functions here make on a
    /// `URLSession` parameter: joined once every file is read, so the session is followed through the parameter.
    var sessionHandOffs: [SessionMisuse.HandOff] = []
    var sessionParameterCalls: [SessionMisuse.ParameterCall] = []
    /// Background session configurations a function makes again each time it starts a transfer (URL004).
    var recreatedSessions: [RecreatedSession] = []
    /// `cancelAllTaskRequests()`, each with where it runs (BG016).
    var cancelAllCalls: [CancelAllCall] = []
    /// System completion handlers the app delegate keeps in a property, and where closures kept in properties are
    /// called (in every file read, since the delegate callbacks that call one are often another class's).
    var completionStores: [StoredCompletion] = []
    var closurePropertyCalls: [ClosurePropertyUse] = []
    /// System completion handlers a callback never names, so never calls (COMP001).
    var unusedCompletions: [UnusedCompletion] = []
    /// Functions taking a background task as their first parameter, and what they do with it: a launch handler of
    /// another file that hands its task to one is judged by it.
    var taskHelpers: [TaskHelper] = []
    /// The Swift types the file declares and their isolation, for handlers written in extensions of them.
    var declaredTypes: [String: SwiftScopes.Isolation] = [:]
    /// Every function with the names its body mentions, to follow registrations back to launch.
    var functions: [FunctionMentions] = []
    /// What the file's types and extensions inherit or conform to, to relate a call's receiver to a method's type.
    var supertypes: [String: Set<String>] = [:]
    /// The properties and globals the file declares with their types, to type other files' receiver chains.
    var propertyTypes: [PropertyType] = []
    /// The file names one of `expirationWords` in its code.
    var mentionsExpirationHandler = false
    /// Words that set a task's expiration handler, in Swift (`task.expirationHandler = …`) and Objective-C.
    static let expirationWords: Set<String> = ["expirationHandler", "setExpirationHandler"]
    /// Their lengths, compared first: hashing every name of every file read showed in profiles.
    private static let expirationWordLengths = expirationWords.map(\.utf8.count)
    /// Types and the file name, where they end in a name bggen may generate.
    var declaredNames: [DeclaredName] = []
    /// What starts the app here.
    var entryPoints: [EntryPoint] = []
    /// The classes `UIApplicationMain(…, NSStringFromClass(X.self))` starts: the app delegate, whatever else conforms.
    var launchedDelegates: [String] = []
    var declaresSceneDelegate = false
    /// The scene delegate class the file declares, when its declaration names the protocol or a framework's scene
    /// delegate as its superclass.
    var sceneDelegate: SceneDelegateDeclaration?

    init(file: String, language: SourceLexer.Language) {
        self.file = file
        self.language = language
    }

    /// The facts of a file read for another file's sake that only some apps' files use: each is read only when a
    /// file read for every fact has what uses it, since the rounds of the caller search read many files for their
    /// functions alone.
    struct OtherFilesNeed: OptionSet, Sendable {
        let rawValue: Int
        /// `taskHelpers`, for a launch handler handing its task to a function (`CodeModel.settleHandOffs`).
        static let taskHelpers = OtherFilesNeed(rawValue: 1)
        /// `sessionParameterCalls`, for a background session handed to a function (`CodeModel.followSessionHandOffs`).
        static let sessionParameterCalls = OtherFilesNeed(rawValue: 2)
        /// `closurePropertyCalls`, for a system completion handler kept in a property (COMP001).
        static let closurePropertyCalls = OtherFilesNeed(rawValue: 4)
        static let all: OtherFilesNeed = [.taskHelpers, .sessionParameterCalls, .closurePropertyCalls]

        /// What the files read for every fact need of the others.
        init(_ full: some Sequence<FileFacts>) {
            var needs: OtherFilesNeed = []
            for facts in full {
                if facts.handlers.contains(where: { !$0.handsTaskTo.isEmpty }) { needs.insert(.taskHelpers) }
                if !facts.sessionHandOffs.isEmpty { needs.insert(.sessionParameterCalls) }
                if !facts.completionStores.isEmpty { needs.insert(.closurePropertyCalls) }
            }
            self = needs
        }

        init(rawValue: Int) {
            self.rawValue = rawValue
        }
    }

    /// A file read for another file's sake: its constants, types and functions, and of the facts only some files
    /// use, those in `needs`.
    init(file: String, tokens: [SourceToken], language: SourceLexer.Language, needs: OtherFilesNeed = .all) {
        self.init(file: file, language: language)
        constants = ConstantTable(tokens: tokens)
        functions = LaunchPaths.functions(in: tokens, language: language, runsTopLevelCode: LaunchPaths.runsTopLevelCode(file, language: language)).map { function in
            var function = function
            function.file = file
            return function
        }
        mentionsExpirationHandler = tokens.contains { $0.kind == .identifier && Self.expirationWordLengths.contains($0.text.utf8.count) && Self.expirationWords.contains($0.text) }
        if language == .swift {
            declaredTypes = SwiftScopes.declaredTypes(in: tokens)
            supertypes = LaunchPaths.supertypes(in: tokens)
            propertyTypes = PropertyType.all(in: tokens)
            if needs.contains(.sessionParameterCalls) { sessionParameterCalls = SessionMisuse.parameterCalls(in: tokens, file: file) }
            if needs.contains(.closurePropertyCalls) { closurePropertyCalls = ClosurePropertyUse.all(in: tokens, file: file) }
            if needs.contains(.taskHelpers) { taskHelpers = TaskHelper.all(in: tokens, file: file) }
        }
    }

    /// An Objective-C header: only what starts the app (`@interface AppDelegate : UIResponder <UIApplicationDelegate>`).
    init(header file: String, tokens: [SourceToken]) {
        self.init(file: file, language: .objectiveC)
        isFull = true
        entryPoints = AppEntries.entries(in: tokens, file: file, language: .objectiveC)
        sceneDelegate = AppEntries.sceneDelegate(in: tokens, language: .objectiveC)
        declaresSceneDelegate = Self.declaresSceneDelegate(tokens, declared: sceneDelegate)
    }

    /// A file read for every fact; `wrappers` are those of the target's other files it calls, by name.
    init(file: String, text: String, tokens: [SourceToken], language: SourceLexer.Language, wrappers: [String: [TaskWrapper]] = [:]) {
        self.init(reading: FullReading(file: file, text: text, tokens: tokens, language: language), tokens: tokens, wrappers: wrappers)
    }

    /// What a file read for every fact says before the wrappers of other files are known: its facts as a file read
    /// for another's sake and its uses of the APIs. `CodeModel.readWrapperCalls` reads a file calling another's
    /// wrapper again from here, where reading it whole again read its functions, constants and uses a second time.
    struct FullReading: Sendable {
        fileprivate var reader: UseReader

        init(file: String, text: String, tokens: [SourceToken], language: SourceLexer.Language) {
            var facts = FileFacts(file: file, tokens: tokens, language: language)
            facts.isFull = true
            facts.provenance = GeneratedMarker.provenance(of: text)
            facts.isBggenOutput = facts.provenance != .foreign || text.hasPrefix(Planner.userFileHeader)
            reader = UseReader(facts: facts, tokens: tokens)
            reader.readAll()
        }
    }

    /// A file read for every fact from its `reading`, with `wrappers`, those of the target's other files it calls.
    init(reading: FullReading, tokens: [SourceToken], wrappers: [String: [TaskWrapper]]) {
        var reader = reading.reader
        let file = reader.facts.file
        let language = reader.facts.language
        let calls = WrapperCall.all(in: tokens, file: file, wrappers: wrappers.merging(Dictionary(grouping: reader.facts.wrappers, by: \.name), uniquingKeysWith: +))
        reader.expandWrappers(calls)
        self = reader.facts
        uses = uses.flatMap(\.eachCase)
        if isBggenOutput { functions = functions.map { var function = $0; function.receiver = function.type; return function } }
        transferKinds = Self.transferKinds(tokens, fileName: PathText.name(of: file))
        entryPoints = AppEntries.entries(in: tokens, file: file, language: language)
        launchedDelegates = AppEntries.launchedDelegates(in: tokens)
        sceneDelegate = AppEntries.sceneDelegate(in: tokens, language: language)
        declaresSceneDelegate = Self.declaresSceneDelegate(tokens, declared: sceneDelegate)
        if language == .swift {
            let registrations = LaunchRegistration.all(in: tokens, calls: calls)
            handlers = HandlerClosure.all(in: tokens, file: file, registrations: registrations)
            let bodies = LaunchHandlerBody.all(in: tokens, file: file, registrations: registrations)
            forceCasts = TaskForceCast.all(in: bodies, tokens: tokens, file: file)
            earlyReturns = bodies.filter(\.isHandler).compactMap { HandlerReturn.first(in: $0, tokens: tokens, file: file) }
            unawaitedTasks = UnawaitedTask.all(in: tokens, file: file, handlers: bodies)
            sessionMisuse = SessionMisuse.all(in: tokens, file: file)
            sessionHandOffs = SessionMisuse.handOffs(in: tokens, file: file)
            recreatedSessions = backgroundSessions.isEmpty ? [] : RecreatedSession.all(in: tokens, file: file)
            completionStores = StoredCompletion.all(in: tokens, file: file)
            unusedCompletions = StoredCompletion.neverUsed(in: tokens, file: file)
        }
    }

    /// Whether the file has a scene delegate: it names a scene delegate protocol anywhere (a conformance in an
    /// extension counts), or declares a subclass of a framework's scene delegate.
    private static func declaresSceneDelegate(_ tokens: [SourceToken], declared: SceneDelegateDeclaration?) -> Bool {
        declared?.superclass != nil
            || tokens.contains { token in
                // The length first: comparing every name's text with both cost two calls each.
                let length = token.text.utf8.count
                return token.kind == .identifier && (length == 21 && token.text == "UIWindowSceneDelegate" || length == 15 && token.text == "UISceneDelegate")
            }
    }

    /// The transfers a file starts: `downloadTask…` covers downloads, `uploadTask…` uploads. Where it starts
    /// neither, the session's name says it (`DownloadCenter.swift`, `"com.example.downloads"`); a session for
    /// something else (data tasks for webhooks) covers no task kind.
    static func transferKinds(_ tokens: [SourceToken], fileName: String) -> [TaskKind] {
        var kinds = Set<TaskKind>()
        // Each test is preceded by one on the bytes that it needs to pass (an ASCII prefix is the same bytes), so
        // most names cost a byte comparison instead of a `Character` one.
        // The first byte before them: the generic prefix test cost a call for each name of the file.
        for index in tokens.indices where tokens[index].kind == .identifier {
            let text = tokens[index].text
            let first = text.utf8.first
            if first == UInt8(ascii: "d"), text.utf8.starts(with: "downloadTask".utf8), text.hasPrefix("downloadTask") { kinds.insert(.downloads) }
            if first == UInt8(ascii: "u"), text.utf8.starts(with: "uploadTask".utf8), text.hasPrefix("uploadTask") { kinds.insert(.uploads) }
        }
        if kinds.isEmpty {
            // Lower-casing makes "download" of a name only from ASCII letters in any case (no other character lowers to
            // one of its letters): the names without them are spared `lowercased()` and Foundation's search.
            let names = [fileName] + tokens.filter { $0.kind == .string }.map(\.text)
            if names.contains(where: { mayHold($0, "download") && $0.lowercased().contains("download") }) { kinds.insert(.downloads) }
            if names.contains(where: { mayHold($0, "upload") && $0.lowercased().contains("upload") }) { kinds.insert(.uploads) }
        }
        return kinds.sorted()
    }

    /// Whether `text`'s bytes hold `word` (lower-case ASCII letters) in any case.
    private static func mayHold(_ text: String, _ word: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        // A string without contiguous UTF-8 (bridged) is left to the full test.
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) where bytes[start] | 0x20 == needle[0] {
                if (1..<needle.count).allSatisfy({ bytes[start + $0] | 0x20 == needle[$0] }) { return true }
            }
            return false
        } ?? true
    }
}
