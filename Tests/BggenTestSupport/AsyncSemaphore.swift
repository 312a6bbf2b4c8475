import Foundation

/// A counting semaphore that suspends the waiting task instead of blocking its thread.
///
/// Swift Testing runs test cases on the cooperative pool, one thread per core: a `DispatchSemaphore.wait()` there
/// takes a core out of the suite for as long as it waits. Waiters here are resumed first come, first served.
public actor AsyncSemaphore {
    /// At most one compiler per core, whichever suite starts it: more only makes each slower and holds more memory.
    public static let compilers = AsyncSemaphore(value: ProcessInfo.processInfo.activeProcessorCount)

    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init(value: Int) {
        available = value
    }

    public func wait() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    public func signal() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// Runs `body` holding one permit, and gives it back however `body` ends.
    public nonisolated func withPermit<Result: Sendable>(_ body: @Sendable () async throws -> Result) async rethrows -> Result {
        await wait()
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
