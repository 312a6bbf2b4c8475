/// Carries out a plan: every change or none.
///
/// Each file is replaced atomically. If one write fails, the files already changed get their old contents back,
/// created files and folders are removed, and the error says whether that restore succeeded.
public struct PlanWriter: Sendable {
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    public func apply(_ plan: Plan) throws(PlanError) {
        guard plan.conflicts.isEmpty else {
            throw .conflicts(plan.conflicts.map(\.path))
        }
        var undo: [() throws -> Void] = []
        var current = plan.root
        do {
            try ensureDirectory(plan.root, undo: &undo)
            for entry in plan.changes {
                current = entry.path
                let absolute = "\(plan.root)/\(entry.path)"
                // The bytes on disk, not the plan's text: a binary plist converted to XML must come back as it was.
                let previous = entry.action == .create ? nil : try fileSystem.readData(absolute)
                switch entry.action {
                case .create, .update:
                    try ensureParents(of: entry.path, root: plan.root, undo: &undo)
                    try fileSystem.writeAtomically(entry.newContents ?? "", to: absolute)
                case .delete:
                    try fileSystem.remove(absolute)
                case .unchanged, .conflict:
                    continue
                }
                undo.append { [fileSystem] in
                    if let previous {
                        try fileSystem.writeAtomically(previous, to: absolute)
                    } else {
                        try fileSystem.remove(absolute)
                    }
                }
            }
        } catch {
            var restored = true
            for step in undo.reversed() {
                do { try step() } catch { restored = false }
            }
            throw .writeFailed(path: current, reason: "\(error.localizedDescription)", rolledBack: restored)
        }
    }

    private func ensureParents(of path: String, root: String, undo: inout [() throws -> Void]) throws {
        var folder = root
        for part in path.split(separator: "/").dropLast() {
            folder += "/\(part)"
            try ensureDirectory(folder, undo: &undo)
        }
    }

    private func ensureDirectory(_ path: String, undo: inout [() throws -> Void]) throws {
        guard fileSystem.kind(of: path) == .missing else { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try ensureDirectory(String(path[..<slash]), undo: &undo)
        }
        try fileSystem.createDirectory(path)
        undo.append { [fileSystem] in try fileSystem.remove(path) }
    }
}
