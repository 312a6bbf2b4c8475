import BggenCore
import BggenTestSupport
import Foundation

/// A scenario's generated code built with the simulator harness (Stubs/SimulatorHarness) into one executable,
/// linked against the stub SDK, which simulates the system and enforces Apple's rules at run time.
///
/// The harness is a module of its own that `@testable import`s the generated code's, so it uses the generated seams
/// the way an app's own unit tests would. Which of its checks apply is chosen with `-D` flags from the scenario's
/// tasks.
struct SimulatedApp: Sendable {
    /// What goes into the build: the rendered Swift files and the app-delegate example by file name, ready for a
    /// test to mutate, and the rendered Info.plist fragment the simulator reads its rules from.
    struct Sources: Sendable {
        let scenario: Scenario
        let configuration: Configuration
        var swiftFiles: [String: String]
        var infoPlist: String?

        var hasAppDelegate: Bool { swiftFiles["AppDelegate.swift"] != nil }
    }

    let sources: Sources
    let setup: CompilerSetup
    let isSanitized: Bool
    let executable: URL
    let directory: URL

    /// The app mode needs the app-delegate example.
    var modes: [HarnessRun.Mode] { sources.hasAppDelegate ? [.checks, .app] : [.checks] }

    static let harnessDirectory = StubSDK.stubsDirectory.appendingPathComponent("SimulatorHarness")

    /// Harness runs at once. They mostly sleep (grace periods, expiry), so more than one per core keeps the cores
    /// busy; a bound keeps the timing of each run close to what a quiet machine gives.
    private static let runSlots = AsyncSemaphore(value: 2 * ProcessInfo.processInfo.activeProcessorCount)

    static func sources(for scenario: Scenario) throws -> Sources {
        var swiftFiles: [String: String] = [:]
        var infoPlist: String?
        for file in try scenario.renderedFiles() {
            let name = (file.path as NSString).lastPathComponent
            if name.hasSuffix(".swift") {
                swiftFiles[name] = file.contents
            } else if name == "Info.fragment.plist" {
                infoPlist = file.contents
            }
        }
        var appDelegate = try scenario.appDelegateExample()
        if !appDelegate.isEmpty {
            // The harness has the entry point; a SwiftUI example's `@main` app is created by the harness instead.
            appDelegate = appDelegate.replacingOccurrences(of: "@main\n", with: "")
            swiftFiles["AppDelegate.swift"] = appDelegate
        }
        if appDelegate.contains("ContentView()") {
            swiftFiles["ContentView.swift"] = "import SwiftUI\n\nstruct ContentView: View {\n    var body: some View {\n        Text(\"Hello\")\n    }\n}\n"
        }
        let configuration = try scenario.configuration
        if !configuration.typePrefix.isEmpty {
            // The harness calls bggen's types by their own names; a prefixed run's code answers to those names here.
            // A file-private type is out of the harness's reach under any name.
            let code = swiftFiles.values.joined(separator: "\n")
            let types = try OutputRenderer().generatedNames(for: configuration).types.sorted().filter { name in
                let declaration = #"private[^\n{]*\b(class|struct|enum|actor|protocol|typealias) "# + configuration.typePrefix + name + #"\b"#
                return code.range(of: declaration, options: .regularExpression) == nil
            }
            swiftFiles[prefixAliasesFile] = types.map { "typealias \($0) = \(configuration.typePrefix)\($0)\n" }.joined()
        }
        return Sources(scenario: scenario, configuration: configuration, swiftFiles: swiftFiles, infoPlist: infoPlist)
    }

    /// The harness build of `sources`, which must succeed; the run-time files (the Info.plist) go into a folder of
    /// this app's own, since two apps can share one executable.
    static func build(_ sources: Sources, setup: CompilerSetup, sanitize: Bool = false) async throws -> SimulatedApp {
        try app(from: await compile(sources, setup: setup, sanitize: sanitize), sources: sources, setup: setup, sanitize: sanitize)
    }

    /// The app that runs `build`, which must have succeeded.
    static func app(from build: HarnessBuild, sources: Sources, setup: CompilerSetup, sanitize: Bool) throws -> SimulatedApp {
        guard build.result.exitCode == 0 else {
            throw StubSDK.Failure(summary: "building an executable failed (exit code \(build.result.exitCode))", output: build.result.output)
        }
        let directory = try Scratch.makeDirectory("simulated-app-\(sources.scenario.name)-\(setup.rawValue)")
        if let plist = sources.infoPlist {
            try plist.write(to: directory.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        }
        return SimulatedApp(sources: sources, setup: setup, isSanitized: sanitize, executable: build.executable, directory: directory)
    }

    /// Compiles `sources` with the harness into an executable, once per distinct input in a test process, so the
    /// compile check and the simulation of one (scenario, set-up) share one build.
    ///
    /// The generated code is module `App`, as the app target builds it; the harness is a module of its own that
    /// `@testable import`s it, as the app's unit tests do. A harness is compiled once per `App` interface (its
    /// `.swiftmodule`, which an edit inside a function body leaves byte for byte as it was) and flags, so a mutant
    /// costs the compile of its own module (or of the one file it edits: `build(mutant:of:setup:)`) and a link.
    /// Both are Debug builds as Xcode runs them (`-DDEBUG`, `-Onone`), each in one frontend for the whole module;
    /// `App`'s diagnostics are the compile check's (see `HarnessBuild.generatedCodeDiagnostics`).
    static func compile(_ sources: Sources, setup: CompilerSetup, sanitize: Bool = false) async throws -> HarnessBuild {
        let expectations = HarnessExpectations.source(for: sources.configuration, appDelegate: sources.swiftFiles["AppDelegate.swift"])
        let flags = compilerFlags(for: sources, setup: setup, sanitize: sanitize)
        let version = StubSDK.Version(for: sources.configuration.deploymentTarget)
        let key = HarnessBuild.Key(
            swiftFiles: sources.swiftFiles.merging(["HarnessExpectations.swift": expectations]) { $1 },
            setup: setup, flags: flags, sanitize: sanitize, sdk: version
        )
        return try await HarnessBuild.cache.value(for: key) {
            let app = try await appModule(sources, setup: setup, flags: flags, version: version)
            // A folder of its own: two builds can share one `App` module (equal sources, other expectations).
            let executable = try Scratch.makeDirectory("harness-\(sources.scenario.name)-\(setup.rawValue)").appendingPathComponent("App")
            guard app.outcome.exitCode == 0 else {
                return HarnessBuild(result: CompileResult(app.outcome), executable: executable, checkedFiles: app.checkedFiles)
            }
            let sdk = try await StubSDK.shared(version)
            let harness = try await HarnessObject.compile(
                against: app.module, expectations: expectations, setup: setup, flags: flags, sdk: sdk, version: version
            )
            let link = harness.outcome.exitCode == 0
                ? try await sdk.link(
                    objects: [try app.linkableObject()] + harness.objects, into: executable,
                    extraFlags: sanitize ? ["-sanitize=thread"] : [], sanitizedStubs: sanitize
                )
                : harness.outcome
            return HarnessBuild(
                result: CompileResult(
                    exitCode: link.exitCode,
                    output: [app.outcome, harness.outcome, link].map(\.output).joined(),
                    duration: app.outcome.duration + harness.outcome.duration + link.duration
                ),
                executable: executable,
                checkedFiles: app.checkedFiles
            )
        }
    }

    /// Module `App` of `sources` alone, built as `compile` builds it (the same flags, so the same cached build): a
    /// test module that `@testable import`s it and links with it, as an app's unit tests do, reuses the compile
    /// check's object, and a module whose edits stay inside function bodies keeps the same interface.
    static func appModule(_ sources: Sources, setup: CompilerSetup) async throws -> AppModule {
        try await appModule(sources, setup: setup, flags: compilerFlags(for: sources, setup: setup, sanitize: false),
                            version: StubSDK.Version(for: sources.configuration.deploymentTarget))
    }

    static func appModule(_ sources: Sources, setup: CompilerSetup, flags: [String], version: StubSDK.Version) async throws -> AppModule {
        let key = AppModule.Key(swiftFiles: sources.swiftFiles, setup: setup, flags: flags, sdk: version)
        return try await AppModule.cache.value(for: key) {
            let directory = try Scratch.makeDirectory("harness-sources-\(sources.scenario.name)-\(setup.rawValue)")
            var files: [URL] = []
            for (name, contents) in sources.swiftFiles.sorted(by: { $0.key < $1.key }) {
                let url = directory.appendingPathComponent(name)
                try contents.write(to: url, atomically: true, encoding: .utf8)
                files.append(url)
            }
            let checked = Set(sources.swiftFiles.keys).subtracting([prefixAliasesFile])
            let sdk = try await StubSDK.shared(version)
            let object = CompilerSetup.simulated.contains(setup) ? directory.appendingPathComponent("App.o") : nil
            let app = try await sdk.compileModule(swiftFiles: files, named: "App", setup: setup, extraFlags: flags, object: object, in: directory)
            return AppModule(outcome: app.outcome, module: app.module, object: object,
                             checkedFiles: Set(checked.map { directory.appendingPathComponent($0).path }))
        }
    }

    /// The scenarios whose harness runs the continued-processing checks of a scheduler that hangs for seconds
    /// (`ContinuedProcessingChecks.hungSubmissionChecks`): one per submission route, `submit(_:)` below iOS 27 and
    /// `submitTaskRequest` from it. `start(_:)` is the same code in every other scenario.
    static let hungSubmissionScenarios: Set<String> = ["continued-processing-ios26", "ios27-all-tasks"]

    /// Written by the test (not by bggen) for prefixed scenarios, so its diagnostics are not generated code's.
    static let prefixAliasesFile = "PrefixAliases.swift"

    static func compilerFlags(for sources: Sources, setup: CompilerSetup, sanitize: Bool) -> [String] {
        var flags: [String] = []
        let configuration = sources.configuration
        for spec in TaskSpec.all where configuration.includes(spec.kind) { flags += ["-D", spec.compileFlag] }
        if configuration.includes(.continuedProcessing) && configuration.gpu { flags += ["-D", "BGGEN_CONTINUED_GPU"] }
        if sources.hasAppDelegate { flags += ["-D", "BGGEN_APP_DELEGATE"] }
        if sources.swiftFiles["AppDelegate.swift"]?.contains("class AppDelegate") == true {
            flags += ["-D", "BGGEN_APP_DELEGATE_CLASS"]
        }
        if sources.swiftFiles["AppDelegate.swift"]?.contains("class SceneDelegate") == true {
            flags += ["-D", "BGGEN_SCENE_DELEGATE_CLASS"]
        }
        // From the rendered text rather than the answers, so the harness's checkpoint checks compile exactly when
        // there is a `CheckpointedWork` to check (a missing one fails `checkpoint.generated`).
        if sources.swiftFiles.values.contains(where: { $0.contains("protocol CheckpointedWork") }) {
            flags += ["-D", "BGGEN_CHECKPOINT"]
        }
        // Likewise the schedule checks, exactly when requests are made from due dates the manager keeps.
        if sources.swiftFiles.values.contains(where: { $0.contains("struct TaskDueDates") }) {
            flags += ["-D", "BGGEN_DUE_DATES"]
        }
        if sources.swiftFiles.values.contains(where: { $0.contains("var waitingWork: Set<String>?") }) {
            flags += ["-D", "BGGEN_WAITING_WORK"]
        }
        if sources.swiftFiles.values.contains(where: { $0.contains("struct ProcessingBackOff") }) {
            flags += ["-D", "BGGEN_BACK_OFF"]
        }
        if configuration.style == .swiftUI { flags += ["-D", "BGGEN_SWIFTUI"] }
        if configuration.deploymentTarget >= DeploymentTarget(major: 27, minor: 0) {
            flags += ["-D", "BGGEN_SUBMIT_TASK_REQUEST"]
        }
        if configuration.refreshRegisteredBySwiftUI { flags += ["-D", "BGGEN_SWIFTUI_REFRESH"] }
        if sanitize { flags.append("-sanitize=thread") }
        // Checks that mostly wait (a submission hung for seconds) test the templates' logic, not the compiler: they
        // run in the set-up the mutants use, unsanitized, and keep the suite within its time on two cores.
        if setup == .xcode26Defaults && !sanitize { flags += ["-D", "BGGEN_WAITING_CHECKS"] }
        if setup == .xcode26Defaults && !sanitize && hungSubmissionScenarios.contains(sources.scenario.name) {
            flags += ["-D", "BGGEN_HUNG_SUBMISSION_CHECKS"]
        }
        // A Debug build, as Xcode runs it: the debug-only helpers are compiled (and checked) too.
        flags += ["-D", "DEBUG"]
        // One frontend for the whole module, still -Onone: less than half the time of a batch build, and the same
        // code as far as the checks can tell (isolation checks, assertions and traps are all kept).
        flags.append("-wmo")
        return flags
    }

    /// Runs the harness in `mode`, in a home of its own, and collects what it reported. `eventTimeout` bounds the
    /// wait for each expected event: a passing run never waits that long, a failing one does, so runs that are
    /// meant to fail (mutants) pass a short one.
    func run(_ mode: HarnessRun.Mode, eventTimeout: Double? = nil) async throws -> HarnessRun {
        let home = try Scratch.makeDirectory("simulated-home")
        let temporary = home.appendingPathComponent("tmp", isDirectory: true)
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let plist = directory.appendingPathComponent("Info.plist")
        let plistArgument = FileManager.default.fileExists(atPath: plist.path) ? plist.path : "-"
        // Under the thread sanitizer everything is several times slower; the limits only bound failures.
        let grace = isSanitized ? 1.0 : 0.3
        let expiryGrace = isSanitized ? 2.0 : 0.5
        let timeout = eventTimeout ?? (isSanitized ? 15 : 5)
        let timing = ["--grace", "\(grace)", "--expiry-grace", "\(expiryGrace)", "--timeout", "\(timeout)"]
        let outcome = try await Self.runSlots.withPermit { try await Subprocess.launch(
            executable,
            arguments: [mode.rawValue, plistArgument] + timing,
            environment: [
                "HOME": home.path,
                // What NSHomeDirectory(), the app's container, answers on Linux.
                "CFFIXED_USER_HOME": home.path,
                "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                "TMPDIR": temporary.path,
                "TSAN_OPTIONS": "halt_on_error=1",
            ],
            in: home,
            timeLimit: isSanitized ? 240 : 60
        ) }
        return HarnessRun(
            label: "\(sources.scenario.name) / \(setup.rawValue)\(isSanitized ? " / tsan" : "") / \(mode.rawValue)",
            mode: mode, ending: outcome.ending, output: outcome.output, duration: outcome.duration
        )
    }
}

/// What one harness run reported, parsed from its output (see Stubs/HarnessKit/HarnessCore.swift for the format).
struct HarnessRun: Sendable, CustomStringConvertible {
    enum Mode: String, Sendable, CaseIterable {
        /// The generated seams with injected work.
        case checks
        /// The app-delegate example with the shipped work files.
        case app
    }

    let label: String
    let mode: Mode
    let ending: Subprocess.Ending
    let output: String
    let duration: Duration

    var lines: [Substring] { output.split(separator: "\n") }
    var passed: [String] { values(after: "PASS ") }
    var failed: [String] { values(after: "FAIL ") }
    var violations: [String] { values(after: "VIOLATION ") }
    var isDone: Bool { lines.contains { $0.hasPrefix("DONE ") } }
    var sanitizerReports: Int { output.components(separatedBy: "WARNING: ThreadSanitizer").count - 1 }
    /// The check that was running when the process died, if it did.
    var lastStarted: String? { values(after: "BEGIN ").last }

    /// Everything passed, nothing broke a rule, and the process ended normally.
    var isClean: Bool {
        ending == .exited(0) && isDone && failed.isEmpty && violations.isEmpty && sanitizerReports == 0 && !passed.isEmpty
    }

    /// Whether the check named `check` ran to a verdict.
    func ran(_ check: String) -> Bool {
        passed.contains(check) || failed.contains { $0.hasPrefix("\(check):") }
    }

    /// Whether a check or rule whose line contains `text` failed.
    func caught(_ text: String) -> Bool {
        (failed + violations).contains { $0.contains(text) }
    }

    var crashed: Bool {
        if case .signalled = ending { return true }
        return false
    }

    var description: String {
        var text = "\(label): \(ending), \(passed.count) passed, \(failed.count) failed, \(violations.count) violations"
        if !isDone { text += ", no DONE line (last check started: \(lastStarted ?? "none"))" }
        if sanitizerReports > 0 { text += ", \(sanitizerReports) ThreadSanitizer reports" }
        return text + ", \(duration)\n" + output
    }

    private func values(after prefix: String) -> [String] {
        lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }
}

/// The scenario's answers as Swift constants for the harness, so generated code is checked against what the user
/// asked for rather than against itself.
enum HarnessExpectations {
    /// The name of the SwiftUI `App` in a next-steps example, which the harness creates as SwiftUI would.
    static func swiftUIApp(in example: String?) -> String? {
        guard let example, let match = example.firstMatch(of: /struct (\w+): App\b/) else { return nil }
        return String(match.1)
    }

    static func source(for configuration: Configuration, appDelegate: String?) -> String {
        let identifiers = Identifiers(configuration)
        let nightly = configuration.nightlyAt
        let processingReschedules = configuration.processingSeconds != nil || nightly != nil
        func literal(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "nil" }
        func literal(_ number: Int?) -> String { number.map { "\(Double($0))" } ?? "nil" }
        return """
            // Written by the test from this scenario's answers.
            nonisolated enum HarnessExpectations {
                static let refreshIdentifier: String? = \(literal(identifiers[.refresh]))
                static let processingIdentifier: String? = \(literal(identifiers[.processing]))
                static let downloadSessionIdentifier: String? = \(literal(identifiers[.downloads]))
                static let uploadSessionIdentifier: String? = \(literal(identifiers[.uploads]))
                static let continuedProcessingPrefix: String? = \(literal(identifiers[.continuedProcessing]))
                static let refreshSeconds: Double? = \(literal(configuration.refreshSeconds))
                static let processingSeconds: Double? = \(literal(configuration.processingSeconds))
                static let processingNightly: (hour: Int, minute: Int)? = \(nightly.map { "(\($0.hour), \($0.minute))" } ?? "nil")
                static let processingReschedules = \(processingReschedules)
                static let requiresNetwork = \(configuration.requiresNetwork)
                static let requiresPower = \(configuration.requiresPower)
                static let continuedStrategyFails = \(configuration.strategy == .fail)
                static let continuedWantsGPU = \(configuration.gpu)
                static let checkpoint = \(configuration.checkpoint)
            }
            \(swiftUIApp(in: appDelegate).map { "\ntypealias HarnessSwiftUIApp = \($0)\n" } ?? "")
            """
    }
}
