#if canImport(Testing)
import Testing

/// Runs a suite at high priority: its tests, and every task they start, are scheduled ahead of the in-process tests.
///
/// Swift Testing runs every test on the cooperative pool, one thread per core, first come, first served: the
/// in-process tests (the CLI, doctor and fuzz tests), which keep a core busy for seconds each, held both threads
/// for the suite's first minutes, and a suite that compiles and runs generated code waited behind them at each of
/// its steps (the stub SDK's first compile began after five minutes), then ran its simulator runs, which mostly
/// sleep, at the end with little else to overlap them. At high priority its steps, which mostly wait for a child
/// process, go first; the children (at most one compiler per core, `AsyncSemaphore.compilers`) share the cores with
/// the in-process tests, and the runs' sleeps overlap them.
public struct HighPriorityTrait: SuiteTrait, TestScoping {
    /// Once around the whole suite: the tasks Swift Testing starts for its tests inherit the priority.
    public var isRecursive: Bool { false }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite ? self : nil
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The child task is awaited before this returns, so `function` does not outlive the call.
        try await withoutActuallyEscaping(function) { function in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask(priority: .high) { try await function() }
                try await group.waitForAll()
            }
        }
    }
}

extension Trait where Self == HighPriorityTrait {
    /// See `HighPriorityTrait`.
    public static var highPriority: Self { HighPriorityTrait() }
}
#endif
