import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The printed steps for trying tasks on a device. LLDB's `_simulateLaunchForTaskWithIdentifier:` launches only a
/// task with a pending request, and with `--interval on-push` nothing schedules the processing task when the app
/// enters the background, so the steps must say how to get a request first.
@Suite("Printed device testing steps")
struct NextStepsDeviceTestingTests {
    @Test(arguments: Scenarios.all)
    func aPushDrivenProcessingTaskIsScheduledBeforeItIsLaunched(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        guard let processing = Identifiers(configuration)[.processing] else { return }
        let steps = try scenario.nextSteps()
        let testing = try #require(steps.range(of: "4. Try it on a device"))
        let launch = try #require(steps.range(of: "_simulateLaunchForTaskWithIdentifier:@\"\(processing)\""))
        let before = steps[testing.lowerBound..<launch.lowerBound]
        let scheduledOnBackground = configuration.processingSeconds != nil || configuration.nightlyAt != nil
        if scheduledOnBackground {
            #expect(before.contains("send the app to the\n   background so it schedules its tasks"))
        } else {
            #expect(before.contains("e -l swift -- BackgroundTaskManager.shared.scheduleProcessingTask()"), "\(before)")
            #expect(!before.contains("so it schedules its tasks"), "\(before)")
        }
    }
}
