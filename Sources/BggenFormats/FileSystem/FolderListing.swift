import Foundation

/// How `LocalFileSystem` lists an open folder. The C library's `fdopendir` takes the descriptor for its own, so a
/// walk that keeps the folder open to read its files gave it a copy: `dup`, then `fdopendir`'s `fstat` and two
/// `fcntl`, and two `close`, five calls a folder besides the listing itself, and 32 KB allocated for each. Where
/// the kernel's own listing call can be reached (Linux's `getdents64`), the folder is listed on its descriptor into
/// a buffer the walk reuses: an open, the listing and a close. `.portable` lists through `fdopendir` and `readdir`
/// everywhere, as Darwin does: the suite walks both (`DiskRoute`).
public struct FolderListing: Sendable {
    /// The kernel's listing call: fills the buffer with `dirent` records, answering the bytes filled, 0 at the
    /// end, -1 on failure.
    typealias EntriesCall = @convention(c) (Int32, UnsafeMutableRawPointer?, Int) -> Int

    let entries: EntriesCall?

    /// The platform's: `getdents64` on Linux, when the C library has it and its `dirent` is the kernel's record.
    public static let system = FolderListing(entries: systemEntries)

    /// `fdopendir` and `readdir` only.
    public static let portable = FolderListing(entries: nil)

    /// Whether folders are listed through the kernel's own call.
    package var listsThroughKernel: Bool { entries != nil }

    /// The bytes a walk's thread lists each folder into: most folders fit at once, as `fdopendir`'s own 32 KB does.
    static var bufferSize: Int { 32_768 }

    /// Calls `body` with each entry of the open folder `folder` (`.` and `..` too), which stays open, until the
    /// listing ends or fails (as `readdir` stops). `buffer` (of `bufferSize` bytes) is used by the kernel's listing.
    func forEach(in folder: Int32, buffer: UnsafeMutableRawBufferPointer, _ body: (UnsafePointer<dirent>) -> Void) {
        guard let entries, let base = buffer.baseAddress else { return Self.forEachThroughReaddir(in: folder, body) }
        while true {
            var filled = -1
            repeat { filled = entries(folder, base, buffer.count) } while filled < 0 && errno == EINTR
            guard filled > 0 else { return }
            var offset = 0
            while offset < filled {
                let record = UnsafePointer((base + offset).assumingMemoryBound(to: dirent.self))
                let length = Int(record.pointee.d_reclen)
                guard length > 0 else { return }
                body(record)
                offset += length
            }
        }
    }

    /// The portable route: `readdir` on a copy of the descriptor, which `closedir` closes (`fdopendir`, `readdir` and
    /// `closedir` from `<dirent.h>`, POSIX's and Darwin's alike).
    private static func forEachThroughReaddir(in folder: Int32, _ body: (UnsafePointer<dirent>) -> Void) {
        let copy = dup(folder)
        guard copy >= 0 else { return }
        guard let listing = fdopendir(copy) else {
            close(copy)
            return
        }
        defer { closedir(listing) }
        while let entry = readdir(listing) { body(entry) }
    }

    #if os(Linux)
    /// Glibc's `getdents64` (`dirent.h`, glibc 2.30, declared only under `_GNU_SOURCE`, so Swift's Glibc module does
    /// not import it), looked up by name once. Its records are `struct linux_dirent64`: glibc's `struct dirent` on a
    /// 64-bit Linux (`bits/dirent.h`: 64-bit `d_ino` and `d_off`, then `d_reclen`, `d_type`, `d_name`), which
    /// `DirectoryEntryName` reads; where `dirent` is laid out otherwise (a 32-bit Linux) the portable route is taken.
    private static let systemEntries: EntriesCall? = {
        guard MemoryLayout<dirent>.offset(of: \dirent.d_reclen) == 16, MemoryLayout<dirent>.offset(of: \dirent.d_name) == 19,
              let symbol = dlsym(dlopen(nil, RTLD_NOW), "getdents64") else { return nil }
        return unsafeBitCast(symbol, to: EntriesCall.self)
    }()
    #else
    private static let systemEntries: EntriesCall? = nil
    #endif
}
