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
    /// Replaces the file in one step, so a reader never sees half of it.
    func writeAtomically(_ contents: String, to path: String) throws
    func createDirectory(_ path: String) throws
    func remove(_ path: String) throws
    /// Names of the regular files directly inside `path`, sorted; empty when it is not a folder.
    func files(in path: String) -> [String]
}

/// The real file system, through `FileManager`.
public struct LocalFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) -> FileKind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .file
    }

    public func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    public func writeAtomically(_ contents: String, to path: String) throws {
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
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
}
