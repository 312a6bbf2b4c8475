@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen doctor` right after `bggen init --yes` has nothing to say about bggen's own files: `.bggen.json` records
/// every answer that changes what is written (the platform guard, the kept `aps-environment`), so doctor renders
/// the same bytes init wrote. Only what the printed next steps still ask the user to do may be reported.
@Suite("Doctor on fresh output")
struct FreshOutputDoctorTests {
    /// The findings doctor reports on the files `.bggen.json` lists, as `RULE file:line message`.
    private func findingsOnBggenFiles(_ repo: TemporaryDirectory, spec: Bool = false) throws -> [String] {
        let record = try AnswersFile.decode(try String(contentsOf: repo.url.appendingPathComponent(AnswersFile.name), encoding: .utf8), path: AnswersFile.name)
        let ours = Set(record.files ?? [])
        let run = try InProcessRunner.run(["doctor", ".", "--format", "json"], in: repo.url)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]], "\(run.stdout)\(run.stderr)")
        return findings.compactMap { finding in
            guard let file = finding["file"] as? String, ours.contains(file) else { return nil }
            // What the next steps ask for is not done yet right after init: the app does not call bggen's code
            // (CHECK001, URL005), and a spec bggen does not edit lacks the keys until the user adds them.
            let rule = finding["rule"] as? String ?? ""
            if rule == "CHECK001" || rule == "URL005" || (spec && ["BG001", "BG003"].contains(rule)) { return nil }
            return "\(finding["rule"] ?? "") \(file):\(finding["line"] ?? "") \(finding["message"] ?? "")"
        }
    }

    @Test(arguments: Scenarios.all)
    func everySnapshotScenario(_ scenario: Scenario) throws {
        let repo = try TemporaryDirectory()
        try repo.write(SyntheticProject.pbxproj(projectSettings: "GENERATE_INFOPLIST_FILE = YES; IPHONEOS_DEPLOYMENT_TARGET = 16.0;"),
                       to: "App.xcodeproj/project.pbxproj")
        let run = try InProcessRunner.run(["init", "--yes"] + scenario.flags, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let findings = try findingsOnBggenFiles(repo)
        #expect(findings == [], "\(findings)")
    }

    /// Every fixture app bggen adds to with `--yes` (and `--target` where it has several).
    @Test(arguments: [
        ("Multiplatform", []), ("NetNewsWire", []), ("DuckDuckGo", []), ("HomeAssistant", []), ("XcodeGen", []),
        ("Tuist", ["--target", "Hedvig"]), ("SynchronizedTemplate", []), ("SeveralAppProjects", ["--target", "Shop"]),
        ("ObjCDelegate", []), ("GeneratedInfoPlist", []), ("PerConfigurationPlists", []), ("SwiftUITwoFolders", []),
        ("TypeNameClash", ["--target", "Kite", "--all-targets"]), ("PackageWithApp", []), ("SwiftPackage", []), ("LegacyFetch", ["--migrate-background-fetch"]),
    ] as [(String, [String])])
    func everyFixtureApp(_ fixture: String, _ flags: [String]) throws {
        let repo = try Fixtures.copy(fixture)
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing,downloads,silent-push"] + flags, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let findings = try findingsOnBggenFiles(repo, spec: ["XcodeGen", "Tuist"].contains(fixture))
        #expect(findings == [], "\(fixture): \(findings)")
    }
}
