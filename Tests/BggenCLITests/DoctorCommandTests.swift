@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen doctor` through the command line, in memory: formats, exit statuses, `--fix` and the answers file.
@Suite("bggen doctor")
struct DoctorCommandTests {
    /// An app that registers and submits a refresh its Info.plist neither permits nor has the mode for.
    private var broken: DoctorRepository {
        DoctorRepository(modes: ["audio"]).with("App/AppDelegate.swift", """
            import BackgroundTasks

            func start() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in }
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            """).launching("start()")
    }

    private func run(_ arguments: [String], _ fileSystem: InMemoryFileSystem) -> (status: Int32, output: String, errors: String) {
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: fileSystem).run(["doctor", DoctorRepository.root] + arguments)
        return (status, console.output, console.errors)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func textGroupsByFileAndEndsWithASummary() {
        let result = run([], broken.fileSystem)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("App/AppDelegate.swift\n  4:28  error [BG001] App registers 'com.example.app.refresh'"), "\(result.output)")
        #expect(result.output.contains("  5:40  error [BG003] App submits a refresh request"))
        #expect(result.output.contains("      fix: Add 'fetch' to UIBackgroundModes in App/Info.plist"))
        #expect(result.output.hasSuffix("2 errors, 0 warnings, 0 notes in App.\n2 of these can be fixed with `bggen doctor --fix` (see the changes first with --fix --dry-run).\n"), "\(result.output)")
    }

    /// On a terminal, findings are wrapped at word boundaries to its width (a terminal would cut words), each part's
    /// continuation under its text; in a pipe each part stays one line.
    @Test(arguments: [60, 80, 100])
    func textOnATerminalWrapsAtWords(width: Int) {
        let console = FakeConsole(terminal: true, environment: ["COLUMNS": "\(width)", "NO_COLOR": "1"])
        #expect(CLI(console: console, fileSystem: broken.fileSystem).run(["doctor", DoctorRepository.root]) == 1)
        let lines = console.output.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= width || !$0.trimmingCharacters(in: .whitespaces).contains(" ") }, "\(console.output)")
        let plain = run([], broken.fileSystem).output
        // A message continues under its start (6), a why or fix under its text (11).
        let rejoined = console.output.replacingOccurrences(of: #"\n( {11}| {6}(?!why:|fix:|bggen doctor --fix makes| ))"#, with: " ", options: .regularExpression)
        let findings = { (text: String) in text.components(separatedBy: "\n2 errors").first ?? "" }
        #expect(findings(rejoined) == findings(plain), "joined at its continuations, the wrapped text is the pipe's:\n\(console.output)")
        #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: 11)) } || width == 100, "\(console.output)")
    }

    @Test func xcodeLinesArePathLineColumnSeverityRule() throws {
        let result = run(["--format", "xcode"], broken.fileSystem)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let pattern = try Regex(#"^/repo/App/AppDelegate\.swift:\d+:\d+: (error|warning|note): \[[A-Z]+[0-9]{3}\] .+$"#)
        for line in lines {
            #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
        }
        #expect(lines[0].hasPrefix("/repo/App/AppDelegate.swift:4:28: error: [BG001] "))
    }

    @Test func jsonHasItsSchemaVersionAndEveryField() throws {
        let result = run(["--format", "json"], broken.fileSystem)
        let document = try object(result.output)
        #expect(Set(document.keys) == ["schemaVersion", "tool", "version", "root", "targets", "findings", "summary", "notes"])
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["targets"] as? [String] == ["App"])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 2)
        #expect(Set(findings[0].keys) == ["rule", "severity", "file", "line", "column", "target", "message", "why", "fix", "fixable"])
        #expect(findings[0]["rule"] as? String == "BG001")
        #expect(findings[0]["line"] as? Int == 4)
        #expect(findings[0]["fixable"] as? Bool == true)
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["errors": 2, "warnings": 0, "notes": 0, "suppressed": 0])
    }

    @Test func sarifIsVersion210WithRulesAndLocatedResults() throws {
        let result = run(["--format", "sarif"], broken.fileSystem)
        let log = try object(result.output)
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "bggen")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == DoctorRule.all.map(\.id))
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let first = results[0]
        #expect(first["ruleId"] as? String == "BG001")
        #expect(first["level"] as? String == "error")
        #expect(rules[try #require(first["ruleIndex"] as? Int)]["id"] as? String == "BG001")
        let location = try #require((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "App/AppDelegate.swift")
        #expect((location["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
        #expect((location["region"] as? [String: Int]) == ["startLine": 4, "startColumn": 28])
    }

    @Test func exitStatusFollowsFailOn() {
        let warningOnly = DoctorRepository(modes: ["fetch"])
        #expect(run([], warningOnly.fileSystem).status == 0)
        #expect(run(["--fail-on", "warning"], warningOnly.fileSystem).status == 1)
        #expect(run(["--fail-on", "error"], broken.fileSystem).status == 1)
        #expect(run([], DoctorRepository().fileSystem).status == 0)
    }

    @Test(arguments: [
        (["--format", "html"], "--format 'html' is not a format; use one of text, json, sarif, xcode, github."),
        (["--fail-on", "fatal"], "--fail-on 'fatal' is not a severity; use error, warning or note."),
        (["--dry-run"], "--dry-run shows what --fix would change; pass it with --fix."),
        (["--target", "Other"], "there is no iOS app target named 'Other'; pass --target with one of App."),
        (["--fomat", "json"], "unknown option '--fomat'; did you mean --format?"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) {
        let result = run(arguments, broken.fileSystem)
        #expect(result.status == 64)
        #expect(result.errors == "error: \(message)\nSee 'bggen doctor --help'.\n")
    }

    @Test func fixAddsOnlyWhatIsMissingAndTheRerunIsClean() throws {
        let fileSystem = broken.fileSystem
        let dryRun = run(["--fix", "--dry-run"], fileSystem)
        #expect(dryRun.output.contains("+\t\t<string>fetch</string>"), "\(dryRun.output)")
        #expect(dryRun.output.contains("+\t<key>BGTaskSchedulerPermittedIdentifiers</key>"))
        #expect(fileSystem.files["/repo/App/Info.plist"] == broken.files["App/Info.plist"], "a dry run writes nothing")
        let fixed = run(["--fix"], fileSystem)
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(fixed.errors == "")
        #expect(fixed.output == "0 errors, 0 warnings, 0 notes in App.\nFixed 1 file:\n  update App/Info.plist (5 lines added)\n", "\(fixed.output)")
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(fileSystem.files["/repo/App/Info.plist"]!.utf8), format: nil) as? [String: Any])
        #expect(plist["UIBackgroundModes"] as? [String] == ["audio", "fetch"])
        #expect(plist["BGTaskSchedulerPermittedIdentifiers"] as? [String] == ["com.example.app.refresh"])
    }

    @Test func fixAddsApsEnvironmentToTheAppsOwnEntitlements() throws {
        let push = DoctorRepository(modes: ["remote-notification"]).with("App/AppDelegate.swift", """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
                    .noData
                }
            }

            """)
        let fileSystem = push.fileSystem
        #expect(run(["--fix"], fileSystem).status == 0)
        #expect(fileSystem.files["/repo/App/App.entitlements"]?.contains("\t<key>aps-environment</key>\n\t<string>development</string>\n") == true)
    }

    @Test func fixAddsTheGPUEntitlementAndTheRerunIsClean() throws {
        let export = DoctorRepository(permitted: ["com.example.app.export.*"]).with("App/Export.swift", """
            import BackgroundTasks

            func export(_ request: BGContinuedProcessingTaskRequest) {
                request.requiredResources = .gpu
            }

            """)
        let fileSystem = export.fileSystem
        #expect(run([], fileSystem).output.contains("error [CPT001]"))
        #expect(run(["--fix"], fileSystem).status == 0)
        #expect(fileSystem.files["/repo/App/App.entitlements"]?.contains("\t<key>\(BackgroundModes.gpuEntitlementKey)</key>\n\t<true/>\n") == true)
        let rerun = run([], fileSystem)
        #expect(rerun.status == 0)
        #expect(rerun.output.hasPrefix("0 errors, 0 warnings"), "\(rerun.output)")
    }

    @Test func theAnswersFileDisablesRulesAndAnUnknownRuleIsAnError() {
        let repository = DoctorRepository(modes: ["fetch"])
        let disabled = repository.with(".bggen.json", #"{"doctor": {"disabled": ["MODE003"]}}"#)
        #expect(run(["--fail-on", "warning"], disabled.fileSystem).status == 0)
        let wrong = repository.with(".bggen.json", #"{"doctor": {"disabled": ["MODE999"]}}"#)
        let result = run([], wrong.fileSystem)
        #expect(result.status == 2, "a damaged .bggen.json: doctor could not do its job")
        #expect(result.errors.contains("'doctor.disabled' lists 'MODE999', which is not a doctor rule"), "\(result.errors)")
    }

    @Test func initKeepsTheDisabledRules() throws {
        let fileSystem = DoctorRepository(modes: ["fetch"]).with(".bggen.json", #"{"doctor": {"disabled": ["MODE003"]}}"#).fileSystem
        let console = FakeConsole(terminal: false)
        #expect(CLI(console: console, fileSystem: fileSystem).run(["init", "--yes", "--tasks", "refresh", DoctorRepository.root]) == 0, "\(console.errors)")
        #expect(fileSystem.files["/repo/.bggen.json"]?.contains(#""doctor": {"disabled": ["MODE003"]}"#) == true)
    }

    /// With --gpu, init writes the Background GPU Access entitlement into the app's own entitlements file, so
    /// doctor's CPT001 has nothing to say, and a second run changes nothing.
    @Test func initWritesTheGPUEntitlementIntoTheAppsEntitlements() throws {
        let fileSystem = DoctorRepository().fileSystem
        let arguments = ["init", "--yes", "--tasks", "continued-processing", "--gpu", DoctorRepository.root]
        let console = FakeConsole(terminal: false)
        #expect(CLI(console: console, fileSystem: fileSystem).run(arguments) == 0, "\(console.errors)")
        let written = try #require(fileSystem.files["/repo/App/App.entitlements"])
        #expect(written.contains("\t<key>\(BackgroundModes.gpuEntitlementKey)</key>\n\t<true/>\n"))
        #expect(CLI(console: FakeConsole(terminal: false), fileSystem: fileSystem).run(arguments) == 0)
        #expect(fileSystem.files["/repo/App/App.entitlements"] == written)
        let findings = try Doctor(fileSystem: fileSystem).audit(root: DoctorRepository.root).findings
        #expect(!findings.contains { $0.rule == .gpuWithoutEntitlement })
    }

    /// `bggen init` output, with the app-delegate code its next steps give, is what doctor wants: nothing to say.
    @Test(arguments: Scenarios.all)
    func initOutputHasNoFinding(scenario: Scenario) throws {
        let fileSystem = DoctorRepository().fileSystem
        let console = FakeConsole(terminal: false)
        // The repository's own bundle identifier, not the scenario's: under --yes another one is refused.
        let flags = scenario.flags.enumerated().filter { $0.element != "--bundle-id" && ($0.offset == 0 || scenario.flags[$0.offset - 1] != "--bundle-id") }.map(\.element)
        let status = CLI(console: console, fileSystem: fileSystem).run(["init", "--yes", DoctorRepository.root] + flags)
        #expect(status == 0, "\(console.errors)")
        // An Objective-C app delegate's methods go into its @implementation, as the next steps ask.
        let objectiveC = try scenario.appDelegateExample(language: "objc")
        if objectiveC.isEmpty {
            try fileSystem.writeAtomically(Data(try scenario.appDelegateExample().utf8), to: "/repo/App/AppDelegate.swift")
        } else {
            let implementation = objectiveC.replacingOccurrences(of: "\n- (BOOL)", with: "\n@implementation AppDelegate\n\n- (BOOL)", options: [], range: nil) + "@end\n"
            try fileSystem.writeAtomically(Data(implementation.utf8), to: "/repo/App/AppDelegate.m")
        }
        let report = try Doctor(fileSystem: fileSystem).audit(root: DoctorRepository.root)
        #expect(report.findings.map { "\($0.rule.id) \($0.location.file):\($0.location.line) \($0.message)" } == [])
    }

    @Test func helpListsEveryRule() {
        let reference = HelpText.page(DoctorOptions.command, full: true)
        for arguments in [["doctor", "--help"], ["help", "doctor"], ["doctor", "-h"]] {
            let console = FakeConsole(terminal: false)
            #expect(CLI(console: console, fileSystem: InMemoryFileSystem()).run(arguments) == 0)
            #expect(console.output == (arguments[0] == "help" ? reference : HelpText.page(DoctorOptions.command)))
        }
        for rule in DoctorRule.all {
            #expect(reference.contains("  \(rule.id) "), "\(rule.id)")
        }
        #expect(HelpText.main.contains("  doctor [DIR]  "))
    }

    /// XcodeGen rebuilds the Info.plist from project.yml, so `--fix` leaves it and says where the key goes.
    @Test func fixLeavesAnInfoPlistAGeneratorRebuilds() throws {
        let repo = try Fixtures.copy("XcodeGen")
        let settings = "ElementX/Sources/Application/Settings/AppSettings.swift"
        try repo.write(try repo.files()[settings]!.replacingOccurrences(of: "background.refresh", with: "background.sync"), to: settings)
        let before = try repo.files()
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: LocalFileSystem()).run(["doctor", repo.url.path, "--fix", "--format", "json"])
        #expect(status == 1)
        #expect(try repo.files() == before)
        let findings = try #require(try object(console.output)["findings"] as? [[String: Any]])
        let notPermitted = try #require(findings.first { $0["rule"] as? String == "BG001" })
        #expect(notPermitted["fixable"] as? Bool == false)
        #expect((notPermitted["fix"] as? String)?.hasSuffix("ElementX/SupportingFiles/Info.plist is generated from ElementX/SupportingFiles/target.yml: make the change under the target's info: properties there.") == true,
                "\(notPermitted["fix"] ?? "")")
    }

    @Test func findingsAreColouredOnATerminalOnly() {
        let console = FakeConsole(terminal: true)
        #expect(CLI(console: console, fileSystem: broken.fileSystem).run(["doctor", DoctorRepository.root]) == 1)
        #expect(console.output.contains("\u{1B}[31merror\u{1B}[0m [BG001]"))
        #expect(!run([], broken.fileSystem).output.contains("\u{1B}["))
    }

    @Test func aFolderWithoutAProjectOrAMissingFolderIsAClearError() {
        let empty = InMemoryFileSystem(directories: ["/repo"])
        let noProject = run([], empty)
        #expect(noProject.status == 2, "doctor could not do its job: not a finding")
        #expect(noProject.errors.hasPrefix("error: no Xcode project, project.yml, Project.swift or Package.swift found in '/repo'"), "\(noProject.errors)")
        let console = FakeConsole(terminal: false)
        #expect(CLI(console: console, fileSystem: empty).run(["doctor", "/nowhere"]) == 64)
        #expect(console.errors == "error: '/nowhere' is not a folder; pass the repository to check.\nSee 'bggen doctor --help'.\n")
    }

    @Test func aMalformedInfoPlistNamesItsFileAndLine() {
        let repository = broken.with("App/Info.plist", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>UIBackgroundModes</key>\n</dict>\n</plist>\n")
        let result = run([], repository.fileSystem)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("error: 'App/Info.plist' line 4 is not a valid property list"), "\(result.errors)")
    }

    @Test func theDoctorEntryOfTheAnswersFileMustBeAnObjectOfRuleIds() {
        let repository = DoctorRepository().with(".bggen.json", #"{"doctor": ["BG002"]}"#)
        let result = run([], repository.fileSystem)
        #expect(result.status == 2)
        #expect(result.errors.contains(#".bggen.json line 1 cannot be used: 'doctor' must be an object such as {"disabled": ["BG002"]"#), "\(result.errors)")
        let misspelt = run([], DoctorRepository().with(".bggen.json", #"{"doctor": {"disable": ["BG002"]}}"#).fileSystem)
        #expect(misspelt.status == 2, "a misspelt key in the repository's file is no usage error")
        #expect(misspelt.errors.contains("'doctor.disable' is not a doctor setting (settings: disabled, excluded, severity)"), "\(misspelt.errors)")
    }

    @Test func aGeneratedFileFromOlderTemplatesIsAWarning() throws {
        let fileSystem = DoctorRepository().fileSystem
        let console = FakeConsole(terminal: false)
        #expect(CLI(console: console, fileSystem: fileSystem).run(["init", "--yes", "--tasks", "refresh", DoctorRepository.root]) == 0)
        let path = "/repo/App/BackgroundProcessing/BackgroundTaskRun.swift"
        let current = try #require(fileSystem.files[path])
        let body = String(current[current.index(after: current.firstIndex(of: "\n")!)...])
        let older = GeneratedMarker.stamp(body.replacingOccurrences(of: "import", with: "// An older template.\nimport", options: [], range: body.range(of: "import")), path: path)
        try fileSystem.writeAtomically(Data(older.utf8), to: path)
        try fileSystem.writeAtomically(Data(try Scenarios.named("refresh").appDelegateExample().utf8), to: "/repo/App/AppDelegate.swift")
        let report = try Doctor(fileSystem: fileSystem).audit(root: DoctorRepository.root)
        #expect(report.findings.map { "\($0.rule.id) \($0.location.file):\($0.location.line)" } == ["GEN002 App/BackgroundProcessing/BackgroundTaskRun.swift:1"])
    }

    /// The rehearsals of push-scheduled processing build the work with `makeSilentPushWork(processing:)`: an outdated
    /// rehearsal file says, before it is regenerated, that the user's older `SilentPushWork.swift` lacks that factory
    /// (the "process" push is then not rehearsed), and only then.
    @Test func anOutdatedRehearsalFileNamesASilentPushWorkWithoutProcessing() throws {
        let fileSystem = DoctorRepository().fileSystem
        #expect(CLI(console: FakeConsole(terminal: false), fileSystem: fileSystem).run(["init", "--yes", "--tasks", "processing,silent-push", "--tests", DoctorRepository.root]) == 0)
        let rehearsal = try #require(fileSystem.files.keys.first { $0.hasSuffix("/BackgroundTaskRehearsalTests.swift") })
        let work = try #require(fileSystem.files.keys.first { $0.hasSuffix("/SilentPushWork.swift") })
        let current = try #require(fileSystem.files[rehearsal])
        let body = String(current[current.index(after: current.firstIndex(of: "\n")!)...])
        try fileSystem.writeAtomically(Data(GeneratedMarker.stamp("// An older template.\n" + body, path: rehearsal).utf8), to: rehearsal)
        func fix() throws -> String {
            try #require(try Doctor(fileSystem: fileSystem).audit(root: DoctorRepository.root).findings.first { $0.rule.id == "GEN002" }).fix
        }
        #expect(try !fix().contains("declares no makeSilentPushWork(processing:)"), "the work file bggen wrote has the factory")
        let written = try #require(fileSystem.files[work])
        let older = written.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("processing") }.joined(separator: "\n")
        try fileSystem.writeAtomically(Data(older.utf8), to: work)
        let named = try fix()
        #expect(named.contains("SilentPushWork.swift, written by an older bggen, declares no makeSilentPushWork(processing:), so the new rehearsal file leaves the \"process\" push out"), "\(named)")
    }
}

/// What a CI job reads from doctor: exit 1 for findings, 2 when doctor could not run, a document in every case.
@Suite("doctor in CI")
struct DoctorCITests {
    private func run(_ arguments: [String], _ fileSystem: InMemoryFileSystem) -> (status: Int32, output: String, errors: String) {
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: fileSystem).run(["doctor"] + arguments)
        return (status, console.output, console.errors)
    }

    private var broken: DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.processing"], modes: ["audio"]).with("App/AppDelegate.swift", """
            import BackgroundTasks

            func start() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in }
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            """).launching("start()")
    }

    @Test func aFailedRunStillPrintsValidSARIF() throws {
        let empty = InMemoryFileSystem(directories: ["/repo"])
        let result = run(["/repo", "--format", "sarif"], empty)
        #expect(result.status == 2)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        let invocation = try #require((runs.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false && invocation["exitCode"] as? Int == 2)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect(((notification["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("no Xcode project") == true)
        #expect((runs.first?["results"] as? [Any])?.isEmpty == true)
        let usage = run(["/repo", "--format", "sarif", "--fail-on", "never"], empty)
        #expect(usage.status == 64 && (try? JSONSerialization.jsonObject(with: Data(usage.output.utf8))) != nil, "a usage error too")
    }

    @Test func aFailedRunStillPrintsJSONWithItsExitStatus() throws {
        let result = run(["/repo", "--format", "json"], InMemoryFileSystem(directories: ["/repo"]))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["exitStatus"] as? Int == 2 && (document["error"] as? String)?.isEmpty == false)
    }

    @Test func githubFormatIsOneWorkflowCommandPerFinding() throws {
        let result = run([DoctorRepository.root, "--format", "github"], broken.fileSystem)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.output)")
        #expect(lines[0].hasPrefix("::error file=\(DoctorRepository.root)/App/AppDelegate.swift,line=4,col=28,title=BG001::App registers"), "\(lines[0])")
        #expect(lines[2].hasPrefix("::warning file=\(DoctorRepository.root)/App/Info.plist,line=9,col=3,title=BG002::"), "\(lines[2])")
        #expect(lines.last == "::notice title=bggen doctor::2 errors, 1 warning, 0 notes in App.")
        #expect(DoctorOutput.githubProperty("a,b:c%\nd") == "a%2Cb%3Ac%25%0Ad")
        #expect(DoctorOutput.githubMessage("App\u{1B}]0;forged\u{07}.swift") == #"App\u{1B}]0;forged\u{07}.swift"#, "no escape sequence reaches the log")
    }

    /// A clean run annotates nothing: a `::notice` on every green pull request would be noise a team learns to
    /// ignore.
    @Test func githubFormatIsSilentOnACleanRun() throws {
        let clean = run([DoctorRepository.root, "--format", "github"], DoctorRepository().fileSystem)
        #expect(clean.status == 0)
        #expect(clean.output.isEmpty, "\(clean.output)")
    }

    @Test func quietListsOnlyWhatFailsTheRun() throws {
        let loud = run([DoctorRepository.root], broken.fileSystem)
        let quiet = run([DoctorRepository.root, "-q"], broken.fileSystem)
        #expect(loud.output.contains("[BG002]"), "\(loud.output)")
        #expect(!quiet.output.contains("[BG002]") && quiet.output.contains("[BG001]"), "\(quiet.output)")
        #expect(quiet.output.contains("2 errors, 1 warning, 0 notes in App."), "the summary still counts everything: \(quiet.output)")
    }

    @Test func eachFixableFindingSaysSoAndTheFixIsSummarised() throws {
        let result = run([DoctorRepository.root], broken.fileSystem)
        #expect(result.output.contains("      bggen doctor --fix makes this change.\n"), "\(result.output)")
    }
}
