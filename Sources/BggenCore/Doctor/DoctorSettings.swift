import BggenFormats

/// `"doctor": {…}` in `.bggen.json`: how a team adopts doctor in a repository that already has findings, a step at a
/// time, as a linter's configuration does (SwiftLint's `disabled_rules`, `excluded` and per-rule severity):
///
///     "doctor": {
///       // The legacy sync is being rewritten (JIRA-123).
///       "excluded": ["Legacy", "Generated/*.swift"],
///       "disabled": ["MODE003"],
///       "severity": {"BG007": "warning"}
///     }
public struct DoctorSettings: Sendable, Equatable {
    /// Rules not reported anywhere.
    public var disabled: Set<String> = []
    /// Paths relative to the root whose findings are not reported: a folder means everything in it, and `*` matches
    /// any run of characters within one name. The code there is still read, so a registration in it still counts.
    public var excluded: [String] = []
    /// A rule's severity in this repository in place of its own. A finding a rule lowers (a note where doctor cannot
    /// see everything) is never raised by it.
    public var severities: [String: Severity] = [:]
    /// The line of `excluded` in `.bggen.json`, where an entry that matches no file is reported.
    public var excludedLine = 1

    public static let keys = ["disabled", "excluded", "severity"]

    public init(disabled: Set<String> = [], excluded: [String] = [], severities: [String: Severity] = [:]) {
        self.disabled = disabled
        self.excluded = excluded
        self.severities = severities
    }

    /// The record's `doctor` value, checked as strictly as a flag; each error names the line of the key it is about.
    public init(_ contents: AnswersFile.Contents, path: String) throws(AnswersFileError) {
        guard let value = contents.doctor else { return }
        func fail(_ problem: String, at key: String) -> AnswersFileError {
            AnswersFileError(path: path, line: contents.keyLines[key] ?? contents.keyLines["doctor"], problem: problem)
        }
        guard case .object(let fields) = value else {
            throw fail("'doctor' must be an object such as {\"disabled\": [\"BG002\"], \"excluded\": [\"Legacy\"]}", at: "doctor")
        }
        if let unknown = fields.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw fail("'doctor.\(unknown)' is not a doctor setting (settings: \(Self.keys.joined(separator: ", ")))", at: "doctor.\(unknown)")
        }
        func names(_ key: String, example: String) throws(AnswersFileError) -> [String] {
            guard let value = fields[key] else { return [] }
            guard let list = value.array, case let names = list.compactMap(\.string), names.count == list.count, !names.contains(where: \.isEmpty) else {
                throw fail("'doctor.\(key)' must be a list of strings such as [\(example)]", at: "doctor.\(key)")
            }
            return names
        }
        let ids = DoctorRule.ids
        let disabled = try names("disabled", example: "\"BG002\"")
        if let unknown = disabled.first(where: { !ids.contains($0) }) {
            throw fail("'doctor.disabled' lists '\(unknown)', which is not a doctor rule (rules: \(ids.joined(separator: ", ")))", at: "doctor.disabled")
        }
        self.disabled = Set(disabled)
        excluded = try names("excluded", example: "\"Legacy\", \"Generated/*.swift\"")
        excludedLine = contents.keyLines["doctor.excluded"] ?? excludedLine
        if let outside = excluded.first(where: { $0.hasPrefix("/") || $0.split(separator: "/").contains("..") }) {
            throw fail("'doctor.excluded' lists '\(outside)'; give paths relative to the repository, such as \"Legacy\"", at: "doctor.excluded")
        }
        if let value = fields["severity"] {
            guard case .object(let levels) = value else {
                throw fail("'doctor.severity' must be an object such as {\"BG007\": \"warning\"}", at: "doctor.severity")
            }
            for (rule, level) in levels.sorted(by: { $0.key < $1.key }) {
                guard ids.contains(rule) else {
                    throw fail("'doctor.severity' names '\(rule)', which is not a doctor rule (rules: \(ids.joined(separator: ", ")))", at: "doctor.severity.\(rule)")
                }
                guard let severity = level.string.flatMap(Severity.init(rawValue:)) else {
                    throw fail("'doctor.severity.\(rule)' must be \"error\", \"warning\" or \"note\"", at: "doctor.severity.\(rule)")
                }
                severities[rule] = severity
            }
        }
    }

    /// The findings reported: their rule is on and their file is not excluded. Each file is matched once, however
    /// many findings it has (see `ExcludedPaths`): matching every finding against every path made 4,000 of each
    /// take two minutes (issue 43, item 5).
    func reported(_ findings: [DoctorFinding]) -> [DoctorFinding] {
        var excluded = excludedPaths
        return findings.filter { !disabled.contains($0.rule.id) && !excluded.contains($0.location.file) }
    }

    /// `excluded`, made ready to match many files.
    var excludedPaths: ExcludedPaths { ExcludedPaths(excluded) }

    /// IGNORE001 at `.bggen.json`'s line for each excluded path that matches none of `files` (every file doctor
    /// read or reported on): a misspelt path excludes nothing while the file says it does, as a misspelt
    /// `// bggen:ignore` suppresses nothing.
    func unmatchedExclusions(among files: [String]) -> [DoctorFinding] {
        var paths = ExcludedPaths(excluded)
        return paths.unmatched(by: files).map { path in
            DoctorFinding(rule: .unneededSuppression, location: FindingLocation(file: AnswersFile.name, line: excludedLine, column: 1),
                          target: nil,
                          message: "'doctor.excluded' lists \(RepositoryText.quoted(path)), which matches no file doctor reads, so it excludes nothing.",
                          why: DoctorRule.unneededSuppression.why,
                          fix: "Correct the path (relative to the repository; `*` matches within one name), or remove it from 'doctor.excluded'.")
        }
    }

    /// `finding` at the severity this repository gives its rule.
    func adjusted(_ finding: DoctorFinding) -> DoctorFinding {
        guard let configured = severities[finding.rule.id] else { return finding }
        let severity = finding.severity < finding.rule.severity ? min(finding.severity, configured) : configured
        return finding.with(severity: severity)
    }

    /// One path component against one pattern component, where `*` matches any run of characters: the greedy match
    /// with one backtrack point, at most the product of two names' lengths, with no recursion a pattern could deepen.
    static func matches(_ name: Substring, pattern: Substring) -> Bool {
        let name = Array(name.unicodeScalars), pattern = Array(pattern.unicodeScalars)
        var n = 0, p = 0, starP = -1, starN = 0
        while n < name.count {
            if p < pattern.count && pattern[p] == "*" {
                starP = p; starN = n; p += 1
            } else if p < pattern.count && pattern[p] == name[n] {
                n += 1; p += 1
            } else if starP >= 0 {
                starN += 1; n = starN; p = starP + 1
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

extension DoctorFinding {
    /// The same finding at another severity (`doctor.severity`, `--strict`, `--lenient`).
    public func with(severity: Severity) -> DoctorFinding {
        DoctorFinding(rule: rule, severity: severity, location: location, target: target, message: message, why: why, fix: fix, edit: edit)
    }
}

/// `doctor.excluded` as a matcher: a path without `*` is looked up by the file's folders, the others are matched
/// name by name, and each file's answer is kept, so matching a file costs its depth plus the wildcard paths, once.
struct ExcludedPaths {
    private let excluded: [String]
    private let literal: Set<String>
    private let wildcards: [[Substring]]
    private var known: [String: Bool] = [:]
    /// Files matched against the paths so far: one per distinct file, however often doctor names it. What keeps
    /// doctor linear in its findings, counted because a timing test passed with a matcher run once per name.
    private(set) var filesMatched = 0

    init(_ excluded: [String]) {
        self.excluded = excluded
        let patterns = excluded.map { $0.split(separator: "/") }
        literal = Set(patterns.filter { !$0.contains { $0.contains("*") } }.map { $0.joined(separator: "/") })
        wildcards = patterns.filter { $0.contains { $0.contains("*") } }
    }

    /// The excluded paths, as written, that contain none of `files`: each file's folders are looked up among the
    /// plain paths, and each wildcard path is matched only until a file matches it. Without excluded paths no file
    /// is split: doctor asks this of every file it read, which was a quarter of its time on 20,000 files. Each file
    /// is matched once, however often it is named (doctor names a file once per finding in it: 6,400 findings in
    /// one file against 1,600 wildcard paths took half a minute).
    mutating func unmatched(by files: [String]) -> [String] {
        guard !excluded.isEmpty else { return [] }
        var matched = Set<String>()
        var open = wildcards
        for file in Set(files) {
            filesMatched += 1
            let parts = file.split(separator: "/")
            for end in 0...parts.count where !literal.isEmpty && literal.contains(parts[..<end].joined(separator: "/")) {
                matched.insert(parts[..<end].joined(separator: "/"))
            }
            open.removeAll { pattern in
                let fits = Self.fits(pattern, parts)
                if fits { matched.insert(pattern.joined(separator: "/")) }
                return fits
            }
        }
        return excluded.filter { !matched.contains($0.split(separator: "/").joined(separator: "/")) }
    }

    private static func fits(_ pattern: [Substring], _ parts: [Substring]) -> Bool {
        pattern.count <= parts.count && zip(pattern, parts).allSatisfy { DoctorSettings.matches($1, pattern: $0) }
    }

    /// Whether `file` (relative to the root) lies in an excluded path.
    mutating func contains(_ file: String) -> Bool {
        if let answer = known[file] { return answer }
        filesMatched += 1
        let parts = file.split(separator: "/")
        let answer = (0...parts.count).contains { literal.contains(parts[..<$0].joined(separator: "/")) }
            || wildcards.contains { Self.fits($0, parts) }
        known[file] = answer
        return answer
    }
}
