import BggenFormats
import Synchronization

/// `// bggen:ignore BG001` (or `<!-- bggen:ignore BG002 -->`) on a finding's line or the line above drops it.
///
/// A code file's marks come from the model, which took them when it read the file; any other file with a finding
/// (a plist, a project file) is read once for them.
final class Suppressions: Sendable {
    private let root: String
    private let fileSystem: any FileSystem
    private let marks: Mutex<[String: [Int: [String]]]>

    init(root: String, fileSystem: any FileSystem, code: CodeModel) {
        self.root = root
        self.fileSystem = fileSystem
        marks = Mutex(Dictionary(code.facts.map { ($0.file, $0.ignoreMarks) }, uniquingKeysWith: { first, _ in first }))
    }

    func suppresses(_ finding: DoctorFinding) -> Bool {
        let location = finding.location
        guard location.line > 0 else { return false }
        let lines = marks.withLock { marks in
            if let known = marks[location.file] { return known }
            let text = (try? fileSystem.read(PathText.join(root, location.file))) ?? ""
            marks[location.file] = IgnoreMarks.lines(in: text)
            return marks[location.file] ?? [:]
        }
        return [location.line, location.line - 1].contains { lines[$0]?.contains(finding.rule.id) == true }
    }
}
