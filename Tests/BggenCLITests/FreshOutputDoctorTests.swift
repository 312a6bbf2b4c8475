@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen doctor` right after `bggen init --yes` has nothing to say about bggen's own files: `.bggen.json` records
/// every answer that changes what is written (the platform guard, the kept `aps-environment`), so doctor renders
/// the same bytes init wrote. Only what the printed next steps still ask the user to do may be reported, as one
/// GEN003 note each.
@Suite("Doctor on fresh output")
struct FreshOutputDoctorTests {
    /// The findings doctor reports on the files `.bggen.json` lists, as `RULE file:line message`. What the printed
    /// next steps still ask for right after init is one GEN003 note each, and nothing else: the app does not call
    /// bggen's code yet, and (where bggen printed spec lines instead of editing a generated Info.plist) the spec
    /// lacks them. Those two notes are returned apart, so a test can say which it expects.
    private func findingsOnBggenFiles(_ repo: TemporaryDirectory) throws -> (other: [String], pending: [String]) {
        let record = try AnswersFile.decode(try String(contentsOf: repo.url.appendingPathComponent(AnswersFile.name), encoding: .utf8), path: AnswersFile.name)
        let ours = Set(record.files ?? [])
        let run = try InProcessRunner.run(["doctor", ".", "--format", "json"], in: repo.url)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]], "\(run.stdout)\(run.stderr)")
        var other: [String] = []
        var pending: [String] = []
        for finding in findings {
            guard let file = finding["file"] as? String, ours.contains(file) else { continue }
            let message = finding["message"] as? String ?? ""
            if finding["rule"] as? String == "GEN003", finding["severity"] as? String == "note" {
                pending.append(message.hasPrefix("The app does not call") ? "not called yet" : message.hasPrefix("The Info.plist keys bggen printed for") ? "spec lines to add" : message)
            } else {
                other.append("\(finding["rule"] ?? "") \(file):\(finding["line"] ?? "") \(message)")
            }
        }
        return (other, pending)
    }

    @Test(arguments: Scenarios.all)
    func everySnapshotScenario(_ scenario: Scenario) throws {
        let repo = try TemporaryDirectory()
        // The project has the scenario's iOS and bundle identifier: one that contradicts it is refused under --yes.
        func given(_ flag: String) -> String? { scenario.flags.firstIndex(of: flag).map { scenario.flags[$0 + 1] } }
        try repo.write(SyntheticProject.pbxproj(bundleIdentifier: given("--bundle-id") ?? "com.example.app",
                                                projectSettings: "GENERATE_INFOPLIST_FILE = YES; IPHONEOS_DEPLOYMENT_TARGET = \(given("--ios") ?? "16.0");"),
                       to: "App.xcodeproj/project.pbxproj")
        let run = try InProcessRunner.run(["init", "--yes"] + scenario.flags, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let findings = try findingsOnBggenFiles(repo)
        #expect(findings.other == [], "\(findings.other)")
        #expect(findings.pending.allSatisfy { $0 == "not called yet" } && findings.pending.count <= 1, "\(findings.pending)")
    }

    /// Every fixture app bggen adds to with `--yes` (and `--target` where it has several).
    @Test(arguments: [
        ("Multiplatform", []), ("NetNewsWire", []), ("DuckDuckGo", []), ("HomeAssistant", []), ("XcodeGen", []),
        ("Tuist", ["--target", "Hedvig", "--all-targets"]), ("SynchronizedTemplate", []), ("SeveralAppProjects", ["--target", "Shop"]),
        ("ObjCDelegate", []), ("GeneratedInfoPlist", []), ("PerConfigurationPlists", []), ("SwiftUITwoFolders", []),
        ("TypeNameClash", ["--target", "Kite", "--all-targets"]), ("PackageWithApp", []), ("SwiftPackage", []), ("LegacyFetch", ["--migrate-background-fetch"]),
        ("VisionOSTarget", []), ("CatalystTarget", []),
    ] as [(String, [String])])
    func everyFixtureApp(_ fixture: String, _ flags: [String]) throws {
        let repo = try Fixtures.copy(fixture)
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing,downloads,silent-push"] + flags, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let findings = try findingsOnBggenFiles(repo)
        #expect(findings.other == [], "\(fixture): \(findings.other)")
        // One note that the app does not call the code yet, and one for spec lines where bggen printed them.
        let generated = ["project.yml", "Project.swift"].contains { FileManager.default.fileExists(atPath: repo.url.appendingPathComponent($0).path) }
        let allowed = generated ? ["not called yet", "spec lines to add"] : ["not called yet"]
        #expect(Set(findings.pending).isSubset(of: allowed) && findings.pending.count == Set(findings.pending).count, "\(fixture): \(findings.pending)")
    }
}

/// Issue 19 item 5: what the next steps still ask for right after `init` is one GEN003 note each, naming the step or
/// the very lines bggen printed, never CHECK001, URL005, BG001 or BG003 on bggen's own files.
@Suite("Doctor: the next steps not done yet")
struct PendingNextStepsTests {
    @Test func anXcodeGenAppGetsOneNoteForTheCallAndOneNamingTheSpecLines() throws {
        let repo = try Fixtures.copy("XcodeGen")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing,downloads,silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let doctor = try InProcessRunner.run(["doctor", "."], in: repo.url)
        let output = doctor.stdout + doctor.stderr
        #expect(output.contains("note [GEN003] The app does not call registerTasks() and scheduleProcessingTask() yet, so no task is registered and background session events are not delivered."), "\(output)")
        #expect(output.contains("fix: Do step 3 of bggen/NEXT_STEPS.md, which shows the lines to add: Call the generated code from your SwiftUI App."), "\(output)")
        #expect(output.contains("note [GEN003] The Info.plist keys bggen printed for ElementX/SupportingFiles/target.yml are not added yet (BGTaskSchedulerPermittedIdentifiers: io.element.elementx.processing)"), "\(output)")
        #expect(output.contains("add under targets: ElementX: info: properties: BGTaskSchedulerPermittedIdentifiers: [io.element.elementx.background.refresh, io.element.elementx.processing]  (replaces the list already there); UIBackgroundModes: [audio, fetch, processing, voip, location, remote-notification]  (replaces the list already there), then run xcodegen generate."), "\(output)")
        #expect(output.components(separatedBy: "[GEN003]").count == 3, "\(output)")
        for rule in ["BG001", "BG003", "URL005"] { #expect(!output.contains("[\(rule)]"), "\(output)") }
        #expect(!output.contains("BackgroundTaskManager.swift\n  81:9  note [CHECK001]"), "\(output)")
    }
}

/// Issue 40 item 8: the app's own `registerTasks()` called at launch does not stand for bggen's: the call must name
/// bggen's type (`BggenBackgroundTaskManager` when a prefix is in use), or GEN003 still says it is not called.
@Suite("Doctor: bggen's registerTasks() is matched by its type")
struct RegisterTasksReceiverTests {
    private func doctorAfterInit(_ repo: TemporaryDirectory) throws -> String {
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let doctor = try InProcessRunner.run(["doctor", "."], in: repo.url)
        return doctor.stdout + doctor.stderr
    }

    @Test func theAppsOwnManagerOfTheSameNameIsNotBggens() throws {
        let repo = try Fixtures.copy("OwnRegisterTasks")
        let output = try doctorAfterInit(repo)
        #expect(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("Ledger/BackgroundProcessing/BggenBackgroundTaskManager.swift").path))
        #expect(output.contains("note [GEN003] The app does not call registerTasks() and scheduleAppRefresh() yet, so no task is registered."), "\(output)")

        // The registration the next steps print, added beside the app's own: the note names the schedule call alone.
        let delegate = repo.url.appendingPathComponent("Ledger/AppDelegate.swift")
        let text = try String(contentsOf: delegate, encoding: .utf8)
        try text.replacingOccurrences(of: "        return true", with: "        BggenBackgroundTaskManager.shared.registerTasks()\n        return true")
            .write(to: delegate, atomically: true, encoding: .utf8)
        let registered = try InProcessRunner.run(["doctor", "."], in: repo.url)
        let registeredOutput = registered.stdout + registered.stderr
        #expect(registeredOutput.contains("note [GEN003] The app does not call scheduleAppRefresh() yet, so no request is submitted for its task, which never runs."),
                "\(registeredOutput)")
        #expect(registeredOutput.components(separatedBy: "[GEN003]").count == 2, "\(registeredOutput)")

        // And the schedule call, as the app enters the background: the note goes.
        try Self.addingBackgroundCall("BggenBackgroundTaskManager.shared.scheduleAppRefresh()", to: delegate)
        let after = try InProcessRunner.run(["doctor", "."], in: repo.url)
        #expect(!(after.stdout + after.stderr).contains("[GEN003]"), "\(after.stdout)\(after.stderr)")
    }

    /// An app that pasted the registration and not the schedule call registers a task no request is ever made for:
    /// GEN003 says so at bggen's declaration of the schedule function, and a mention in a comment is no call.
    @Test func aRegistrationWithoutTheScheduleCallIsANextStepPending() throws {
        let repo = try Fixtures.copy("OwnRegisterTasks")
        let delegate = repo.url.appendingPathComponent("Ledger/AppDelegate.swift")
        let text = try String(contentsOf: delegate, encoding: .utf8)
        try text.replacingOccurrences(of: "BackgroundTaskManager.shared.registerTasks()", with: "LedgerJobs.shared.registerTasks()")
            .write(to: delegate, atomically: true, encoding: .utf8)
        let own = repo.url.appendingPathComponent("Ledger/BackgroundTaskManager.swift")
        try String(contentsOf: own, encoding: .utf8).replacingOccurrences(of: "BackgroundTaskManager", with: "LedgerJobs")
            .write(to: repo.url.appendingPathComponent("Ledger/LedgerJobs.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: own)
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        try String(contentsOf: delegate, encoding: .utf8)
            .replacingOccurrences(of: "        return true", with: "        BackgroundTaskManager.shared.registerTasks()\n        // Later: BackgroundTaskManager.shared.scheduleAppRefresh()\n        return true")
            .write(to: delegate, atomically: true, encoding: .utf8)
        let doctor = try InProcessRunner.run(["doctor", "."], in: repo.url)
        let output = doctor.stdout + doctor.stderr
        let manager = try String(contentsOf: repo.url.appendingPathComponent("Ledger/BackgroundProcessing/BackgroundTaskManager.swift"), encoding: .utf8)
        let lines = manager.split(separator: "\n", omittingEmptySubsequences: false)
        let declaration = try #require(lines.firstIndex { $0.contains("func scheduleAppRefresh()") })
        // At the function's name, as a finding about code points at the identifier it names: not at column 1.
        let name = try #require(lines[declaration].range(of: "scheduleAppRefresh"))
        let column = lines[declaration].distance(from: lines[declaration].startIndex, to: name.lowerBound) + 1
        #expect(column > 1)
        #expect(output.contains("Ledger/BackgroundProcessing/BackgroundTaskManager.swift\n  \(declaration + 1):\(column)  note [GEN003] The app does not call scheduleAppRefresh() and scheduleProcessingTask() yet, so no request is submitted for their tasks, which never run."),
                "\(output)")
        #expect(output.contains("fix: Do step 2 of bggen/NEXT_STEPS.md, which shows the lines to add: Call the generated code"), "\(output)")

        // One of the two called: the note names the other.
        try Self.addingBackgroundCall("BackgroundTaskManager.shared.scheduleAppRefresh()", to: delegate)
        let one = try InProcessRunner.run(["doctor", "."], in: repo.url)
        #expect((one.stdout + one.stderr).contains("note [GEN003] The app does not call scheduleProcessingTask() yet, so no request is submitted for its task, which never runs."),
                "\(one.stdout)\(one.stderr)")
    }

    /// `call` in a new `applicationDidEnterBackground(_:)` of the app delegate in `file`.
    private static func addingBackgroundCall(_ call: String, to file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let end = try #require(text.range(of: "}\n", options: .backwards))
        try text.replacingCharacters(in: end, with: "\n    func applicationDidEnterBackground(_ application: UIApplication) {\n        \(call)\n    }\n}\n")
            .write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func anAppFunctionNamedRegisterTasksWithoutAPrefixIsNotBggens() throws {
        let repo = try Fixtures.copy("OwnRegisterTasks")
        for (file, renamed) in [("AppDelegate", "AppDelegate"), ("BackgroundTaskManager", "LedgerJobs")] {
            let url = repo.url.appendingPathComponent("Ledger/\(file).swift")
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "BackgroundTaskManager", with: "LedgerJobs")
            try FileManager.default.removeItem(at: url)
            try text.write(to: repo.url.appendingPathComponent("Ledger/\(renamed).swift"), atomically: true, encoding: .utf8)
        }
        let output = try doctorAfterInit(repo)
        #expect(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("Ledger/BackgroundProcessing/BackgroundTaskManager.swift").path))
        #expect(output.contains("note [GEN003] The app does not call registerTasks() and scheduleAppRefresh() yet, so no task is registered."), "\(output)")
    }
}
