import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Identifiers the app writes with build variables or builds in code are compared after expansion: a second
/// registration of the same identifier kills the app at launch.
@Suite("Identifiers from build variables and interpolation")
struct IdentifierExpansionTests {
    @Test func anIdentifierRegisteredThroughTheBundleIdentifierIsNeverRegisteredAgain() throws {
        let repo = try Fixtures.copy("BundleVariableIdentifiers")
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh,processing,downloads"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("skipped refresh: the app already registers com.example.Talk.refresh (as $(PRODUCT_BUNDLE_IDENTIFIER).refresh) at Talk/RefreshScheduler.swift:7."), "\(run.stderr)")
        #expect(run.stderr.contains("skipped processing: the app already registers com.example.Talk.processing (as $(PRODUCT_BUNDLE_IDENTIFIER).processing) at Talk/CleanupTask.swift:8."), "\(run.stderr)")
        let files = try repo.files()
        #expect(files["Support/Info.plist"] == original["Support/Info.plist"], "no task identifier is added in literal form")
        #expect(files["Talk/BackgroundProcessing/BackgroundTaskManager.swift"] == nil)
    }

    @Test func replaceCannotRegisterAnExpandedIdentifierTwice() throws {
        let repo = try Fixtures.copy("BundleVariableIdentifiers")
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh,processing", "--replace"], in: repo.url)
        #expect(run.status == 64, "\(run.stdout)")
        #expect(run.stderr.contains("com.example.Talk.refresh is already registered at Talk/RefreshScheduler.swift:7, and a second registration kills the app at launch"), "\(run.stderr)")
        #expect(try repo.files() == original)
    }

    @Test func anIdentifierThePlistPermitsThroughAVariableIsNotAddedAgain() throws {
        let repo = try Fixtures.copy("BundleVariableIdentifiers")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Talk/RefreshScheduler.swift"))
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Talk/CleanupTask.swift"))
        let app = try #require(try repo.files()["Talk/TalkApp.swift"])
        try repo.write(app.replacingOccurrences(of: "        RefreshScheduler.register()\n        CleanupTask.register()\n", with: ""), to: "Talk/TalkApp.swift")
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("skipped refresh"), "\(run.stderr)")
        #expect(try repo.files()["Talk/BackgroundProcessing/AppRefreshWork.swift"] != nil)
        #expect(try repo.files()["Support/Info.plist"] == original["Support/Info.plist"],
                "$(PRODUCT_BUNDLE_IDENTIFIER).refresh already permits com.example.Talk.refresh, and fetch is there")
        #expect(run.stdout.contains("Support/Info.plist already has every Info.plist key this needs"), "\(run.stdout)")
    }

    @Test func anIdentifierWithAnUndefinedVariableIsReportedAndNeverTakenAsDifferent() throws {
        let repo = try Fixtures.copy("BundleVariableIdentifiers")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Talk/RefreshScheduler.swift"))
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Talk/CleanupTask.swift"))
        let app = try #require(try repo.files()["Talk/TalkApp.swift"])
        try repo.write(app.replacingOccurrences(of: "        RefreshScheduler.register()\n        CleanupTask.register()\n", with: ""), to: "Talk/TalkApp.swift")
        let plist = try #require(try repo.files()["Support/Info.plist"])
        try repo.write(plist.replacingOccurrences(of: "$(PRODUCT_BUNDLE_IDENTIFIER).refresh", with: "$(TALK_APP_PREFIX).refresh"), to: "Support/Info.plist")
        let original = try repo.files()

        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("skipped refresh: the Info.plist lists $(TALK_APP_PREFIX).refresh at Support/Info.plist, which bggen cannot resolve (nothing in the repository defines $(TALK_APP_PREFIX)), so it may be com.example.Talk.refresh"), "\(run.stderr)")
        #expect(try repo.files() == original)

        let replace = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh", "--replace"], in: repo.url)
        #expect(replace.status == 64)
        #expect(replace.stderr.contains("Support/Info.plist has $(TALK_APP_PREFIX).refresh, which bggen cannot resolve"), "\(replace.stderr)")
        #expect(try repo.files() == original)
    }
}

/// Objective-C registrations are resolved through headers and classified by the request class submitted for the
/// same identifier, as Swift ones are.
@Suite("Objective-C task registrations")
struct ObjectiveCRegistrationTests {
    @Test func registrationsThroughADefineAndAConstantAreClassifiedAndCovered() throws {
        let repo = try Fixtures.copy("ObjCRegistrations")
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh,processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Registered task identifiers: org.example.tracker.cleanup,\n                               org.example.tracker.refresh"), "\(run.stdout)")
        #expect(!run.stdout.contains("whose value bggen cannot see"), "\(run.stdout)")
        #expect(run.stderr.contains("skipped refresh: the app already registers org.example.tracker.refresh as a refresh task (BGAppRefreshTaskRequest at Tracker/TaskScheduler.m:8) at Tracker/AppDelegate.m:9."), "\(run.stderr)")
        #expect(run.stderr.contains("skipped processing: the app's code at Tracker/AppDelegate.m:14 already covers it"), "\(run.stderr)")
        #expect(try repo.files() == original)
    }

    @Test func replaceIsRefusedForTheIdentifierAHeaderDefines() throws {
        let repo = try Fixtures.copy("ObjCRegistrations")
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh", "--replace"], in: repo.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("org.example.tracker.refresh is already registered at Tracker/AppDelegate.m:9"), "\(run.stderr)")
        #expect(try repo.files() == original)
    }
}

/// Smaller fixes from the second round of existing apps.
@Suite("Existing apps, second round: smaller fixes")
struct ExistingAppsSmallerFixesTests {
    @Test func aPackageSessionWithoutBackgroundEventsDoesNotCoverDownloads() throws {
        let repo = try Fixtures.copy("PackageSession")
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "downloads"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("skipped downloads"), "\(run.stderr)")
        #expect(run.stderr.contains("Packages/Sync/Sources/Sync/Downloader.swift:8 makes a background session outside the app target, and nothing in the app implements application(_:handleEventsForBackgroundURLSession:completionHandler:), so that session cannot get background events"), "\(run.stderr)")
        #expect(try repo.files()["Reader/BackgroundProcessing/BackgroundDownloadManager.swift"] != nil)
    }

    @Test func sessionIdentifiersAreNotListedAsTaskIdentifiers() throws {
        let repo = try Fixtures.copy("PackageSession")
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "downloads", "--dry-run"], in: repo.url)
        #expect(run.stdout.contains("Background session identifiers: com.example.reader.issues"), "\(run.stdout)")
        #expect(!run.stdout.contains("Registered task identifiers"), "\(run.stdout)")
        #expect(!run.stdout.contains("Registered identifiers"), "\(run.stdout)")
        // The JSON report keeps them apart too.
        let json = try BinaryRunner.run(["init", "--yes", "--tasks", "downloads", "--dry-run", "--json"], in: repo.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let project = try #require(document["project"] as? [String: Any])
        #expect(project["registeredIdentifiers"] as? [String] == [])
        #expect(project["backgroundSessionIdentifiers"] as? [String] == ["com.example.reader.issues"])
    }

    @Test func aSkipNoteCitesTheLineOfItsOwnTaskKind() throws {
        let repo = try Fixtures.copy("ObjCRegistrations")
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "processing", "--dry-run"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("skipped processing: the app's code at Tracker/AppDelegate.m:14 already covers it"), "\(run.stderr)")
        #expect(!run.stderr.contains("TaskScheduler.m:10"), "line 10 submits the refresh request")
    }
}
