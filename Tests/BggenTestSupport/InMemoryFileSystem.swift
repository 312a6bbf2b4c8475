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

    public func realPath(_ path: String) -> String { path }

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
            guard directories.contains((path as NSString).deletingLastPathComponent) else {
                throw CocoaError(.fileNoSuchFile)
            }
            storage[path] = contents
        }
    }

    public func createDirectory(_ path: String) throws {
        lock.withLock { _ = directories.insert(path) }
    }

    public func remove(_ path: String) throws {
        lock.withLock {
            if storage.removeValue(forKey: path) == nil {
                directories.remove(path)
            }
        }
    }

    public func files(in path: String) -> [String] {
        lock.withLock {
            storage.keys.filter { ($0 as NSString).deletingLastPathComponent == path }
                .map { ($0 as NSString).lastPathComponent }.sorted()
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
