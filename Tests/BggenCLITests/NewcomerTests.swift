@testable import BggenCLI
@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The first ten minutes: a short `init` report with the whole steps in `bggen/NEXT_STEPS.md`, shown again on
/// request, and `doctor` on the quick start's output.
@Suite("A newcomer's first run")
struct NewcomerTests {
    @Test(arguments: Scenarios.all)
    func theStepsReadBackAsTheyWereRendered(_ scenario: Scenario) throws {
        let text = try scenario.nextSteps()
        let steps = NextSteps(markdown: text)
        // Byte for byte, but numbered from 1: without the Info.plist step the template starts at 2.
        let numbers = try Regex(#"(?m)^\d+\. "#)
        #expect(steps.markdown.replacing(numbers, with: "N. ") == text.replacing(numbers, with: "N. "), "\(scenario)")
        #expect(steps.markdown.hasPrefix("Next steps\n\n1. "), "\(scenario)")
        #expect(steps.steps.count == text.split(separator: "\n").filter { $0.first?.isNumber == true && $0.contains(". ") }.count)
        for step in steps.steps {
            #expect(!step.title.isEmpty && step.title.count <= 120, "\(scenario): \(step.title)")
            #expect(!step.text.contains("```") && !step.text.contains("_simulateLaunch"), "\(scenario): code stays out of the prose")
        }
        let swift = steps.steps.flatMap(\.code).filter { $0.language == "swift" }
        #expect(swift.allSatisfy { !$0.code.contains("```") && $0.code.hasSuffix("}\n") }, "\(scenario)")
    }

    @Test func addedStepsComeFirstAndAreNumberedWithTheTemplates() {
        var steps = NextSteps(markdown: "Next steps\n\n1. Do this.\n\n2. Then that:\n       code\n")
        steps.prepend(["run xcodegen generate so App picks up the new files."])
        #expect(steps.markdown == "Next steps\n\n1. Run xcodegen generate so App picks up the new files.\n\n2. Do this.\n\n3. Then that:\n       code\n")
        #expect(steps.steps[2].code == [NextSteps.CodeBlock(language: nil, code: "code\n")])
        #expect(steps.steps[2].text == "Then that:")
    }

    @Test func theStepsAreWrittenShownAgainAndLeftAloneByAReRun() throws {
        let folder = try TemporaryDirectory()
        let first = try InProcessRunner.run(["init", "--yes", "demo"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let file = try #require(try folder.files()["demo/\(NextSteps.path)"])
        #expect(GeneratedMarker.provenance(of: file) == .pristine)
        let shown = try InProcessRunner.run(["init", "--next-steps", "demo"], in: folder.url)
        #expect(shown.status == 0 && shown.stdout.hasPrefix("# Next steps\n\n1. Turn on the background modes, then add the Info.plist entries"), "\(shown.stdout)")
        #expect(shown.stdout.contains("BackgroundTaskManager.shared.registerTasks()"))
        let again = try InProcessRunner.run(["init", "--yes", "demo"], in: folder.url)
        // All the files the first run wrote, NEXT_STEPS.md included (the count once left it out).
        #expect(try folder.files().count == 9)
        #expect(again.stdout == "Nothing to change: all 9 files are up to date. Next steps:\ndemo/bggen/NEXT_STEPS.md.\n", "\(again.stdout)")
        let json = try InProcessRunner.run(["init", "--yes", "--json", "demo"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let steps = try #require(document["nextSteps"] as? [[String: Any]], "an up-to-date run still has its steps")
        #expect(steps.count == 4 && steps[1]["title"] as? String == "Call the generated code from your app delegate and scene delegate")
        let code = try #require(steps[1]["code"] as? [[String: Any]])
        #expect(code.first?["language"] as? String == "swift" && (code.first?["code"] as? String)?.hasPrefix("import UIKit\n") == true)
        // Deleted, the file comes back on the next run; meanwhile --next-steps plans them without writing.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("demo/\(NextSteps.path)"))
        let planned = try InProcessRunner.run(["init", "--next-steps", "demo"], in: folder.url)
        #expect(planned.stdout.hasPrefix("Next steps\n\n1. Turn on the background modes"), "\(planned.stdout)")
        #expect(try folder.files()["demo/\(NextSteps.path)"] == nil, "--next-steps writes nothing")
        #expect(try InProcessRunner.run(["init", "--yes", "demo"], in: folder.url).stdout.contains("create     bggen/NEXT_STEPS.md"))
    }

    @Test func aDryRunShowsTheEditToAnExistingFileFirstAndSummarisesNewOnes() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--dry-run"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let plist = try #require(run.stdout.range(of: "+++ b/iOS/Resources/Info.plist"))
        #expect(!run.stdout.contains("+++ b/iOS/BackgroundProcessing/"), "new files are summarised")
        let summary = try #require(run.stdout.range(of: #"\d+ new files \(\d+ lines\); pass --verbose to see them in full\."#, options: .regularExpression))
        #expect(plist.lowerBound < summary.lowerBound)
        #expect(run.stdout.contains("Next steps once written:\n  1. "), "\(run.stdout)")
        let verbose = try InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--dry-run", "--verbose"], in: repo.url)
        let edit = try #require(verbose.stdout.range(of: "+++ b/iOS/Resources/Info.plist"))
        let created = try #require(verbose.stdout.range(of: "+++ b/iOS/BackgroundProcessing/"))
        #expect(edit.lowerBound < created.lowerBound, "edits to existing files come before new files")
    }

    @Test func withoutATerminalWhatTheProjectSaysIsNotDemanded() throws {
        let repo = try Fixtures.copy("SynchronizedTemplate")
        let run = try InProcessRunner.run(["init", "--tasks", "refresh", "--interval", "daily", "--dry-run"], in: repo.url)
        #expect(run.status == 0, "the deployment target and bundle identifier are the project's: \(run.stderr)")
        let missing = try InProcessRunner.run(["init"], in: repo.url)
        #expect(missing.status == 64 && missing.stderr.contains("--tasks") && !missing.stderr.contains("--ios") && !missing.stderr.contains("--bundle-id"), "\(missing.stderr)")
    }

    /// A dry run writes nothing, so with no one to ask it previews what --yes would do, and names the answers it
    /// took as defaults; a real run still refuses.
    @Test func withoutATerminalADryRunTakesTheDefaultsAndSaysWhich() throws {
        let repo = try Fixtures.copy("SynchronizedTemplate")
        let before = try repo.files()
        let preview = try InProcessRunner.run(["init", "--dry-run", "--interval", "daily"], in: repo.url)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout == (try InProcessRunner.run(["init", "--dry-run", "--interval", "daily", "--yes"], in: repo.url)).stdout)
        let note = try #require(preview.stderr.split(separator: "\n").first { $0.contains("no terminal to ask on") }, "\(preview.stderr)")
        #expect(note.contains("--tasks") && note.contains("--yes") && !note.contains("--interval") && !note.contains("--ios") && !note.contains("--bundle-id"), "\(note)")
        let json = try InProcessRunner.run(["init", "--dry-run", "--json"], in: repo.url)
        #expect(json.status == 0 && json.stdout.contains("no terminal to ask on"), "the JSON's notes carry it too: \(json.stdout)")
        #expect(try repo.files() == before)
    }

    @Test func filesNoPackageTargetCompilesGetANumberedStep() throws {
        let repo = try Fixtures.copy("SwiftPackage")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("\n1. Sources/BackgroundProcessing is in no folder a Package.swift target compiles (Sources/FeedKit): add a target for it (.target(name: \"BackgroundProcessing\", path: \"Sources/BackgroundProcessing\"))"), "\(steps)")
        #expect(FilledLines.entry("1.", in: run.stdout)?.hasPrefix("Sources/BackgroundProcessing is in no folder a Package.swift target compiles") == true, "\(run.stdout)")
        let inside = try Fixtures.copy("SwiftPackage")
        #expect(try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--output", "Sources/FeedKit/Background"], in: inside.url).status == 0)
        #expect(!(try inside.nextSteps()).contains("Package.swift target"), "FeedKit compiles its own folder")
        #expect(try PackageManifestReader.targetFolders(in: #".target(name: "A", dependencies: [.target(name: "B")], path: "Lib/A"), .testTarget(name: "ATests")"#) == ["Lib/A", "Tests/ATests"])
    }

    @Test func silentPushAloneHasNoEmptyIdentifiersHeading() throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "silent-push", "demo"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("Identifiers:"), "\(run.stdout)")
        #expect(run.stdout.contains("UIBackgroundModes: remote-notification"))
    }

    @Test func doctorAuditsTheQuickStartOutputAsGeneratedCode() throws {
        let folder = try TemporaryDirectory()
        #expect(try InProcessRunner.run(["init", "--yes", "demo"], in: folder.url).status == 0)
        let clean = try InProcessRunner.run(["doctor", "demo"], in: folder.url)
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout == "0 errors, 0 warnings, 0 notes in bggen's generated files (no app project).\n", "\(clean.stdout)")
        #expect(clean.stderr.contains("note: demo holds bggen's output and no app project"), "\(clean.stderr)")

        let manager = folder.url.appendingPathComponent("demo/BackgroundProcessing/BackgroundTaskManager.swift")
        try (try String(contentsOf: manager, encoding: .utf8) + "// mine\n").write(to: manager, atomically: true, encoding: .utf8)
        let fragment = folder.url.appendingPathComponent("demo/bggen/Info.fragment.plist")
        let text = try String(contentsOf: fragment, encoding: .utf8)
        try text.replacingOccurrences(of: "\t\t<string>com.example.app.processing</string>\n", with: "").write(to: fragment, atomically: true, encoding: .utf8)
        let broken = try InProcessRunner.run(["doctor", "demo", "--format", "json"], in: folder.url)
        #expect(broken.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(broken.stdout.utf8)) as? [String: Any])
        let rules = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(rules.sorted() == ["BG001", "GEN001", "GEN001"], "the edited manager and fragment, and the identifier missing from it: \(rules)")
        #expect((document["notes"] as? [String])?.count == 1)

        let empty = try InProcessRunner.run(["doctor", "."], in: folder.url)
        #expect(empty.status == 2 && empty.stderr.contains("no Xcode project"), "no project and no bggen output: doctor cannot do its job")
    }
}
