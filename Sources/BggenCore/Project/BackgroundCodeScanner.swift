import Dispatch
import Foundation

/// Finds background work the app already has, so bggen adds only what is missing and reuses identifiers the app
/// registers instead of inventing a second set.
struct BackgroundCodeScanner: Sendable {
    let root: String
    let fileSystem: any FileSystem

    struct Result: Sendable {
        var findings: [CodeFinding] = []
        var identifiers: [RegisteredIdentifier] = []
        var declaredNames: [DeclaredName] = []
        var entryPoints: [EntryPoint] = []
        var sceneDelegates: [EntryPoint] = []
        var warnings: [ProjectWarning] = []
        /// A file no reader could get through (nesting too deep), which stops detection.
        var failure: ProjectError?
        /// Registrations through a constant the file does not define, resolved across files afterwards.
        var pending: [PendingIdentifier] = []
        /// Task requests the file creates, which tell what kind of task an identifier is.
        var requests: [TaskRequest] = []
    }

    /// `BGAppRefreshTaskRequest(identifier: x)` or `[[BGProcessingTaskRequest alloc] initWithIdentifier:x]`: the
    /// request class submitted for an identifier says whether its registration is a refresh or a processing task.
    struct TaskRequest: Sendable {
        var kind: TaskKind
        var className: String
        /// The identifier, when the file shows it.
        var identifier: String?
        /// The constant passed, so a request and a registration through the same constant match across files.
        var constant: String?
        var file: String
        var line: Int
    }

    /// The request classes and the task kinds they schedule.
    static let requestClasses: [String: TaskKind] = ["BGAppRefreshTaskRequest": .refresh, "BGProcessingTaskRequest": .processing]

    /// What `Bundle.main.bundleIdentifier` is in the app: the target's bundle identifier, written as the build
    /// setting so it expands with the target's settings like an Info.plist entry does.
    static let bundleIdentifierValue = "$(PRODUCT_BUNDLE_IDENTIFIER)"

    /// `register(forTaskWithIdentifier: Constants.Values.refreshTaskId …)` with `refreshTaskId` defined elsewhere.
    struct PendingIdentifier: Sendable {
        var constant: String
        var kind: RegisteredIdentifier.Kind
        var file: String
        var line: Int
        var expression: String
    }

    /// Symbols and the task kinds they cover. `BGTaskScheduler` covers whichever task types its file uses.
    static let symbols: [String: [TaskKind]] = [
        "BGTaskScheduler": [],
        "BGAppRefreshTask": [.refresh],
        "BGAppRefreshTaskRequest": [.refresh],
        // Legacy background fetch covers no task kind: adding BGTaskSchedulerPermittedIdentifiers switches it off.
        "performFetchWithCompletionHandler": [],
        "setMinimumBackgroundFetchInterval": [],
        "BGProcessingTask": [.processing],
        "BGProcessingTaskRequest": [.processing],
        "BGContinuedProcessingTask": [.processing],
        "BGContinuedProcessingTaskRequest": [.processing],
        "backgroundSessionConfiguration": [.downloads],
        "backgroundSessionConfigurationWithIdentifier": [.downloads],
        "handleEventsForBackgroundURLSession": [.downloads],
        "didReceiveRemoteNotification": [.silentPush],
    ]

    /// Calls that create a background URLSession, which serves downloads, uploads or both: what the file does
    /// with it decides (see `transferKinds`).
    static let sessionSymbols: Set<String> = [
        "background(withIdentifier:)", "backgroundSessionConfiguration", "backgroundSessionConfigurationWithIdentifier",
    ]

    /// The transfers a file starts: `downloadTask…` covers downloads, `uploadTask…` uploads. Where it starts
    /// neither, the session's name says it (`DownloadCenter.swift`, `"com.example.downloads"`); a session for
    /// something else (data tasks for webhooks) covers no task kind.
    static func transferKinds(_ tokens: [SourceToken], fileName: String) -> [TaskKind] {
        var kinds = Set<TaskKind>()
        for token in tokens where token.kind == .identifier {
            if token.text.hasPrefix("downloadTask") { kinds.insert(.downloads) }
            if token.text.hasPrefix("uploadTask") { kinds.insert(.uploads) }
        }
        if kinds.isEmpty {
            let names = ([fileName] + tokens.filter { $0.kind == .string }.map(\.text)).map { $0.lowercased() }
            if names.contains(where: { $0.contains("download") }) { kinds.insert(.downloads) }
            if names.contains(where: { $0.contains("upload") }) { kinds.insert(.uploads) }
        }
        return kinds.sorted()
    }

    /// Words one of which a file must contain before it is tokenised; most files contain none.
    private static let needles: [[UInt8]] = [
        "BGTaskScheduler", "BGAppRefreshTask", "BGProcessingTask", "BGContinuedProcessingTask", "ithIdentifier",
        "backgroundSessionConfiguration", "didReceiveRemoteNotification", "handleEventsForBackgroundURLSession",
        "performFetchWithCompletionHandler", "setMinimumBackgroundFetchInterval",
    ].map { Array($0.utf8) }

    /// Words one of which a file that starts the app contains.
    private static let entryPointNeedles: [[UInt8]] = ["@main", "UIApplicationDelegate", "didFinishLaunchingWithOptions", "SceneDelegate"].map { Array($0.utf8) }

    static let sourceExtensions = [".swift", ".m", ".mm"]
    /// Objective-C headers declare the classes a bridging header shows to Swift; they are read for names only.
    static let headerExtension = ".h"
    static let fileNameMarkers = ["BackgroundTask", "BGTask", "BackgroundDownload"]

    func scan(ownership: SourceOwnership) throws(ProjectError) -> Result {
        let files = RepositoryWalker.files(root: root, fileSystem: fileSystem) { name in
            name.hasSuffix(Self.headerExtension) || Self.sourceExtensions.contains { name.hasSuffix($0) }
        }
        let collector = Slots<Result>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            collector.store(scan(file: files[index], ownership: ownership), at: index)
        }
        var total = Result()
        if let failure = collector.values.lazy.compactMap({ $0?.failure }).first { throw failure }
        for result in collector.values.compactMap(\.self) {
            total.findings += result.findings
            total.pending += result.pending
            total.identifiers += result.identifiers
            total.declaredNames += result.declaredNames
            total.entryPoints += result.entryPoints
            total.sceneDelegates += result.sceneDelegates
            total.warnings += result.warnings
            total.requests += result.requests
        }
        resolvePending(&total, files: files)
        classifyRegistrations(&total)
        total.findings.sort()
        total.identifiers.sort()
        total.declaredNames.sort()
        total.entryPoints.sort()
        total.sceneDelegates.sort()
        return total
    }

    private func scan(file: String, ownership: SourceOwnership) -> Result? {
        let name = PathText.name(of: file)
        let namedLikeBackgroundCode = name.hasSuffix(".swift") && Self.fileNameMarkers.contains { name.contains($0) }
        let text: String
        do {
            text = try fileSystem.read("\(root)/\(file)")
        } catch {
            return Result(warnings: [.unreadableSource(file: file)])
        }
        var result = Result()
        collectDeclaredNames(file: file, text: text, into: &result)
        if Self.contains(anyOf: Self.entryPointNeedles, in: text) {
            if let kind = EntryPoint.kind(of: file, text: text) {
                result.entryPoints.append(EntryPoint(file: file, kind: kind, targets: ownership.targets(of: file)))
            }
            if EntryPoint.mentionsSceneDelegate(text) {
                result.sceneDelegates.append(EntryPoint(file: file, kind: .sceneDelegate, targets: ownership.targets(of: file)))
            }
        }
        guard !name.hasSuffix(Self.headerExtension), namedLikeBackgroundCode || Self.contains(anyOf: Self.needles, in: text) else {
            return result.declaredNames.isEmpty && result.entryPoints.isEmpty && result.sceneDelegates.isEmpty ? nil : result
        }

        let language: SourceLexer.Language = name.hasSuffix(".swift") ? .swift : .objectiveC
        let tokens: [SourceToken]
        do {
            tokens = try SourceLexer.tokens(of: text, language: language)
        } catch {
            return Result(failure: .malformed(path: file, line: error.line, reason: error.reason))
        }
        let targets = ownership.targets(of: file)
        let ours = Self.isBggenOutput(text)

        var hits: [(line: Int, symbol: String, kinds: [TaskKind])] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if let kinds = Self.symbols[token.text] {
                hits.append((token.line, token.text, kinds))
            } else if token.text == "background", Self.matches(tokens, at: index + 1, ["(", "withIdentifier", ":"]),
                      index > 0, tokens[index - 1].text == "." {
                hits.append((token.line, "background(withIdentifier:)", [.downloads]))
            }
        }
        let fileKinds = Set(hits.flatMap(\.kinds).filter { $0 == .refresh || $0 == .processing })
        let transferKinds = Self.transferKinds(tokens, fileName: name)
        var seen = Set<String>()
        for hit in hits where seen.insert("\(hit.line) \(hit.symbol)").inserted {
            let kinds = hit.symbol == "BGTaskScheduler" ? fileKinds.sorted()
                : Self.sessionSymbols.contains(hit.symbol) ? transferKinds : hit.kinds
            result.findings.append(CodeFinding(file: file, line: hit.line, symbol: hit.symbol, kinds: kinds,
                                               targets: targets, isBggenOutput: ours))
        }
        if namedLikeBackgroundCode {
            let kinds = name.contains("BackgroundDownload") ? [TaskKind.downloads] : Array(Set(hits.flatMap(\.kinds))).sorted()
            result.findings.append(CodeFinding(file: file, line: nil, symbol: "file name", kinds: kinds, targets: targets, isBggenOutput: ours))
        }
        if !ours {
            collectIdentifiers(tokens, file: file, into: &result)
        }
        return result
    }

    // MARK: - Names

    /// Words a file must contain before it is read for declarations: every type name bggen may generate.
    private static let generatedTypeNeedles = OutputRenderer.possibleGeneratedNames.types.sorted().map { Array($0.utf8) }

    /// The file's own name and its top-level types, where they end in a name bggen may generate: with or without
    /// a prefix, so a `--prefix` that still clashes is caught too.
    private func collectDeclaredNames(file: String, text: String, into result: inout Result) {
        let name = PathText.name(of: file)
        let candidates = OutputRenderer.possibleGeneratedNames
        let ours = Self.isBggenOutput(text)
        let stem = String(name.dropLast(".swift".count))
        if name.hasSuffix(".swift"), candidates.files.contains(where: stem.hasSuffix) {
            result.declaredNames.append(DeclaredName(name: stem, file: file, line: nil, isBggenOutput: ours))
        }
        guard Self.contains(anyOf: Self.generatedTypeNeedles, in: text) else { return }
        let language: SourceLexer.Language = name.hasSuffix(".swift") ? .swift : .objectiveC
        let tokens: [SourceToken]
        do {
            tokens = try SourceLexer.tokens(of: text, language: language)
        } catch {
            result.failure = .malformed(path: file, line: error.line, reason: error.reason)
            return
        }
        for declaration in TopLevelNames.declarations(in: tokens)
        where candidates.types.contains(where: declaration.name.hasSuffix) {
            result.declaredNames.append(DeclaredName(name: declaration.name, file: file, line: declaration.line, isBggenOutput: ours))
        }
    }

    // MARK: - Identifiers

    private func collectIdentifiers(_ tokens: [SourceToken], file: String, into result: inout Result) {
        let table = Self.constantTable(in: tokens)
        let constants = table.values
        let objectiveC = !file.hasSuffix(".swift")
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            if let kind = Self.requestClasses[token.text] {
                let start = Self.matches(tokens, at: index + 1, ["(", "identifier", ":"]) ? index + 4
                    : Self.matches(tokens, at: index + 1, ["alloc", "]", "initWithIdentifier", ":"]) ? index + 5 : nil
                if let start {
                    let expression = Self.argument(tokens, from: start)
                    let constant = expression.last { $0.kind == .identifier && $0.text != "rawValue" }?.text
                    result.requests.append(TaskRequest(kind: kind, className: token.text,
                                                       identifier: Self.value(of: expression, constants: table),
                                                       constant: constant, file: file, line: token.line))
                }
                continue
            }
            let kind: RegisteredIdentifier.Kind
            let argument: Int
            switch token.text {
            case "register" where Self.matches(tokens, at: index + 1, ["(", "forTaskWithIdentifier", ":"]):
                (kind, argument) = (.task, index + 4)
            case "registerForTaskWithIdentifier" where Self.matches(tokens, at: index + 1, [":"]):
                (kind, argument) = (.task, index + 2)
            case "background" where Self.matches(tokens, at: index + 1, ["(", "withIdentifier", ":"]):
                (kind, argument) = (.urlSession, index + 4)
            case "backgroundSessionConfigurationWithIdentifier" where Self.matches(tokens, at: index + 1, [":"]):
                (kind, argument) = (.urlSession, index + 2)
            default:
                continue
            }
            let expression = Self.argument(tokens, from: argument)
            if expression.count == 1, expression[0].kind == .string, let value = Self.value(of: expression, constants: table) {
                result.identifiers.append(RegisteredIdentifier(identifier: value, kind: kind, file: file, line: token.line))
                continue
            }
            let names = expression.filter { $0.kind == .identifier && $0.text != "rawValue" }.map(\.text)
            let isChain = !expression.isEmpty && expression.allSatisfy { $0.kind == .identifier || $0.text == "." }
            let text = expression.map { $0.kind == .string ? "\"\($0.text)\"" : $0.text }.joined()
            if isChain, let name = names.last, let value = constants[name] {
                result.identifiers.append(RegisteredIdentifier(identifier: value, kind: kind, file: file, line: token.line, constant: name))
            } else if isChain, names.count > 1 || objectiveC, !["self", "Self"].contains(names[0]), let name = names.last {
                // Qualified by another type or value (`Constants.Values.refreshTaskId`): defined in another file.
                // A bare Swift name is a local or a parameter, which no other file's constant explains; a bare
                // Objective-C name is a `#define` or a constant from a header.
                result.pending.append(PendingIdentifier(constant: name, kind: kind, file: file, line: token.line, expression: text))
            } else if kind == .task {
                result.warnings.append(.unresolvedIdentifier(file: file, line: token.line, expression: text))
            }
        }
    }

    /// Resolves registrations through constants defined in other files (`Constants.Values.refreshTaskId`): reads
    /// the files that mention one of those names (rarely more than a few) for their string constants. A name
    /// defined with different values in different files stays unresolved, and a task registration bggen cannot
    /// resolve is a warning.
    private func resolvePending(_ total: inout Result, files: [String]) {
        guard !total.pending.isEmpty else { return }
        let needles = Set(total.pending.map(\.constant)).sorted().map { Array($0.utf8) }
        var values: [String: Set<String>] = [:]
        for file in files {
            guard let text = try? fileSystem.read("\(root)/\(file)"), Self.contains(anyOf: needles, in: text) else { continue }
            let language: SourceLexer.Language = file.hasSuffix(".swift") ? .swift : .objectiveC
            // A file too deep to read was reported by the scan itself; here it only defines nothing.
            guard let tokens = try? SourceLexer.tokens(of: text, language: language) else { continue }
            for (name, value) in Self.constantTable(in: tokens).values {
                values[name, default: []].insert(value)
            }
        }
        for pending in total.pending {
            if let found = values[pending.constant], found.count == 1, let value = found.first {
                total.identifiers.append(RegisteredIdentifier(identifier: value, kind: pending.kind, file: pending.file,
                                                              line: pending.line, constant: pending.constant))
            } else if pending.kind == .task {
                total.warnings.append(.unresolvedIdentifier(file: pending.file, line: pending.line, expression: pending.expression))
            }
        }
    }

    /// Gives each task registration the kind of the request submitted for the same identifier (or through the
    /// same constant). An identifier submitted as both kinds stays unclassified.
    private func classifyRegistrations(_ total: inout Result) {
        total.identifiers = total.identifiers.map { registered in
            guard registered.kind == .task else { return registered }
            let requests = total.requests.filter { request in
                request.identifier.map { $0 == registered.identifier }
                    ?? (request.constant != nil && request.constant == registered.constant)
            }
            guard let request = requests.first, requests.allSatisfy({ $0.kind == request.kind }) else { return registered }
            var classified = registered
            classified.taskKind = request.kind
            classified.request = "\(request.className) at \(request.file):\(request.line)"
            return classified
        }
    }

    /// The tokens of a call argument: up to the `,` or closing bracket at its own depth, or an Objective-C
    /// selector part (`usingQueue:`).
    static func argument(_ tokens: [SourceToken], from start: Int) -> [SourceToken] {
        var depth = 0
        var result: [SourceToken] = []
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.nesting < 0 && depth == 0 { break }
                depth += token.nesting
                if depth == 0 && (token.text == "," || token.text == ";") { break }
            }
            if depth == 0, token.kind == .identifier, !result.isEmpty, index + 1 < tokens.count, tokens[index + 1].text == ":",
               result.last?.text != "." {
                break
            }
            result.append(token)
            index += 1
        }
        return result
    }

    /// String constants defined in the file: `let name = "…"` (also `static`, typed `: String`), `case name = "…"`,
    /// and Objective-C `NSString *const name = @"…"` or `#define name @"…"`. `Bundle.main.bundleIdentifier` (with
    /// `!`, `?? "…"`, or in `guard let`) is the target's bundle identifier (`bundleIdentifierValue`), and a string
    /// interpolating only such names (`"\(bundleIdentifier).refresh"`) is resolved from them. A name defined twice
    /// with different values is left out, since bggen cannot tell which one the call means. Values built from the
    /// bundle identifier are left out here: they need a target's build settings before they can be compared (see
    /// `constantTable`, which keeps them).
    static func constants(in tokens: [SourceToken]) -> [String: String] {
        constantTable(in: tokens).values.filter { !$0.value.contains(bundleIdentifierValue) }
    }

    /// The constants, and those of them fixed for the app (static, or the bundle identifier), which alone may
    /// fill an interpolation.
    static func constantTable(in tokens: [SourceToken]) -> (values: [String: String], fixed: [String: String]) {
        var found: [String: String] = [:]
        // Interpolations use only what is fixed for the app: static constants and the bundle identifier. A local
        // `let user = "someone"` merely stands in for a value known at run time.
        var fixed = Set<String>()
        var interpolated: [(name: String, token: SourceToken)] = []
        var ambiguous = Set<String>()
        func define(_ name: String, _ value: String) {
            if let existing = found[name], existing != value { ambiguous.insert(name) }
            found[name] = value
        }
        for index in tokens.indices where tokens[index].kind == .identifier {
            let keyword = index > 0 ? tokens[index - 1].text : ""
            var cursor = index + 1
            if matches(tokens, at: cursor, [":", "String"]) { cursor += 2 }
            let isDefine = keyword == "define" && index > 1 && tokens[index - 2].text == "#"
            guard ["let", "var", "case", "const", "*"].contains(keyword) || isDefine else { continue }
            if !isDefine {
                guard matches(tokens, at: cursor, ["="]) else { continue }
                cursor += 1
            }
            if ["let", "var"].contains(keyword), matches(tokens, at: cursor, ["Bundle", ".", "main", ".", "bundleIdentifier"]) {
                define(tokens[index].text, bundleIdentifierValue)
                fixed.insert(tokens[index].text)
                continue
            }
            if index > 1, tokens[index - 2].text == "static" { fixed.insert(tokens[index].text) }
            guard cursor < tokens.count, tokens[cursor].kind == .string else { continue }
            if cursor + 1 < tokens.count, ["+", "."].contains(tokens[cursor + 1].text) { continue }
            if tokens[cursor].isLiteral {
                define(tokens[index].text, tokens[cursor].text)
            } else {
                interpolated.append((tokens[index].text, tokens[cursor]))
            }
        }
        // Interpolations may use each other (`refreshID = "\(prefix).refresh"`, `prefix = "\(bundle).app"`).
        for _ in 0..<3 {
            for (name, token) in interpolated where found[name] == nil {
                if let value = interpolation(token, constants: found.filter { fixed.contains($0.key) }) { found[name] = value }
            }
        }
        for name in ambiguous { found[name] = nil }
        return (found, found.filter { fixed.contains($0.key) })
    }

    /// The value an argument or a constant's definition spells: a literal, or a Swift string whose every
    /// interpolation is a known constant or `Bundle.main.bundleIdentifier`; nil when any part is unknown.
    static func value(of expression: [SourceToken], constants: (values: [String: String], fixed: [String: String])) -> String? {
        guard expression.count == 1, expression[0].kind == .string else {
            let names = expression.filter { $0.kind == .identifier && $0.text != "rawValue" }.map(\.text)
            let isChain = !expression.isEmpty && expression.allSatisfy { $0.kind == .identifier || $0.text == "." }
            return isChain ? names.last.flatMap { constants.values[$0] } : nil
        }
        return expression[0].isLiteral ? expression[0].text : interpolation(expression[0], constants: constants.fixed)
    }

    /// `"\(bundleIdentifier).refresh"` with each interpolation resolved, or nil.
    private static func interpolation(_ token: SourceToken, constants: [String: String]) -> String? {
        var pieces = token.text.components(separatedBy: "\\(…)")
        guard pieces.count == token.interpolations.count + 1 else { return nil }
        var result = pieces.removeFirst()
        for (source, piece) in zip(token.interpolations, pieces) {
            var expression = source.trimmingCharacters(in: .whitespaces)
            if let range = expression.range(of: "??") { expression = String(expression[..<range.lowerBound]).trimmingCharacters(in: .whitespaces) }
            while expression.hasSuffix("!") || expression.hasSuffix("?") { expression.removeLast() }
            if expression == "Bundle.main.bundleIdentifier" {
                result += bundleIdentifierValue
            } else if expression.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
                      let name = expression.split(separator: ".").last, let value = constants[String(name)] {
                result += value
            } else {
                return nil
            }
            result += piece
        }
        return result
    }

    /// A file an earlier run wrote: bggen's marked file, or the user's work file it created.
    private static func isBggenOutput(_ text: String) -> Bool {
        GeneratedMarker.provenance(of: text) != .foreign || text.hasPrefix(Planner.userFileHeader)
    }

    static func matches(_ tokens: [SourceToken], at start: Int, _ texts: [String]) -> Bool {
        guard start >= 0, start + texts.count <= tokens.count else { return false }
        return zip(tokens[start...], texts).allSatisfy { $0.kind != .string && $0.text == $1 }
    }

    /// Whether `text` holds one of `needles` (UTF-8 bytes): a byte search that spares most files the lexer.
    static func contains(anyOf needles: [[UInt8]], in text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                for needle in needles where needle[0] == byte && index + needle.count <= count {
                    var offset = 1
                    while offset < needle.count && buffer[index + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }
}
