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
        var warnings: [ProjectWarning] = []
        /// A file no reader could get through (nesting too deep), which stops detection.
        var failure: ProjectError?
    }

    /// Symbols and the task kinds they cover. `BGTaskScheduler` covers whichever task types its file uses.
    static let symbols: [String: [TaskKind]] = [
        "BGTaskScheduler": [],
        "BGAppRefreshTask": [.refresh],
        "BGAppRefreshTaskRequest": [.refresh],
        "performFetchWithCompletionHandler": [.refresh],
        "BGProcessingTask": [.processing],
        "BGProcessingTaskRequest": [.processing],
        "BGContinuedProcessingTask": [.processing],
        "BGContinuedProcessingTaskRequest": [.processing],
        "backgroundSessionConfiguration": [.downloads],
        "backgroundSessionConfigurationWithIdentifier": [.downloads],
        "handleEventsForBackgroundURLSession": [.downloads],
        "didReceiveRemoteNotification": [.silentPush],
    ]

    /// Words one of which a file must contain before it is tokenised; most files contain none.
    private static let needles: [[UInt8]] = [
        "BGTaskScheduler", "BGAppRefreshTask", "BGProcessingTask", "BGContinuedProcessingTask", "ithIdentifier",
        "backgroundSessionConfiguration", "didReceiveRemoteNotification", "handleEventsForBackgroundURLSession",
        "performFetchWithCompletionHandler",
    ].map { Array($0.utf8) }

    static let sourceExtensions = [".swift", ".m", ".mm"]
    static let fileNameMarkers = ["BackgroundTask", "BGTask", "BackgroundDownload"]

    func scan(ownership: SourceOwnership) throws(ProjectError) -> Result {
        let files = RepositoryWalker.files(root: root, fileSystem: fileSystem) { name in
            Self.sourceExtensions.contains { name.hasSuffix($0) }
        }
        let collector = Slots<Result>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            collector.store(scan(file: files[index], ownership: ownership), at: index)
        }
        var total = Result()
        if let failure = collector.values.lazy.compactMap({ $0?.failure }).first { throw failure }
        for result in collector.values.compactMap(\.self) {
            total.findings += result.findings
            total.identifiers += result.identifiers
            total.warnings += result.warnings
        }
        total.findings.sort()
        total.identifiers.sort()
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
        guard namedLikeBackgroundCode || Self.contains(anyOf: Self.needles, in: text) else { return nil }

        let language: SourceLexer.Language = name.hasSuffix(".swift") ? .swift : .objectiveC
        let tokens: [SourceToken]
        do {
            tokens = try SourceLexer.tokens(of: text, language: language)
        } catch {
            return Result(failure: .malformed(path: file, line: error.line, reason: error.reason))
        }
        let targets = ownership.targets(of: file)
        let ours = GeneratedMarker.provenance(of: text) != .foreign || text.hasPrefix(Planner.userFileHeader)

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
        var result = Result()
        var seen = Set<String>()
        for hit in hits where seen.insert("\(hit.line) \(hit.symbol)").inserted {
            let kinds = hit.symbol == "BGTaskScheduler" ? fileKinds.sorted() : hit.kinds
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

    // MARK: - Identifiers

    private func collectIdentifiers(_ tokens: [SourceToken], file: String, into result: inout Result) {
        let constants = Self.constants(in: tokens)
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
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
            if expression.count == 1, expression[0].kind == .string, expression[0].isLiteral {
                result.identifiers.append(RegisteredIdentifier(identifier: expression[0].text, kind: kind, file: file, line: token.line))
                continue
            }
            let names = expression.filter { $0.kind == .identifier && $0.text != "rawValue" }.map(\.text)
            let isChain = !expression.isEmpty && expression.allSatisfy { $0.kind == .identifier || $0.text == "." }
            if isChain, let name = names.last, let value = constants[name] {
                result.identifiers.append(RegisteredIdentifier(identifier: value, kind: kind, file: file, line: token.line, constant: name))
            } else if kind == .task {
                let text = expression.map { $0.kind == .string ? "\"\($0.text)\"" : $0.text }.joined()
                result.warnings.append(.unresolvedIdentifier(file: file, line: token.line, expression: text))
            }
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
    /// and Objective-C `NSString *const name = @"…"` or `#define name @"…"`. A name defined twice with different
    /// values is left out, since bggen cannot tell which one the call means.
    static func constants(in tokens: [SourceToken]) -> [String: String] {
        var found: [String: String] = [:]
        var ambiguous = Set<String>()
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
            guard cursor < tokens.count, tokens[cursor].kind == .string, tokens[cursor].isLiteral else { continue }
            if cursor + 1 < tokens.count, ["+", "."].contains(tokens[cursor + 1].text) { continue }
            let name = tokens[index].text
            if let existing = found[name], existing != tokens[cursor].text { ambiguous.insert(name) }
            found[name] = tokens[cursor].text
        }
        for name in ambiguous { found[name] = nil }
        return found
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
