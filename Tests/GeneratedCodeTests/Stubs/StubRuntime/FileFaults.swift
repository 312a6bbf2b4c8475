import Foundation

/// Failures the app's file calls meet on purpose, as a device's file systems give them: a folder that cannot be
/// opened, a flush a file system refuses, a call a signal interrupts (`EINTR`, which a network volume's calls can
/// return). Consulted by the calls the app module's shim replaces (AppShim/FileFlushShim.swift): `open(2)`, the
/// flush commands of `fcntl(2)`, and `fsync(2)`.
public final class FileFaults: @unchecked Sendable {
    public static let shared = FileFaults()

    public enum Call: Sendable, Hashable {
        case open, fcntl, fsync
    }

    private struct Key: Hashable {
        let call: Call
        let path: String
    }

    private let lock = NSLock()
    private var planned: [Key: (code: Int32, times: Int)] = [:]
    /// Failures planned for every file in a folder, keyed by the folder's path.
    private var plannedInFolders: [Key: Int32] = [:]
    /// How many planned failures were met, under the key they were planned with.
    private var met: [Key: Int] = [:]

    public init() {}

    /// The next `times` calls of `call` on `path` (resolved, as `/proc/self/fd` names it) fail with `code`.
    public func fail(_ call: Call, of path: String, with code: Int32, times: Int = .max) {
        lock.lock()
        planned[Key(call: call, path: path)] = (code, times)
        lock.unlock()
    }

    /// Every call of `call` on a file in `folder` (resolved) fails with `code`: for a file whose name is not known
    /// before the app makes it, such as a download's copy on another volume.
    public func fail(_ call: Call, ofFilesIn folder: String, with code: Int32) {
        lock.lock()
        plannedInFolders[Key(call: call, path: folder)] = code
        lock.unlock()
    }

    /// The error number this call of `call` on `path` fails with, if one is planned; it counts as one of its times.
    public func take(_ call: Call, of path: String) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        let key = Key(call: call, path: path)
        guard let fault = planned[key] else {
            let folderKey = Key(call: call, path: (path as NSString).deletingLastPathComponent)
            let code = plannedInFolders[folderKey]
            if code != nil { met[folderKey, default: 0] += 1 }
            return code
        }
        planned[key] = fault.times > 1 ? (fault.code, fault.times - 1) : nil
        met[key, default: 0] += 1
        return fault.code
    }

    /// How many calls of `call` have met a failure planned for `path`, or for the files in it (a folder): a check
    /// makes sure with it that the path it plans a failure for is the one the app's code takes.
    public func timesMet(_ call: Call, of path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return met[Key(call: call, path: path)] ?? 0
    }

    /// Every failure planned for `path`, or for the files in it, is dropped, with the count of those met.
    public func clear(_ path: String) {
        lock.lock()
        planned = planned.filter { $0.key.path != path }
        plannedInFolders = plannedInFolders.filter { $0.key.path != path }
        met = met.filter { $0.key.path != path }
        lock.unlock()
    }
}
