import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Every scenario's Swift output, and the app-delegate code its next steps tell users to write, compiled with
/// real code generation in each compiler set-up: no error and no warning allowed. Against the stub SDK on Linux, and
/// against Apple's iOS Simulator SDK on a Mac (`CompileHost`).
@Suite("Generated code compiles cleanly", .tags(.slow), .highPriority)
struct GeneratedCodeCompileTests {
    /// A Debug build, as Xcode runs it: `DEBUG` is defined, so the debug-only helpers are compiled too. It is the
    /// build the simulation runs (`SimulatedApp.compile`, one swiftc run per scenario and set-up for both), so the
    /// app-delegate example is compiled without its `@main` line, where the harness takes the entry point. In a
    /// set-up the simulator does not run (`CompilerSetup.simulated`) it is module `App` alone, the same compile.
    @Test(arguments: Scenarios.all, CompilerSetup.allCases)
    func scenarioCompilesWithoutDiagnostics(_ scenario: Scenario, _ setup: CompilerSetup) async throws {
        guard CompileHost.current.runsStubs else { return try await expectClean(scenario, setup, flags: ["-DDEBUG", "-Onone"]) }
        let sources = try SimulatedApp.sources(for: scenario)
        guard CompilerSetup.simulated.contains(setup) else {
            let app = try await SimulatedApp.appModule(sources, setup: setup)
            #expect(app.outcome.exitCode == 0 && app.generatedCodeDiagnostics.isEmpty, "\(scenario) in \(setup):\n\(app.outcome.output)")
            return
        }
        let build = try await SimulatedApp.compile(sources, setup: setup)
        #expect(build.isClean, "\(scenario) in \(setup):\n\(build.result.output)")
    }

    /// A Release build: whole-module optimisation runs the data-race checks over the whole module at once.
    @Test(arguments: CompilerSetup.allCases)
    func allTasksCompileForRelease(_ setup: CompilerSetup) async throws {
        try await expectClean(Scenarios.named("all-tasks"), setup, flags: ["-wmo", "-O"])
    }

    /// A target that also builds for macOS gets every file inside `#if canImport(BackgroundTasks) &&
    /// canImport(UIKit)`; the stub SDK has both modules, so the guarded code is compiled, not skipped.
    ///
    /// It is also the compile check of what the iOS 27 SDK builds for a target below iOS 27 (its rehearsal file
    /// included): the stubs have no `.tbd`, so `IOS27SDK.condition` is false on Linux, the iOS 26 SDK's answer,
    /// which every other scenario below 27 compiles and simulates; here it is forced true, against the stubs as an
    /// app below iOS 27 sees the iOS 27 SDK (`submitTaskRequest` there, `submit(_:)` not deprecated for it). On a
    /// Mac, Apple's SDK decides.
    @Test(arguments: CompilerSetup.allCases)
    func platformGuardedOutputCompiles(_ setup: CompilerSetup) async throws {
        var answers = Scenarios.named("ios18-all-tasks").answers
        answers.guardsPlatform = true
        answers[AnswerSpecs.tests] = true
        let scenario = Scenario(name: "guarded-all-tasks", flags: [], answers: answers)
        let swift = try scenario.renderedFiles().filter { $0.path.hasSuffix(".swift") }
        #expect(swift.allSatisfy { $0.contents.contains("\n#if canImport(BackgroundTasks) && canImport(UIKit)\n") })
        var switches = 0
        try await expectClean(scenario, setup, flags: ["-DDEBUG"]) { files in
            files["SchedulerDouble.swift"] = Self.schedulerDoubleBeforeIOS27SDK
            guard CompileHost.current.runsStubs else { return }
            for (name, contents) in files {
                let answered = IOS27SDKAnswer.answering(contents, asIOS27SDK: true)
                switches += answered.switches
                files[name] = answered.contents
            }
        }
        // The scheduler protocol and its default `submitTaskRequest`, the manager's submission and its iOS 27
        // helper; the continued-processing manager's submission and its iOS 27 helper; the rehearsals' fake scheduler.
        #expect(!CompileHost.current.runsStubs || switches == 7, "\(switches) switches")
    }

    /// A test double of `BackgroundTaskScheduling` as a user's tests wrote it against the iOS 26 SDK, which the
    /// manager's doc invites ("tests can hand it a fake scheduler"): `register` and `submit(_:)` only. Built with the
    /// iOS 27 SDK it must still conform, through the protocol's default `submitTaskRequest`.
    static let schedulerDoubleBeforeIOS27SDK = """
        import BackgroundTasks

        nonisolated final class SchedulerDouble: BackgroundTaskScheduling {
            func register(
                forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void
            ) -> Bool {
                true
            }

            func submit(_ taskRequest: BGTaskRequest) throws {}
        }

        """

    private func expectClean(_ scenario: Scenario, _ setup: CompilerSetup, flags: [String],
                             editing edit: (inout [String: String]) -> Void = { _ in }) async throws {
        var files = try ScenarioCompile.renderedSwiftFiles(of: scenario)
        edit(&files)
        files["AppDelegate.swift"] = try scenario.appDelegateExample()
        if try scenario.appDelegateExample().contains("ContentView()") {
            files["ContentView.swift"] = "import SwiftUI\n\nstruct ContentView: View {\n    var body: some View {\n        Text(\"Hello\")\n    }\n}\n"
        }
        let result = try await ScenarioCompile.compile(files, for: scenario, setup: setup, flags: flags)
        #expect(result.isClean, "\(scenario) in \(setup) \(flags) on \(CompileHost.current):\n\(result.output)")
    }
}
