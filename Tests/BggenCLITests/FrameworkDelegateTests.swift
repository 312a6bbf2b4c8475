@testable import BggenCLI
@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// App delegates that subclass a framework's delegate (issue 40, item 2): recognised, and given next steps that
/// override and call `super`, so the framework's launch work and its plugins' events still run.
@Suite("App delegates subclassing a framework's delegate")
struct FrameworkDelegateTests {
    @Test func aFlutterDelegateGetsOverridesCallingSuperAndPluginSessionsGoToSuper() throws {
        let repo = try Fixtures.copy("FlutterDownloads")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "downloads,refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("app delegate\n  Bundle ID: org.example.fetcher\n"), "\(run.stdout)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("final class AppDelegate: FlutterAppDelegate {"))
        #expect(!steps.contains("UIResponder, UIApplicationDelegate"))
        #expect(steps.contains("    override func application(\n        _ application: UIApplication,\n        didFinishLaunchingWithOptions"))
        #expect(steps.contains("        return super.application(application, didFinishLaunchingWithOptions: launchOptions)"))
        #expect(steps.contains("        // Another session's, such as a plugin's: FlutterAppDelegate hands it to its plugins.\n"
                               + "        super.application(application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)\n"),
                "a download plugin's session events must reach it")
        #expect(!steps.contains("otherwise call it,"))
        #expect(steps.contains("    override func applicationDidEnterBackground(_ application: UIApplication) {\n        super.applicationDidEnterBackground(application)"))
    }

    @Test func anExpoDelegateIsAnAppDelegateSubclassingExpoAppDelegate() throws {
        let root = Fixtures.folder.appendingPathComponent("ExpoPods").path
        let project = try #require(try ExistingProject.detect(root: root, targetName: nil, fileSystem: LocalFileSystem()))
        #expect(project.style == .appDelegate)
        let delegate = try #require(project.report.entryPoints.first { $0.kind == .swiftDelegate })
        #expect(delegate.file == "ios/AppDelegate.swift")
        #expect(delegate.typeName == "AppDelegate")
        #expect(delegate.superclass == "ExpoAppDelegate")
    }

    /// A delegate in a linked framework is unknown by name: overriding the launch method says what it is.
    @Test func aSubclassOfALinkedFrameworksDelegateIsFoundByItsLaunchOverride() throws {
        let repository = DoctorRepository().with("App/AppDelegate.swift", """
            import UIKit
            import ShellKit

            @main
            final class AppDelegate: ShellAppDelegate {
                struct Nested { func application(_ x: Int, didFinishLaunchingWithOptions y: Int) {} }

                override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    super.application(application, didFinishLaunchingWithOptions: launchOptions)
                }
            }

            final class Helper: ShellAppDelegate {}
            """)
        let report = try ProjectDetector.detect(root: DoctorRepository.root, fileSystem: repository.fileSystem)
        let delegates = report.entryPoints.filter { $0.kind == .swiftDelegate }
        #expect(delegates.map(\.typeName) == ["AppDelegate"], "Helper declares no launch method")
        #expect(delegates.first?.superclass == "ShellAppDelegate")
        #expect(delegates.first?.line == 5)
    }

    @Test func aPlainDelegateKeepsItsOwnMethods() throws {
        let repository = DoctorRepository().launching("")
        let report = try ProjectDetector.detect(root: DoctorRepository.root, fileSystem: repository.fileSystem)
        let delegate = try #require(report.entryPoints.first { $0.kind == .swiftDelegate })
        #expect(delegate.superclass == nil)
    }
}

/// Issue 40 item 2: a scene manifest naming Flutter's scene delegate, and an Objective-C delegate subclassing a
/// framework's.
@Suite("Framework scene delegates and Objective-C framework-delegate subclasses")
struct FrameworkSceneDelegateTests {
    @Test func aManifestNamingFlutterSceneDelegateGetsASubclassCallingSuperAndThePlistChange() throws {
        let repo = try Fixtures.copy("FlutterSceneManifest")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("final class SceneDelegate: FlutterSceneDelegate {\n    override func sceneDidEnterBackground(_ scene: UIScene) {\n"
                               + "        super.sceneDidEnterBackground(scene)\n        BackgroundTaskManager.shared.scheduleAppRefresh()\n"), "\(steps)")
        #expect(!steps.contains("SceneDelegate: UIResponder, UIWindowSceneDelegate"), "\(steps)")
        #expect(steps.contains("In ios/Runner/Info.plist, change UISceneDelegateClassName under UIApplicationSceneManifest from FlutterSceneDelegate\n"
                               + "   to $(PRODUCT_MODULE_NAME).SceneDelegate"), "\(steps)")
    }

    @Test func anAppWithItsOwnSceneDelegateIsNotToldToSubclassFlutters() throws {
        let repo = try Fixtures.copy("FlutterSceneManifest")
        try "import UIKit\n\nclass SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n}\n"
            .write(to: repo.url.appendingPathComponent("ios/Runner/SceneDelegate.swift"), atomically: true, encoding: .utf8)
        let project = try #require(try ExistingProject.detect(root: repo.url.path, targetName: nil, fileSystem: LocalFileSystem()))
        #expect(project.frameworkSceneDelegate == nil)
    }

    /// `class SceneDelegate: FlutterSceneDelegate` names no scene delegate protocol: its superclass makes it the
    /// app's scene delegate, whose method overrides Flutter's and calls super.
    @Test func aSceneDelegateSubclassingFluttersIsTheAppsAndOverridesCallingSuper() throws {
        let repo = try Fixtures.copy("FlutterSceneSubclass")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("   Your scene delegate is `SceneDelegate` (ios/Runner/SceneDelegate.swift:6).\n"
                               + "   It subclasses FlutterSceneDelegate"), "\(steps)")
        #expect(steps.contains("final class SceneDelegate: FlutterSceneDelegate {\n    override func sceneDidEnterBackground(_ scene: UIScene) {\n"
                               + "        super.sceneDidEnterBackground(scene)\n        BackgroundTaskManager.shared.scheduleAppRefresh()\n"), "\(steps)")
        #expect(!steps.contains("UIResponder, UIWindowSceneDelegate"), "\(steps)")
        #expect(!steps.contains("change UISceneDelegateClassName"), "the manifest already names the subclass: \(steps)")
    }

    @Test func anObjectiveCSceneDelegateSubclassingFluttersCallsSuper() throws {
        let repository = DoctorRepository()
            .with("App/AppDelegate.h", "#import <Flutter/Flutter.h>\n\n@interface AppDelegate : FlutterAppDelegate\n@end\n")
            .with("App/AppDelegate.m", "#import \"AppDelegate.h\"\n\n@implementation AppDelegate\n"
                  + "- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {\n"
                  + "    return [super application:application didFinishLaunchingWithOptions:launchOptions];\n}\n@end\n")
            .with("App/SceneDelegate.h", "#import <Flutter/Flutter.h>\n\n@interface SceneDelegate : FlutterSceneDelegate\n@end\n")
            .with("App/SceneDelegate.m", "#import \"SceneDelegate.h\"\n\n@implementation SceneDelegate\n@end\n")
        let project = try #require(try ExistingProject.detect(root: DoctorRepository.root, targetName: nil, fileSystem: repository.fileSystem))
        let scene = try #require(project.report.sceneDelegates.first { $0.typeName != nil })
        #expect(scene.file == "App/SceneDelegate.h")
        #expect(scene.typeName == "SceneDelegate")
        #expect(scene.superclass == "FlutterSceneDelegate")

        var edits = ProjectEdits()
        edits.appDelegate = project.objectiveCDelegate
        edits.sceneDelegate = scene
        let steps = try OutputRenderer().nextSteps(for: try Scenarios.named("objc-delegate-all-tasks").configuration, outputFolder: "App", edits: edits)
        #expect(steps.contains("// In your scene delegate (SceneDelegate, App/SceneDelegate.h:3)"), "\(steps)")
        #expect(steps.contains("- (void)sceneDidEnterBackground:(UIScene *)scene {\n    [super sceneDidEnterBackground:scene];\n"), "\(steps)")
    }

    /// `@interface AppDelegate : FlutterAppDelegate` in the header, `@implementation AppDelegate` in the `.m`.
    @Test func anObjectiveCSubclassCallsSuperAndHandsOtherSessionsToIt() throws {
        let repository = DoctorRepository()
            .with("App/AppDelegate.h", "#import <Flutter/Flutter.h>\n\n@interface AppDelegate : FlutterAppDelegate\n@end\n")
            .with("App/AppDelegate.m", """
                #import "AppDelegate.h"
                #import "GeneratedPluginRegistrant.h"

                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    [GeneratedPluginRegistrant registerWithRegistry:self];
                    return [super application:application didFinishLaunchingWithOptions:launchOptions];
                }
                @end

                """)
            .with("App/main.m", "#import \"AppDelegate.h\"\nint main(int argc, char *argv[]) { return UIApplicationMain(argc, argv, nil, NSStringFromClass([AppDelegate class])); }\n")
        let project = try #require(try ExistingProject.detect(root: DoctorRepository.root, targetName: nil, fileSystem: repository.fileSystem))
        let delegate = try #require(project.objectiveCDelegate)
        #expect(delegate.file == "App/AppDelegate.m")
        #expect(delegate.superclass == "FlutterAppDelegate")

        var edits = ProjectEdits()
        edits.appDelegate = delegate
        let steps = try OutputRenderer().nextSteps(for: try Scenarios.named("objc-delegate-all-tasks").configuration, outputFolder: "App", edits: edits)
        #expect(steps.contains("    return [super application:application didFinishLaunchingWithOptions:launchOptions];"), "\(steps)")
        #expect(steps.contains("    [super application:application handleEventsForBackgroundURLSession:identifier completionHandler:completionHandler];\n}"), "\(steps)")
        #expect(!steps.contains("    completionHandler();\n}"), "\(steps)")
        #expect(steps.contains("    [super application:application didReceiveRemoteNotification:userInfo fetchCompletionHandler:^(UIBackgroundFetchResult theirs) {"), "\(steps)")
    }
}

/// Issue 40 item 2: delegate chains through the app's own classes.
@Suite("App delegates subclassing the app's own delegate")
struct OwnBaseDelegateTests {
    static let launch = "override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool"

    @Test func aChainReachingFlutterAppDelegateOverridesThroughTheAppsBase() throws {
        let repository = DoctorRepository()
            .with("App/AppDelegate.swift", "import UIKit\n\n@main\nfinal class AppDelegate: BaseAppDelegate {}\n")
            .with("App/BaseAppDelegate.swift", "import Flutter\n\nclass BaseAppDelegate: FlutterAppDelegate {\n    \(Self.launch) {\n        super.application(application, didFinishLaunchingWithOptions: launchOptions)\n    }\n}\n")
        let project = try #require(try ExistingProject.detect(root: DoctorRepository.root, targetName: nil, fileSystem: repository.fileSystem))
        let delegates = project.report.entryPoints.filter { $0.kind == .swiftDelegate }
        #expect(delegates.map(\.typeName) == ["AppDelegate"], "the base starts nothing: \(delegates)")
        #expect(delegates.first?.superclass == "BaseAppDelegate")
        #expect(delegates.first?.ownBase == nil)
        var edits = ProjectEdits()
        edits.appDelegate = delegates.first
        let steps = try OutputRenderer().nextSteps(for: try Scenarios.named("all-tasks").configuration, outputFolder: "App", edits: edits)
        #expect(steps.contains("final class AppDelegate: BaseAppDelegate {\n    override func application("), "\(steps)")
    }

    @Test func aChainThroughTheAppsOwnUIApplicationDelegateNamesTheBase() throws {
        let repository = DoctorRepository()
            .with("App/AppDelegate.swift", "import UIKit\n\n@main\nfinal class AppDelegate: BaseAppDelegate {}\n")
            .with("App/BaseAppDelegate.swift", "import UIKit\n\nclass BaseAppDelegate: UIResponder, UIApplicationDelegate {\n    var window: UIWindow?\n}\n")
        let project = try #require(try ExistingProject.detect(root: DoctorRepository.root, targetName: nil, fileSystem: repository.fileSystem))
        #expect(project.style == .appDelegate)
        let delegates = project.report.entryPoints.filter { $0.kind == .swiftDelegate }
        #expect(delegates.map(\.typeName) == ["AppDelegate"], "\(delegates)")
        #expect(delegates.first?.superclass == nil)
        #expect(delegates.first?.ownBase == "BaseAppDelegate (App/BaseAppDelegate.swift:3)")
        var edits = ProjectEdits()
        edits.appDelegate = delegates.first
        let steps = try OutputRenderer().nextSteps(for: try Scenarios.named("all-tasks").configuration, outputFolder: "App", edits: edits)
        #expect(steps.contains("   Your app delegate is `AppDelegate` (App/AppDelegate.swift:4).\n   It subclasses your own BaseAppDelegate (App/BaseAppDelegate.swift:3): where that class already implements"), "\(steps)")
        #expect(!steps.contains("override func"), "\(steps)")
    }
}
