import Foundation
import Synchronization

/// The real file system, through POSIX calls: Foundation's errors would reach the user as domains and codes, and
/// its atomic write replaces a symbolic link, a hard link, the mode and the owner along with the bytes.
public struct LocalFileSystem: FileSystem {
    /// How the kernel names an open descriptor; `.unavailable` takes the portable route everywhere.
    public let kernelPaths: KernelPaths
    /// Whether a volume tells names apart by case; `.insensitive` compares as APFS's default does.
    public let volumeCase: VolumeCase
    /// How an open folder is listed; `.portable` through `readdir` everywhere.
    public let folderListing: FolderListing

    public init(kernelPaths: KernelPaths = .system, volumeCase: VolumeCase = .system, folderListing: FolderListing = .system) {
        self.kernelPaths = kernelPaths
        self.volumeCase = volumeCase
        self.folderListing = folderListing
    }

    public func isCaseSensitive(_ path: String) -> Bool { volumeCase.isSensitive(at: path) }

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

    public func belongsToAnotherUser(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_uid != geteuid()
    }

    /// Where the kernel can name what a descriptor opened (`kernelPaths`), a read checks that one name, once;
    /// otherwise the folders are opened one component at a time from `/`, as for writes. Either way only a regular
    /// file whose real path lies inside `root` is read, and no open can block (a FIFO) or open a terminal.
    public func readData(_ path: String, within root: String, limit: Int) throws -> Data {
        if let data = try readThroughKernelPath(path, within: root, limit: limit) { return data }
        return try readThroughFolders(path, within: root, limit: limit)
    }

    /// `readData`'s portable route: what Darwin falls back to and Linux takes without `/proc`.
    private func readThroughFolders(_ path: String, within root: String, limit: Int) throws -> Data {
        let (folder, name) = try openParent(of: path, following: true, within: root)
        defer { close(folder) }
        let descriptor = openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError.posix(path) }
        try Self.checkReadable(info, path, limit)
        return try Self.readAll(descriptor, path, limit, size: Int(info.st_size))
    }

    /// Whether `real`, a path without links (the kernel's of an open descriptor, or `realPath`'s), lies inside
    /// `root` (or, with `orIsIt`, is it): compared with `root` as given (a path without links that starts with it
    /// proves `root` real), with its links resolved, then as the volume compares names (on APFS's default a link
    /// to `/Users/me/MYAPP/x` leads into `/Users/me/MyApp`), and last with the kernel's own path of `root`, for a
    /// volume whose kernel path is not the user's spelling (Darwin's `F_GETPATH` gives the on-disk case). Each
    /// later comparison costs a call, made only when the earlier ones fail.
    func lies(_ real: String, inside root: String, orIsIt: Bool = false) -> Bool {
        var ignoringCase = false
        let inside = { (folder: String) in
            folder == "/" || (orIsIt && PathText.sameName(real, folder, ignoringCase: ignoringCase))
                || (!PathText.sameName(real, folder, ignoringCase: ignoringCase) && PathText.isInside(real, folder, ignoringCase: ignoringCase))
        }
        if inside(root) { return true }
        let realRoot = realPath(root) ?? root
        if inside(realRoot) { return true }
        ignoringCase = !volumeCase.isSensitive(at: realRoot)
        if ignoringCase && (inside(root) || inside(realRoot)) { return true }
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return kernelPaths.path(of: descriptor).map(inside) ?? false
    }

    static func checkReadable(_ info: stat, _ path: String, _ limit: Int) throws {
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileSystemError(path: path, cause: "it is \(kindName(info.st_mode)), not a regular file; bggen reads only regular files, so replace it with one")
        }
        guard Int(info.st_size) <= limit else { throw tooLarge(path, limit) }
    }

    /// Everything left in `descriptor` after the `first` bytes already read from it, refusing more than `limit` bytes
    /// (a file that grows while it is read). `size` is what `fstat` said, so the bytes are read straight into memory
    /// that fits the file, neither zeroed first nor copied after, which grows only for a file that grew. A buffer
    /// that started at 64 KB and doubled zeroed and moved a 1 MB generated file's bytes five times over on its way,
    /// and the walk read its first 64 KB twice.
    static func readAll(_ descriptor: Int32, _ path: String, _ limit: Int, size: Int, after first: UnsafeRawBufferPointer? = nil) throws -> Data {
        var count = first?.count ?? 0
        var capacity = max(min(size, limit), count) + 1
        var buffer: UnsafeMutableRawPointer = malloc(capacity)
        if let first, let base = first.baseAddress { buffer.copyMemory(from: base, byteCount: count) }
        func failed(_ error: FileSystemError) -> FileSystemError {
            free(buffer)
            return error
        }
        while true {
            if count == capacity {
                capacity = min(count * 2, limit + 1)
                guard let grown = realloc(buffer, capacity) else { throw failed(FileSystemError.posix(path)) }
                buffer = grown
            }
            let got = Foundation.read(descriptor, buffer + count, capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                throw failed(FileSystemError.posix(path))
            }
            count += got
            guard count <= limit else { throw failed(tooLarge(path, limit)) }
            // A short read once the whole size `fstat` gave is in is the end: the call that would return 0 is
            // spared (one in eight of a walk's calls). A file that grew meanwhile fills the buffer and reads on.
            if got == 0 || (count >= size && count < capacity) {
                return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
            }
        }
    }

    static func outside(_ path: String, _ real: String) -> FileSystemError {
        FileSystemError(path: path, cause: "its real path is \(real), outside the repository; bggen reads and writes only inside it, so replace the link with a file of the project's own")
    }

    /// Writes a temporary file next to the target, syncs it, gives it the target's mode and owner, and renames it
    /// over the target, all relative to the folder's descriptor. A hard-linked file, or one whose owner cannot be
    /// kept, is rewritten in place instead, so every name keeps seeing the same file.
    public func writeAtomically(_ data: Data, to path: String, within root: String) throws {
        let (folder, name) = try openParent(of: path, following: true, within: root)
        defer { close(folder) }
        var info = stat()
        let exists = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        if exists {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw FileSystemError(path: path, cause: info.st_mode & S_IFMT == S_IFLNK ? Self.swapped : "it is \(Self.kindName(info.st_mode)), not a regular file")
            }
            guard info.st_mode & 0o222 != 0, faccessat(folder, name, W_OK, 0) == 0 else { throw FileSystemError(path: path, cause: "it is read-only") }
            if info.st_nlink > 1 { return try rewriteInPlace(data, folder, name, shownAs: path) }
        }
        let temporary = WriteTemporary.name(for: name)
        let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileSystemError.posix(path) }
        var renamed = false
        defer { if !renamed { unlinkat(folder, temporary, 0) } }
        do {
            defer { close(descriptor) }
            try Self.writeAll(data, to: descriptor, shownAs: path)
            if exists {
                guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw FileSystemError.posix(path) }
                // The new file's owner is looked at, not assumed: on Darwin (BSD) a new file takes its folder's
                // group, not the process's.
                var created = stat()
                guard fstat(descriptor, &created) == 0 else { throw FileSystemError.posix(path) }
                if (info.st_uid != created.st_uid || info.st_gid != created.st_gid) && fchown(descriptor, info.st_uid, info.st_gid) != 0 {
                    return try rewriteInPlace(data, folder, name, shownAs: path)
                }
            }
            guard Self.synchronize(descriptor) else { throw FileSystemError.posix(path) }
        }
        guard renameat(folder, temporary, folder, name) == 0 else { throw FileSystemError.posix(path) }
        renamed = true
    }

    public func createDirectory(_ path: String, within root: String) throws {
        let (folder, name) = try openParent(of: path, following: false, within: root)
        defer { close(folder) }
        guard mkdirat(folder, name, 0o777) == 0 else { throw FileSystemError.posix(path) }
    }

    /// A file, a link itself, or an empty folder: never a folder with something in it, which would be someone else's.
    public func remove(_ path: String, within root: String) throws {
        let (folder, name) = try openParent(of: path, following: false, within: root)
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw FileSystemError.posix(path) }
        guard unlinkat(folder, name, info.st_mode & S_IFMT == S_IFDIR ? AT_REMOVEDIR : 0) == 0 else { throw FileSystemError.posix(path) }
    }

    /// The folder that holds `path`'s real location, opened from `/` one component at a time with `O_NOFOLLOW`, and
    /// the name inside it. `following` resolves a link at the last component too (reads and writes go through a
    /// link to the file it names; deleting or creating acts on the name itself). The real location must lie inside
    /// `root`; every component was resolved, so one swapped for a link since fails the open instead of being followed.
    private func openParent(of path: String, following: Bool, within root: String) throws -> (folder: Int32, name: String) {
        let resolved: String?
        if following {
            resolved = realPath(path)
        } else {
            resolved = realPath(PathText.parent(of: path).isEmpty ? "/" : PathText.parent(of: path)).map { PathText.join($0, PathText.name(of: path)) }
        }
        guard let real = resolved else { throw FileSystemError(path: path, cause: "it is a symbolic link that loops or leads nowhere") }
        guard lies(real, inside: root) else { throw Self.outside(path, real) }
        var components = real.split(separator: "/").map(String.init)
        guard let name = components.popLast() else { throw FileSystemError(path: path, cause: "it is the root folder") }
        return (try Self.openFolder(components: components, shownAs: path), name)
    }

    /// The folder `/components…` (a path whose links are resolved), opened from `/` one component at a time with
    /// `O_NOFOLLOW`: a component swapped for a link since it was resolved fails the open instead of being followed.
    static func openFolder(components: [String], shownAs path: String) throws -> Int32 {
        var folder = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw FileSystemError.posix(path) }
        for component in components {
            let next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            let code = errno
            close(folder)
            guard next >= 0 else {
                throw code == ELOOP || code == ENOTDIR ? FileSystemError(path: path, cause: Self.swapped) : FileSystemError.posix(path, code)
            }
            folder = next
        }
        return folder
    }

    /// Why an operation stopped when a folder or file on its way became a symbolic link after bggen resolved it.
    static let swapped = "it or a folder above it was replaced by a symbolic link while bggen ran; nothing was changed there"

    /// The open failed: a link at the last component appeared after the path was resolved.
    static func failure(_ path: String) -> FileSystemError {
        errno == ELOOP ? FileSystemError(path: path, cause: swapped) : FileSystemError.posix(path)
    }

    private static func tooLarge(_ path: String, _ limit: Int) -> FileSystemError {
        FileSystemError(path: path, cause: "it is larger than \(ReadLimit.shown(limit)), the most bggen reads of such a file; check that it is the file the project means")
    }

    /// "a FIFO", "a device": what a special file is, for the error.
    private static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// Read with `readdir`, whose entry types spare a `lstat` per name (a walk of 8,000 files made 8,000 more
    /// calls before); only a link, or a file system that gives no type, is looked at one by one.
    ///
    /// The folder is opened as a walk opens it (`openFolder`), so one outside `root` is never listed (issue 43: a
    /// project's folder of `../../..` listed folders from `/` down).
    public func entries(in path: String, within root: String) -> [(name: String, kind: FileKind)] {
        guard let descriptor = openFolder(path, within: root) else { return [] }
        guard let folder = fdopendir(descriptor) else {
            close(descriptor)
            return []
        }
        defer { closedir(folder) }
        var listed: [(name: String, type: UInt8)] = []
        while let entry = readdir(folder) {
            let name = DirectoryEntryName.name(of: entry).text
            guard name != ".", name != ".." else { continue }
            listed.append((name, entry.pointee.d_type))
        }
        var result: [(name: String, kind: FileKind)] = []
        for (name, type) in listed.sorted(by: { $0.name < $1.name }) {
            // Needed only for a link or an entry without a type.
            var full: String { "\(path)/\(name)" }
            var mode = Self.mode(ofType: type)
            if mode == nil {
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                mode = info.st_mode & S_IFMT
            }
            switch mode {
            case S_IFREG:
                result.append((name, .file))
            case S_IFDIR:
                result.append((name, .directory))
            case S_IFLNK:
                guard let target = realPath(full), lies(target, inside: root), kind(of: target) == .file else { continue }
                result.append((name, .file))
            default:
                // A FIFO, device or socket is listed as a file, so whatever wants it says why it is not read (the
                // read itself refuses anything but a regular file); left out, a source file would vanish unsaid.
                result.append((name, .file))
            }
        }
        return result
    }

    /// The `readdir` entry type of a `st_mode`, for a file system whose listing gives none.
    static func entryType(ofMode mode: mode_t) -> Int32 {
        switch mode & S_IFMT {
        case S_IFREG: Int32(DT_REG)
        case S_IFDIR: Int32(DT_DIR)
        case S_IFLNK: Int32(DT_LNK)
        default: Int32(DT_FIFO)
        }
    }

    /// The file type a `readdir` entry gives, as `st_mode`'s type bits; nil when it gives none (`DT_UNKNOWN`).
    private static func mode(ofType type: UInt8) -> mode_t? {
        switch Int32(type) {
        case Int32(DT_REG): S_IFREG
        case Int32(DT_DIR): S_IFDIR
        case Int32(DT_LNK): S_IFLNK
        case Int32(DT_UNKNOWN): nil
        default: S_IFIFO
        }
    }

    /// `flock` on the folder itself, so no lock file is left in the user's repository. The folder is checked to
    /// be the one still at `directory` after locking: a run that removed and recreated it must not be missed.
    /// Close-on-exec, as every descriptor here: a process started meanwhile would inherit the lock and hold it after
    /// the run released it. Even so, a process being started holds a copy of the descriptor until it execs, so a
    /// lock released a moment ago can still be held for a few milliseconds: a held lock is tried again for up to
    /// 100 ms before bggen says another run holds it.
    public func lockExclusively(_ directory: String) throws -> (any FolderLock)? {
        var busyTries = 0
        for _ in 0..<3 {
            let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw FileSystemError.posix(directory) }
            var locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
            while !locked && errno == EWOULDBLOCK && busyTries < 10 {
                busyTries += 1
                usleep(10_000)
                locked = flock(descriptor, LOCK_EX | LOCK_NB) == 0
            }
            guard locked else {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { return nil }
                throw FileSystemError.lockFailed(directory, code)
            }
            var held = stat(), now = stat()
            if fstat(descriptor, &held) == 0, stat(directory, &now) == 0, held.st_ino == now.st_ino, held.st_dev == now.st_dev {
                return DescriptorLock(descriptor)
            }
            close(descriptor)
        }
        throw FileSystemError(path: directory, cause: "it keeps being replaced while bggen tries to lock it")
    }

    /// Opened without following a link, checked to be the regular file just seen, then truncated and written.
    private func rewriteInPlace(_ data: Data, _ folder: Int32, _ name: String, shownAs path: String) throws {
        let descriptor = openat(folder, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw FileSystemError(path: path, cause: Self.swapped) }
        guard ftruncate(descriptor, 0) == 0 else { throw FileSystemError.posix(path) }
        try Self.writeAll(data, to: descriptor, shownAs: path)
        guard Self.synchronize(descriptor) else { throw FileSystemError.posix(path) }
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

    static func linkTarget(_ path: String) -> String? {
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

    package func release() {
        let held = descriptor.exchange(-1, ordering: .sequentiallyConsistent)
        if held >= 0 { close(held) }
    }

    deinit { release() }
}
