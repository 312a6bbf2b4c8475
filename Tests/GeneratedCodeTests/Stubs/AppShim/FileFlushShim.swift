// Compiled into the app module under test, never into a stub module.
//
// Darwin's `<sys/fcntl.h>` has `F_FULLFSYNC` and `F_BARRIERFSYNC`, which the generated code asks for a download's
// copy before renaming it to its name and for a download's folder after the rename; Glibc has neither the constants
// nor the commands. Module-level declarations shadow imported ones, so in the app module `fcntl(_:_:)` is this one:
// either command is recorded in the ledger, with the name and size a file has at that moment (a flush before the
// rename names the copy, one after it the destination) or the names a folder holds then (a flush after the rename
// finds the destination there), and does on Linux what both promise at least, `fsync(2)`, which flushes the drive's
// cache there too; every other command is Glibc's.
#if os(Linux)
import Foundation
import Glibc
import StubRuntime

/// Darwin's values, which no Linux command has.
public nonisolated let F_FULLFSYNC: Int32 = 51
public nonisolated let F_BARRIERFSYNC: Int32 = 85

public nonisolated func fcntl(_ descriptor: Int32, _ command: Int32) -> Int32 {
    let name: String
    switch command {
    case F_FULLFSYNC: name = "F_FULLFSYNC"
    case F_BARRIERFSYNC: name = "F_BARRIERFSYNC"
    default: return Glibc.fcntl(descriptor, command)
    }
    var status = stat()
    let found = fstat(descriptor, &status) == 0
    var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
    let path = length > 0 ? String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    if found && status.st_mode & S_IFMT == S_IFDIR {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        StubLedger.shared.record(.folderFlushed(command: name, path: path, names: names.sorted()))
    } else {
        StubLedger.shared.record(.fileFlushed(command: name, path: path, bytes: found ? Int64(status.st_size) : -1))
    }
    return fsync(descriptor)
}
#endif
