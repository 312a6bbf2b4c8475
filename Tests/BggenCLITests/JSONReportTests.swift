@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `--json` carries everything the text report says: each note, each change to make by hand, the next steps.
@Suite("JSON report in an existing app")
struct JSONReportTests {
    /// `answers` holds every answer under its `.bggen.json` key, from the answers' declarations; `checkpoint`, `gpu`
    /// and `tests` are always there, `at`, `strategy` and `prefix` only when they apply, `objc` never.
    @Test func theAnswersObjectIsEveryAnswerUnderItsFileKey() throws {
        let plain = try Configuration(answers: Answers())
        #expect(JSONReport.answers(plain) == [
            "tasks": .array([.string("refresh"), .string("processing")]), "interval": .string("few-hours"), "network": .bool(false),
            "power": .bool(false), "bundleId": .string("com.example.app"), "ios": .string("16.0"), "checkpoint": .bool(false),
            "gpu": .bool(false), "style": .string("app-delegate"), "tests": .bool(false),
        ])
        let chosen = try Configuration(answers: AnswerSpecs.answers(fromFlags: [
            "--tasks", "processing,continued-processing", "--at", "02:30", "--strategy", "fail", "--prefix", "Acme", "--objc", "--tests",
        ]))
        let answers = JSONReport.answers(chosen)
        #expect(answers["at"] == .string("02:30") && answers["strategy"] == .string("fail") && answers["prefix"] == .string("Acme"))
        #expect(answers["tests"] == .bool(true) && answers["objc"] == nil)
    }

    private static let runs: [(fixture: String, arguments: [String])] = [
        ("NetNewsWire", ["--tasks", "refresh,processing,silent-push"]),
        ("GeneratedInfoPlist", ["--tasks", "refresh"]),
        ("TypeNameClash", ["--target", "Kite", "--tasks", "refresh,processing"]),
        ("XcodeGen", ["--tasks", "processing,silent-push"]),
    ]

    @Test(arguments: runs.map(\.fixture))
    func everyNoteAndStepOfTheTextReportIsInTheJSON(_ fixture: String) throws {
        let arguments = ["init", "--yes"] + Self.runs.first { $0.fixture == fixture }!.arguments
        let (first, second) = (try Fixtures.copy(fixture), try Fixtures.copy(fixture))
        let text = try InProcessRunner.run(arguments, in: first.url)
        let json = try InProcessRunner.run(arguments + ["--json"], in: second.url)
        #expect(text.status == 0 && json.status == 0, "\(text.stderr)\(json.stderr)")
        #expect(json.stderr.isEmpty, "--json says everything on stdout: \(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let notes = try #require(document["notes"] as? [String])
        let textNotes = text.stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }.map { String($0.dropFirst(6)) }
        #expect(notes == textNotes, "\(fixture)")
        // The steps: each listed by its title in the text, and with its prose and code in NEXT_STEPS.md.
        let steps = try #require(document["nextSteps"] as? [[String: Any]])
        let file = try first.nextSteps()
        #expect(steps.count >= 3 && file.contains("\n\(steps.count). ") && !file.contains("\n\(steps.count + 1). "), "\(fixture): \(file)")
        for (index, step) in steps.enumerated() {
            let title = try #require(step["title"] as? String)
            #expect(FilledLines.entry("\(index + 1).", in: text.stdout) == title, "\(fixture): \(title)")
            #expect(file.contains("\(index + 1). \(title)"), "\(fixture): \(title)")
            let code = try #require(step["code"] as? [[String: Any]])
            for block in code {
                let lines = try #require(block["code"] as? String).split(separator: "\n")
                #expect(lines.allSatisfy { file.contains($0) }, "\(fixture): \(block)")
            }
        }
        for instruction in document["instructions"] as? [String] ?? [] {
            #expect(FilledLines.flat(text.stdout).contains(FilledLines.flat("- " + instruction)), "\(fixture): \(instruction)")
        }
    }

    @Test func skipNotesAreInTheJSONWhenNothingIsLeftToAdd() throws {
        let repo = try Fixtures.copy("RegisteredIdentifiers")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--json"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["nothingToAdd"] as? Bool == true)
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["written"] as? Bool == false)
        let notes = try #require(document["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("skipped refresh: the app already registers com.example.legacy.refresh at Legacy/AppDelegate.m:10") }, "\(notes)")
    }
}

/// The bundle identifier the report shows is the one the identifiers use.
@Suite("Bundle identifiers with variables")
struct BundleIdentifierReportTests {
    @Test func resolvedValuesAreShownAndAnUndefinedVariableIsNamed() throws {
        let repo = try Fixtures.copy("UnresolvedBundleID")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Bundle ID: com.example.apple-samplecode.CRIP\n             (com.example.apple-samplecode.CRIP${SAMPLE_CODE_DISAMBIGUATOR})"), "\(run.stdout)")
        #expect(FilledLines.flat(run.stdout).contains("uses $(SAMPLE_CODE_DISAMBIGUATOR), which nothing in the repository defines; the identifiers start with com.example.apple-samplecode.CRIP, the value without it; pass --bundle-id"))
        #expect(run.stdout.contains("com.example.apple-samplecode.CRIP.refresh  (BGAppRefreshTask)"))
        #expect(!(try repo.files()).values.contains { $0.contains("com.example.app.") })
    }

    @Test func variablesTheProjectDefinesAreShownResolved() throws {
        let repo = try Fixtures.copy("HomeAssistant")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--dry-run"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Bundle ID: io.robbie.HomeAssistant\n             (${BUNDLE_ID_PREFIX}.HomeAssistant${BUNDLE_ID_SUFFIX}${PROVISIONING_SUFFIX})\n"), "\(run.stdout)")
        #expect(run.stdout.contains("io.robbie.HomeAssistant.processing"))
    }
}

/// A target without a deployment target never silently becomes iOS 16.0.
@Suite("Unset deployment targets")
struct UnsetDeploymentTargetTests {
    @Test func thePackagesPlatformsGiveIt() throws {
        let repo = try Fixtures.copy("UnsetDeploymentTarget")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: CRIPiOSApp · iOS 15.0 (from Package.swift)"), "\(run.stdout)")
        #expect(FilledLines.flat(run.stdout).contains("warning: target CRIPiOSApp sets no iOS deployment target; the generated code targets iOS 15.0, from Package.swift's platforms"))
        #expect(try repo.files()[".bggen.json"]?.contains("\"ios\": \"15.0\"") == true)
    }

    @Test func withoutAPackageItIsAWarningNamingIOS() throws {
        let repo = try Fixtures.copy("UnsetDeploymentTarget")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Package.swift"))
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--dry-run"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: CRIPiOSApp · iOS not set"), "\(run.stdout)")
        #expect(FilledLines.flat(run.stdout).contains("warning: target CRIPiOSApp sets no iOS deployment target; pass --ios with the app's, or the generated code targets iOS 16.0."))
    }
}
