import Foundation

/// The name in a `readdir` record, read where the record holds it: up to its NUL and never past the record's
/// length (`d_reclen`). Records are packed one after another in the buffer the listing was read into, so copying
/// the whole `d_name` field (256 bytes on Linux, 1,024 on Darwin) reads past a short last record and past the
/// buffer: the walk crashed with SIGSEGV in 2–7% of runs on large folders (issue 43).
enum DirectoryEntryName {
    private static let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// The name's bytes, valid until the next `readdir` on the same listing.
    static func bytes(of entry: UnsafePointer<dirent>) -> UnsafeRawBufferPointer {
        let start = UnsafeRawPointer(entry) + offset
        let room = max(Int(entry.pointee.d_reclen) - offset, 0)
        return UnsafeRawBufferPointer(start: start, count: strnlen(start.assumingMemoryBound(to: CChar.self), room))
    }

    /// The name, and whether it is UTF-8: one that is not is shown repaired (U+FFFD for each bad byte), a name no
    /// path bggen builds can open again.
    /// Checked by `UTF8Check` and made from typed bytes: `String(validating:)` over raw bytes stayed generic, two
    /// metadata lookups for each name of every folder walked, a tenth of a walk's listing.
    static func name(of entry: UnsafePointer<dirent>) -> (text: String, isUTF8: Bool) {
        let bytes = bytes(of: entry)
        return (String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self), UTF8Check.isValid(bytes))
    }
}
