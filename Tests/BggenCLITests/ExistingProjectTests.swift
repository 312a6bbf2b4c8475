@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen init --yes` inside the fixture repositories: what it reports, what it writes, the exact edits to the
/// app's own files, and that a second run changes nothing.
@Suite("Existing app repositories")
struct ExistingProjectTests {
    private func expectSecondRunChangesNothing(_ repo: TemporaryDirectory, _ arguments: [String]) throws {
        let before = try repo.files()
        let again = try InProcessRunner.run(arguments, in: repo.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
        #expect(try repo.files() == before)
    }

    @Test func netNewsWireGetsOnlyWhatIsMissing() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh,processing,silent-push"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: NetNewsWire-iOS · iOS 17.0"))
        #expect(run.stdout.contains("    refresh: app refresh task (iOS/AppDelegate.swift:23),\n             app refresh request (iOS/AppDelegate.swift:28),"), "\(run.stdout)")
        #expect(run.stderr.contains("skipped refresh: the app's code at iOS/AppDelegate.swift:22 already covers it"))
        #expect(run.stderr.contains("skipped silent-push: the app's code at iOS/AppDelegate.swift:16"))
        let files = try repo.files()
        let info = "iOS/Resources/Info.plist"
        let change = changedLines(original[info]!, files[info]!)
        #expect(change.removed.isEmpty)
        #expect(change.added == ["\t\t<string>com.ranchero.NetNewsWire.iOS.processing</string>"])
        let patched = try plist(files[info]!)
        #expect((patched["BGTaskSchedulerPermittedIdentifiers"] as? [String]) == ["com.ranchero.NetNewsWire.FeedRefresh", "com.ranchero.NetNewsWire.iOS.processing"])
        #expect(files["iOS/Resources/NetNewsWire.entitlements"] == original["iOS/Resources/NetNewsWire.entitlements"], "Production is kept and push was skipped")
        #expect(files["iOS/BackgroundProcessing/ProcessingWork.swift"] != nil)
        #expect(files["iOS/BackgroundProcessing/AppRefreshWork.swift"] == nil)
        try expectSecondRunChangesNothing(repo, arguments)
    }

    @Test func duckDuckGoEntitlementsWithASpaceGetPushAndTheExtensionsAreUntouched() throws {
        let repo = try Fixtures.copy("DuckDuckGo")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "silent-push"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        let spaced = "DuckDuckGo/DuckDuckGoAlpha Debug.entitlements"
        let change = changedLines(original[spaced]!, files[spaced]!)
        #expect(change.removed.isEmpty)
        #expect(change.added.map { $0.trimmingCharacters(in: .whitespaces) } == ["<key>aps-environment</key>", "<string>development</string>"])
        #expect(try plist(files[spaced]!)["aps-environment"] as? String == "development")
        for (path, text) in original where !path.hasPrefix("DuckDuckGo/") || path.contains("Extension") {
            #expect(files[path] == text, "\(path) must stay untouched")
        }
        #expect(!files.keys.contains { $0.hasPrefix("Pods/") && original[$0] == nil })
        try expectSecondRunChangesNothing(repo, arguments)
    }

    @Test func homeAssistantKeepsCurlyVariablesAndAddsOnlyTheMissingMode() throws {
        let repo = try Fixtures.copy("HomeAssistant")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "processing"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        let info = "Sources/App/Resources/Info.plist"
        let change = changedLines(original[info]!, files[info]!)
        #expect(change.removed.isEmpty)
        #expect(change.added == ["\t\t<string>io.robbie.HomeAssistant.processing</string>", "\t\t<string>processing</string>"])
        #expect(files[info]!.contains("${ENV_URL_HANDLER}") == original[info]!.contains("${ENV_URL_HANDLER}"))
        // The app's own synchronized folder, not the root Sources/: the target compiles the files at once.
        #expect(files.keys.contains("Sources/App/BackgroundProcessing/BackgroundTaskManager.swift"))
        #expect(!files.keys.contains { $0.hasPrefix("Sources/BackgroundProcessing/") })
        #expect(!run.stderr.contains("add it to the App target in Xcode"), "\(run.stderr)")
        try expectSecondRunChangesNothing(repo, arguments)
    }

    @Test func aGeneratedInfoPlistGetsTheExactBuildSettingToSet() throws {
        for fixture in ["GeneratedInfoPlist", "SynchronizedTemplate"] {
            let repo = try Fixtures.copy(fixture)
            let original = try repo.files()
            let arguments = ["init", "--yes", "--tasks", "refresh"]
            let run = try InProcessRunner.run(arguments, in: repo.url)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("set INFOPLIST_FILE = bggen/Info.fragment.plist for"), "\(fixture): \(run.stdout)")
            #expect(run.stdout.contains("keep GENERATE_INFOPLIST_FILE = YES"))
            // A synchronized folder picks the new files up by itself; a classic group needs them added.
            let steps = try repo.nextSteps()
            #expect(steps.contains("1. Tally App lists its files one by one") == (fixture == "GeneratedInfoPlist"), "\(fixture): \(steps)")
            #expect(!run.stderr.contains("lists its files one by one"), "a numbered step, not a note")
            let files = try repo.files()
            for (path, text) in original {
                #expect(files[path] == text, "\(fixture): \(path) must stay untouched")
            }
            #expect(files["bggen/Info.fragment.plist"] != nil)
            try expectSecondRunChangesNothing(repo, arguments)
        }
    }

    @Test func theAppsStyleIsDetectedFromItsEntryPoint() throws {
        let swiftUI = try Fixtures.copy("SynchronizedTemplate")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: swiftUI.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("SwiftUI App"))
        #expect(try swiftUI.nextSteps().contains(".backgroundTasks()"))
        let files = try swiftUI.files()
        #expect(files["CRIPiOSApp/BackgroundProcessing/BackgroundTasksScene.swift"] != nil)
        #expect(files[".bggen.json"]?.contains("\"style\": \"swiftui\"") == true)

        let delegate = try Fixtures.copy("NetNewsWire")
        let uikit = try InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--dry-run"], in: delegate.url)
        #expect(uikit.stdout.contains("app delegate"))
        #expect(uikit.stdout.contains("func applicationDidEnterBackground") == false, "a dry run prints no next steps")
        #expect(!uikit.stdout.contains("BackgroundTasksScene.swift"))
    }

    @Test func xcodeGenSpecsGetASnippetAndTheGeneratedPlistIsNotEdited() throws {
        let repo = try Fixtures.copy("XcodeGen")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "processing,silent-push"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FilledLines.flat(run.stdout).contains("generates ElementX's Info.plist; add under targets: ElementX: info: properties:"))
        #expect(run.stdout.contains("BGTaskSchedulerPermittedIdentifiers:"))
        #expect(run.stdout.contains("then run xcodegen generate."))
        let files = try repo.files()
        for (path, text) in original {
            #expect(files[path] == text, "\(path) must stay untouched")
        }
        try expectSecondRunChangesNothing(repo, arguments)
    }

    @Test func severalAppTargetsNeedATargetAndTheChosenOnesPlistIsPatched() throws {
        let repo = try Fixtures.copy("Tuist")
        let refused = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("several iOS app targets (Hedvig, Ugglan)"))
        #expect(refused.stderr.contains("--target"))
        #expect(try repo.files() == (try Fixtures.copy("Tuist").files()))

        let unknown = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--target", "Nope"], in: repo.url)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no iOS app target named 'Nope'"))

        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh", "--target", "Hedvig"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let writtenSteps = try repo.nextSteps()
        #expect(writtenSteps.contains("1. Run tuist generate so Hedvig picks up the new files"), "\(writtenSteps)")
        // `infoPlist: .file(path:)` makes the file itself the source, so it is patched in place.
        let files = try repo.files()
        let hedvig = "Projects/App/Config/Production/Info.plist"
        let change = changedLines(original[hedvig]!, files[hedvig]!)
        #expect(change.removed.isEmpty)
        #expect(change.added.map { $0.trimmingCharacters(in: .whitespaces) }.contains("<string>com.hedvig.app.refresh</string>"))
        #expect(files["Projects/App/Config/Test/Info.plist"] == original["Projects/App/Config/Test/Info.plist"], "the other app is untouched")
        try expectSecondRunChangesNothing(repo, arguments)
    }

    @Test func anIdentifierTheAppRegistersIsNeverRegisteredAgain() throws {
        let repo = try Fixtures.copy("RegisteredIdentifiers")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("skipped refresh: the app already registers com.example.legacy.refresh at Legacy/AppDelegate.m:10"))
        #expect(run.stdout.contains("Nothing to add"))
        #expect(try repo.files() == original)

        let replace = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--replace"], in: repo.url)
        #expect(replace.status == 64)
        #expect(replace.stderr.contains("a second registration kills the app at launch"))
        #expect(try repo.files() == original)
    }

    @Test func aNotificationServiceExtensionStaysUntouched() throws {
        let repo = try Fixtures.copy("NotificationService")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh,silent-push", "--replace"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        #expect(files["NotificationService/Info.plist"] == original["NotificationService/Info.plist"])
        #expect(files["Shared/AppGroup.entitlements"] == original["Shared/AppGroup.entitlements"], "shared with the extension")
        #expect(run.stderr.contains("Shared/AppGroup.entitlements is shared with"))
        let change = changedLines(original["Mastodon/Info.plist"]!, files["Mastodon/Info.plist"]!)
        #expect(change.removed.isEmpty && !change.added.isEmpty)
        _ = try plist(files["Mastodon/Info.plist"]!)
        try expectSecondRunChangesNothing(repo, arguments)
    }

    @Test func aMalformedProjectIsAnErrorNamingTheFileAndLine() throws {
        let repo = try Fixtures.copy("GeneratedInfoPlist")
        let pbxproj = try #require(try repo.files().keys.first { $0.hasSuffix("project.pbxproj") })
        var text = try #require(try repo.files()[pbxproj])
        text = text.replacingOccurrences(of: "};", with: "}", options: [], range: text.range(of: "};"))
        try repo.write(text, to: pbxproj)
        let before = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains(pbxproj) && run.stderr.contains("line"), "\(run.stderr)")
        #expect(run.stderr.contains("Nothing was changed."))
        #expect(try repo.files() == before)
    }

    /// home-assistant's events handler hands on the events of its one background session, which sends webhooks:
    /// the app downloads nothing in the background, so `--tasks downloads` is generated, not "already covered".
    @Test func anEventsHandlerCoversOnlyWhatTheAppsSessionsTransfer() throws {
        let repo = try Fixtures.copy("HomeAssistant")
        let run = try InProcessRunner.run(["init", "--dry-run", "--yes", "--tasks", "downloads"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("skipped downloads"), "\(run.stderr)")
        #expect(run.stdout.contains("BackgroundDownloadManager.swift"), "\(run.stdout)")
    }

    /// duckduckgo's refresh is covered, so there is nothing to write, but its performFetchWithCompletionHandler
    /// never runs (the Info.plist lists BGTaskSchedulerPermittedIdentifiers): "Nothing to add" says that too.
    @Test func nothingToAddStillSaysTheLegacyFetchNeverRuns() throws {
        let repo = try Fixtures.copy("DuckDuckGo")
        let run = try InProcessRunner.run(["init", "--dry-run", "--yes", "--tasks", "refresh", "--migrate-background-fetch"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Nothing to add") || run.stderr.contains("Nothing to add"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("iOS 13 and later never call"), "\(run.stderr)")
    }

    @Test func aMalformedInfoPlistIsAnErrorNamingTheFileAndLine() throws {
        let repo = try Fixtures.copy("HomeAssistant")
        let info = "Sources/App/Resources/Info.plist"
        try repo.write(try #require(try repo.files()[info]).replacingOccurrences(of: "</dict>\n</plist>", with: "</plist>"), to: info)
        let before = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains(info) && run.stderr.contains("line"), "\(run.stderr)")
        #expect(try repo.files() == before)
    }

    @Test func anInfoPlistBehindALinkLeadingOutsideIsLeftAlone() throws {
        let repo = try Fixtures.copy("HomeAssistant")
        let outside = try TemporaryDirectory()
        let info = "Sources/App/Resources/Info.plist"
        let original = try #require(try repo.files()[info])
        try outside.write(original, to: "Info.plist")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent(info))
        try FileManager.default.createSymbolicLink(at: repo.url.appendingPathComponent(info), withDestinationURL: outside.url.appendingPathComponent("Info.plist"))
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("leads outside the project through a symbolic link"), "\(run.stderr)")
        #expect(try outside.files() == ["Info.plist": original])
    }

    @Test func aBinaryInfoPlistIsRefusedUnlessConversionIsAllowed() throws {
        let repo = try Fixtures.copy("HomeAssistant")
        let info = repo.url.appendingPathComponent("Sources/App/Resources/Info.plist")
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: info), format: nil)
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0).write(to: info)
        let binary = try Data(contentsOf: info)
        let refused = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--allow-binary-plist"), "\(refused.stderr)")
        #expect(try Data(contentsOf: info) == binary)
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".bggen.json").path))

        let converted = try InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--allow-binary-plist"], in: repo.url)
        #expect(converted.status == 0, "\(converted.stderr)")
        let patched = try plist(String(contentsOf: info, encoding: .utf8))
        #expect((patched["UIBackgroundModes"] as? [String])?.contains("processing") == true)
    }
}
