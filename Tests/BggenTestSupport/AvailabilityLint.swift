import Foundation

/// Linux ignores `@available` and `#available`, so a compile there cannot catch "only available in iOS 16 or
/// newer". This lint does it instead: a table of the APIs generated code may use, with the iOS version that
/// introduced each, checked against the deployment target and any availability guard around the use.
public enum AvailabilityLint {
    public struct API: Sendable {
        public let pattern: String
        public let introduced: Double
    }

    /// The APIs bggen's templates use or are likely to, with their first iOS version (Apple's documentation).
    public static let table: [API] = [
        API(pattern: #"\bBGTaskScheduler\b"#, introduced: 13.0),
        API(pattern: #"\bBGAppRefreshTaskRequest\b"#, introduced: 13.0),
        API(pattern: #"\bBGProcessingTaskRequest\b"#, introduced: 13.0),
        API(pattern: #"\bBGTask\b"#, introduced: 13.0),
        API(pattern: #"\bBGHealthResearchTask"#, introduced: 17.0),
        API(pattern: #"\bBGContinuedProcessingTask"#, introduced: 26.0),
        API(pattern: #"\bsupportedResources\b"#, introduced: 26.0),
        API(pattern: #"\bLogger\b"#, introduced: 14.0),
        API(pattern: #"\bOSAllocatedUnfairLock\b"#, introduced: 16.0),
        API(pattern: #"\bMutex\b"#, introduced: 18.0),
        API(pattern: #"\bAtomic<"#, introduced: 18.0),
        API(pattern: #"\bos_log\("#, introduced: 10.0),
        API(pattern: #"\bOSLog\("#, introduced: 10.0),
        API(pattern: #"\bTask(\.detached)?\s*(\(|\{)"#, introduced: 13.0),
        // Swift concurrency runs on iOS 13 and later only (back-deployed there, absent from iOS 12).
        API(pattern: #"\basync\b"#, introduced: 13.0),
        API(pattern: #"\bawait\b"#, introduced: 13.0),
        API(pattern: #"\bactor\b"#, introduced: 13.0),
        API(pattern: #"\bwithChecked(Throwing)?Continuation\b"#, introduced: 13.0),
        API(pattern: #"\bUIWindowSceneDelegate\b"#, introduced: 13.0),
        API(pattern: #"\bUIScene\b"#, introduced: 13.0),
        API(pattern: #"\bTask\.sleep\(for:"#, introduced: 16.0),
        API(pattern: #"\bDuration\b"#, introduced: 16.0),
        API(pattern: #"\bContinuousClock\b"#, introduced: 16.0),
        API(pattern: #"\.appending\(path:"#, introduced: 16.0),
        API(pattern: #"\bURL\.documentsDirectory\b"#, introduced: 16.0),
        API(pattern: #"\bRegex\b"#, introduced: 16.0),
        API(pattern: #"\.backgroundTask\("#, introduced: 16.0),
        API(pattern: #"\bObservable\b"#, introduced: 17.0),
        API(pattern: #"\bsessionSendsLaunchEvents\b"#, introduced: 7.0),
        API(pattern: #"\bURLSessionConfiguration\.background\(withIdentifier:"#, introduced: 8.0),
        API(pattern: #"\bUIBackgroundFetchResult\b"#, introduced: 7.0),
        API(pattern: #"\bearliestBeginDate\b"#, introduced: 11.0),
        API(pattern: #"\bsubmitTaskRequest\("#, introduced: 27.0),
    ]

    public struct Finding: Sendable, CustomStringConvertible {
        public let line: Int
        public let api: String
        public let introduced: Double
        public var description: String { "line \(line): \(api) needs iOS \(introduced)" }
    }

    /// The types `sources` declare under `@available(iOS N, *)`, as APIs of their own: a type without the
    /// attribute that uses one fails to build on the real SDK, which a Linux compile cannot see.
    public static func declaredAPIs(in sources: [String]) -> [API] {
        let pattern = #"@available\(iOS (\d+(?:\.\d+)?), \*\)\s+(?:(?:private|fileprivate|public|nonisolated|final)\s+)*(?:class|struct|enum|protocol|actor)\s+(\w+)"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        var result: [API] = []
        for source in sources {
            for match in regex.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                guard let version = Range(match.range(at: 1), in: source).flatMap({ Double(source[$0]) }),
                      let name = Range(match.range(at: 2), in: source).map({ String(source[$0]) }) else { continue }
                result.append(API(pattern: #"\b"# + name + #"\b"#, introduced: version))
            }
        }
        return result
    }

    /// Uses of APIs newer than `target` that no enclosing `#available`/`@available` makes safe; `declared` adds
    /// the generated code's own marked types (`declaredAPIs(in:)`).
    public static func findings(in source: String, target: Double, declared: [API] = []) -> [Finding] {
        var findings: [Finding] = []
        // Each open brace remembers the iOS version its scope guarantees.
        var scopes: [Double] = [target]
        var pendingGuard: Double?
        // A `guard #available(…) else {`: its else body runs on older systems, and the code after it, in the scope
        // that holds the guard, has the version. Each entry is the version and the scope depth of its else body.
        var pendingGuardStatement: Double?
        var guardElses: [(version: Double, depth: Int)] = []
        // Compiled once per source, not once per line: the lint runs over every scenario's files.
        let apis = (table + declared).compactMap { api in
            (try? NSRegularExpression(pattern: api.pattern)).map { (api: api, regex: $0) }
        }
        let guardRegex = try? NSRegularExpression(pattern: #"[#@]available\(iOS (\d+(\.\d+)?)"#)
        for (index, rawLine) in source.components(separatedBy: "\n").enumerated() {
            let line = codeOnly(rawLine)
            if let version = guardVersion(in: line, regex: guardRegex) {
                if line.contains("guard ") { pendingGuardStatement = version } else { pendingGuard = version }
            }
            let guaranteed = max(scopes.last ?? target, pendingGuard ?? pendingGuardStatement ?? 0)
            let range = NSRange(line.startIndex..., in: line)
            for (api, regex) in apis where api.introduced > guaranteed {
                for match in regex.matches(in: line, range: range) {
                    findings.append(Finding(line: index + 1, api: String(line[Range(match.range, in: line)!]), introduced: api.introduced))
                }
            }
            for character in line {
                if character == "{" {
                    if let version = pendingGuardStatement {
                        scopes.append(scopes.last ?? target)
                        guardElses.append((version, scopes.count))
                        pendingGuardStatement = nil
                    } else {
                        scopes.append(max(scopes.last ?? target, pendingGuard ?? 0))
                    }
                    pendingGuard = nil
                } else if character == "}" {
                    let closed = scopes.count
                    if scopes.count > 1 { scopes.removeLast() }
                    if let last = guardElses.last, last.depth == closed {
                        guardElses.removeLast()
                        scopes[scopes.count - 1] = max(scopes[scopes.count - 1], last.version)
                    }
                }
            }
        }
        return findings
    }

    private static func guardVersion(in line: String, regex: NSRegularExpression?) -> Double? {
        guard let regex, let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
              let range = Range(match.range(at: 1), in: line)
        else { return nil }
        return Double(line[range])
    }

    /// The line without its comment and string-literal contents, so documentation never counts as a use.
    private static func codeOnly(_ line: String) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if !inString && character == "/" && previous == "/" {
                result.removeLast()
                break
            }
            if character == "\"" && previous != "\\" { inString.toggle(); result.append(character) }
            else if !inString { result.append(character) }
            previous = character
        }
        return result
    }
}
