import Dispatch
import Foundation

/// A value made on another thread while the caller does other work, which `take()` waits for: doctor reads every
/// source file while the project file is parsed on the calling thread, so a run whose project is large uses both
/// cores from its start instead of parsing on one while the other idles.
package final class Background<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var made: Value?

    /// Starts `make` at once on a global queue. A caller that never asks for the value leaves it to finish alone.
    package init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            let value = make()
            self.lock.withLock { self.made = value }
            self.finished.signal()
        }
    }

    /// Waits for the value and hands it over: the `Background` keeps no copy, so what the value holds is freed where
    /// its taker is done with it (doctor frees its 8,000 files' outcomes on a core it no longer needs). Call it once.
    package func take() -> Value {
        finished.wait()
        // Set before the signal; a second call would wait for ever here rather than find it taken.
        return lock.withLock {
            defer { made = nil }
            return made
        }.unsafelyUnwrapped
    }
}
