import BggenFormats

/// Compares the files bggen wants with what is on disk, without changing anything.
public struct Planner: Sendable {
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// With `force`, files that would conflict are planned as updates instead; `force` never deletes.
    ///
    /// `previous` lists the paths bggen generated last time (recorded in `.bggen.json`). Only those are swept, and
    /// only while untouched: a file that merely carries bggen's marker, such as a user's copy of a generated file,
    /// is never deleted, and neither is a generated file the user edited.
    public func plan(root: String, outputFolder: String, files: [GeneratedFile], previous: [String] = [], force: Bool) throws(PlanError) -> Plan {
        switch fileSystem.kind(of: root) {
        case .file: throw .rootIsFile(root)
        case .missing, .directory: break
        }
        let bounds = RepositoryBounds(root: root, fileSystem: fileSystem)
        var entries: [PlanEntry] = []
        var notes: [String] = []
        for file in files {
            try bounds.check(file.path)
            let entry = try entry(for: file, root: root, force: force)
            entries.append(entry)
            if let note = Self.missingFactoryNote(file, kept: entry) { notes.append(note) }
        }
        let wanted = Set(files.map(\.path))
        try refuseSecondUserFiles(files, previous: Set(previous).subtracting(wanted), root: root, entries: entries)
        for path in Set(previous).subtracting(wanted).sorted() {
            try bounds.check(path)
            let absolute = "\(root)/\(path)"
            guard fileSystem.kind(of: absolute) == .file, let old = try? fileSystem.read(absolute) else { continue }
            switch GeneratedMarker.provenance(of: old) {
            case .pristine:
                entries.append(PlanEntry(path: path, action: .delete, ownership: .tool, oldContents: old, newContents: nil,
                                         reason: "no longer generated"))
            case .edited:
                notes.append("\(path) is no longer generated, but you edited it, so bggen left it in place; delete it once you have kept what you need, or its types will clash with the new files.")
            case .foreign:
                if old.hasPrefix(Self.userFileHeader) {
                    notes.append("\(path) is yours and the chosen tasks no longer use it; delete it if you do not need it.")
                }
            }
        }
        return Plan(root: root, outputFolder: outputFolder, entries: entries, notes: notes)
    }

    /// A work file of the user's left in the old output folder still serves a task (the same file name is wanted,
    /// elsewhere, and would be created there): bggen stops rather than declare the user's type a second time.
    private func refuseSecondUserFiles(_ files: [GeneratedFile], previous: Set<String>, root: String, entries: [PlanEntry]) throws(PlanError) {
        let created = Set(entries.filter { $0.action == .create }.map(\.path))
        for file in files where file.ownership == .user && created.contains(file.path) {
            let name = PathText.name(of: file.path)
            for old in previous.sorted() where PathText.name(of: old) == name {
                guard let text = try? fileSystem.read("\(root)/\(old)"), GeneratedMarker.provenance(of: text) == .foreign,
                      text.hasPrefix(Self.userFileHeader) else { continue }
                throw .userFileStaysBehind(old: old, new: file.path)
            }
        }
    }

    /// A work file of the user's from an earlier bggen lacks the factory the generated manager now calls
    /// (`makeAppRefreshWork()`); bggen never edits that file, so it says exactly what to add.
    private static func missingFactoryNote(_ file: GeneratedFile, kept entry: PlanEntry) -> String? {
        guard file.ownership == .user, entry.ownership == .user, let old = entry.oldContents, old != file.contents,
              let start = file.contents.range(of: "\nnonisolated extension "),
              let factory = file.contents[start.upperBound...].firstMatch(of: #/static func (make\w+(?:Work|Handler))\(/#)?.1,
              !old.contains("func \(factory)(")
        else { return nil }
        let block = file.contents[file.contents.index(after: start.lowerBound)...]
        return "\(file.path) is yours and comes from an earlier bggen: it has no \(factory)(), which the generated code now calls to build the work, so the build fails until you add this to it:\n" + block
    }

    /// The first line of every user-owned template, which tells bggen a file began as its own.
    static let userFileHeader = "// Created by bggen."

    /// Why bggen may not change a file: another user's, or read-only by its mode (which `chmod u+w` undoes).
    private func notWritable(_ absolute: String, _ path: String) -> PlanError {
        fileSystem.belongsToAnotherUser(absolute) ? .notYours(path) : .readOnly(path)
    }

    private func entry(for file: GeneratedFile, root: String, force: Bool) throws(PlanError) -> PlanEntry {
        let absolute = "\(root)/\(file.path)"
        func make(_ action: FileAction, old: String?, reason: String? = nil) -> PlanEntry {
            PlanEntry(path: file.path, action: action, ownership: file.ownership, oldContents: old,
                      newContents: file.contents, reason: reason)
        }
        switch fileSystem.kind(of: absolute) {
        case .missing:
            // A file where a folder of the path should be (a test target's folder that is a file): said as that,
            // before the write finds it and takes it for a link swapped in while bggen ran.
            var folder = PathText.parent(of: file.path)
            while !folder.isEmpty {
                if fileSystem.kind(of: "\(root)/\(folder)") == .file { throw .fileInTheWay(folder, for: file.path) }
                folder = PathText.parent(of: folder)
            }
            return make(.create, old: nil)
        case .directory:
            throw .folderInTheWay(file.path)
        case .file:
            let old: String
            do {
                old = try fileSystem.read(absolute)
            } catch where file.ownership == .patched {
                guard fileSystem.isWritable(absolute) else { throw notWritable(absolute, file.path) }
                return make(.update, old: nil, reason: "binary property list, rewritten as XML")
            } catch {
                throw .unreadable(path: file.path, reason: FileSystemError.cause(of: error))
            }
            if old == file.contents {
                return make(.unchanged, old: old)
            }
            if file.ownership != .user && !fileSystem.isWritable(absolute) {
                throw notWritable(absolute, file.path)
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
