import Foundation

/// Writes to a file descriptor with write(2), never with `FileHandle.write(_: Data)`: Apple's Foundation raises an
/// Objective-C exception when that write fails (EPIPE once a pager or a client has gone), which aborts bggen with a
/// crash report, and corelibs traps. bggen ignores SIGPIPE, so a gone reader is an EPIPE here like any other error.
enum DescriptorWrite {
    /// Writes every byte of `text`, again after EINTR and short writes; nil when all were written, else the errno of
    /// the write that failed.
    static func all(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
