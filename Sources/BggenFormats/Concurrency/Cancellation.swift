import Synchronization

/// A request to stop work under way on other threads, which that work looks at between its steps: doctor's first
/// reading of every source file starts before the project is read, and when reading the project fails, nobody will
/// take what it reads (`Background.cancel`), so the walk stops early instead of lexing the rest of the repository.
public final class Cancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public func cancel() {
        cancelled.store(true, ordering: .relaxed)
    }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
