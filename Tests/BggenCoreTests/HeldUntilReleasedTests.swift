@testable import BggenCore
import Foundation
import Testing

/// Doctor's model is freed by a background thread, not by the thread that writes the report.
@Suite("Doctor: the model freed in the background")
struct HeldUntilReleasedTests {
    /// Where and whether a `Probe` was freed.
    final class Freeing: @unchecked Sendable {
        var thread: Thread?
        let done = DispatchSemaphore(value: 0)
    }

    final class Probe: Sendable {
        let freeing: Freeing

        init(_ freeing: Freeing) {
            self.freeing = freeing
        }

        deinit {
            freeing.thread = Thread.current
            freeing.done.signal()
        }
    }

    @Test func aValueOnlyTheBoxHoldsIsFreedByTheBackgroundThread() {
        let freeing = Freeing()
        let held = HeldUntilReleased(Probe(freeing))
        #expect(held.value.freeing === freeing)
        held.releaseInBackground()
        #expect(freeing.done.wait(timeout: .now() + 30) == .success)
        #expect(freeing.thread != nil && freeing.thread !== Thread.current)
    }
}
