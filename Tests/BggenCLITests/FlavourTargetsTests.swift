@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// Issue 40 item 5: two app targets of a classic project compile one app delegate with their own Info.plists.
/// The second is named, `--all-targets` patches its plist, and the step to add the folder names both targets.
/// Until the project lists bggen's files, doctor counts them for the target init wrote them for, not the sibling.
@Suite("Flavour targets sharing an app delegate in a classic project")
struct FlavourTargetsTests {
    @Test func theSiblingIsNamedWithItsPlist() throws {
        let repo = try Fixtures.copy("FlavourTargets")
        let run = try InProcessRunner.run(["init", "--yes", "--target", "Courier", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let output = run.stdout + run.stderr
        #expect(output.contains("Courier Staging also compile Courier/AppDelegate.swift, so they need Courier/BackgroundProcessing too once it is added to Courier, and only Courier's Info.plist gets the keys, so the tasks fail to register in the others (Courier Staging: Courier/staging-Info.plist); pass --all-targets to add the keys there too."), "\(output)")
        let staging = try String(contentsOf: repo.url.appendingPathComponent("Courier/staging-Info.plist"), encoding: .utf8)
        #expect(!staging.contains("BGTaskSchedulerPermittedIdentifiers"))
    }

    @Test func allTargetsPatchesTheSiblingsPlistAndTheStepNamesBothTargets() throws {
        let repo = try Fixtures.copy("FlavourTargets")
        let run = try InProcessRunner.run(["init", "--yes", "--all-targets", "--target", "Courier", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let staging = try String(contentsOf: repo.url.appendingPathComponent("Courier/staging-Info.plist"), encoding: .utf8)
        #expect(staging.contains("<string>com.example.courier.refresh</string>"), "\(staging)")
        #expect(staging.contains("<string>fetch</string>"), "\(staging)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("Courier lists its files one by one: add Courier/BackgroundProcessing to the Courier and Courier Staging targets in Xcode (File > Add Files)."), "\(steps)")
    }

    @Test func doctorAfterInitForOneTargetReportsNothingAgainstTheSibling() throws {
        let repo = try Fixtures.copy("FlavourTargets")
        let initRun = try InProcessRunner.run(["init", "--yes", "--target", "Courier", "--tasks", "refresh"], in: repo.url)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let doctor = try InProcessRunner.run(["doctor"], in: repo.url)
        #expect(!doctor.stdout.contains("Courier Staging submits"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("[BG001]") && !doctor.stdout.contains("[BG003]"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("[GEN003] The app does not call registerTasks() and scheduleAppRefresh() yet, so no task is registered."), "\(doctor.stdout)")
    }
}
