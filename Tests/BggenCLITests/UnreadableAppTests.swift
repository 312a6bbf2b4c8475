@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// A folder that plainly holds an app is never treated as an empty one: bggen reads the app from a spec under
/// another name, or stops and says which flag to pass, instead of writing `com.example.app` defaults into it.
@Suite("Apps bggen must find or refuse")
struct UnreadableAppTests {
    @Test func anXcodeGenSpecUnderAnotherNameIsFoundByItsContent() throws {
        let repo = try Fixtures.copy("XcodeGenOtherName")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Project: project-kite.yml (XcodeGen project)"), "\(run.stdout)")
        #expect(run.stdout.contains("App target: Kite · iOS 17.2"))
        let files = try repo.files()
        #expect(files["Kite/BackgroundProcessing/BackgroundTaskConfiguration.swift"]?.contains("org.kiteapp.Kite.refresh") == true)
        // XcodeGen rewrites Kite/Info.plist from the spec: the keys are printed for its info: properties: instead.
        #expect(files["Kite/Info.plist"] == original["Kite/Info.plist"])
        #expect(FilledLines.flat(run.stdout).contains("project-kite.yml generates Kite's Info.plist; add under targets: Kite: info: properties:"), "\(run.stdout)")
        #expect(files[".bggen.json"]?.contains("\"style\": \"swiftui\"") == true)
        #expect(!files.keys.contains { $0.hasPrefix("BackgroundProcessing/") }, "nothing at the root")
        #expect(files["ci/pipeline.yml"] == original["ci/pipeline.yml"])

        let unknown = try InProcessRunner.run(arguments + ["--target", "AnyName", "--dry-run"], in: repo.url)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no iOS app target named 'AnyName'; pass --target with one of Kite"), "\(unknown.stderr)")
    }

    @Test func specNamesTheSpecWhenSeveralLookLikeOne() throws {
        let repo = try Fixtures.copy("XcodeGenOtherName")
        try repo.write(try #require(try repo.files()["project-kite.yml"]).replacingOccurrences(of: "name: Kite", with: "name: KiteBeta"),
                       to: "project-kite-beta.yml")
        let before = try repo.files()
        let ambiguous = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("several YAML files look like XcodeGen specs (project-kite-beta.yml, project-kite.yml); pass --spec"), "\(ambiguous.stderr)")
        #expect(try repo.files() == before)

        let chosen = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--spec", "project-kite.yml", "--dry-run"], in: repo.url)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdout.contains("Project: project-kite.yml (XcodeGen project)"))

        let missing = try InProcessRunner.run(["init", "--yes", "--spec", "nope.yml"], in: repo.url)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--spec names nope.yml, which is not a file"), "\(missing.stderr)")
        #expect(try repo.files() == before)
    }

    @Test func anAppWithoutAProjectBggenCanReadStopsTheRun() throws {
        let repo = try Fixtures.copy("UnreadableApp")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("this folder holds an app (Kite/AppDelegate.swift, Kite/Info.plist)"), "\(run.stderr)")
        #expect(run.stderr.contains("--spec PATH") && run.stderr.contains("--output PATH"))
        #expect(try repo.files() == original)

        let generated = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--output", "Kite/Background"], in: repo.url)
        #expect(generated.status == 0, "\(generated.stderr)")
        let files = try repo.files()
        #expect(files["Kite/Background/BackgroundTaskManager.swift"] != nil)
        for (path, text) in original {
            #expect(files[path] == text, "\(path) must stay untouched")
        }
    }

    @Test func aTuistManifestBuiltByHelpersStopsTheRun() throws {
        let repo = try Fixtures.copy("TuistHelpers")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("no iOS app target could be read from Project.swift"), "\(run.stderr)")
        #expect(run.stderr.contains("perhaps built by a helper function"))
        #expect(try repo.files() == original)

        let named = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--target", "Kite"], in: repo.url)
        #expect(named.status == 1)
        #expect(!named.stderr.contains("none found"), "\(named.stderr)")
        #expect(named.stderr.contains("no iOS app target could be read from Project.swift"))
        #expect(try repo.files() == original)
    }

    @Test func anEmptyFolderIsStillANewProject() throws {
        let folder = try TemporaryDirectory()
        try folder.write("# Notes\n", to: "README.md")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.files()["BackgroundProcessing/BackgroundTaskManager.swift"] != nil)
    }
}
