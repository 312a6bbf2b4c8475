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
        guard configuration.style != .swiftUI else { return }
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
