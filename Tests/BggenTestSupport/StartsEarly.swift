#if canImport(Testing)
import Testing

/// Starts a test's work when the run is planned, before any test runs, at high priority.
///
/// A suite's tests start when Swift Testing reaches them on its pool (one thread per core), after the tests queued
/// before them; at high priority (`HighPriorityTrait`) they then go ahead, but they start no sooner. The simulator
/// suites' work, builds and then runs that mostly sleep, is the suite's longest, so it starts with the run and
/// overlaps everything else: `work` computes the results the test then checks (each kept in a cache the test reads,
/// which computes it itself if it was not started), in a task of its own. Only for a test the run includes: a run
/// that filters it out never plans it.
public struct StartsEarlyTrait: TestTrait {
    let work: @Sendable () async -> Void

    public func prepare(for test: Test) async throws {
        let work = work
        let suite = test.id.nameComponents.first
        Task.detached(priority: .high) { await SubprocessTimeline.$startedFor.withValue(suite) { await work() } }
    }
}

extension Trait where Self == StartsEarlyTrait {
    /// See `StartsEarlyTrait`.
    public static func startsEarly(_ work: @escaping @Sendable () async -> Void) -> Self {
        StartsEarlyTrait(work: work)
    }
}
#endif
