import Dispatch
import Foundation

/// A value made on another thread while the caller does other work, which `take()` waits for: doctor reads every
/// source file while the project file is parsed on the calling thread, so a run whose project is large uses both
/// cores from its start instead of parsing on one while the other idles.
package final class Background<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var made: Value?
    private var taken = false
    private let cancellation = Cancellation()

    /// Starts `make` at once on a global queue, with the `Cancellation` that `cancel()` sets, for it to stop early.
    package init(_ make: @escaping @Sendable (Cancellation) -> Value) {
        let cancellation = cancellation
        DispatchQueue.global().async {
            let value = make(cancellation)
            self.lock.withLock { self.made = value }
            self.finished.signal()
        }
    }

    /// Tells the work that its value will not be taken: a caller that fails before it asks for the value leaves the
    /// rest of the work undone rather than finishing on the other cores (and in the MCP server, beside its next
    /// request). After `take()` it changes nothing.
    package func cancel() {
        cancellation.cancel()
    }

    /// Waits for the value and hands it over: the `Background` keeps no copy, so what the value holds is freed where
    /// its taker is done with it (doctor frees its 8,000 files' outcomes on a core it no longer needs). There is one
    /// value to hand over, so a second call is a programming error, stopped here rather than left waiting for ever.
    package func take() -> Value {
        let isFirst = lock.withLock { () -> Bool in
            defer { taken = true }
            return !taken
        }
        precondition(isFirst, "Background.take() was called a second time: its value was handed over already")
        finished.wait()
        return lock.withLock {
            defer { made = nil }
            return made
        }.unsafelyUnwrapped
    }
}
