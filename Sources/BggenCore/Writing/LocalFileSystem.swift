import Foundation
import Synchronization

/// The real file system, through POSIX calls: Foundation's errors would reach the user as domains and codes, and
/// its atomic write replaces a symbolic link, a hard link, the mode and the owner along with the bytes.
public struct LocalFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }

    /// Resolves one component at a time, so a link inside a folder that does not exist yet, a dangling link, and
    /// `..` after a link all end where the kernel would put a write.
    public func realPath(_ path: String) -> String? {
        var pending = path.split(separator: "/").map(String.init)
        var current: [String] = path.hasPrefix("/") ? [] : FileManager.default.currentDirectoryPath.split(separator: "/").map(String.init)
        var hops = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            switch component {
            case ".": continue
            case "..": _ = current.popLast()
            default:
                let candidate = "/" + (current + [component]).joined(separator: "/")
                var info = stat()
                guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                    current.append(component)
                    continue
                }
                hops += 1
                guard hops <= 40, let target = Self.linkTarget(candidate) else { return nil }
                if target.hasPrefix("/") { current = [] }
                pending = target.split(separator: "/").map(String.init) + pending
            }
        }
        return "/" + current.joined(separator: "/")
    }

    /// A file without any write permission bit is read-only even to root, who `access` would let through: the
    /// mode is the user's "do not touch".
    public func isWritable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & 0o222 != 0 && access(path, W_OK) == 0
    }

    public func readData(_ path: String) throws -> Data {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileSystemError.posix(path) }
        defer { close(descriptor) }
        var data = Data()
        // Sized by the file (most source files are a few KB), so reading thousands of files does not clear 64 KB each.
        var info = stat()
        let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
        var buffer = [UInt8](repeating: 0, count: min(max(size + 1, 4_096), 65_536))
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.posix(path)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    public func read(_ path: String) throws -> String {
        let data = try readData(path)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw FileSystemError(path: path, cause: "it is not UTF-8 text (line \(Self.firstInvalidLine(data))); save it as UTF-8")
        }
        return text
    }

    /// The line of the first byte that is not UTF-8, such as a Latin-1 "é".
    private static func firstInvalidLine(_ data: Data) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var line = 1
        while case .valid(let encoded) = parser.parseScalar(from: &bytes) {
            if encoded.count == 1 && encoded.first == 0x0A { line += 1 }
        }
        return line
    }

    /// Writes a temporary file next to the target, syncs it, gives it the target's mode and owner, and renames it
    /// over the target. A hard-linked file, or one whose owner cannot be kept, is rewritten in place instead, so
    /// every name keeps seeing the same file.
    public func writeAtomically(_ data: Data, to path: String) throws {
        let target = realPath(path) ?? path
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists {
            guard info.st_mode & S_IFMT == S_IFREG else { throw FileSystemError(path: path, cause: "it is not a regular file") }
            guard isWritable(target) else { throw FileSystemError(path: path, cause: "it is read-only") }
            if info.st_nlink > 1 { return try rewriteInPlace(data, target, shownAs: path) }
        }
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = "\(folder)/.\((target as NSString).lastPathComponent).bggen-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        guard descriptor >= 0 else { throw FileSystemError.posix(path) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try Self.writeAll(data, to: descriptor, shownAs: path)
            if exists {
                guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw FileSystemError.posix(path) }
                if (info.st_uid != getuid() || info.st_gid != getgid()) && fchown(descriptor, info.st_uid, info.st_gid) != 0 {
                    return try rewriteInPlace(data, target, shownAs: path)
                }
            }
            guard fsync(descriptor) == 0 else { throw FileSystemError.posix(path) }
        }
        guard rename(temporary, target) == 0 else { throw FileSystemError.posix(path) }
        renamed = true
    }

    public func createDirectory(_ path: String) throws {
        guard mkdir(path, 0o777) == 0 else { throw FileSystemError.posix(path) }
    }

    /// A file, or an empty folder: never a folder with something in it, which would be someone else's.
    public func remove(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw FileSystemError.posix(path) }
        let result = info.st_mode & S_IFMT == S_IFDIR ? rmdir(path) : unlink(path)
        guard result == 0 else { throw FileSystemError.posix(path) }
    }

    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        let realRoot = realPath(root) ?? root
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
                guard let target = realPath(full), PathText.isInside(target, realRoot), kind(of: target) == .file else { continue }
                result.append((name, .file))
            default:
                continue
            }
        }
        return result
    }

    /// `flock` on the folder itself, so no lock file is left in the user's repository. The folder is checked to
    /// be the one still at `directory` after locking: a run that removed and recreated it must not be missed.
    public func lockExclusively(_ directory: String) throws -> (any FolderLock)? {
        for _ in 0..<3 {
            let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
            guard descriptor >= 0 else { throw FileSystemError.posix(directory) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { return nil }
                throw FileSystemError.posix(directory, code)
            }
            var held = stat(), now = stat()
            if fstat(descriptor, &held) == 0, stat(directory, &now) == 0, held.st_ino == now.st_ino, held.st_dev == now.st_dev {
                return DescriptorLock(descriptor)
            }
            close(descriptor)
        }
        throw FileSystemError(path: directory, cause: "it keeps being replaced while bggen tries to lock it")
    }

    private func rewriteInPlace(_ data: Data, _ target: String, shownAs path: String) throws {
        let descriptor = open(target, O_WRONLY | O_TRUNC)
        guard descriptor >= 0 else { throw FileSystemError.posix(path) }
        defer { close(descriptor) }
        try Self.writeAll(data, to: descriptor, shownAs: path)
        guard fsync(descriptor) == 0 else { throw FileSystemError.posix(path) }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, shownAs path: String) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileSystemError.posix(path)
                }
                offset += written
            }
        }
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Closes its descriptor once, whoever calls `release()` first.
private final class DescriptorLock: FolderLock {
    private let descriptor: Atomic<Int32>

    init(_ descriptor: Int32) {
        self.descriptor = Atomic(descriptor)
    }

    func release() {
        let held = descriptor.exchange(-1, ordering: .sequentiallyConsistent)
        if held >= 0 { close(held) }
    }

    deinit { release() }
}
