import Foundation

/// A thread with macOS's stack for secondary threads: 512 KiB (8 MiB on Linux), where Dispatch's workers (the
/// walk's lexing) and Swift Testing's tasks run on a Mac. A reader that recurses too deep for it kills the test
/// process with SIGSEGV, as it would kill bggen on a Mac.
package enum SmallStack {
    package static let macOSSecondaryThread = 512 * 1024

    /// Runs `body` on a new thread of `size` bytes of stack and returns its result once the thread is done.
    package static func run<Result: Sendable>(size: Int = macOSSecondaryThread, _ body: @escaping @Sendable () -> Result) -> Result {
        let done = DispatchSemaphore(value: 0)
        let box = Box<Result>()
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        return box.value!
    }

    /// Written by the thread before it signals and read after the wait, so the semaphore orders the two.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }
}
