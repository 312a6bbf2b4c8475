import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Every scenario's generated code, run against the simulated system in each compiler set-up: the stubs enforce
/// Apple's rules (registration, submission, launch and expiry, background sessions), and the harness checks what
/// the code does for each of the scenario's tasks. Twice per build: once through the generated seams with work the
/// checks inject, once through the app-delegate example with the work files bggen ships.
///
/// A trap (for example a main-actor launch handler called on the system's queue) ends the run with a signal and
/// fails with the output, which names the check that was running.
@Suite("Generated code runs right against the simulated system")
struct GeneratedCodeSimulationTests {
    @Test(arguments: Scenarios.all, CompilerSetup.allCases)
    func scenarioRunsRight(_ scenario: Scenario, _ setup: CompilerSetup) throws {
        let app = try SimulatedApp.build(try SimulatedApp.sources(for: scenario), setup: setup)
        for mode in HarnessRun.Mode.allCases {
            let run = try app.run(mode)
            #expect(run.isClean, "\(run)")
        }
    }

    /// The same checks under the thread sanitizer, stubs included, for the scenario with every task and the
    /// set-up that matters most. Any report fails (the run also halts on the first one).
    @Test("No data race under the thread sanitizer", arguments: ["all-tasks", "ios18-all-tasks"])
    func threadSanitizer(_ scenarioName: String) throws {
        let scenario = Scenarios.named(scenarioName)
        let app = try SimulatedApp.build(try SimulatedApp.sources(for: scenario), setup: .xcode26Defaults, sanitize: true)
        for mode in HarnessRun.Mode.allCases {
            let run = try app.run(mode)
            #expect(run.sanitizerReports == 0, "\(run)")
            #expect(run.isClean, "\(run)")
        }
    }
}
