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
    /// The path with every symbolic link resolved, to refuse edits that would land outside the project.
    func realPath(_ path: String) -> String
    /// Replaces the file in one step, so a reader never sees half of it.
    func writeAtomically(_ data: Data, to path: String) throws
    func createDirectory(_ path: String) throws
    func remove(_ path: String) throws
    /// Names of the regular files directly inside `path`, sorted; empty when it is not a folder.
    func files(in path: String) -> [String]
    /// Everything directly inside `path` that is a file or a folder, sorted by name; empty when it is not a folder.
    ///
    /// Project detection walks whole repositories with this, so it must never leave `root` or loop: a symbolic link
    /// is listed (as a file) only when it points at a file inside `root`. Links to folders are left out, because
    /// their target is either outside `root` or already reached by the walk.
    func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)]
}

extension FileSystem {
    public func writeAtomically(_ contents: String, to path: String) throws {
        try writeAtomically(Data(contents.utf8), to: path)
    }
}

/// The real file system, through `FileManager`.
public struct LocalFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) -> FileKind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .file
    }

    public func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    public func readData(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    public func writeAtomically(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    public func createDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    public func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }

    public func files(in path: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { kind(of: "\(path)/\($0)") == .file }.sorted()
    }

    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        let realRoot = Self.realPath(root) ?? root
        var result: [(name: String, kind: FileKind)] = []
        for name in names.sorted() {
            let full = "\(path)/\(name)"
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                result.append((name, .file))
            case S_IFDIR:
                result.append((name, .directory))
            case S_IFLNK:
                guard let target = Self.realPath(full),
                      target == realRoot || target.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/"),
                      kind(of: target) == .file
                else { continue }
                result.append((name, .file))
            default:
                continue
            }
        }
        return result
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
