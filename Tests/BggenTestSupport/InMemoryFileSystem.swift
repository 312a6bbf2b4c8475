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
    /// Called after each successful write with its count, to act in the middle of a plan (raise a signal).
    public var afterWrite: (@Sendable (Int) -> Void)?
    private var locked: Set<String> = []

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
        lock.withLock {
            if storage[path] != nil { return .file }
            return directories.contains(path) ? .directory : .missing
        }
    }

    /// No links in memory: only `..` and `.` to resolve.
    public func realPath(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
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

    public func readData(_ path: String) throws -> Data {
        Data(try read(path).utf8)
    }

    public func read(_ path: String) throws -> String {
        try lock.withLock {
            guard let contents = storage[path] else { throw CocoaError(.fileReadNoSuchFile) }
            return contents
        }
    }

    public func writeAtomically(_ data: Data, to path: String) throws {
        let contents = String(decoding: data, as: UTF8.self)
        try lock.withLock {
            writeCount += 1
            if failingWrites.contains(writeCount) { throw Failure() }
            if readOnly.contains(path) { throw FileSystemError(path: path, cause: "it is read-only") }
            guard directories.contains((path as NSString).deletingLastPathComponent) else {
                throw FileSystemError(path: path, cause: "No such file or directory")
            }
            storage[path] = contents
        }
        afterWrite?(writeCount)
    }

    public func createDirectory(_ path: String) throws {
        lock.withLock { _ = directories.insert(path) }
    }

    /// A file, or an empty folder, as on disk.
    public func remove(_ path: String) throws {
        try lock.withLock {
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
