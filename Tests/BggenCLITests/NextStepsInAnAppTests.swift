@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The next steps after a run in an existing app say what bggen did with its Info.plist and entitlements and
/// what is left, never "merge the fragment" for a file bggen already patched or a generator rebuilds.
@Suite("Next steps in an existing app")
struct NextStepsInAnAppTests {
    @Test func patchedFilesAreReportedAsDone() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing,silent-push", "--replace"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("1. bggen added the Info.plist keys to iOS/Resources/Info.plist; nothing to merge."), "\(steps)")
        #expect(steps.contains("aps-environment is set in iOS/Resources/NetNewsWire.entitlements; nothing to merge."))
        #expect(!steps.contains("PlistBuddy"))
        #expect(!steps.contains("Entitlements.fragment.plist"))
        #expect(!steps.contains("Background Modes, tick"), "the modes are in the Info.plist, which is what the capability edits")
    }

    @Test func keysTheAppAlreadyHasAreNotToBeMergedAgain() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let arguments = ["init", "--yes", "--tasks", "processing", "--bundle-id", "com.ranchero.NetNewsWire.iOS"]
        _ = try InProcessRunner.run(arguments, in: repo.url)
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent(".bggen.json"))
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("bggen"))
        let again = try InProcessRunner.run(arguments, in: repo.url)
        #expect(again.status == 0, "\(again.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("1. iOS/Resources/Info.plist already has every Info.plist key this needs; nothing to merge."), "\(steps)")
        #expect(!steps.contains("PlistBuddy"))
    }

    @Test func aRegeneratedPlistPointsToTheSpecNotToTheFragment() throws {
        let repo = try Fixtures.copy("XcodeGen")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing,silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("2. Add the Info.plist keys to ElementX/SupportingFiles/target.yml as shown under \"To do by hand\" below"), "\(steps)")
        #expect(steps.contains("aps-environment is set in ElementX/SupportingFiles/target.yml; nothing to merge."), "the spec has it already")
        #expect(steps.contains("To do by hand in your project:"))
        #expect(!steps.contains("PlistBuddy"))
        #expect(!steps.contains("merge bggen/Entitlements.fragment.plist"))
    }

    @Test func aGeneratedPlistIsToldToPointAtTheFragment() throws {
        let repo = try Fixtures.copy("GeneratedInfoPlist")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("2. Set INFOPLIST_FILE as shown under \"To do by hand\" below"), "\(steps)")
        #expect(!steps.contains("PlistBuddy"))
    }
}

/// How the app starts decides which code bggen generates and which calls the next steps show.
@Suite("The app's style in an existing app")
struct AppStyleTests {
    @Test func aSwiftUIAppIsFoundInAnyFolderItsTargetCompiles() throws {
        let repo = try Fixtures.copy("SwiftUITwoFolders")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: Kite · iOS 17.0") && run.stdout.contains("· SwiftUI App"), "\(run.stdout)")
        #expect(run.stdout.contains("Call the generated code from your SwiftUI App"))
        #expect(!run.stdout.contains("UIApplicationDelegate"), "no app-delegate code for an app without one")
        let files = try repo.files()
        #expect(files[".bggen.json"]?.contains("\"style\": \"swiftui\"") == true)
        #expect(files.keys.contains { $0.hasSuffix("BackgroundTasksScene.swift") })
        // The app's own @main type is named, so the lines go into it instead of a second @main beside it.
        #expect(files["bggen/NEXT_STEPS.md"]?.contains("Your app already has `@main struct KiteApp` (App/KiteApp.swift:") == true,
                "\(files["bggen/NEXT_STEPS.md"] ?? "")")
        #expect(files["bggen/NEXT_STEPS.md"]?.contains(":\n   merge these lines into it instead of adding a second `@main` type.\n") == true)
    }

    /// home-assistant's `@main struct HAApp` adapts its own `AppDelegate`: the downloads' step says to merge the
    /// lines into both, where pasting the printed types would declare a second `@main` and a second `AppDelegate`.
    @Test func anAppWithItsOwnAdaptedDelegateIsToldToMergeTheLinesIntoBoth() throws {
        let repo = try Fixtures.copy("HomeAssistant")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "downloads"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try #require(try repo.files()["bggen/NEXT_STEPS.md"])
        #expect(steps.contains("""
               Your app already has `@main struct HAApp` (Sources/App/HAApp.swift:3)
               and `AppDelegate`, the app delegate it adapts: merge these lines into those two instead of adding a second
               `@main` type or delegate.
            """), "\(steps)")
        // A new project, with no app of its own, gets the types to paste as they are.
        let fresh = try InProcessRunner.run(["init", "--yes", "--tasks", "downloads", "--style", "swiftui", "demo"], in: try TemporaryDirectory().url)
        #expect(fresh.status == 0 && !fresh.stdout.contains("Your app already has"), "\(fresh.stdout)")
    }
}

/// Where the Swift files go in an existing app.
@Suite("Output folder in an existing app")
struct ExistingOutputFolderTests {
    @Test func theAppsOwnFolderWinsOverARootPackagesSources() throws {
        let repo = try Fixtures.copy("PackageWithApp")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        #expect(files["App/CRIPiOSApp/BackgroundProcessing/BackgroundTaskManager.swift"] != nil, "\(files.keys.sorted())")
        #expect(!files.keys.contains { $0.hasPrefix("Sources/") && original[$0] == nil }, "nothing new in the package's Sources/")
        #expect(!run.stderr.contains("add it to the"), "the synchronized folder compiles the new files by itself: \(run.stderr)")
    }
}

/// Lines for a generator's spec that already lists some of the values: appended to, never a second key; a list
/// the spec writes in flow style (`[a, b]`) is printed in flow style.
@Suite("XcodeGen spec lines")
struct XcodeGenSpecLinesTests {
    @Test func existingListsAreAppendedToAndPresentValuesLeftOut() throws {
        let repo = try Fixtures.copy("XcodeGen")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing,silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let todo = try #require(run.stdout.range(of: "To do by hand in your project:")).upperBound
        let instructions = String(run.stdout[todo...])
        #expect(instructions.contains("""
                  BGTaskSchedulerPermittedIdentifiers: [io.element.elementx.background.refresh, io.element.elementx.processing]  (replaces the list already there)
                  UIBackgroundModes: [audio, fetch, processing, voip, location, remote-notification]  (replaces the list already there)
              then run xcodegen generate.
            """), "\(instructions)")
        #expect(!instructions.contains("- remote-notification") && !instructions.contains("- io.element"), "no block items under a flow list")
        #expect(!instructions.contains("aps-environment"), "the spec's entitlements have aps-environment = development")
    }
}

extension TemporaryDirectory {
    /// What the last run wrote to `bggen/NEXT_STEPS.md`.
    func nextSteps() throws -> String {
        try String(contentsOf: url.appendingPathComponent(NextSteps.path), encoding: .utf8)
    }
}
