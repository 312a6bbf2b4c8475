import BggenFormats
import Synchronization

/// `// bggen:ignore BG001` (or `<!-- bggen:ignore BG002 -->`) on a finding's line or the line above drops it, and so
/// does a `// bggen:disable BG001` region before it (`IgnoreMarks`); the marks that named no rule or dropped nothing
/// are reported (IGNORE001).
///
/// A source file's marks come from the model, whose first pass read every one; each app target's Info.plist and
/// entitlements are read for theirs up front, so a mark there that no longer drops a finding is reported like one
/// in code; any other file with a finding (a project file) is read once for them when the finding is.
final class Suppressions: Sendable {
    private let root: String
    private let fileSystem: any FileSystem
    private let marks: Mutex<[String: IgnoreMarks]>
    /// Each mark that dropped a finding, with the rule it dropped.
    private let used = Mutex<Set<UsedMark>>([])

    private struct UsedMark: Hashable {
        let file: String
        let line: Int
        let rule: String
    }

    /// `plists` are the property lists findings are reported in (relative to `root`).
    init(root: String, fileSystem: any FileSystem, code: CodeModel, plists: [String]) {
        self.root = root
        self.fileSystem = fileSystem
        var marks = code.ignoreMarks
        for plist in plists where marks[plist] == nil {
            marks[plist] = IgnoreMarks(in: (try? fileSystem.read(PathText.join(root, plist))) ?? "")
        }
        self.marks = Mutex(marks)
    }

    func suppresses(_ finding: DoctorFinding) -> Bool {
        let location = finding.location
        guard location.line > 0 else { return false }
        let marks = self.marks.withLock { marks in
            if let known = marks[location.file] { return known }
            // The model saw every source file: one it kept no marks for has none, and is not read again.
            let isSource = CodeSymbol.sourceExtensions.contains { location.file.hasSuffix($0) } || location.file.hasSuffix(CodeSymbol.headerExtension)
            let read = IgnoreMarks(in: isSource ? "" : (try? fileSystem.read(PathText.join(root, location.file))) ?? "")
            marks[location.file] = read
            return read
        }
        guard let mark = marks.suppressing(finding.rule.id, at: location.line) else { return false }
        used.withLock { _ = $0.insert(UsedMark(file: location.file, line: mark.line, rule: finding.rule.id)) }
        return true
    }

    /// IGNORE001 for each mark naming no rule, and, with `reportsUnused` (every target audited by every rule), each
    /// ignore or disable of a rule `settings` reports that dropped no finding. Call after every `suppresses`.
    func unneeded(reportsUnused: Bool, settings: DoctorSettings) -> [DoctorFinding] {
        let rules = Set(DoctorRule.ids)
        let used = self.used.withLock { $0 }
        let all = marks.withLock { $0 }
        var excluded = settings.excludedPaths
        return all.keys.sorted().filter { !excluded.contains($0) }.flatMap { file in
            all[file, default: IgnoreMarks(in: "")].marks.compactMap { mark -> DoctorFinding? in
                let comment = "bggen:\(mark.kind.rawValue)"
                let problem: String
                if mark.ids.isEmpty {
                    problem = "\(comment) names no rule, so it suppresses nothing."
                } else if let unknown = mark.ids.first(where: { !rules.contains($0) }) {
                    problem = "\(comment) names '\(unknown)', which is no doctor rule, so it suppresses nothing."
                } else if reportsUnused, mark.kind != .enable,
                          case let unneeded = mark.ids.filter({ !settings.disabled.contains($0) && !used.contains(UsedMark(file: file, line: mark.line, rule: $0)) }),
                          !unneeded.isEmpty {
                    problem = "\(comment) \(unneeded.joined(separator: ", ")) suppresses nothing: no such finding is \(mark.kind == .ignore ? "on this line or the next" : "in its region") any more."
                } else {
                    return nil
                }
                return DoctorFinding(rule: .unneededSuppression, location: FindingLocation(file: file, line: mark.line, column: 1), target: nil,
                                     message: problem, why: DoctorRule.unneededSuppression.why, fix: DoctorRule.unneededSuppression.fix)
            }
        }
    }
}
