import Dispatch
import Foundation

/// What is at a path.
public enum FileKind: Sendable, Equatable {
    case missing
    case file
    case directory
}

/// The disk, as the planner and writer see it. Tests substitute an in-memory one that can fail on demand.
/// Paths are absolute.
///
/// A cloned repository is hostile input, so every read, write, creation and deletion names the folder it must stay
/// inside (`within`; `/` when the caller has no repository, such as a file named on the command line): the real
/// path, with links resolved, must lie inside it at the moment of the call, and only regular files are read, up to
/// a size limit, so a link to `/dev/zero`, a FIFO or a file outside cannot leak into bggen, hang it or crash it.
/// `RepositoryFileSystem` supplies `within` for a whole run.
public protocol FileSystem: Sendable {
    func kind(of path: String) -> FileKind
    /// The raw bytes of a regular file whose real path lies inside `root`, at most `limit` bytes of it.
    func readData(_ path: String, within root: String, limit: Int) throws -> Data
    /// Each of `files` (paths relative to `folder`, as a walk lists them), read as `readData` would read it inside
    /// `root` with the limit for its kind; `body` gets each file's index and its bytes or the error, on several
    /// threads at once. A repository's walk makes most of its system calls here, so the disk opens each folder
    /// once and each file relative to it.
    func readFiles(_ files: [String], below folder: String, within root: String, body: @Sendable (Int, Result<Data, any Error>) -> Void)
    /// The files (or, for `.directory`, folders) below `folder` that `request` wants, relative to it and sorted, as
    /// repeated `entries` would find them: links to folders are never entered, links to files inside `root` are
    /// listed. With `body`, each file found is also read as `readFiles` reads it, on several threads at once, while
    /// the walk goes on, and what `body` makes of it is kept beside its path. Each folder is listed once. The bytes
    /// `body` gets may lie in a buffer the walk reads the next file into: valid for the call only, so what `body`
    /// keeps of them it copies.
    func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                               reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>]
    /// The path with every symbolic link resolved, to refuse reads, writes and deletions that would land outside
    /// the repository. A path that does not exist yet resolves through its existing part; nil when a link along the
    /// way leads nowhere or loops, so the caller cannot tell where a write would land.
    func realPath(_ path: String) -> String?
    /// Whether an existing file may be changed: a read-only file (0444) is the user saying "do not touch".
    func isWritable(_ path: String) -> Bool
    /// Whether a file bggen may not change belongs to another user (its write bits may be set): then `chmod u+w`
    /// is no help, and the message must say whose it is.
    func belongsToAnotherUser(_ path: String) -> Bool
    /// Replaces the file in one step, so a reader never sees half of it. Writes through a symbolic link to the
    /// file it names (inside `root`), and keeps the file's mode and owner. A folder on the way that is swapped
    /// for a link while bggen runs makes the write fail; it never lands elsewhere.
    func writeAtomically(_ data: Data, to path: String, within root: String) throws
    /// Creates one folder inside `root` (or `root` itself, or a missing folder above it).
    func createDirectory(_ path: String, within root: String) throws
    /// A file, a link itself, or an empty folder, inside `root`.
    func remove(_ path: String, within root: String) throws
    /// Everything directly inside `path`, sorted by name, as files and folders (a FIFO, device or socket counts as a
    /// file, which no read accepts); empty when it is not a folder.
    ///
    /// Project detection walks whole repositories with this, so it must never leave `root` or loop: a symbolic link
    /// is listed (as a file) only when it points at a file inside `root`. Links to folders are left out, because
    /// their target is either outside `root` or already reached by the walk.
    func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)]
    /// An exclusive lock on an existing folder, held until `release()` or the end of the process; nil when another
    /// process holds it. Two runs in one repository would otherwise interleave their writes and rollbacks.
    func lockExclusively(_ directory: String) throws -> (any FolderLock)?
    /// Whether the volume holding `path` (which exists) tells names apart by case: APFS's default does not, so a
    /// file bggen would write may be one the app already has under another case (`VolumeCase`).
    func isCaseSensitive(_ path: String) -> Bool
}

/// The most bggen reads of one file: far above any real project's file, far below what would exhaust memory.
/// Stated in docs/security.md.
public enum ReadLimit {
    /// A Swift or Objective-C source file.
    public static let sourceFile = 4 << 20
    /// A pbxproj, a property list, a spec, an xcconfig, `.bggen.json`: anything else.
    public static let projectFile = 16 << 20

    public static func bytes(for path: String) -> Int {
        PathText.endsIn(path, ".swift") || PathText.endsIn(path, ".m") || PathText.endsIn(path, ".h") ? sourceFile : projectFile
    }

    /// "4 MB".
    package static func shown(_ bytes: Int) -> String { "\(bytes >> 20) MB" }
}

extension FileSystem {
    /// Case-sensitive, as Linux's disks and the in-memory test disk are.
    public func isCaseSensitive(_ path: String) -> Bool { true }

    /// The raw bytes, for files that may not be text (a binary property list), with the limit for its kind.
    public func readData(_ path: String) throws -> Data {
        try readData(path, within: "/", limit: ReadLimit.bytes(for: path))
    }

    /// The file as UTF-8 text; an error names the first line that is not.
    public func read(_ path: String) throws -> String {
        try String(utf8File: try readData(path), at: path)
    }

    /// The file's bytes, checked as `read` checks them, for a reader that scans bytes and makes no String of the
    /// whole file; the same error when they are not UTF-8.
    public func readUTF8(_ path: String) throws -> Data {
        let data = try readData(path)
        try data.checkUTF8(at: path)
        return data
    }

    public func readFiles(_ files: [String], below folder: String, within root: String, body: @Sendable (Int, Result<Data, any Error>) -> Void) {
        readOneByOne(files, below: folder, within: root, body: body)
    }

    /// `readFiles` through `readData`, one full path at a time.
    package func readOneByOne(_ files: [String], below folder: String, within root: String, body: @Sendable (Int, Result<Data, any Error>) -> Void) {
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let path = PathText.join(folder, files[index])
            body(index, Result { try readData(path, within: root, limit: ReadLimit.bytes(for: path)) })
        }
    }

    public func writeAtomically(_ data: Data, to path: String) throws {
        try writeAtomically(data, to: path, within: "/")
    }

    public func writeAtomically(_ contents: String, to path: String) throws {
        try writeAtomically(Data(contents.utf8), to: path)
    }

    public func createDirectory(_ path: String) throws {
        try createDirectory(path, within: "/")
    }

    public func remove(_ path: String) throws {
        try remove(path, within: "/")
    }

    /// This file system with every call kept inside `root`; see `RepositoryFileSystem`.
    public func contained(in root: String) -> any FileSystem {
        if let already = self as? RepositoryFileSystem, already.root == root { return already }
        return RepositoryFileSystem(self, root: root)
    }
}

/// A held lock; see `FileSystem.lockExclusively`.
public protocol FolderLock: Sendable {
    func release()
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
    /// A file whose path is not UTF-8: shown with U+FFFD for each bad byte, a name no path can open again, so what
    /// it holds is as unknown as a file whose text is not UTF-8.
    public static func nameNotUTF8(_ path: String) -> FileSystemError {
        FileSystemError(path: path, cause: nameNotUTF8Cause)
    }

    public static let nameNotUTF8Cause = "its name is not UTF-8, so bggen cannot open it by name; rename it"
}

extension FileSystemError {
    /// Why `flock` failed on `directory`: `ENOTSUP` or `EOPNOTSUPP` (two values on Darwin, one on Linux) is a volume
    /// without locks (some SMB, AFP and exFAT volumes), said as such rather than as "Operation not supported".
    package static func lockFailed(_ directory: String, _ code: Int32) -> FileSystemError {
        code == ENOTSUP || code == EOPNOTSUPP ? FileSystemError(path: directory, cause: lockingUnsupportedCause) : .posix(directory, code)
    }

    public static let lockingUnsupportedCause = "its volume does not support file locking (flock)"
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

extension FileSystemError {
    /// `data`, read from `path`, is not UTF-8 text: the error names its first line that is not.
    static func notUTF8(_ data: Data, at path: String) -> FileSystemError {
        FileSystemError(path: path, cause: "it is not UTF-8 text (line \(String.firstInvalidUTF8Line(data))); save it as UTF-8")
    }
}

extension Data {
    /// Throws what `String(utf8File:at:)` throws when the bytes are not UTF-8, without making the String: the first
    /// pass searches most files as bytes alone. The path is made only for the error.
    package func checkUTF8(at path: @autoclosure () -> String) throws {
        guard withUnsafeBytes(UTF8Check.isValid) else { throw FileSystemError.notUTF8(self, at: path()) }
    }
}

extension String {
    /// `data`, read from `path`, as UTF-8 text; the error names the first line that is not. The path is made only
    /// for the error.
    public init(utf8File data: Data, at path: @autoclosure () -> String) throws {
        guard let text = String(validating: data, as: UTF8.self) else { throw FileSystemError.notUTF8(data, at: path()) }
        self = text
    }

    /// The line of the first byte that is not UTF-8, such as a Latin-1 "é".
    package static func firstInvalidUTF8Line(_ data: Data) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var line = 1
        while case .valid(let encoded) = parser.parseScalar(from: &bytes) {
            if encoded.count == 1 && encoded.first == 0x0A { line += 1 }
        }
        return line
    }
}
