import BggenCore
import Foundation

/// A file system in memory that can be told to fail, to test rollback without a real disk failure.
public final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: String] = [:]
    private var directories: Set<String> = ["/"]
    /// Write calls that should fail, counted from 1.
    public var failingWrites: Set<Int> = []
    public private(set) var writeCount = 0
    /// Files that refuse writes, as a 0444 file does.
    public var readOnly: Set<String> = []
    /// Absolute paths of files another user owns (list them in `readOnly` too: bggen may not write them).
    public var otherUsersFiles: Set<String> = []
    /// Called after each successful write with its count, to act in the middle of a plan (raise a signal).
    public var afterWrite: (@Sendable (Int) -> Void)?
    private var locked: Set<String> = []
    /// Symbolic links: the link's path and the absolute path it names.
    public var links: [String: String] = [:]
    /// Paths that are not regular files (a FIFO, a device): reading one fails as on disk.
    public var specialFiles: Set<String> = []

    public struct Failure: Error, LocalizedError {
        public var errorDescription: String? { "simulated disk failure" }
    }

    public init(files: [String: String] = [:], directories: [String] = []) {
        for directory in directories { addDirectory(directory) }
        for (path, contents) in files {
            addDirectory((path as NSString).deletingLastPathComponent)
            storage[path] = contents
        }
    }

    public var files: [String: String] { lock.withLock { storage } }
    public var allDirectories: Set<String> { lock.withLock { directories } }

    private func addDirectory(_ path: String) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/\(part)"
            directories.insert(current)
        }
    }

    public func kind(of path: String) -> FileKind {
        let path = realPath(path) ?? path
        return lock.withLock {
            if storage[path] != nil || specialFiles.contains(path) { return .file }
            return directories.contains(path) ? .directory : .missing
        }
    }

    /// Resolves `links` one component at a time, as `LocalFileSystem` does; nil for a loop.
    public func realPath(_ path: String) -> String? {
        let links = lock.withLock { self.links }
        var pending = path.split(separator: "/").map(String.init)
        var parts: [String] = []
        var hops = 0
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            let candidate = "/" + (parts + [part]).joined(separator: "/")
            guard let target = links[candidate] else { parts.append(part); continue }
            hops += 1
            guard hops <= 40 else { return nil }
            parts = []
            pending = target.split(separator: "/").map(String.init) + pending
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The real path of `path` (of its folder only, unless `following`), refused outside `root`.
    private func contained(_ path: String, following: Bool = true, within root: String) throws -> String {
        let parent = (path as NSString).deletingLastPathComponent
        guard let real = following ? realPath(path) : realPath(parent).map({ ($0 as NSString).appendingPathComponent((path as NSString).lastPathComponent) }),
              let realRoot = realPath(root) else {
            throw FileSystemError(path: path, cause: "it is a symbolic link that loops or leads nowhere")
        }
        guard realRoot == "/" || (real != realRoot && real.hasPrefix(realRoot + "/")) else {
            throw FileSystemError(path: path, cause: "its real path is \(real), outside the repository; bggen reads and writes only inside it")
        }
        return real
    }
    public func belongsToAnotherUser(_ path: String) -> Bool {
        lock.withLock { otherUsersFiles.contains(path) }
    }

    public func isWritable(_ path: String) -> Bool {
        lock.withLock { !readOnly.contains(path) }
    }

    public func lockExclusively(_ directory: String) throws -> (any FolderLock)? {
        lock.withLock {
            guard !locked.contains(directory) else { return nil }
            locked.insert(directory)
            return Held(onRelease: { [weak self] in self?.unlock(directory) })
        }
    }

    private func unlock(_ directory: String) {
        lock.withLock { _ = locked.remove(directory) }
    }

    private struct Held: FolderLock {
        let onRelease: @Sendable () -> Void
        func release() { onRelease() }
    }

    public func readData(_ path: String, within root: String, limit: Int) throws -> Data {
        let real = try contained(path, within: root)
        return try lock.withLock {
            if specialFiles.contains(real) { throw FileSystemError(path: path, cause: "it is a FIFO, not a regular file") }
            guard let contents = storage[real] else { throw FileSystemError(path: path, cause: "No such file or directory") }
            guard contents.utf8.count <= limit else { throw FileSystemError(path: path, cause: "it is larger than \(limit >> 20) MB, the most bggen reads of such a file") }
            return Data(contents.utf8)
        }
    }

    public func writeAtomically(_ data: Data, to path: String, within root: String) throws {
        let real = try contained(path, within: root)
        let contents = String(decoding: data, as: UTF8.self)
        try lock.withLock {
            writeCount += 1
            if failingWrites.contains(writeCount) { throw Failure() }
            if readOnly.contains(real) { throw FileSystemError(path: path, cause: "it is read-only") }
            guard directories.contains((real as NSString).deletingLastPathComponent) else {
                throw FileSystemError(path: path, cause: "No such file or directory")
            }
            storage[real] = contents
        }
        afterWrite?(writeCount)
    }

    public func createDirectory(_ path: String, within root: String) throws {
        let real = try contained(path, following: false, within: root)
        lock.withLock { _ = directories.insert(real) }
    }

    /// A file, or an empty folder, as on disk.
    public func remove(_ path: String, within root: String) throws {
        let path = try contained(path, following: false, within: root)
        try lock.withLock {
            if links.removeValue(forKey: path) != nil { return }
            if storage.removeValue(forKey: path) != nil { return }
            let prefix = path + "/"
            guard !storage.keys.contains(where: { $0.hasPrefix(prefix) }), !directories.contains(where: { $0.hasPrefix(prefix) }) else {
                throw FileSystemError(path: path, cause: "Directory not empty")
            }
            directories.remove(path)
        }
    }

    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        lock.withLock {
            let files = storage.keys.filter { ($0 as NSString).deletingLastPathComponent == path }
                .map { (name: ($0 as NSString).lastPathComponent, kind: FileKind.file) }
            let folders = directories.filter { $0 != path && ($0 as NSString).deletingLastPathComponent == path }
                .map { (name: ($0 as NSString).lastPathComponent, kind: FileKind.directory) }
            return (files + folders).sorted { $0.name < $1.name }
        }
    }
}
