/// Compares the files bggen wants with what is on disk, without changing anything.
public struct Planner: Sendable {
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// With `force`, files that would conflict are planned as updates (or deletions) instead.
    public func plan(root: String, outputFolder: String, files: [GeneratedFile], force: Bool) throws(PlanError) -> Plan {
        switch fileSystem.kind(of: root) {
        case .file: throw .rootIsFile(root)
        case .missing, .directory: break
        }
        var entries: [PlanEntry] = []
        for file in files {
            entries.append(try entry(for: file, root: root, force: force))
        }
        let wanted = Set(files.map(\.path))
        var notes: [String] = []
        for folder in [outputFolder, OutputRenderer.fragmentsFolder] {
            for name in fileSystem.files(in: "\(root)/\(folder)") {
                let path = folder.isEmpty ? name : "\(folder)/\(name)"
                guard !wanted.contains(path), let old = try? fileSystem.read("\(root)/\(path)") else { continue }
                switch GeneratedMarker.provenance(of: old) {
                case .pristine:
                    entries.append(PlanEntry(path: path, action: .delete, ownership: .tool, oldContents: old, newContents: nil,
                                             reason: "no longer generated"))
                case .edited:
                    entries.append(PlanEntry(path: path, action: force ? .delete : .conflict, ownership: .tool,
                                             oldContents: old, newContents: nil, reason: "no longer generated, but edited"))
                case .foreign:
                    if old.hasPrefix(Self.userFileHeader), OutputRenderer.taskFiles.contains(where: { $0.name == name }) {
                        notes.append("\(path) is yours and the chosen tasks no longer use it; delete it if you do not need it.")
                    }
                }
            }
        }
        return Plan(root: root, outputFolder: outputFolder, entries: entries, notes: notes)
    }

    /// The first line of every user-owned template, which tells bggen a file began as its own.
    static let userFileHeader = "// Created by bggen."

    private func entry(for file: GeneratedFile, root: String, force: Bool) throws(PlanError) -> PlanEntry {
        let absolute = "\(root)/\(file.path)"
        func make(_ action: FileAction, old: String?, reason: String? = nil) -> PlanEntry {
            PlanEntry(path: file.path, action: action, ownership: file.ownership, oldContents: old,
                      newContents: file.contents, reason: reason)
        }
        switch fileSystem.kind(of: absolute) {
        case .missing:
            return make(.create, old: nil)
        case .directory:
            return make(.conflict, old: nil, reason: "a folder is in the way")
        case .file:
            let old: String
            do {
                old = try fileSystem.read(absolute)
            } catch where file.ownership == .patched {
                return make(.update, old: nil, reason: "binary property list, rewritten as XML")
            } catch {
                throw .unreadable(path: file.path, reason: "\(error.localizedDescription)")
            }
            if old == file.contents {
                return make(.unchanged, old: old)
            }
            if file.ownership == .record || file.ownership == .patched {
                return make(.update, old: old)
            }
            if file.ownership == .user {
                return PlanEntry(path: file.path, action: .unchanged, ownership: .user, oldContents: old,
                                 newContents: old, reason: "yours, never overwritten")
            }
            switch GeneratedMarker.provenance(of: old) {
            case .pristine:
                return make(.update, old: old)
            case .edited:
                return make(force ? .update : .conflict, old: old, reason: "edited since bggen wrote it")
            case .foreign:
                return make(force ? .update : .conflict, old: old, reason: "not written by bggen")
            }
        }
    }
}
