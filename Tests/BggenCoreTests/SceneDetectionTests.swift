import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Whether an existing app has the scene life cycle decides where the printed code schedules: an app without
/// scenes hears `applicationDidEnterBackground(_:)`, one with scenes only `sceneDidEnterBackground(_:)`. Only an
/// app detection shows has no scenes gets the plain variant; when in doubt, scenes.
@Suite("Scene life cycle detection")
struct SceneDetectionTests {
    private static let plainPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        </dict>
        </plist>

        """

    private static let scenePlist = plainPlist.replacingOccurrences(of: "</dict>\n</plist>", with: """
        \t<key>UIApplicationSceneManifest</key>
        \t<dict>
        \t\t<key>UIApplicationSupportsMultipleScenes</key>
        \t\t<false/>
        \t</dict>
        </dict>
        </plist>
        """)

    private static let appDelegate = """
        import UIKit

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
        }

        """

    private func project(plist: String = plainPlist, generated: Bool = false, extra: [String: String] = [:]) throws -> ExistingProject {
        try detect(plist: plist, generated: generated, extra: extra).project
    }

    private func detect(plist: String = plainPlist, generated: Bool = false, extra: [String: String] = [:]) throws -> (project: ExistingProject, disk: InMemoryFileSystem) {
        let settings = "INFOPLIST_FILE = App/Info.plist;" + (generated ? " GENERATE_INFOPLIST_FILE = YES;" : "")
        var files = [
            "App.xcodeproj/project.pbxproj": SyntheticProject.pbxproj(projectSettings: settings),
            "App/Info.plist": plist,
            "App/AppDelegate.swift": Self.appDelegate,
        ]
        files.merge(extra) { $1 }
        let disk = InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("/repo/\($0.key)", $0.value) }))
        return (try #require(try ExistingProject.detect(root: "/repo", targetName: nil, fileSystem: disk)), disk)
    }

    @Test func anAppWithoutManifestOrSceneDelegateHasNoScenes() throws {
        let (app, disk) = try detect()
        #expect(app.hasNoScenes)
        let configuration = try Configuration(answers: Answers())
        let edits = try app.edits(for: configuration, fileSystem: disk, allowBinaryPlist: false)
        #expect(edits.appHasNoScenes)
    }

    @Test func aSceneManifestMeansScenes() throws {
        #expect(try !project(plist: Self.scenePlist).hasNoScenes)
    }

    @Test(arguments: [
        "final class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n    var window: UIWindow?\n}\n",
        "final class Scenes: NSObject, UISceneDelegate {}\n",
    ])
    func aSceneDelegateInTheSourcesMeansScenes(_ declaration: String) throws {
        #expect(try !project(extra: ["App/SceneDelegate.swift": "import UIKit\n\n" + declaration]).hasNoScenes)
    }

    /// Declared in its header, as Objective-C usually does.
    @Test func anObjectiveCSceneDelegateMeansScenes() throws {
        let header = "#import <UIKit/UIKit.h>\n\n@interface SceneDelegate : UIResponder <UIWindowSceneDelegate>\n@end\n"
        let implementation = "#import \"SceneDelegate.h\"\n\n@implementation SceneDelegate\n@end\n"
        #expect(try !project(extra: ["App/SceneDelegate.m": implementation, "App/SceneDelegate.h": header]).hasNoScenes)
    }

    /// Xcode adds a generated manifest from build settings (`INFOPLIST_KEY_UIApplicationSceneManifest_Generation`).
    @Test func aPlistXcodeCompletesMayHaveScenes() throws {
        #expect(try !project(generated: true).hasNoScenes)
    }

    /// The Info.plist key's name in code (a scene configuration built by hand) is not a scene delegate.
    @Test func theClassNameKeyIsNotASceneDelegate() throws {
        let code = "let key = \"UISceneDelegateClassName\"\n"
        #expect(try project(extra: ["App/Keys.swift": code]).hasNoScenes)
    }
}
