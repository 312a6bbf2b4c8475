// Compiled into the app module under test, never into a stub module.
//
// Darwin's `<sys/fcntl.h>` has `F_FULLFSYNC`, which the generated code asks for a download's copy before renaming it
// to its name; Glibc has neither the constant nor the command. Module-level declarations shadow imported ones, so in
// the app module `fcntl(_:_:)` is this one: `F_FULLFSYNC` is recorded in the ledger, with the name and size the file
// has at that moment (a flush before the rename names the copy, one after it the destination), and does what it
// means on Linux, `fsync(2)`, which flushes the drive's cache there too; every other command is Glibc's.
#if os(Linux)
import Glibc
import StubRuntime

/// Darwin's value, which no Linux command has.
public nonisolated let F_FULLFSYNC: Int32 = 51

public nonisolated func fcntl(_ descriptor: Int32, _ command: Int32) -> Int32 {
    guard command == F_FULLFSYNC else { return Glibc.fcntl(descriptor, command) }
    var status = stat()
    let bytes = fstat(descriptor, &status) == 0 ? Int64(status.st_size) : -1
    var name = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/fd/\(descriptor)", &name, name.count - 1)
    let path = length > 0 ? String(decoding: name[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    StubLedger.shared.record(.fileFlushedToStorage(path: path, bytes: bytes))
    return fsync(descriptor)
}
#endif
