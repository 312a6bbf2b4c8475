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
