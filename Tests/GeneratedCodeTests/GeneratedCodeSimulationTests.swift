import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Every scenario's generated code, run against the simulated system in each compiler set-up whose run can find
/// something the others cannot (`CompilerSetup.simulated`): the stubs enforce Apple's rules (registration,
/// submission, launch and expiry, background sessions), and the harness checks what the code does for each of the
/// scenario's tasks. Twice per build: once through the generated seams with work the
/// checks inject, once through the app-delegate example with the work files bggen ships.
///
/// A trap (for example a main-actor launch handler called on the system's queue) ends the run with a signal and
/// fails with the output, which names the check that was running.
@Suite("Generated code runs right against the simulated system", .tags(.slow), .highPriority, .needsStubSDK)
struct GeneratedCodeSimulationTests {
    /// Every scenario is built and run as the run starts (`.startsEarly`): the runs mostly sleep, and the longest
    /// (the hung-submission checks) would otherwise end the suite.
    @Test(.startsEarly { await GeneratedCodeSimulationTests.startAll() }, arguments: Scenarios.all, CompilerSetup.simulated)
    func scenarioRunsRight(_ scenario: Scenario, _ setup: CompilerSetup) async throws {
        for run in try await Self.runs(of: scenario, setup: setup) {
            Self.expectClean(run, setup: setup)
        }
    }

    /// The scenario built in `setup` and run in each of its modes, once per test process, by whichever asks first:
    /// the test, or `startAll` as the run starts.
    static func runs(of scenario: Scenario, setup: CompilerSetup) async throws -> [HarnessRun] {
        try await runs.value(for: "\(scenario.name) \(setup.rawValue)") {
            let app = try await SimulatedApp.build(try SimulatedApp.sources(for: scenario), setup: setup)
            var runs: [HarnessRun] = []
            for mode in app.modes {
                runs.append(try await app.run(mode))
            }
            return runs
        }
    }

    private static let runs = ContentCache<String, [HarnessRun]>()

    /// Every scenario's `runs(of:setup:)` in each simulated set-up, at once (the compiler permits and the run slots
    /// bound how many build and run).
    static func startAll() async {
        guard CompileHost.current.runsStubs else { return }
        await withTaskGroup(of: Void.self) { group in
            for scenario in Scenarios.all {
                for setup in CompilerSetup.simulated {
                    group.addTask { _ = try? await runs(of: scenario, setup: setup) }
                }
            }
        }
    }

    /// Generated-code bugs the simulator found that the templates do not fix yet: each fails exactly this check
    /// in exactly these set-ups. Recorded as known issues so the suite stays green, and reported as an error
    /// once the template is fixed, so the entry gets removed.
    static let knownIssues: [(check: String, setups: Set<CompilerSetup>, reason: String)] = [
    ]

    static func expectClean(_ run: HarnessRun, setup: CompilerSetup) {
        let known = knownIssues.filter { $0.setups.contains(setup) }
        let unexpected = run.failed.filter { line in !known.contains { line.hasPrefix("\($0.check):") } }
        // Exit code 1 means "something failed", which is fine only when every failure is a known issue.
        #expect(run.ending == .exited(0) || (run.ending == .exited(1) && !run.failed.isEmpty), "\(run)")
        #expect(run.isDone && unexpected.isEmpty && run.violations.isEmpty && run.sanitizerReports == 0 && !run.passed.isEmpty, "\(run)")
        for issue in known where run.mode == .checks && run.ran(issue.check) {
            withKnownIssue(Comment(rawValue: issue.reason)) {
                #expect(!run.failed.contains { $0.hasPrefix("\(issue.check):") }, "\(run)")
            }
        }
    }

    /// The same checks under the thread sanitizer, stubs included, for the scenario with every task and the
    /// set-up that matters most. Any report fails (the run also halts on the first one).
    @Test("No data race under the thread sanitizer", arguments: ["all-tasks", "ios18-all-tasks"])
    func threadSanitizer(_ scenarioName: String) async throws {
        let scenario = Scenarios.named(scenarioName)
        let app = try await SimulatedApp.build(try SimulatedApp.sources(for: scenario), setup: .xcode26Defaults, sanitize: true)
        for mode in app.modes {
            let run = try await app.run(mode)
            #expect(run.sanitizerReports == 0, "\(run)")
            Self.expectClean(run, setup: .xcode26Defaults)
        }
    }
}
