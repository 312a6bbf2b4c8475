import BggenFormats

/// Turns the fixable findings into a `Plan` of additions-only patches, so `--fix` goes through the planner's
/// inside-the-repository checks and the writer's atomic writes and rollback, exactly as `init` does.
public struct DoctorFixes: Sendable {
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// One patched file per property list, with every addition its findings ask for, in their order.
    public func plan(_ report: DoctorReport) throws -> Plan {
        var edits: [String: [PlistPatcher.Edit]] = [:]
        var order: [String] = []
        for fix in report.findings.compactMap(\.edit) {
            if edits[fix.path] == nil { order.append(fix.path) }
            if edits[fix.path]?.contains(fix.edit) != true { edits[fix.path, default: []].append(fix.edit) }
        }
        let bounds = RepositoryBounds(root: report.root, fileSystem: fileSystem)
        var files: [GeneratedFile] = []
        for path in order {
            try bounds.check(path)
            let merged = Self.merge(edits[path] ?? [])
            let result = try PlistPatcher().patch(try fileSystem.readData(PathText.join(report.root, path)), path: path, edits: merged)
            if result.hasChanges {
                files.append(GeneratedFile(path: path, contents: result.text, ownership: .patched))
            }
        }
        return try Planner(fileSystem: fileSystem).plan(root: report.root, outputFolder: "", files: files, force: false)
    }

    /// Additions to the same array become one edit, so the values land together.
    private static func merge(_ edits: [PlistPatcher.Edit]) -> [PlistPatcher.Edit] {
        var merged: [PlistPatcher.Edit] = []
        for edit in edits {
            if case .addStrings(let key, let values) = edit,
               let index = merged.firstIndex(where: { if case .addStrings(key, _) = $0 { true } else { false } }),
               case .addStrings(_, let earlier) = merged[index] {
                merged[index] = .addStrings(key: key, values: earlier + values)
            } else {
                merged.append(edit)
            }
        }
        return merged
    }
}
