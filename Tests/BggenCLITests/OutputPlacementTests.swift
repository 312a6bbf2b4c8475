@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `init` then `doctor` in apps where the nearest folder a target compiles is not the app's own (issue 40, item 1).
@Suite("Where init writes in an existing app")
struct OutputPlacementTests {
    @Test func anExpoAppGetsItsFilesBesideTheDelegateAndDoctorFindsThemRegistered() throws {
        let repo = try Fixtures.copy("ExpoPods")
        let run = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        #expect(files["ios/BackgroundProcessing/BackgroundTaskManager.swift"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("ios/Pods/BackgroundProcessing") }, "CocoaPods owns ios/Pods/ and git ignores it")
        #expect(try repo.nextSteps().contains("1. App lists its files one by one: add ios/BackgroundProcessing to the App target in Xcode (File > Add Files)."))

        let doctor = try InProcessRunner.run(["doctor"], in: repo.url)
        #expect(doctor.stdout.contains("0 errors, 0 warnings"), "bggen's own registrations are read: \(doctor.stdout)")
    }

    @Test func anXcodeGenAppListingFilesOneByOneIsToldTheLineToAdd() throws {
        let repo = try Fixtures.copy("XcodeGenIconFirst")
        let run = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        #expect(files["Sources/BackgroundProcessing/BackgroundTaskManager.swift"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("App.icon/") && $0 != "App.icon/icon.json" && $0 != "App.icon/Assets/bulb.txt" })
        #expect(try repo.nextSteps().contains("Add the line `- Sources/BackgroundProcessing` to Lumen's `sources:` in project.yml"))
    }
}

/// An app deploying below iOS 12 (issue 40, item 4): bggen names the setting and file to raise, and never asks for
/// `--ios`, which would make the report and next steps state a deployment target the app does not have.
@Suite("An app below iOS 12")
struct OldDeploymentTargetTests {
    @Test func initStopsWithExit1NamingTheSettingAndFileToRaise() throws {
        let repo = try TemporaryDirectory()
        try repo.write(SyntheticProject.pbxproj(projectSettings: "GENERATE_INFOPLIST_FILE = YES; IPHONEOS_DEPLOYMENT_TARGET = 11.0;"),
                       to: "App.xcodeproj/project.pbxproj")
        try repo.write("import UIKit\n\n@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {}\n", to: "App/AppDelegate.swift")
        let before = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("App deploys to iOS 11.0 (IPHONEOS_DEPLOYMENT_TARGET in App.xcodeproj), older than iOS 12.0, the oldest deployment target Xcode builds for: raise IPHONEOS_DEPLOYMENT_TARGET to 12.0 or later there, then run bggen init again. Nothing was written."), "\(run.stderr)")
        #expect(!run.stderr.contains("--ios"), "a flag would make the report untrue")
        #expect(try repo.files() == before)
    }
}
