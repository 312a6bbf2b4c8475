import Foundation

/// What is at a path.
public enum FileKind: Sendable, Equatable {
    case missing
    case file
    case directory
}

/// The disk, as the planner and writer see it. Tests substitute an in-memory one that can fail on demand.
/// Paths are absolute.
public protocol FileSystem: Sendable {
    func kind(of path: String) -> FileKind
    func read(_ path: String) throws -> String
    /// The raw bytes, for files that may not be text (a binary property list).
    func readData(_ path: String) throws -> Data
    /// The path with every symbolic link resolved, to refuse writes and deletions that would land outside the
    /// repository. A path that does not exist yet resolves through its existing part; nil when a link along the
    /// way leads nowhere or loops, so the caller cannot tell where a write would land.
    func realPath(_ path: String) -> String?
    /// Whether an existing file may be changed: a read-only file (0444) is the user saying "do not touch".
    func isWritable(_ path: String) -> Bool
    /// Replaces the file in one step, so a reader never sees half of it. Writes through a symbolic link to the
    /// file it names, and keeps the file's mode and owner.
    func writeAtomically(_ data: Data, to path: String) throws
    func createDirectory(_ path: String) throws
    func remove(_ path: String) throws
    /// Everything directly inside `path` that is a file or a folder, sorted by name; empty when it is not a folder.
    ///
    /// Project detection walks whole repositories with this, so it must never leave `root` or loop: a symbolic link
    /// is listed (as a file) only when it points at a file inside `root`. Links to folders are left out, because
    /// their target is either outside `root` or already reached by the walk.
    func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)]
    /// An exclusive lock on an existing folder, held until `release()` or the end of the process; nil when another
    /// process holds it. Two runs in one repository would otherwise interleave their writes and rollbacks.
    func lockExclusively(_ directory: String) throws -> (any FolderLock)?
}

/// A held lock; see `FileSystem.lockExclusively`.
public protocol FolderLock: Sendable {
    func release()
}

extension FileSystem {
    public func writeAtomically(_ contents: String, to path: String) throws {
        try writeAtomically(Data(contents.utf8), to: path)
    }
}

/// A file-system call that failed, said in one sentence that names the path and the cause, instead of a
/// Foundation error's domain, code and user-info dump.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let cause: String

    public init(path: String, cause: String) {
        self.path = path
        self.cause = cause
    }

    /// The cause of the last failed system call.
    static func posix(_ path: String, _ code: Int32 = errno) -> FileSystemError {
        FileSystemError(path: path, cause: String(cString: strerror(code)))
    }

    public var description: String { "'\(path)': \(cause)" }
}

extension FileSystemError {
    /// One sentence for any error a file-system call throws: ours as it is, anything else without its dump.
    public static func cause(of error: any Error) -> String {
        switch error {
        case let error as FileSystemError: error.cause
        default: error.localizedDescription
        }
    }
}
