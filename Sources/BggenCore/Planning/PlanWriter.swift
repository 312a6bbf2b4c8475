import BggenFormats

/// Carries out a plan: every change or none.
///
/// Each file is replaced atomically. If one write fails, every change already made is undone, but only where
/// the file still holds what this run wrote: a rollback never reverts what someone else wrote since. The error
/// names whatever could not be put back.
public struct PlanWriter: Sendable {
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// One change made, and how to take it back.
    private struct Done {
        let path: String
        /// What this run left at `path`: nil for a deletion or a created folder.
        let wrote: String?
        let undo: () throws -> Void
    }

    /// Every write, rename and deletion stays inside `plan.root`, checked as it happens (`RepositoryFileSystem`).
    public func apply(_ plan: Plan) throws(PlanError) {
        try PlanWriter(fileSystem: fileSystem.contained(in: plan.root)).write(plan)
    }

    private func write(_ plan: Plan) throws(PlanError) {
        guard plan.conflicts.isEmpty else {
            throw .conflicts(plan.conflicts.map(\.path))
        }
        removeStaleTemporaries(of: plan)
        var done: [Done] = []
        var current = plan.root
        do {
            try ensureDirectory(plan.root, root: plan.root, done: &done)
            for entry in plan.changes {
                current = entry.path
                let absolute = "\(plan.root)/\(entry.path)"
                // The bytes on disk, not the plan's text: a binary plist converted to XML must come back as it was.
                let previous = entry.action == .create ? nil : try fileSystem.readData(absolute)
                switch entry.action {
                case .create, .update:
                    try ensureParents(of: entry.path, root: plan.root, done: &done)
                    let text = entry.newContents ?? ""
                    try fileSystem.writeAtomically(text, to: absolute)
                    done.append(Done(path: entry.path, wrote: text) { [fileSystem] in
                        if let previous { try fileSystem.writeAtomically(previous, to: absolute) } else { try fileSystem.remove(absolute) }
                    })
                case .delete:
                    try fileSystem.remove(absolute)
                    done.append(Done(path: entry.path, wrote: nil) { [fileSystem] in
                        guard fileSystem.kind(of: absolute) == .missing else { throw FileSystemError(path: absolute, cause: "it was recreated") }
                        try fileSystem.writeAtomically(previous ?? .init(), to: absolute)
                    })
                case .unchanged, .conflict:
                    continue
                }
            }
        } catch {
            throw .writeFailed(path: current, reason: FileSystemError.cause(of: error), notRestored: rollBack(done, root: plan.root))
        }
    }

    /// The temporaries a run killed mid-write left beside the files this plan writes (`WriteTemporary`): only
    /// bggen's own names for those files, removed while the repository's lock keeps any other bggen out. One that
    /// cannot be removed is left as it is; the write goes on.
    private func removeStaleTemporaries(of plan: Plan) {
        let names = Dictionary(grouping: plan.entries.map(\.path), by: PathText.parent(of:)).mapValues { $0.map(PathText.name(of:)) }
        for (folder, written) in names {
            let absolute = folder.isEmpty ? plan.root : "\(plan.root)/\(folder)"
            for entry in fileSystem.entries(in: absolute, within: plan.root) where entry.kind == .file
                && written.contains(where: { WriteTemporary.isTemporary(entry.name, of: $0) }) {
                try? fileSystem.remove("\(absolute)/\(entry.name)")
            }
        }
    }

    /// Undoes `done` newest first; returns the paths left as they are.
    private func rollBack(_ done: [Done], root: String) -> [String] {
        var left: [String] = []
        for step in done.reversed() {
            if let wrote = step.wrote, (try? fileSystem.read("\(root)/\(step.path)")) != wrote {
                left.append(step.path)
                continue
            }
            do { try step.undo() } catch { left.append(step.path) }
        }
        return left.reversed()
    }

    private func ensureParents(of path: String, root: String, done: inout [Done]) throws {
        var folder = root
        for part in path.split(separator: "/").dropLast() {
            folder += "/\(part)"
            try ensureDirectory(folder, root: root, done: &done)
        }
    }

    /// Creates `path` and its missing parents; `root` only shortens the names in an error.
    private func ensureDirectory(_ path: String, root: String, done: inout [Done]) throws {
        guard fileSystem.kind(of: path) == .missing else { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try ensureDirectory(String(path[..<slash]), root: root, done: &done)
        }
        try fileSystem.createDirectory(path)
        // `remove` takes only an empty folder, so a folder someone else has since written into stays.
        done.append(Done(path: PathText.relative(path, to: root).flatMap { $0.isEmpty ? nil : $0 } ?? path, wrote: nil) { [fileSystem] in
            try fileSystem.remove(path)
        })
    }
}
