import Foundation
import Synchronization

/// Holds SIGINT, SIGTERM and SIGHUP while a plan is written, so a stop request lands after every file is written
/// (or rolled back), never between two files. The signal is then reported and the run ends with 128 + its number.
enum DeferredSignals {
    private static let caught = Atomic<Int32>(0)
    private static let held: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// One held write at a time in this process: a signal is sent to the process, so two writes held at once
    /// (in-process callers: tests, `bggen mcp`) would each take the other's stop request for their own.
    private static let writing = NSLock()

    /// Runs `body` with the signals held; returns the first one that arrived meanwhile.
    static func holding(_ body: () throws -> Void) rethrows -> Int32? {
        writing.lock()
        defer { writing.unlock() }
        caught.store(0, ordering: .sequentiallyConsistent)
        let previous = held.map { signal($0, record) }
        defer { for (number, handler) in zip(held, previous) { signal(number, handler) } }
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
