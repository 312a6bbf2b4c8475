import BggenFormats
import Foundation

/// Records every folder listed and file read: a walk goes through this disk's own `entries` and reads, so a test
/// sees what a run touched (no vendored folder) and how often (each source file once).
public final class RecordingFileSystem: WalkingThroughEntries, @unchecked Sendable {
    public let base: any FileSystem
    private let lock = NSLock()
    private var listed: [String] = []
    private var read: [String] = []

    public init(_ base: InMemoryFileSystem) {
        self.base = base
    }

    public var touched: [String] { lock.withLock { listed + read } }
    /// Every file read, as often as it was read.
    public var reads: [String] { lock.withLock { read } }
    public var readCount: Int { lock.withLock { read.count } }

    public func readData(_ path: String, within root: String, limit: Int) throws -> Data {
        lock.withLock { read.append(path) }
        return try base.readData(path, within: root, limit: limit)
    }
    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        lock.withLock { listed.append(path) }
        return base.entries(in: path, within: root)
    }
}
