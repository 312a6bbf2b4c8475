import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The next steps for an app delegate that subclasses a framework's (`FlutterAppDelegate`) compile merged into
/// that subclass: `override` on every method and `super` calls, in each compiler set-up (issue 40, item 2).
@Suite("Next steps for a framework delegate's subclass compile", .tags(.slow), .needsStubSDK)
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

        """

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

        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            let url = folder.url.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        for (name, text) in [("AppDelegate.swift", example), ("FlutterAppDelegate.swift", Self.flutterAppDelegate)] {
            let url = folder.url.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let sdk = try await StubSDK.shared(StubSDK.Version(for: try scenario.configuration.deploymentTarget))
        let result = try await sdk.compile(swiftFiles: sources, setup: setup, extraFlags: ["-DDEBUG"])
        #expect(result.isClean, "\(setup):\n\(result.output)")
    }
}
