// Compiled into the app module under test, never into a stub module.
//
// Darwin's `<sys/fcntl.h>` has `F_FULLFSYNC` and `F_BARRIERFSYNC`, which the generated code asks for a downloaded
// file, or its copy, before renaming it to its name, and for a download's folder after the rename; Glibc has neither
// the constants nor the commands. Module-level declarations shadow imported ones, so in the app module `fcntl(_:_:)`,
// `fsync(_:)` (`<unistd.h>`) and `open(_:_:)` are these: either command and `fsync` are recorded in the ledger, with
// the name and size a file has at that moment (a flush before the rename names the downloaded file or the copy, one
// after it the destination) or the names a folder holds then (a flush after the rename finds the destination there),
// and do on Linux what both commands promise at least, `fsync(2)`, which flushes the drive's cache there too; every
// other command is Glibc's. Each open is recorded with its flags (`StubEvent.descriptorOpened`). A check can make
// any of the three fail for a path (`FileFaults`), as a device's file systems do.
#if os(Linux)
import Foundation
import Glibc
import StubRuntime

/// Darwin's values, which no Linux command has.
public nonisolated let F_FULLFSYNC: Int32 = 51
public nonisolated let F_BARRIERFSYNC: Int32 = 85

public nonisolated func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    let resolved = URL(fileURLWithPath: String(cString: path)).resolvingSymlinksInPath().path
    if let code = FileFaults.shared.take(.open, of: resolved) {
        errno = code
        return -1
    }
    let descriptor = Glibc.open(path, flags)
    if descriptor >= 0 {
        let closeOnExec = Glibc.fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0
        StubLedger.shared.record(.descriptorOpened(path: resolved, closeOnExec: closeOnExec, folderOnly: flags & O_DIRECTORY != 0))
    }
    return descriptor
}

public nonisolated func fcntl(_ descriptor: Int32, _ command: Int32) -> Int32 {
    let name: String
    switch command {
    case F_FULLFSYNC: name = "F_FULLFSYNC"
    case F_BARRIERFSYNC: name = "F_BARRIERFSYNC"
    default: return Glibc.fcntl(descriptor, command)
    }
    return flush(descriptor, by: name, failing: .fcntl)
}

public nonisolated func fsync(_ descriptor: Int32) -> Int32 {
    flush(descriptor, by: "fsync", failing: .fsync)
}

/// `fsync(2)` of `descriptor`, recorded as `command`, unless a fault is planned for `call` on its path.
private nonisolated func flush(_ descriptor: Int32, by command: String, failing call: FileFaults.Call) -> Int32 {
    var status = stat()
    let found = fstat(descriptor, &status) == 0
    var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
    let path = length > 0 ? String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    if let code = FileFaults.shared.take(call, of: path) {
        errno = code
        return -1
    }
    if found && status.st_mode & S_IFMT == S_IFDIR {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        StubLedger.shared.record(.folderFlushed(command: command, path: path, names: names.sorted()))
    } else {
        StubLedger.shared.record(.fileFlushed(command: command, path: path, bytes: found ? Int64(status.st_size) : -1))
    }
    return Glibc.fsync(descriptor)
}
#endif
