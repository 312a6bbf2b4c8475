import Foundation

extension LocalFileSystem {
    #if os(Linux)
    /// The file is first opened with `O_PATH` (Glibc's `__O_PATH`, which its `O_PATH` names under `_GNU_SOURCE`),
    /// which follows links but opens nothing (a device's open has no effect, a FIFO cannot block): the kernel's own
    /// name for what was opened is checked to lie inside `root`, `fstat` on that descriptor to be a regular file
    /// within `limit`, and only that same file is then opened for reading through `/proc/self/fd/N`, so a link
    /// swapped after the check is never followed. Nil, having read nothing, when the kernel cannot name it.
    func readThroughKernelPath(_ path: String, within root: String, limit: Int) throws -> Data? {
        guard kernelPaths.lookup != nil else { return nil }
        let handle = open(path, __O_PATH | O_CLOEXEC)
        guard handle >= 0 else { throw FileSystemError.posix(path) }
        defer { close(handle) }
        guard let real = kernelPaths.path(of: handle) else { return nil }
        guard lies(real, inside: root) else { throw Self.outside(path, real) }
        var info = stat()
        guard fstat(handle, &info) == 0 else { throw FileSystemError.posix(path) }
        try Self.checkReadable(info, path, limit)
        let descriptor = open("/proc/self/fd/\(handle)", O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError.posix(path) }
        defer { close(descriptor) }
        return try Self.readAll(descriptor, path, limit, size: Int(info.st_size))
    }
    #elseif canImport(Darwin)
    /// The real path is checked to lie inside `root`, then opened in one call that refuses a link in any component
    /// (`O_NOFOLLOW_ANY`, Darwin's `sys/fcntl.h`, macOS 11: a link swapped in after the check fails with `ELOOP`),
    /// without blocking on a FIFO or taking a terminal (`O_NONBLOCK | O_NOCTTY`); the kernel's path of what was
    /// opened (`F_GETPATH`) is checked again, and `fstat` must see a regular file within `limit`. Nil, having read
    /// nothing, when the kernel cannot name it.
    func readThroughKernelPath(_ path: String, within root: String, limit: Int) throws -> Data? {
        guard kernelPaths.lookup != nil else { return nil }
        guard let resolved = realPath(path) else { throw FileSystemError(path: path, cause: "it is a symbolic link that loops or leads nowhere") }
        guard lies(resolved, inside: root) else { throw Self.outside(path, resolved) }
        let descriptor = open(resolved, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW_ANY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(path) }
        defer { close(descriptor) }
        guard let real = kernelPaths.path(of: descriptor) else { return nil }
        guard lies(real, inside: root) else { throw Self.outside(path, real) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError.posix(path) }
        try Self.checkReadable(info, path, limit)
        return try Self.readAll(descriptor, path, limit, size: Int(info.st_size))
    }
    #else
    func readThroughKernelPath(_ path: String, within root: String, limit: Int) throws -> Data? { nil }
    #endif

    /// `fsync`, and on Darwin the drive's cache too: there `fsync` leaves the bytes in the drive's cache, so a power
    /// loss right after a rename could leave an empty or garbled Info.plist. `F_FULLFSYNC` (Darwin's `sys/fcntl.h`:
    /// "fsync + ask the drive to flush to the media") fails on a file system without it (SMB, FAT: `ENOTSUP`), and
    /// then `fsync` is what there is, as SQLite does.
    static func synchronize(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) != -1 { return true }
        #endif
        return fsync(descriptor) == 0
    }
}
