@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Issue 19's rules for real apps: never a default bundle identifier in an app, a run with `--target` replays,
/// and a task the app covers is skipped before the deployment target is judged.
@Suite("Existing apps: identifiers, replays, order of checks")
struct ExistingAppRulesTests {
    @Test func aBundleIdentifierThatIsNoNameStopsAndNamesTheSettingAndTheXcconfigLines() throws {
        let repo = try Fixtures.copy("EmptyTeamBundleID")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("PRODUCT_BUNDLE_IDENTIFIER of target Reader is $(MAIN_APP_BUNDLE_IDENTIFIER), which resolves to com..acme.Reader (set at Config/Base.xcconfig:2, Config/Base.xcconfig:3), not a valid reverse-DNS name (an empty component)"), "\(run.stderr)")
        #expect(run.stderr.contains("--bundle-id"))
        #expect(run.stdout.contains("warning: PRODUCT_BUNDLE_IDENTIFIER of target Reader"), "the summary warns too: \(run.stdout)")
        #expect(!run.stdout.contains("com.example.app") && !run.stderr.contains("com.example.app.refresh"))
        #expect(try repo.files() == original)

        let given = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--bundle-id", "com.acme.Reader"], in: repo.url)
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try repo.files()[AnswersFile.name]?.contains("\"bundleId\": \"com.acme.Reader\"") == true)
    }

    /// Issue 40 item 9: the resolved value, the character that is wrong, the variable that brings it and the
    /// optional include that would set it.
    @Test func aPlaceholderTeamIsBlamedWithItsVariableAndTheAbsentOptionalInclude() throws {
        let repo = try Fixtures.copy("TeamPlaceholderBundleID")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("is $(MAIN_APP_BUNDLE_IDENTIFIER), which resolves to ru.acme.##TEAM_ID##.App (set at Config/Base.xcconfig:2, Config/Base.xcconfig:4), not a valid reverse-DNS name ('#' is not one of A-Z, a-z, 0-9, '.' and '-'): '#' comes from TEAM_ID = ##TEAM_ID## at Config/Base.xcconfig:2; the optional include Config/Local.xcconfig (#include? at Config/Base.xcconfig:3), which may set it, is absent; pass --bundle-id"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 2, "one line and the help pointer: \(run.stderr)")

        let base = repo.url.appendingPathComponent("Config/Base.xcconfig")
        try String(contentsOf: base, encoding: .utf8).replacingOccurrences(of: "TEAM_ID = ##TEAM_ID##\n", with: "")
            .write(to: base, atomically: true, encoding: .utf8)
        let unset = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(unset.status == 1)
        #expect(unset.stderr.contains("not a valid reverse-DNS name (an empty component): nothing in the repository sets TEAM_ID; the optional include Config/Local.xcconfig (#include? at Config/Base.xcconfig:2), which may set it, is absent"), "\(unset.stderr)")
    }

    @Test func aPersonIsAskedForTheBundleIdentifierWithNoDefaultOffered() throws {
        let repo = try Fixtures.copy("EmptyTeamBundleID")
        var request = InitRequest(root: repo.path, shownAs: ".")
        request.answers.tasks = [.refresh]
        var offered: [BundleIdentifier?] = []
        var questions = InitQuestions()
        questions.answers = { given, defaults in
            offered.append(defaults[AnswerSpecs.bundleID])
            var answers = given.filling(from: defaults)
            answers[AnswerSpecs.bundleID] = try BundleIdentifier("com.acme.Reader")
            return answers
        }
        let outcome = try InitService(fileSystem: LocalFileSystem()).run(request, questions: questions) { $0 }
        guard case .planned(let planned) = outcome else { Issue.record("expected a plan"); return }
        #expect(offered == [nil])
        #expect(planned.configuration.bundleIdentifier.description == "com.acme.Reader")
    }

    @Test func aRunWithTargetIsReplayedByYes() throws {
        let repo = try Fixtures.copy("SeveralAppProjects")
        let first = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--target", "Shop"], in: repo.url)
        #expect(first.status == 0, "\(first.stderr)")
        let recorded = try #require(try repo.files()[AnswersFile.name])
        #expect(recorded.contains("\"target\": \"Shop\""), "\(recorded)")
        let before = try repo.files()
        let again = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
        #expect(try repo.files() == before)
    }

    @Test func theMultiplatformGuardIsRecorded() throws {
        let repo = try Fixtures.copy("Multiplatform")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let record = try AnswersFile.decode(try #require(try repo.files()[AnswersFile.name]), path: AnswersFile.name)
        #expect(record.answers.guardsPlatform == true)
    }

    @Test(arguments: [
        #"{"target": 3}"#, #"{"spec": "../outside.yml"}"#, #"{"allTargets": "yes"}"#, #"{"platformGuard": 1}"#,
        #"{"apsEnvironment": "staging"}"#,
    ])
    func appChoicesAreReadAsStrictlyAsTheFlags(_ text: String) {
        #expect(throws: AnswersFileError.self) { try AnswersFile.decode(text, path: AnswersFile.name) }
    }

    @Test func aCoveredTaskIsSkippedBeforeTheDeploymentTargetIsJudged() throws {
        let repo = try Fixtures.copy("OldIOSSilentPush")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Nothing to add"), "\(run.stdout)")
        #expect(run.stderr.contains("skipped silent-push"))
    }

    @Test func aTaskTheProjectsTargetIsTooOldForNeverSuggestsANewerIOSFlag() throws {
        let repo = try Fixtures.copy("OldIOSSilentPush")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "silent-push", "--replace"], in: repo.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("Legacy deploys to iOS 12.2: the target would need iOS 13.0 or later"), "\(run.stderr)")
        #expect(!run.stderr.contains("--ios 13.0"))
    }
}

/// A cross-platform app whose native project is generated and not there yet is not an empty folder.
@Suite("Cross-platform apps without ios/")
struct CrossPlatformAppTests {
    @Test(arguments: [
        ("ExpoManaged", "this folder holds an Expo app (app.json) without its native iOS project; the native project is generated: run npx expo prebuild first, or add the keys and code with a config plugin"),
        ("FlutterWithoutIOS", "this folder holds a Flutter app (pubspec.yaml) without its native iOS project; run flutter create --platforms=ios . first"),
    ])
    func initStopsAndSaysHowToGetTheNativeProject(_ fixture: String, _ message: String) throws {
        let repo = try Fixtures.copy(fixture)
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try repo.files() == original)
    }
}

@Suite("CocoaPods apps before pod install")
struct PodsNotInstalledTests {
    @Test func oneWarningForThePodsXcconfigsAndAReplayChangesNothing() throws {
        let repo = try Fixtures.copy("PodsNotInstalled")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = FilledLines.entries("warning:", in: run.stdout).filter { $0.contains("Pods") }
        #expect(warnings == ["the CocoaPods xcconfigs are not there (3 configurations are based on Pods/Target Support Files/…, which pod install writes), so settings from them are unknown to bggen; run pod install first if they set the bundle identifier or deployment target."], "\(run.stdout)")
        #expect(try repo.files()["Podcasts/Info.plist"]?.contains("org.example.podcasts.processing") == true)
        let again = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)\(again.stderr)")
    }
}

@Suite("XcodeGen specs with flow lists")
struct XcodeGenFlowListTests {
    @Test func theSpecIsReadAndTheKeysToAddArePrintedInFlowForm() throws {
        let repo = try Fixtures.copy("XcodeGenFlowLists")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: Exposure"), "\(run.stdout)")
        #expect(run.stdout.contains("      BGTaskSchedulerPermittedIdentifiers: [$(PRODUCT_BUNDLE_IDENTIFIER).exposure-notification, org.example.Exposure.refresh, org.example.Exposure.processing]  (replaces the list already there)"), "\(run.stdout)")
        #expect(run.stdout.contains("      UIBackgroundModes: [fetch, processing]  (replaces the list already there)"), "\(run.stdout)")
        #expect(!run.stdout.contains("        - processing"))
    }
}
