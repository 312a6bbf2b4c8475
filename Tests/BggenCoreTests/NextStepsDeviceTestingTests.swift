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
            // A pause stops in a system frame, where the app's module is not imported: the import comes first.
            #expect(before.contains("       e -l swift -- import \(OutputRenderer.defaultAppModule)\n       e -l swift -- BackgroundTaskManager.shared.scheduleProcessingTask()"),
                    "\(before)")
            #expect(!before.contains("Product Module Name"), "bggen knew the module")
            #expect(!before.contains("so it schedules its tasks"), "\(before)")
        }
    }

    /// Where bggen found no app target, the module it imports is the folder's name: the step says where the real one is.
    @Test func aGuessedModuleSaysWhereTheRealOneIs() throws {
        let scenario = Scenarios.named("interval-on-push")
        let steps = try OutputRenderer().nextSteps(for: try scenario.configuration, outputFolder: OutputLocation.folderName,
                                                   appModule: "Demo", appModuleKnown: false)
        #expect(steps.contains("e -l swift -- import Demo\n"), "\(steps)")
        #expect(steps.contains("so Demo is the folder's name: use your app target's Product Module Name\n   (Build Settings > Packaging)"), "\(steps)")
    }

    /// Transfers and silent pushes are tried on a device too, with the push's headers, the one thing that stops
    /// both until the next launch, swiping the app away, and the settings under which no silent push arrives.
    @Test(arguments: Scenarios.all)
    func transfersAndPushesHaveADeviceStep(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        let steps = try scenario.nextSteps()
        let pushes = configuration.includes(.silentPush)
        let transfers = configuration.includes(.downloads) || configuration.includes(.uploads)
        #expect(steps.contains("apns-push-type: background\n       apns-priority: 5\n") == pushes, "\(steps)")
        // The handler's doc said so; the step, where a backend engineer looks, did not.
        #expect(steps.contains("and none while Background App Refresh is off\n   for the app or Low Power Mode is on.") == pushes, "\(steps)")
        #expect(steps.contains("Never swipe the app away in the app switcher while testing") == (pushes || transfers), "\(steps)")
        if pushes || transfers {
            let stopped = transfers && pushes ? "background transfers and silent pushes" : transfers ? "background transfers" : "silent pushes"
            #expect(steps.contains("that stops its \(stopped)\n   until the next time the user opens it."), "\(steps)")
            #expect(steps.contains("Try it on a device") || steps.contains("Then, still on the device:"), "\(steps)")
        }
    }

    /// Continued-processing jobs are tried on a device too: they had no step, and how to expire one from LLDB was
    /// only in a doc comment. The job's identifier is the one its start returned, under the permitted prefix; and
    /// swiping the app away cancels a running job without telling it.
    @Test(arguments: Scenarios.all)
    func continuedProcessingJobsHaveADeviceStep(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        let steps = try scenario.nextSteps()
        guard let prefix = Identifiers(configuration)[.continuedProcessing] else {
            #expect(!steps.contains("continued-processing job from its button"), "\(steps)")
            return
        }
        let expiry = "       e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@\"\(prefix).<UUID>\"]\n"
        let step = try #require(steps.range(of: "Start a continued-processing job from its button and leave the app"), "\(steps)")
        #expect(steps[step.upperBound...].contains(expiry), "\(steps)")
        #expect(steps.contains("Swiping the app away in the app switcher cancels a\n   running job without telling it"), "\(steps)")
        #expect(steps.contains("Try it on a device") && steps[..<step.lowerBound].contains("Try it on a device"), "\(steps)")
    }

    /// The rehearsals' promise names only failures of the kinds generated: continued processing alone has no push
    /// and no download to lose.
    @Test(arguments: Scenarios.all)
    func theRehearsalsPromiseOnlyFailuresTheAppCanHave(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        guard configuration.tests else { return }
        let steps = try scenario.nextSteps()
        #expect(steps.contains("a push answered too late") == (configuration.includes(.silentPush) && !steps.contains("a task completed twice")))
        #expect(!steps.contains("a download lost") || configuration.includes(.downloads), "\(steps)")
        #expect(!steps.contains("such as ."), "\(steps)")
    }
}
