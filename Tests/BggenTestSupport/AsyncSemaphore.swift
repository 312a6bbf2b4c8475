import Foundation

/// A counting semaphore that suspends the waiting task instead of blocking its thread.
///
/// Swift Testing runs test cases on the cooperative pool, one thread per core: a `DispatchSemaphore.wait()` there
/// takes a core out of the suite for as long as it waits. A freed permit goes to the waiter of highest priority,
/// first come, first served among equals.
public actor AsyncSemaphore {
    /// At most one compiler per core, whichever suite starts it: more only makes each slower and holds more memory.
    public static let compilers = AsyncSemaphore(value: ProcessInfo.processInfo.activeProcessorCount)

    private var available: Int
    private var waiters: [(priority: Int, continuation: CheckedContinuation<Void, Never>)] = []

    public init(value: Int) {
        available = value
    }

    public func wait(priority: Int = 0) async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append((priority, $0)) }
    }

    public func signal() {
        // The first of the highest priority: a linear scan, as a suite queues at most a few hundred waiters.
        guard let first = waiters.indices.max(by: { waiters[$0].priority < waiters[$1].priority || (waiters[$0].priority == waiters[$1].priority && $0 > $1) }) else {
            available += 1
            return
        }
        waiters.remove(at: first).continuation.resume()
    }

    /// Runs `body` holding one permit, and gives it back however `body` ends.
    public nonisolated func withPermit<Result: Sendable>(
        priority: Int = 0, _ body: @Sendable () async throws -> Result
    ) async rethrows -> Result {
        await wait(priority: priority)
        do {
            let result = try await body()
            await signal()
            return result
        } catch {
            await signal()
            throw error
        }
    }
}
