import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The next steps for an app delegate that subclasses a framework's (`FlutterAppDelegate`) compile merged into
/// that subclass: `override` on every method and `super` calls, in each compiler set-up (issue 40, item 2), and so
/// do the `FlutterSceneDelegate` subclass printed for a scene manifest naming Flutter's and the method printed for
/// an app's own subclass of it, against the stub SDK here and Apple's iOS Simulator SDK on a Mac.
@Suite("Next steps for a framework delegate's subclass compile", .tags(.slow), .highPriority)
struct FrameworkDelegateCompileTests {
    /// Flutter's `FlutterAppDelegate` as Swift imports it: a `UIResponder` adopting `UIApplicationDelegate` whose
    /// implemented methods (which it forwards to plugins) a subclass overrides.
    static let flutterAppDelegate = """
        import UIKit

        open class FlutterAppDelegate: UIResponder, UIApplicationDelegate {
            open var window: UIWindow?

            open func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
            open func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
                                  completionHandler: @escaping () -> Void) { completionHandler() }
            open func applicationDidEnterBackground(_ application: UIApplication) {}
            open func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult { .noData }
            open func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
            open func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
        }

        /// Flutter's `FlutterSceneDelegate` as Swift imports it: the scene life cycle it forwards to plugins.
        open class FlutterSceneDelegate: UIResponder, UIWindowSceneDelegate {
            open var window: UIWindow?

            open func sceneDidEnterBackground(_ scene: UIScene) {}
        }

        """

    /// The `SceneDelegate: FlutterSceneDelegate` subclass the steps print when the scene manifest names Flutter's.
    static func flutterSceneDelegateExample(_ scenario: Scenario) throws -> String {
        var edits = ProjectEdits()
        edits.frameworkSceneDelegate = FrameworkSceneDelegate(className: "FlutterSceneDelegate", infoPlist: "ios/Runner/Info.plist")
        let steps = try OutputRenderer().nextSteps(for: try scenario.configuration, outputFolder: OutputLocation.folderName, edits: edits)
        let start = try #require(steps.range(of: "/// Your Info.plist's scene manifest names FlutterSceneDelegate"))
        let end = try #require(steps.range(of: "```", range: start.upperBound..<steps.endIndex))
        return "import UIKit\n\n" + steps[start.lowerBound..<end.lowerBound]
    }

    /// The scene delegate the steps print for an app's own `RunnerSceneDelegate: FlutterSceneDelegate`.
    static func flutterSceneSubclassExample(_ scenario: Scenario) throws -> String {
        var edits = ProjectEdits()
        edits.sceneDelegate = EntryPoint(file: "ios/Runner/RunnerSceneDelegate.swift", kind: .sceneDelegate, line: 6,
                                         typeName: "RunnerSceneDelegate", superclass: "FlutterSceneDelegate")
        let steps = try OutputRenderer().nextSteps(for: try scenario.configuration, outputFolder: OutputLocation.folderName, edits: edits)
        let start = try #require(steps.range(of: "final class RunnerSceneDelegate: FlutterSceneDelegate {"))
        let end = try #require(steps.range(of: "```", range: start.upperBound..<steps.endIndex))
        return "import UIKit\n\n" + steps[start.lowerBound..<end.lowerBound]
    }

    @Test(arguments: CompilerSetup.allCases)
    func allTasksMergedIntoAFlutterAppDelegateSubclassCompile(_ setup: CompilerSetup) async throws {
        let scenario = Scenarios.named("all-tasks")
        var edits = ProjectEdits()
        edits.appHasNoScenes = true
        edits.appDelegate = EntryPoint(file: "ios/Runner/AppDelegate.swift", kind: .swiftDelegate, line: 5, typeName: "AppDelegate",
                                       superclass: "FlutterAppDelegate")
        let steps = try OutputRenderer().nextSteps(for: try scenario.configuration, outputFolder: OutputLocation.folderName, edits: edits)
        let start = try #require(steps.range(of: "```swift\n"))
        let end = try #require(steps.range(of: "```", range: start.upperBound..<steps.endIndex))
        let example = String(steps[start.upperBound..<end.lowerBound])
        #expect(example.contains("final class AppDelegate: FlutterAppDelegate {"))

        var files = try ScenarioCompile.renderedSwiftFiles(of: scenario)
        files["AppDelegate.swift"] = example
        files["FlutterAppDelegate.swift"] = Self.flutterAppDelegate
        files["SceneDelegate.swift"] = try Self.flutterSceneDelegateExample(scenario)
        files["RunnerSceneDelegate.swift"] = try Self.flutterSceneSubclassExample(scenario)
        let result = try await ScenarioCompile.compile(files, for: scenario, setup: setup, flags: ["-DDEBUG"])
        #expect(result.isClean, "\(setup):\n\(result.output)")
    }
}
