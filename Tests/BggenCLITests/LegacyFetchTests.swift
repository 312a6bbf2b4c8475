@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Legacy background fetch never covers refresh, and bggen never switches it off without a word: from iOS 13,
/// `BGTaskSchedulerPermittedIdentifiers` in the Info.plist disables `application(_:performFetchWithCompletionHandler:)`
/// and `setMinimumBackgroundFetchInterval(_:)`.
@Suite("Legacy background fetch")
struct LegacyFetchTests {
    @Test(arguments: [["--tasks", "refresh"], ["--tasks", "processing"], []])
    func initStopsBeforeWritingAndNamesWhatTheKeySwitchesOff(tasks: [String]) throws {
        let repo = try Fixtures.copy("LegacyFetch")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes"] + tasks, in: repo.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("application(_:performFetchWithCompletionHandler:) at Chat/AppDelegate.swift:13"), "\(run.stderr)")
        #expect(run.stderr.contains("setMinimumBackgroundFetchInterval(_:) at Chat/AppDelegate.swift:8"), "\(run.stderr)")
        #expect(run.stderr.contains("--migrate-background-fetch"))
        #expect(!run.stdout.contains("Nothing to add"))
        #expect(try repo.files() == original)
    }

    @Test func tasksThatAddNoIdentifierLeaveTheFetchAlone() throws {
        let repo = try Fixtures.copy("LegacyFetch")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "downloads"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try repo.files()["Chat/Info.plist"]?.contains("BGTaskSchedulerPermittedIdentifiers") == false)
    }

    @Test func migratingGeneratesRefreshAndSaysWhatToMoveAndDelete() throws {
        let repo = try Fixtures.copy("LegacyFetch")
        let arguments = ["init", "--yes", "--tasks", "processing", "--migrate-background-fetch"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        #expect(files["Chat/BackgroundProcessing/AppRefreshWork.swift"] != nil, "refresh replaces the fetch")
        let info = try #require(files["Chat/Info.plist"])
        #expect(info.contains("org.example.Chat.refresh") && info.contains("org.example.Chat.processing"))
        let steps = try #require(files["Chat/bggen/NEXT_STEPS.md"] ?? files["bggen/NEXT_STEPS.md"], "the next steps are written")
        #expect(steps.contains("into\n   AppRefreshWork.run() in Chat/BackgroundProcessing/AppRefreshWork.swift"), "\(steps)")
        #expect(steps.contains("Then delete these calls:\n       application(_:performFetchWithCompletionHandler:) at Chat/AppDelegate.swift:13\n       setMinimumBackgroundFetchInterval(_:) at Chat/AppDelegate.swift:8: the refresh task, scheduled as shown above, replaces it\n"), "\(steps)")
        // The key is there now: a replay has nothing to stop for, and says the fetch no longer runs.
        let again = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
        #expect(again.stderr.contains("never call application(_:performFetchWithCompletionHandler:)"), "\(again.stderr)")
    }

    @Test func aPersonIsAskedAndNoMeansNothingIsWritten() throws {
        let repo = try Fixtures.copy("LegacyFetch")
        let root = repo.path
        var request = InitRequest(root: root, shownAs: ".")
        request.answers.tasks = [.refresh]
        request.assumeDefaults = true
        var asked: [String] = []
        var questions = InitQuestions()
        questions.migrateBackgroundFetch = { switchedOff in asked.append(switchedOff); return false }
        #expect(throws: AugmentError.self) { try InitService(fileSystem: LocalFileSystem()).run(request, questions: questions) { _ in } }
        #expect(asked == ["application(_:performFetchWithCompletionHandler:) at Chat/AppDelegate.swift:13 and setMinimumBackgroundFetchInterval(_:) at Chat/AppDelegate.swift:8"])
        questions.migrateBackgroundFetch = { _ in true }
        let outcome = try InitService(fileSystem: LocalFileSystem()).run(request, questions: questions) { $0 }
        guard case .planned(let planned) = outcome else { Issue.record("expected a plan"); return }
        #expect(planned.configuration.tasks == [.refresh])
        #expect(planned.nextSteps.markdown.contains("setMinimumBackgroundFetchInterval(_:) at Chat/AppDelegate.swift:8"))
    }

    @Test func legacyFetchCoversNoTaskKind() throws {
        let repo = try Fixtures.copy("LegacyFetch")
        let project = try #require(try ExistingProject.detect(root: repo.path, targetName: nil, fileSystem: LocalFileSystem()))
        #expect(project.existingCode(for: TaskKind.allCases).isEmpty)
        #expect(project.legacyFetch?.handler?.line == 13)
        #expect(project.legacyFetch?.interval?.line == 8)
    }

    /// AltStore's shape: the silent-push handler forwards to the fetch handler on the line above its declaration, and
    /// the interval is set on the application cast in parentheses. The declaration is cited, and the cast call found.
    @Test func theHandlersDeclarationIsCitedNotTheCallForwardingToIt() throws {
        let repo = try Fixtures.copy("LegacyFetchForwarded")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("application(_:performFetchWithCompletionHandler:) at Chat/AppDelegate.swift:25 and setMinimumBackgroundFetchInterval(_:) at Chat/AppDelegate.swift:16"), "\(run.stderr)")
        #expect(!run.stderr.contains("AppDelegate.swift:22"), "\(run.stderr)")
    }

    /// Issue 40 item 11: every interval call is listed with what replaces it; `…IntervalNever` is a cancellation.
    @Test func everyIntervalCallIsListedAndSwitchingOffBecomesACancellation() throws {
        let repo = try Fixtures.copy("LegacyFetchSwitchedOff")
        let stopped = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("setMinimumBackgroundFetchInterval(_:) at Chat/AppDelegate.swift:8, Chat/SyncSettings.swift:7, Chat/SyncSettings.swift:9"), "\(stopped.stderr)")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--migrate-background-fetch"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        let steps = try #require(files["Chat/bggen/NEXT_STEPS.md"] ?? files["bggen/NEXT_STEPS.md"])
        #expect(steps.contains("       setMinimumBackgroundFetchInterval(_:) at Chat/SyncSettings.swift:7: the refresh task, scheduled as shown above, replaces it\n"), "\(steps)")
        #expect(steps.contains("       setMinimumBackgroundFetchInterval(_:) at Chat/SyncSettings.swift:9, which switches the fetch off: replace it with\n"
                               + "         BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: \"org.example.Chat.refresh\")\n"), "\(steps)")
        #expect(!steps.contains("Chat/AppDelegate.swift:8, which switches"), "\(steps)")
    }

    /// Issue 40 item 11: an app that registers its own refresh task and keeps the fetch for iOS 12 has moved the
    /// work already; it is not told to move it.
    @Test func anAppKeepingTheFetchForIOS12BesideItsRefreshTaskIsNotToldToMoveIt() throws {
        let repo = try Fixtures.copy("LegacyFetchForIOS12")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("move that work"), "\(run.stdout)\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("never call application(_:performFetchWithCompletionHandler:)"), "\(run.stdout)\(run.stderr)")
    }

    /// iOS 12 has no BGTaskScheduler and ignores BGTaskSchedulerPermittedIdentifiers, so for an app deploying below
    /// iOS 13 FETCH002 never says the fetch "never runs": kept for iOS 12 beside a refresh task it is no finding, and
    /// alone it runs on iOS 12 only, which the message and its fix say.
    @Test func doctorSaysALegacyFetchBelowIOS13StillRunsOnIOS12() throws {
        let repo = try Fixtures.copy("LegacyFetchForIOS12")
        let kept = try InProcessRunner.run(["doctor"], in: repo.url)
        #expect(!kept.stdout.contains("FETCH00"), "\(kept.stdout)")

        try """
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    application.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
                    return true
                }
            }

            """.write(to: repo.url.appendingPathComponent("Chat/AppDelegate.swift"), atomically: true, encoding: .utf8)
        let alone = try InProcessRunner.run(["doctor", "--format", "json"], in: repo.url)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        let fetch = try #require(findings?.first { $0["rule"] as? String == "FETCH002" }, "\(alone.stdout)")
        #expect(fetch["line"] as? Int == 8)
        #expect((fetch["message"] as? String)?.hasSuffix("switches off on iOS 13 and later: it lists BGTaskSchedulerPermittedIdentifiers. The app deploys to iOS 12.0, so the fetch runs only on iOS 12.") == true, "\(fetch)")
        #expect((fetch["why"] as? String)?.contains("never runs") == false, "\(fetch)")
        #expect((fetch["fix"] as? String)?.contains("Keep the legacy fetch for iOS 12 only") == true, "\(fetch)")

        // Without the key the fetch is only deprecated, and still the only refresh iOS 12 has: not to be deleted.
        let plist = repo.url.appendingPathComponent("Chat/Info.plist")
        try String(contentsOf: plist, encoding: .utf8)
            .replacingOccurrences(of: "\t<key>BGTaskSchedulerPermittedIdentifiers</key>\n\t<array>\n\t\t<string>org.example.Chat.pull</string>\n\t</array>\n", with: "")
            .write(to: plist, atomically: true, encoding: .utf8)
        let deprecated = try InProcessRunner.run(["doctor", "--format", "json"], in: repo.url)
        let rest = try #require(try JSONSerialization.jsonObject(with: Data(deprecated.stdout.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        let only = try #require(rest?.first { $0["rule"] as? String == "FETCH001" }, "\(deprecated.stdout)")
        #expect((only["fix"] as? String)?.contains("Keep the legacy fetch for iOS 12 only") == true, "\(only)")
        #expect((only["fix"] as? String)?.contains("then delete") == false, "\(only)")
    }
}
