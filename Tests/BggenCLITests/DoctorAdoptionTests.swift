@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Adopting doctor in an app that already has findings, a step at a time (issue 42, item 2): paths excluded and
/// rules given another severity in `.bggen.json`, `--strict` and `--lenient`, and a baseline of accepted findings.
@Suite("Adopting doctor gradually")
struct DoctorAdoptionTests {
    /// An app whose delegate registers a refresh (BG001, error) its Info.plist does not permit, and a legacy module
    /// that submits one (BG003, error) without the background mode.
    private var app: DoctorRepository {
        DoctorRepository(modes: ["audio"]).with("App/AppDelegate.swift", """
            import BackgroundTasks

            func start() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in }
                schedule()
            }

            """).with("App/Legacy/Sync/Scheduler.swift", """
            import BackgroundTasks

            func schedule() {
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            """).launching("start()")
    }

    private func run(_ arguments: [String], _ repository: DoctorRepository) -> (status: Int32, output: String, errors: String) {
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: repository.fileSystem).run(["doctor", DoctorRepository.root, "--format", "xcode"] + arguments)
        return (status, console.output, console.errors)
    }

    /// `[RULE] file` of each finding, with its severity.
    private func findings(_ output: String) -> [String] {
        output.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            let file = String(parts[0].dropFirst(DoctorRepository.root.count + 1).prefix { $0 != ":" })
            return "\(parts[1].dropLast()) \(parts[2]) \(file)"
        }
    }

    @Test func everyFindingIsReportedWithoutSettings() {
        let result = run([], app)
        #expect(result.status == 1)
        #expect(findings(result.output) == ["error [BG001] App/AppDelegate.swift", "error [BG003] App/Legacy/Sync/Scheduler.swift"], "\(result.output)")
    }

    @Test func anExcludedFolderOrPatternReportsNothingButItsCodeStillCounts() {
        for excluded in [#""App/Legacy""#, #""App/*/Sync""#, #""App/Legacy/Sync/Sched*.swift""#] {
            let result = run([], app.with(".bggen.json", #"{"doctor": {"excluded": [\#(excluded)]}}"#))
            // The submission in the legacy folder is still read: BG001 says nothing of a missing submission.
            #expect(findings(result.output) == ["error [BG001] App/AppDelegate.swift"], "\(excluded): \(result.output)")
        }
        let unrelated = run([], app.with(".bggen.json", #"{"doctor": {"excluded": ["App/Leg", "Legacy"]}}"#))
        #expect(findings(unrelated.output).filter { $0.hasPrefix("error") }.count == 2,
                "a prefix of a name or a folder elsewhere excludes nothing: \(unrelated.output)")
    }

    /// An excluded path that matches no file (misspelt, or its folder since moved) excludes nothing while the
    /// file says it does: it is IGNORE001 at its line of `.bggen.json`, as a misspelt `// bggen:ignore` is. A rule
    /// id that is no rule is already an error at its line (`AnswersFileTests`).
    @Test func anExcludedPathThatMatchesNoFileIsReportedAtItsLine() {
        let result = run([], app.with(".bggen.json", """
            {
              "doctor": {
                "disabled": ["BG003"],
                "excluded": ["App/Legacy", "App/Leagcy", "*/Generated/*.swift", "App/Leg"]
              }
            }
            """))
        let reported = result.output.split(separator: "\n").filter { $0.contains("IGNORE001") }.map {
            String($0.dropFirst(DoctorRepository.root.count + 1))
        }
        let expected = [
            ".bggen.json:4:1: warning: [IGNORE001] 'doctor.excluded' lists 'App/Leagcy', which matches no file doctor reads, so it excludes nothing. Correct the path",
            ".bggen.json:4:1: warning: [IGNORE001] 'doctor.excluded' lists '*/Generated/*.swift', which matches no file doctor reads, so it excludes nothing. Correct the path",
            ".bggen.json:4:1: warning: [IGNORE001] 'doctor.excluded' lists 'App/Leg', which matches no file doctor reads, so it excludes nothing. Correct the path",
        ].sorted()
        #expect(reported.count == expected.count && zip(reported.sorted(), expected).allSatisfy { $0.hasPrefix($1) }, "\(result.output)")
        #expect(findings(result.output).filter { !$0.contains("IGNORE001") } == ["error [BG001] App/AppDelegate.swift"], "\(result.output)")
    }

    @Test func aRuleTakesTheSeverityTheRepositoryGivesIt() {
        let result = run([], app.with(".bggen.json", """
            {
              "doctor": {
                // Until the legacy sync is rewritten.
                "severity": {"BG003": "warning"}
              }
            }
            """))
        #expect(result.status == 1, "BG001 is still an error")
        #expect(findings(result.output) == ["error [BG001] App/AppDelegate.swift", "warning [BG003] App/Legacy/Sync/Scheduler.swift"], "\(result.output)")
        let lowered = run([], app.with(".bggen.json", #"{"doctor": {"severity": {"BG001": "note", "BG003": "note"}}}"#))
        #expect(lowered.status == 0, "\(lowered.output)")
    }

    @Test func lenientReportsErrorsAsWarningsAndStrictWarningsAsErrors() {
        let lenient = run(["--lenient"], app)
        #expect(lenient.status == 0, "a build phase stays green")
        #expect(findings(lenient.output) == ["warning [BG001] App/AppDelegate.swift", "warning [BG003] App/Legacy/Sync/Scheduler.swift"])
        #expect(!lenient.output.contains("error:"), "Xcode fails a Run Script that prints error:")

        let settings = app.with(".bggen.json", #"{"doctor": {"severity": {"BG003": "warning"}}}"#)
        let strict = run(["--strict"], settings)
        #expect(findings(strict.output) == ["error [BG001] App/AppDelegate.swift", "error [BG003] App/Legacy/Sync/Scheduler.swift"])

        let both = run(["--strict", "--lenient"], app)
        #expect(both.status == 64 && both.errors.hasPrefix("error: --strict and --lenient pull opposite ways; pass one."), "\(both.errors)")
    }

    @Test func aBaselineKeepsTheAcceptedFindingsOutAndOnlyNewOnesFail() throws {
        let repository = app
        let fileSystem = repository.fileSystem
        let console = FakeConsole(terminal: false)
        let written = CLI(console: console, fileSystem: fileSystem).run(["doctor", DoctorRepository.root, "--write-baseline", "/baseline.json"])
        #expect(written == 1, "the run that records the baseline reports as usual, as SwiftLint's does: \(console.output)")
        #expect(console.errors.contains("note: recorded 2 findings in /baseline.json; pass --baseline /baseline.json so only new findings count."), "\(console.errors)")
        let baseline = try fileSystem.read("/baseline.json")
        #expect(baseline.contains(#""rule": "BG001""#) && baseline.contains(#""file": "App/Legacy/Sync/Scheduler.swift""#), "\(baseline)")

        func audit(_ fileSystem: InMemoryFileSystem) -> (status: Int32, output: String) {
            let console = FakeConsole(terminal: false)
            let status = CLI(console: console, fileSystem: fileSystem).run(["doctor", DoctorRepository.root, "--baseline", "/baseline.json"])
            return (status, console.output)
        }
        let unchanged = audit(fileSystem)
        #expect(unchanged.status == 0)
        #expect(unchanged.output.hasSuffix("0 errors, 0 warnings, 0 notes in App, 2 in the baseline.\n"), "\(unchanged.output)")

        // Lines added above a finding leave its fingerprint as it was; a new finding fails the run.
        try fileSystem.writeAtomically("""
            import BackgroundTasks
            // A comment above.

            func start() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.cleanup", using: nil) { task in }
            }

            """, to: "\(DoctorRepository.root)/App/AppDelegate.swift")
        let grown = audit(fileSystem)
        #expect(grown.status == 1)
        #expect(grown.output.contains("com.example.app.cleanup") && !grown.output.contains("'com.example.app.refresh'"), "\(grown.output)")
    }

    @Test func aDisabledRegionDropsItsRulesFindingsAndAStaleOrMisspeltCommentIsReported() {
        let legacy = """
            import BackgroundTasks
            // bggen:disable BG003, BG005

            func schedule() {
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }
            // bggen:enable BG003
            // bggen:ignore BG07

            """
        let result = run([], app.with("App/Legacy/Sync/Scheduler.swift", legacy))
        #expect(findings(result.output) == ["error [BG001] App/AppDelegate.swift", "warning [IGNORE001] App/Legacy/Sync/Scheduler.swift",
                                            "warning [IGNORE001] App/Legacy/Sync/Scheduler.swift"], "\(result.output)")
        #expect(result.output.contains("Scheduler.swift:2:1: warning: [IGNORE001] bggen:disable BG005 suppresses nothing: no such finding is in its region any more."), "\(result.output)")
        #expect(result.output.contains("Scheduler.swift:8:1: warning: [IGNORE001] bggen:ignore names 'BG07', which is no doctor rule, so it suppresses nothing."), "\(result.output)")

        // After the enable, the rule is reported again; a stale comment is not reported when one target is audited.
        let reopened = run(["--target", "App"], app.with("App/Legacy/Sync/Scheduler.swift", legacy.replacingOccurrences(of: "// bggen:enable BG003", with: "")
            .replacingOccurrences(of: "// bggen:disable BG003, BG005", with: "// bggen:disable BG005\n// bggen:enable BG005")))
        #expect(findings(reopened.output) == ["error [BG001] App/AppDelegate.swift", "error [BG003] App/Legacy/Sync/Scheduler.swift",
                                              "warning [IGNORE001] App/Legacy/Sync/Scheduler.swift"], "\(reopened.output)")
    }

    /// A mark in the Info.plist whose finding is gone is reported like one in code (the plist was read for marks
    /// only when it had a finding), and a bare `// bggen:disable` disables nothing: doctor has no disable-all, which
    /// would hide every later finding in the file unseen, so it is reported at its line.
    @Test func aStaleMarkInTheInfoPlistAndABareDisableAreReportedAtTheirLines() throws {
        let plist = try #require(app.files["App/Info.plist"])
        let marked = plist.replacingOccurrences(of: "<dict>", with: "<dict>\n    <!-- bggen:ignore BG005 -->")
        let line = try #require(marked.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("bggen:ignore") }) + 1
        let legacy = "import BackgroundTasks\n// bggen:disable\n\nfunc schedule() {\n    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"com.example.app.refresh\"))\n}\n"
        let result = run([], app.with("App/Info.plist", marked).with("App/Legacy/Sync/Scheduler.swift", legacy))
        #expect(result.output.contains("App/Info.plist:\(line):1: warning: [IGNORE001] bggen:ignore BG005 suppresses nothing: no such finding is on this line or the next any more."),
                "\(result.output)")
        #expect(result.output.contains("Scheduler.swift:2:1: warning: [IGNORE001] bggen:disable names no rule, so it suppresses nothing."), "\(result.output)")
        #expect(findings(result.output).contains("error [BG003] App/Legacy/Sync/Scheduler.swift"), "\(result.output)")

        // Audited for one target, a stale mark is not reported, in the plist as in code.
        let one = run(["--target", "App"], app.with("App/Info.plist", marked))
        #expect(!one.output.contains("IGNORE001"), "\(one.output)")
    }

    @Test func aFileThatIsNoBaselineStopsTheRunNamingItsLine() throws {
        let fileSystem = app.fileSystem
        try fileSystem.writeAtomically("{\n  \"version\": 1,\n  \"fingerprints\": [\"a\",]\n}\n", to: "/baseline.json")
        let console = FakeConsole(terminal: false)
        #expect(CLI(console: console, fileSystem: fileSystem).run(["doctor", DoctorRepository.root, "--baseline", "/baseline.json"]) == 2)
        #expect(console.errors == "error: /baseline.json line 3 cannot be used as a baseline: it is not valid JSON: a trailing comma before ']'.\n", "\(console.errors)")
    }
}
