import Foundation

/// The one rule for every path bggen writes or deletes: its real location, with symbolic links resolved, is inside
/// the repository. A cloned repository is untrusted input: a target folder read from `project.yml`, a pbxproj
/// group, a path recorded in `.bggen.json` or a link in a folder must never make bggen touch another project.
public struct RepositoryBounds: Sendable {
    public let root: String
    private let realRoot: String?
    private let fileSystem: any FileSystem

    public init(root: String, fileSystem: any FileSystem) {
        self.root = root
        self.realRoot = fileSystem.realPath(root)
        self.fileSystem = fileSystem
    }

    /// Whether `absolute` really lies inside the repository (the root itself does not count).
    public func contains(_ absolute: String) -> Bool {
        guard let realRoot, let real = fileSystem.realPath(absolute) else { return false }
        return real != realRoot && PathText.isInside(real, realRoot)
    }

    /// Throws unless `relative` (to the root) really lies inside the repository.
    public func check(_ relative: String) throws(PlanError) {
        let absolute = "\(root)/\(relative)"
        guard !contains(absolute) else { return }
        throw .outsideRepository(path: relative, leadsTo: fileSystem.realPath(absolute) ?? "a symbolic link that loops")
    }
}

/// A file system that keeps every call of one run inside the repository: what a reader, the planner or the writer
/// asks for is read, written or deleted only where its real path lies inside `root`. The services wrap the disk in
/// it once per run, so no reader can forget the check.
public struct RepositoryFileSystem: FileSystem {
    public let root: String
    let base: any FileSystem

    /// `root` with its links resolved once, so the base need not resolve it on every call.
    private let realRoot: String

    public init(_ base: any FileSystem, root: String) {
        self.base = (base as? RepositoryFileSystem)?.base ?? base
        self.root = root
        self.realRoot = self.base.realPath(root) ?? root
    }

    public func kind(of path: String) -> FileKind { base.kind(of: path) }
    public func realPath(_ path: String) -> String? { base.realPath(path) }
    public func isWritable(_ path: String) -> Bool { base.isWritable(path) }
    public func belongsToAnotherUser(_ path: String) -> Bool { base.belongsToAnotherUser(path) }
    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] { base.entries(in: path, within: root) }
    public func lockExclusively(_ directory: String) throws -> (any FolderLock)? { try base.lockExclusively(directory) }

    public func readData(_ path: String, within _: String, limit: Int) throws -> Data {
        try base.readData(path, within: realRoot, limit: limit)
    }

    public func writeAtomically(_ data: Data, to path: String, within _: String) throws {
        try base.writeAtomically(data, to: path, within: realRoot)
    }

    /// The root itself and missing folders above it are created for `init` in a new folder.
    public func createDirectory(_ path: String, within _: String) throws {
        try base.createDirectory(path, within: PathText.isInside(root, path) ? "/" : realRoot)
    }

    public func remove(_ path: String, within _: String) throws {
        try base.remove(path, within: PathText.isInside(root, path) ? "/" : realRoot)
    }
}
