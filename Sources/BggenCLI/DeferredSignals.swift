import Foundation
import Synchronization

/// Holds SIGINT, SIGTERM and SIGHUP while a plan is written, so a stop request lands after every file is written
/// (or rolled back), never between two files. The signal is then reported and the run ends with 128 + its number.
enum DeferredSignals {
    private static let caught = Atomic<Int32>(0)
    private static let held: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// How many writes are under way in this process, and the handlers to put back when the last one ends.
    /// Counted, because in-process callers (tests) may write concurrently and must not unhold each other.
    private static let state = Mutex<(writers: Int, previous: [sighandler_t?])>((0, []))

    /// Runs `body` with the signals held; returns the first one that arrived meanwhile.
    static func holding(_ body: () throws -> Void) rethrows -> Int32? {
        state.withLock { state in
            if state.writers == 0 {
                caught.store(0, ordering: .sequentiallyConsistent)
                state.previous = held.map { signal($0, record) }
            }
            state.writers += 1
        }
        defer {
            state.withLock { state in
                state.writers -= 1
                if state.writers == 0 {
                    for (number, handler) in zip(held, state.previous) { signal(number, handler) }
                }
            }
        }
        try body()
        return pending
    }

    /// The signal caught since the current write began, if any.
    static var pending: Int32? {
        let number = caught.load(ordering: .sequentiallyConsistent)
        return number == 0 ? nil : number
    }

    private static let record: @convention(c) (Int32) -> Void = { number in
        _ = DeferredSignals.caught.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
    }

    /// "SIGTERM" for 15.
    static func name(of number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}
