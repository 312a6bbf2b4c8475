import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The app code users paste. Apps built with the iOS 27 SDK must use scenes, and then UIKit calls the scene
/// delegate's `sceneDidEnterBackground(_:)`, never the app delegate's `applicationDidEnterBackground(_:)`, so the
/// scheduling calls belong in a scene delegate while registration stays in `didFinishLaunching`.
@Suite("Printed app code with scenes")
struct NextStepsSceneTests {
    @Test(arguments: Scenarios.all)
    func aSceneDelegateSchedulesWhenTheAppEntersTheBackground(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        guard configuration.style != .swiftUI, !scenario.appHasNoScenes else { return }
        let objectiveC = try scenario.appDelegateExample(language: "objc")
        if !objectiveC.isEmpty {
            try expectObjectiveCSceneDelegate(objectiveC, configuration)
            return
        }
        let code = try scenario.appDelegateExample()
        #expect(!code.contains("applicationDidEnterBackground("), "\(code)")
        let schedules = configuration.includes(.refresh) || configuration.processingSeconds != nil || configuration.nightlyAt != nil
        guard schedules else {
            #expect(!code.contains("SceneDelegate"))
            return
        }
        let scene = try #require(code.range(of: "final class SceneDelegate: UIResponder, UIWindowSceneDelegate {"))
        let sceneCode = code[scene.lowerBound...]
        #expect(sceneCode.contains("    func sceneDidEnterBackground(_ scene: UIScene) {"))
        #expect(sceneCode.contains("scheduleAppRefresh()") == configuration.includes(.refresh))
        #expect(sceneCode.contains("scheduleProcessingTask()") == (configuration.processingSeconds != nil || configuration.nightlyAt != nil))
        let launch = try #require(code.range(of: "didFinishLaunchingWithOptions"))
        let registration = try #require(code.range(of: "BackgroundTaskManager.shared.registerTasks()"))
        #expect(launch.upperBound < registration.lowerBound && registration.upperBound < scene.lowerBound)
    }

    /// The same rule in Objective-C: scheduling in `sceneDidEnterBackground:`, registration at launch.
    private func expectObjectiveCSceneDelegate(_ code: String, _ configuration: Configuration) throws {
        #expect(!code.contains("applicationDidEnterBackground:"), "\(code)")
        let scene = try #require(code.range(of: "- (void)sceneDidEnterBackground:(UIScene *)scene {"))
        let sceneCode = code[scene.lowerBound...]
        #expect(sceneCode.contains("[BackgroundTasksObjC scheduleAppRefresh];") == configuration.includes(.refresh))
        let registration = try #require(code.range(of: "[BackgroundTasksObjC registerTasks];"))
        #expect(registration.upperBound < scene.lowerBound)
    }

    /// An app detection shows has no scenes never calls a scene delegate: it schedules from the app delegate, and
    /// the next steps say why.
    @Test(arguments: ["refresh", "processing-network-power", "all-tasks", "interval-on-push"])
    func anAppWithoutScenesSchedulesFromTheAppDelegate(_ name: String) throws {
        let scenario = Self.withoutScenes(name)
        let configuration = try scenario.configuration
        let code = try scenario.appDelegateExample()
        #expect(!code.contains("SceneDelegate") && !code.contains("sceneDidEnterBackground"), "\(code)")
        let schedules = configuration.includes(.refresh) || configuration.processingSeconds != nil
        guard schedules else {
            #expect(!code.contains("applicationDidEnterBackground"))
            return
        }
        let background = try #require(code.range(of: "    func applicationDidEnterBackground(_ application: UIApplication) {"))
        #expect(code[background.lowerBound...].contains("scheduleAppRefresh()") == configuration.includes(.refresh))
        let registration = try #require(code.range(of: "BackgroundTaskManager.shared.registerTasks()"))
        #expect(registration.upperBound < background.lowerBound)
        let steps = try scenario.nextSteps()
        #expect(steps.contains("Your app has no scenes (its Info.plist has no UIApplicationSceneManifest and no file declares a scene\n   delegate), so scheduling goes in applicationDidEnterBackground(_:)."))
    }

    @Test func anObjectiveCAppWithoutScenesSchedulesFromTheAppDelegate() throws {
        let scenario = Self.withoutScenes("objc-delegate-all-tasks")
        let code = try scenario.appDelegateExample(language: "objc")
        #expect(!code.contains("sceneDidEnterBackground"), "\(code)")
        let background = try #require(code.range(of: "- (void)applicationDidEnterBackground:(UIApplication *)application {"))
        #expect(code[background.lowerBound...].contains("[BackgroundTasksObjC scheduleAppRefresh];"))
        #expect(try scenario.nextSteps().contains("so scheduling goes in applicationDidEnterBackground:."))
    }

    /// The iOS 27 SDK requires scenes: the scene delegate stays, and the app is told to adopt scenes.
    @Test(arguments: ["ios27-all-tasks", "objc-delegate-all-tasks-ios27"])
    func anIOS27AppWithoutScenesMustAdoptThem(_ name: String) throws {
        var answers = Scenarios.all.first { $0.name == name }?.answers ?? Scenarios.named("objc-delegate-all-tasks").answers
        answers[AnswerSpecs.ios] = DeploymentTarget(major: 27, minor: 0)
        let scenario = Scenario(name: name, flags: [], answers: answers, appHasNoScenes: true)
        let steps = try scenario.nextSteps()
        #expect(!steps.contains("applicationDidEnterBackground(_ application") && !steps.contains("- (void)applicationDidEnterBackground:"), "\(steps)")
        #expect(steps.contains("sceneDidEnterBackground"))
        #expect(steps.contains("Your app has no scenes yet (its Info.plist has no UIApplicationSceneManifest), and apps built with the iOS 27\n   SDK must adopt them or they do not launch"))
        // An app that has scenes is not told to adopt them.
        let withScenes = Scenario(name: name, flags: [], answers: answers)
        #expect(!(try withScenes.nextSteps()).contains("must adopt them"))
    }

    private static func withoutScenes(_ name: String) -> Scenario {
        let scenario = Scenarios.named(name)
        return Scenario(name: name + "-without-scenes", flags: scenario.flags, answers: scenario.answers, appHasNoScenes: true)
    }

    /// Transfers that finished while the app was not running reach only a recreated session.
    @Test(arguments: Scenarios.all)
    func theSwiftUIAdaptorRecreatesBackgroundSessionsAtLaunch(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        guard configuration.style == .swiftUI else { return }
        let code = try scenario.appDelegateExample()
        for (task, manager) in [(TaskKind.downloads, "BackgroundDownloadManager"), (.uploads, "BackgroundUploadManager")] {
            guard configuration.includes(task) else { continue }
            let launch = try #require(code.range(of: "didFinishLaunchingWithOptions"))
            let recreated = try #require(code.range(of: "_ = \(manager).shared"), "\(code)")
            #expect(launch.upperBound < recreated.lowerBound)
        }
    }
}
