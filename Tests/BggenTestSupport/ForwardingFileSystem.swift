import BggenFormats
import Foundation

/// A test disk that changes one or two calls of another (records what is listed, refuses a lock) and hands every
/// other call to `base` unchanged. A conforming type writes only the calls it changes; the rest are here, once.
public protocol ForwardingFileSystem: FileSystem {
    var base: any FileSystem { get }
}

extension ForwardingFileSystem {
    public func kind(of path: String) -> FileKind { base.kind(of: path) }
    public func readData(_ path: String, within root: String, limit: Int) throws -> Data {
        try base.readData(path, within: root, limit: limit)
    }
    public func readFiles(_ files: [String], below folder: String, within root: String, body: @Sendable (Int, Result<Data, any Error>) -> Void) {
        base.readFiles(files, below: folder, within: root, body: body)
    }
    public func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                                      reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        base.walk(request, below: folder, within: root, reading: body)
    }
    public func realPath(_ path: String) -> String? { base.realPath(path) }
    public func isWritable(_ path: String) -> Bool { base.isWritable(path) }
    public func belongsToAnotherUser(_ path: String) -> Bool { base.belongsToAnotherUser(path) }
    public func writeAtomically(_ data: Data, to path: String, within root: String) throws {
        try base.writeAtomically(data, to: path, within: root)
    }
    public func createDirectory(_ path: String, within root: String) throws { try base.createDirectory(path, within: root) }
    public func remove(_ path: String, within root: String) throws { try base.remove(path, within: root) }
    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] { base.entries(in: path, within: root) }
    public func lockExclusively(_ directory: String) throws -> (any FolderLock)? { try base.lockExclusively(directory) }
    public func isCaseSensitive(_ path: String) -> Bool { base.isCaseSensitive(path) }
}

/// A forwarding disk whose walks and batched reads go through its own `entries` and `readData`, as the protocol's
/// portable route does, so what it changes or records there holds for walks too.
public protocol WalkingThroughEntries: ForwardingFileSystem {}

extension WalkingThroughEntries {
    public func readFiles(_ files: [String], below folder: String, within root: String, body: @Sendable (Int, Result<Data, any Error>) -> Void) {
        readOneByOne(files, below: folder, within: root, body: body)
    }
    public func walk<Value: Sendable>(_ request: WalkRequest, below folder: String, within root: String,
                                      reading body: (@Sendable (String, Result<Data, any Error>) -> Value)?) -> [WalkedFile<Value>] {
        walkThroughEntries(request, below: folder, within: root, reading: body)
    }
}
