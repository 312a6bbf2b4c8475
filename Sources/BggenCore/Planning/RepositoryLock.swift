import BggenFormats

/// One bggen at a time in a repository, for the whole read-plan-write: two runs that interleave would each plan
/// from a disk the other is changing, and one's rollback could revert the other's files.
///
/// The lock is the folder itself (no lock file is left behind). A folder that does not exist yet is created just
/// before planning and removed again, with any parents created for it, if the run leaves it empty.
public final class RepositoryLock: Sendable {
    private let held: any FolderLock
    private let created: [String]
    private let fileSystem: any FileSystem

    private init(held: any FolderLock, created: [String], fileSystem: any FileSystem) {
        self.held = held
        self.created = created
        self.fileSystem = fileSystem
    }

    /// Locks `root`, creating it first when it is missing; `shownAs` names it in the error.
    public static func acquire(root: String, shownAs: String, fileSystem: any FileSystem) throws(PlanError) -> RepositoryLock {
        var created: [String] = []
        do {
            var missing: [String] = []
            var folder = root
            while fileSystem.kind(of: folder) == .missing, folder.contains("/"), folder != "/" {
                missing.insert(folder, at: 0)
                folder = PathText.parent(of: folder).isEmpty ? "/" : PathText.parent(of: folder)
            }
            for folder in missing {
                try fileSystem.createDirectory(folder)
                created.append(folder)
            }
            guard let held = try fileSystem.lockExclusively(root) else { throw PlanError.locked(shownAs) }
            return RepositoryLock(held: held, created: created, fileSystem: fileSystem)
        } catch {
            removeEmpty(created, fileSystem: fileSystem)
            if let error = error as? PlanError { throw error }
            if (error as? FileSystemError)?.cause == FileSystemError.lockingUnsupportedCause { throw .lockingUnsupported(shownAs) }
            throw .writeFailed(path: shownAs, reason: FileSystemError.cause(of: error), notRestored: [])
        }
    }

    /// Releases the lock, and removes the folders `acquire` created if nothing was written into them.
    public func release() {
        Self.removeEmpty(created, fileSystem: fileSystem)
        held.release()
    }

    private static func removeEmpty(_ folders: [String], fileSystem: any FileSystem) {
        for folder in folders.reversed() where fileSystem.entries(in: folder, within: folder).isEmpty {
            try? fileSystem.remove(folder)
        }
    }
}
