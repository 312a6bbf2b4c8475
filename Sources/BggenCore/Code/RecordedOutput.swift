import BggenFormats
import BggenModel

/// The files `.bggen.json` records and the one app target `init --target` wrote them for. Until the project lists
/// them, they belong to that target alone: giving them to every target whose folder holds them made doctor, right
/// after `init --target Courier`, report the new files' identifiers and modes against `Courier Staging`, which
/// neither compiles them nor was told to (issue 40, item 5). With `--all-targets` every such target was told to add
/// them, so nothing is recorded here.
struct RecordedOutput: Sendable {
    var target: String
    var files: Set<String>

    /// The record at the root, when it names one target and lists files; nil otherwise (no record, one that does
    /// not read, or `--all-targets`).
    static func read(root: String, fileSystem: any FileSystem) -> RecordedOutput? {
        let path = PathText.join(root, AnswersFile.name)
        // Looked up before it is read: most repositories have no record, and the walk's reads are all doctor needs.
        guard fileSystem.kind(of: path) == .file, let text = try? fileSystem.read(path),
              let record = try? AnswersFile.decode(text, path: AnswersFile.name),
              let target = record.app.target, !record.app.allTargets, let files = record.files, !files.isEmpty else { return nil }
        return RecordedOutput(target: target, files: Set(files))
    }
}
