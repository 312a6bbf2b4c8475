@testable import BggenCLI
@testable import BggenCore
import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// The app's own delegates by name and file (issue 40, item 3): `main.swift` or a `@main enum` may start a delegate
/// not called `AppDelegate`, possibly in Objective-C, so the steps name it and speak its language.
@Suite("App delegates named by what starts the app")
struct NamedDelegateTests {
    @Test func mainSwiftStartsADelegateNamedOtherwiseAndTheStepsNameItAndItsSceneDelegate() throws {
        let repo = try Fixtures.copy("NamedDelegate")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("   Your app delegate is `QuestsAppDelegate` (Quests/AppDelegate.swift:5).\n"), "\(steps)")
        #expect(steps.contains("   Your scene delegate is `SceneDelegate` (Quests/Utilities/SceneDelegate.swift:3).\n"))
        #expect(steps.contains("final class QuestsAppDelegate: UIResponder, UIApplicationDelegate {"))
        #expect(!steps.contains("class AppDelegate"), "the app has no class called AppDelegate")
        #expect(!steps.contains("QuestsApplication"), "the UIApplication subclass main.swift names is no delegate")
    }

    @Test func aMainEnumsFunctionStartsAnObjectiveCDelegateWhoseSwiftSceneDelegateGetsSwift() throws {
        let repo = try Fixtures.copy("ChosenObjCDelegate")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Objective-C app delegate (Reader/RDRAppDelegate.m)"), "\(run.stdout)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("   Your app delegate is `RDRAppDelegate` (Reader/RDRAppDelegate.m:7).\n"), "\(steps)")
        #expect(steps.contains("    [BackgroundTasksObjC registerTasks];"))
        #expect(!steps.contains("- (void)sceneDidEnterBackground:"), "the scene delegate is Swift")
        #expect(steps.contains("   Your scene delegate is Swift, `ReaderSceneDelegate` (Reader/ReaderSceneDelegate.swift:3): merge this method"))
        #expect(steps.contains("final class ReaderSceneDelegate: UIResponder, UIWindowSceneDelegate {\n    func sceneDidEnterBackground(_ scene: UIScene) {\n        BackgroundTaskManager.shared.scheduleAppRefresh()\n"))
        #expect(!steps.contains("TestingAppDelegate"), "the test double is started only under XCTest")
    }

    @Test func anObjectiveCMainNamingTheDelegateByStringStartsIt() throws {
        let tokens = try SourceLexer.tokens(of: #"int main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, @"NTSAppDelegate"); }"#,
                                        language: .objectiveC)
        #expect(AppEntries.launchedDelegates(in: tokens) == ["NTSAppDelegate"])
    }
}
