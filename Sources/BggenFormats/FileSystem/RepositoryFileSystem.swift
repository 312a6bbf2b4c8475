import Foundation

/// A file system that keeps every call of one run inside the repository: what a reader, the planner or the writer
/// asks for is read, written or deleted only where its real path lies inside `root`. The services wrap the disk in
/// it once per run, so no reader can forget the check.
public struct RepositoryFileSystem: FileSystem {
    public let root: String
    package let base: any FileSystem

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
    public func lockExclusively(_ directory: String) throws -> (any FolderLock)? { try base.lockExclusively(directory) }
    public func isCaseSensitive(_ path: String) -> Bool { base.isCaseSensitive(path) }

    /// Within the folder the caller names when that lies inside the repository, else within the repository: a
    /// folder a project names (a synchronized group or a test target's folder of `../../..`) is listed only where
    /// it lies inside, so doctor never lists folders from `/` down (issue 43).
    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        base.entries(in: path, within: bounded(root))
    }

    public func readData(_ path: String, within _: String, limit: Int) throws -> Data {
        try base.readData(path, within: realRoot, limit: limit)
    }

    public func readFiles(_ files: [String], below folder: String, within _: String, body: @Sendable (Int, Result<Data, any Error>) -> Void) {
        base.readFiles(files, below: folder, within: realRoot, body: body)
    }

    /// As `entries`: within the caller's folder when it lies inside the repository, else within the repository.
    public func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                                      reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        base.walk(request, below: folder, within: bounded(root), reading: body)
    }

    /// The narrower of the caller's `within` and the repository, compared with links and `..` resolved; the base
    /// checks the folder against it.
    private func bounded(_ within: String) -> String {
        if within == root { return within }
        guard let real = base.realPath(within), PathText.isInside(real, realRoot) else { return realRoot }
        return real
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
