import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The one model of the app's code, through what `init` (the project report) and `doctor` (findings) read from it:
/// each pattern below was read wrongly by one of the two readers the model replaced (issue 25).
@Suite("Code model")
struct CodeModelTests {
    private func findings(_ repository: DoctorRepository) throws -> [String] {
        try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings.map {
            "\($0.rule.id) \($0.severity.rawValue) \($0.location.file):\($0.location.line)"
        }
    }

    private func report(_ repository: DoctorRepository) throws -> ProjectReport {
        try ProjectDetector.detect(root: DoctorRepository.root, fileSystem: repository.fileSystem, dumper: nil)
    }

    private func register(_ identifier: String) -> String {
        """
        BGTaskScheduler.shared.register(forTaskWithIdentifier: \(identifier), using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
        """
    }

    @Test func aParameterNamedLikeAConstantIsTheParameter() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .launching(register(#""com.example.app.refresh""#))
            .with("App/Scheduler.swift", """
                import BackgroundTasks

                enum Scheduler {
                    static let identifier = "com.example.app.unlisted"

                    static func submit(after delay: Double, identifier: String) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                }

                """)
        // Before: the parameter took the static's value, a false BG001 error that --fix would "fix".
        #expect(try !findings(repository).contains { $0.hasPrefix("BG001") || $0.hasPrefix("BG006") })
    }

    @Test func aLocalBoundToAConstantOfAnExtensionInAnotherFileIsThatConstant() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.other"], modes: ["fetch"])
            .launching("Tasks.registerAll()")
            .with("App/Tasks+Identifiers.swift", """
                extension Tasks {
                    static let refreshIdentifier = "com.example.app.refresh"
                }

                """)
            .with("App/Tasks.swift", """
                import BackgroundTasks

                enum Tasks {
                    static func registerAll() {
                        let identifier = Tasks.refreshIdentifier
                        \(register("identifier"))
                    }
                }

                """)
        // Before: only a CHECK001 note, and the registered-but-not-permitted identifier went unreported.
        #expect(try findings(repository).filter { !$0.hasPrefix("BG002") } == ["BG001 error App/Tasks.swift:6"])
        #expect(try report(repository).registeredIdentifiers.map { "\($0.identifier) \($0.file):\($0.line)" } == ["com.example.app.refresh App/Tasks.swift:6"])
    }

    @Test func aLiteralReturnedFromAComputedPropertyIsAConstant() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .launching(register("Identifiers.refresh"))
            .with("App/Identifiers.swift", """
                enum Identifiers {
                    static var refresh: String { "com.example.app.refresh" }
                }

                """)
        #expect(try findings(repository) == [])
        #expect(try report(repository).registeredIdentifiers.map(\.identifier) == ["com.example.app.refresh"])
    }

    @Test func anIdentifierBuiltFromTheBundleIdentifierIsResolvedByBothCommands() throws {
        let repository = DoctorRepository(permitted: ["$(PRODUCT_BUNDLE_IDENTIFIER).refresh"], modes: ["fetch"])
            .launching(register("Identifiers.refresh"))
            .with("App/Identifiers.swift", #"""
                import Foundation

                enum Identifiers {
                    static let bundle = Bundle.main.bundleIdentifier!
                    static let refresh = "\(bundle).refresh"
                }

                """#)
        // Before: init resolved it and doctor said "built at run time" (CHECK001) for it.
        #expect(try findings(repository) == [])
        let registered = try report(repository).registeredIdentifiers
        #expect(registered.map(\.identifier) == ["$(PRODUCT_BUNDLE_IDENTIFIER).refresh"])
        #expect(try !report(repository).warnings.contains { if case .unresolvedIdentifier = $0 { true } else { false } })
    }

    @Test func continuedProcessingIsNotProcessing() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.export.*"], modes: [])
            .with("App/Export.swift", """
                import BackgroundTasks

                enum Export {
                    static func start() {
                        let request = BGContinuedProcessingTaskRequest(identifier: "com.example.app.export.one", title: "Export", subtitle: "")
                        try? BGTaskScheduler.shared.submit(request)
                    }
                }

                """)
        #expect(try report(repository).coveredKinds == [.continuedProcessing])
    }

    @Test func legacyFetchCoversNoTaskAndIsSwitchedOffByPermittedIdentifiers() throws {
        let fetch = """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    UIApplication.shared.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
                    return true
                }

                func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                    completionHandler(.noData)
                }
            }

            """
        let withoutKey = DoctorRepository(modes: ["fetch"]).with("App/AppDelegate.swift", fetch)
        #expect(try findings(withoutKey) == ["FETCH001 warning App/AppDelegate.swift:5", "FETCH001 warning App/AppDelegate.swift:9"])
        #expect(try report(withoutKey).coveredKinds == [])
        #expect(try report(withoutKey).legacyFetch.map { "\($0.symbol) \($0.file):\($0.line ?? 0)" } == [
            "setMinimumBackgroundFetchInterval App/AppDelegate.swift:5", "performFetchWithCompletionHandler App/AppDelegate.swift:9",
        ])
        let withKey = DoctorRepository(permitted: ["com.example.app.processing"], modes: ["fetch", "processing"])
            .with("App/AppDelegate.swift", fetch)
        #expect(try findings(withKey).filter { $0.hasPrefix("FETCH") } == ["FETCH002 error App/AppDelegate.swift:5", "FETCH002 error App/AppDelegate.swift:9"])
    }

    @Test func aSameNamedMethodOfAnotherClassIsNotLegacyFetch() throws {
        let repository = DoctorRepository()
            .with("App/Clock.swift", """
                final class Clock {
                    func setMinimumBackgroundFetchInterval(_ interval: Double) {}
                    func performFetchWithCompletionHandler(_ handler: () -> Void) { handler() }
                }

                func tick(clock: Clock) {
                    clock.setMinimumBackgroundFetchInterval(3)
                }

                """)
        #expect(try findings(repository) == [])
    }

    @Test func aPluginsRegistrationRegistersItsIdentifier() throws {
        let repository = DoctorRepository(permitted: ["be.tramckrijte.workmanagerExample.taskId"], modes: ["fetch"])
            .launching(#"WorkmanagerPlugin.registerPeriodicTask(withIdentifier: "be.tramckrijte.workmanagerExample.taskId", frequency: NSNumber(value: 20 * 60))"#)
        // Before: BG002 "no code registers it" and MODE003 notes.
        #expect(try findings(repository) == [])
    }

    /// Two iOS apps, each its own project and folder, and a file neither claims.
    private func twoApps(_ files: [String: String]) -> DoctorRepository {
        var repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"], settings: "SWIFT_VERSION = 6.0;")
        repository.files["Other.xcodeproj/project.pbxproj"] = SyntheticProject.pbxproj(name: "Other", folder: "Other", bundleIdentifier: "com.example.other")
        repository.files["Other/Placeholder.swift"] = "struct Placeholder {}\n"
        for (path, text) in files { repository.files[path] = text }
        return repository
    }

    @Test func filesNoTargetClaimsAreNotEveryAppsCode() throws {
        let repository = twoApps([
            "Shared/Sync.swift": """
                import BackgroundTasks

                enum Sync {
                    static func submit() {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.other.sync"))
                    }
                }

                """,
        ])
        let found = try findings(repository)
        // Before: BG001 and BG003 errors against App for code that is not App's, which --fix would have "fixed".
        #expect(!found.contains { $0.hasPrefix("BG001") || $0.hasPrefix("BG003") })
        #expect(found.contains("CHECK001 note Shared/Sync.swift:1"))
    }

    @Test func anExtensionIsResolvedWithinItsTarget() throws {
        let repository = twoApps([
            "App/AppDelegate.swift": """
                import UIKit

                @MainActor final class AppDelegate: UIResponder, UIApplicationDelegate {
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        registerTasks()
                        return true
                    }
                }

                """,
            "App/AppDelegate+Tasks.swift": """
                import BackgroundTasks

                private extension AppDelegate {
                    func registerTasks() {
                        \(register(#""com.example.app.refresh""#))
                    }
                }

                """,
            "Other/AppDelegate.swift": "final class AppDelegate {}\n",
        ])
        // Before: the same-named type of the other app made the extension's isolation unknown, so no BG010.
        #expect(try findings(repository).contains("BG010 error App/AppDelegate+Tasks.swift:5"))
    }

    @Test func theDelegateIsTheClassUIApplicationMainStartsNotADebugHelper() throws {
        let repository = DoctorRepository()
            .with("App/main.swift", """
                import UIKit

                @main enum AppLauncher {
                    static func main() {
                        UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
                    }
                }

                """)
            .with("App/AppDelegate.h", "#import <UIKit/UIKit.h>\n@interface AppDelegate : UIResponder <UIApplicationDelegate>\n@end\n")
            .with("App/AppDelegate.m", """
                #import "AppDelegate.h"
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    return YES;
                }
                @end

                """)
            .with("App/AppDelegate+Sharing.swift", "extension AppDelegate {\n    func share() {}\n}\n")
            .with("App/TestingDelegate.swift", """
                import UIKit

                #if DEBUG
                final class TestingAppDelegate: UIResponder, UIApplicationDelegate {}
                #endif

                """)
        let project = try #require(try ExistingProject.detect(root: DoctorRepository.root, targetName: nil, fileSystem: repository.fileSystem))
        // Before: the #if DEBUG Swift delegate made the app "Swift app delegate", and the next steps declared a second AppDelegate.
        #expect(project.style == .appDelegate)
        #expect(project.objectiveCDelegate?.file == "App/AppDelegate.m")
    }

    @Test func theAppsOwnAppTypeAndItsAdaptorDelegateAreFound() throws {
        let repository = DoctorRepository()
            .with("App/FeedApp.swift", """
                import SwiftUI

                @main struct FeedApp: App {
                    @UIApplicationDelegateAdaptor(FeedDelegate.self) private var delegate

                    var body: some Scene {
                        WindowGroup { Text("Feed") }
                    }
                }

                """)
            .with("App/FeedDelegate.swift", """
                import UIKit

                final class FeedDelegate: NSObject, UIApplicationDelegate {}

                """)
        let entries = try report(repository).entryPoints
        #expect(entries.map { "\($0.kind) \($0.typeName ?? "?") \($0.file):\($0.line ?? 0) \($0.adaptedDelegate ?? "-"):\($0.adaptorLine ?? 0)" } == [
            "swiftUIApp FeedApp App/FeedApp.swift:3 FeedDelegate:4",
            "swiftDelegate FeedDelegate App/FeedDelegate.swift:3 -:0",
        ])
    }

    @Test func aRegistrationCalledOnlyFromASceneCallbackIsLate() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/SceneDelegate.swift", """
                import BackgroundTasks
                import UIKit

                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func sceneDidBecomeActive(_ scene: UIScene) {
                        Tasks.registerAll()
                    }
                }

                enum Tasks {
                    static func registerAll() {
                        \(register(#""com.example.app.refresh""#))
                    }
                }

                """)
        // Before: a CHECK001 note ("no path from didFinishLaunching was found"), though the only path runs after launch.
        #expect(try findings(repository) == ["BG004 error App/SceneDelegate.swift:12"])
    }

    @Test func aFileReachedThroughALinkIsReadOnce() throws {
        let folder = try TemporaryDirectory()
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks.registerAll()")
            .with("App/Tasks.swift", """
                import BackgroundTasks

                enum Tasks {
                    static func registerAll() {
                        \(register(#""com.example.app.refresh""#))
                    }
                }

                """)
        for (path, text) in repository.files {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("App/TasksLink.swift").path, withDestinationPath: "Tasks.swift")
        let findings = try Doctor(fileSystem: LocalFileSystem()).audit(root: folder.path).findings.map(\.rule.id)
        // Before: the linked file was read twice, so the one registration was "registered twice" (BG005).
        #expect(findings == [])
    }

    @Test func aBackgroundSessionPassedAsAnArgumentIsThatSession() throws {
        let repository = DoctorRepository()
            .with("App/Downloads.swift", """
                import Foundation

                final class Downloads: NSObject, URLSessionDelegate {
                    lazy var session = URLSession(configuration: .background(withIdentifier: "com.example.app.downloads"), delegate: self, delegateQueue: nil)

                    func start(_ url: URL) {
                        fetch(session, url: url)
                    }

                    func fetch(_ client: URLSession, url: URL) {
                        client.dataTask(with: url) { _, _, _ in }.resume()
                    }
                }

                """)
        // Before: nothing, since the call is made on the parameter, not on the stored session.
        #expect(try findings(repository).contains("URL001 error App/Downloads.swift:11"))
    }
}
