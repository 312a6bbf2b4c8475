import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Every scenario's Swift output, and the app-delegate code its next steps tell users to write, compiled with
/// real code generation in each compiler set-up: no error and no warning allowed. Against the stub SDK on Linux, and
/// against Apple's iOS Simulator SDK on a Mac (`CompileHost`).
@Suite("Generated code compiles cleanly", .tags(.slow))
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
    @Test(arguments: CompilerSetup.allCases)
    func platformGuardedOutputCompiles(_ setup: CompilerSetup) async throws {
        var answers = Scenarios.named("ios18-all-tasks").answers
        answers.guardsPlatform = true
        let scenario = Scenario(name: "guarded-all-tasks", flags: [], answers: answers)
        let swift = try scenario.renderedFiles().filter { $0.path.hasSuffix(".swift") }
        #expect(swift.allSatisfy { $0.contents.contains("\n#if canImport(BackgroundTasks) && canImport(UIKit)\n") })
        try await expectClean(scenario, setup, flags: ["-DDEBUG"])
    }

    private func expectClean(_ scenario: Scenario, _ setup: CompilerSetup, flags: [String]) async throws {
        var files = try ScenarioCompile.renderedSwiftFiles(of: scenario)
        files["AppDelegate.swift"] = try scenario.appDelegateExample()
        if try scenario.appDelegateExample().contains("ContentView()") {
            files["ContentView.swift"] = "import SwiftUI\n\nstruct ContentView: View {\n    var body: some View {\n        Text(\"Hello\")\n    }\n}\n"
        }
        let result = try await ScenarioCompile.compile(files, for: scenario, setup: setup, flags: flags)
        #expect(result.isClean, "\(scenario) in \(setup) \(flags) on \(CompileHost.current):\n\(result.output)")
    }
}
