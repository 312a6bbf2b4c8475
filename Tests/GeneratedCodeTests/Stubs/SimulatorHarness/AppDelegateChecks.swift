// The app delegate from the next steps, exactly as users paste it, with the work files bggen ships: launched the
// way UIKit launches an app (will/didFinishLaunching on the main actor, then "launch finished"), sent to the
// background, woken for each task, relaunched for finished downloads, and handed silent pushes.
#if BGGEN_APP_DELEGATE
@_spi(Simulator) import BackgroundTasks
@_spi(Simulator) import SimNetworking
@testable import App
import Foundation
@testable import HarnessKit
import StubRuntime
@_spi(Simulator) import UIKit
#if BGGEN_SWIFTUI
@_spi(Simulator) import SwiftUI
#endif

/// The delegate UIApplicationMain would keep (for SwiftUI: the one `@UIApplicationDelegateAdaptor` creates).
/// The system talks to it through the protocol, so it gets the methods the example implements.
@MainActor
enum AppDelegateHost {
    static var delegate: (any UIApplicationDelegate)?

    static func makeDelegate() -> (any UIApplicationDelegate)? {
        #if BGGEN_APP_DELEGATE_CLASS
        AppDelegate()
        #else
        nil
        #endif
    }
}

nonisolated enum AppDelegateChecks {
    static func run() {
        let report = HarnessReport.shared
        let scheduler = BGTaskScheduler.shared
        let timeout = HarnessSettings.timeout

        #if BGGEN_DOWNLOADS
        // A transfer the previous run of the app started, which finished while it was not running. That run was an
        // older version of the app, whose task description was the bare URL: it must still be handled.
        let downloadSource = URL(string: "https://downloads.example.com/relaunch/report.pdf")!
        let downloadContents = Data("finished before this launch".utf8)
        SimulatedTransferDaemon.shared.seedFinishedTransfer(
            sessionIdentifier: HarnessExpectations.downloadSessionIdentifier!, url: downloadSource,
            taskDescription: downloadSource.absoluteString, contents: downloadContents
        )
        #endif

        #if BGGEN_CONTINUED_PROCESSING
        // The partial output of a job the previous launch started and the user swiped away: only a sweep at
        // launch gets the space back before the next job starts.
        let prefix = HarnessExpectations.continuedProcessingPrefix!
        let abandonedOutput = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix).partial", isDirectory: true)
            .appendingPathComponent("\(prefix).swiped-away", isDirectory: true)
        try? FileManager.default.createDirectory(at: abandonedOutput, withIntermediateDirectories: true)
        #endif

        report.check("app.launch") { _ in
            let before = SimulatedDevice.shared.violations.count
            let launched = try unwrap(
                onMainActor { () -> Bool in
                    #if BGGEN_SWIFTUI
                    // SwiftUI creates the App, builds its scenes (registering `.backgroundTask`s and scene-phase
                    // observers), then creates the adaptor's app delegate and launches it.
                    _ = HarnessSwiftUIApp().body
                    #endif
                    guard let delegate = AppDelegateHost.makeDelegate() else { return true }
                    AppDelegateHost.delegate = delegate
                    let application = UIApplication.shared
                    return delegate.application(application, willFinishLaunchingWithOptions: nil)
                        && delegate.application(application, didFinishLaunchingWithOptions: nil)
                },
                "didFinishLaunching did not return"
            )
            try require(launched, "the app delegate returned false from launching")
            scheduler.simulateLaunchFinished()
            let registered = Set(scheduler.registeredIdentifiers)
            for identifier in [HarnessExpectations.refreshIdentifier, HarnessExpectations.processingIdentifier].compactMap(\.self) {
                try require(registered.contains(identifier), "\(identifier) was not registered during launch")
            }
            // Transfers that finished while the app was not running are delivered only to a recreated session.
            let created = StubLedger.shared.events.compactMap { event -> String? in
                guard case .sessionCreated(let identifier?, _) = event else { return nil }
                return identifier
            }
            for identifier in [HarnessExpectations.downloadSessionIdentifier, HarnessExpectations.uploadSessionIdentifier].compactMap(\.self) {
                try require(created.contains(identifier), "launching did not recreate the background session \(identifier)")
            }
            let violations = SimulatedDevice.shared.violations.dropFirst(before)
            try require(violations.isEmpty, "violations during launch: \(violations.map(\.rule))")
        }

        #if BGGEN_CONTINUED_PROCESSING
        report.check("app.launch-sweeps-abandoned-continued-output") { _ in
            let deadline = Date(timeIntervalSinceNow: timeout)
            while FileManager.default.fileExists(atPath: abandonedOutput.path) && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            try require(
                !FileManager.default.fileExists(atPath: abandonedOutput.path),
                "launching left the partial output of a job swiped away in an earlier launch: the example does not create ContinuedProcessingManager.shared at launch"
            )
        }
        #endif

        #if BGGEN_REFRESH || BGGEN_PROCESSING
        report.check("app.enter-background-schedules") { _ in
            try unwrap(
                onMainActor {
                    #if BGGEN_SWIFTUI
                    SimulatedScenePhase.change(to: .inactive)
                    SimulatedScenePhase.change(to: .background)
                    #elseif BGGEN_SCENE_DELEGATE_CLASS
                    // With scenes (required by the iOS 27 SDK), UIKit tells the scene delegate, not the app delegate.
                    SceneDelegate().sceneDidEnterBackground(UIWindowScene())
                    #else
                    // Without scenes, UIKit tells the app delegate.
                    AppDelegateHost.delegate?.applicationDidEnterBackground(UIApplication.shared)
                    #endif
                },
                "entering the background did not return"
            )
            // Submitted off the main thread, so the request is pending a moment after the callback returns.
            func isScheduled(_ identifier: String) -> Bool {
                scheduler.waitForPendingRequest(identifier, submittedAfter: .distantPast, timeout: timeout) != nil
            }
            if let refresh = HarnessExpectations.refreshIdentifier {
                try require(isScheduled(refresh), "entering the background did not schedule \(refresh)")
            }
            if let processing = HarnessExpectations.processingIdentifier, HarnessExpectations.processingReschedules {
                try require(isScheduled(processing), "entering the background did not schedule \(processing)")
            }
        }

        var shipped: [(name: String, identifier: String, reschedules: Bool)] = []
        if let refresh = HarnessExpectations.refreshIdentifier {
            shipped.append(("refresh", refresh, true))
        }
        if let processing = HarnessExpectations.processingIdentifier {
            shipped.append(("processing", processing, HarnessExpectations.processingReschedules))
        }
        for kind in shipped {
            report.check("app.\(kind.name)-runs-shipped-work") { context in
                if !scheduler.simulatedPendingRequests.contains(where: { $0.request.identifier == kind.identifier }) {
                    // Push-driven processing: what a silent push of type "process" does.
                    #if BGGEN_PROCESSING
                    _ = onMainActor { BackgroundTaskManager.shared.scheduleProcessingTask() }
                    _ = scheduler.waitForPendingRequest(kind.identifier, submittedAfter: .distantPast, timeout: timeout)
                    #endif
                }
                let launched = Date()
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier)
                context.expectExactlyOneCompletion(of: task, success: true)
                try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
                if kind.reschedules {
                    try require(
                        scheduler.waitForPendingRequest(kind.identifier, submittedAfter: launched, timeout: timeout) != nil,
                        "the handler did not schedule the next run"
                    )
                }
            }

            report.check("app.\(kind.name)-expires-at-launch") { context in
                if !scheduler.simulatedPendingRequests.contains(where: { $0.request.identifier == kind.identifier }) {
                    #if BGGEN_PROCESSING
                    _ = onMainActor { BackgroundTaskManager.shared.scheduleProcessingTask() }
                    _ = scheduler.waitForPendingRequest(kind.identifier, submittedAfter: .distantPast, timeout: timeout)
                    #endif
                }
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier, expireImmediately: true)
                // The shipped work returns at once, so either path may win; exactly one completion either way.
                context.expectExactlyOneCompletion(of: task, success: nil)
                try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
            }
        }
        #endif

        #if BGGEN_DOWNLOADS
        report.check("app.relaunch-for-finished-download") { context in
            let identifier = HarnessExpectations.downloadSessionIdentifier!
            let destination = AppDownloadHandler().destination(
                forDownloadFrom: downloadSource, suggestedFilename: downloadSource.lastPathComponent
            )
            let called = SimulatorSignal()
            let onMain = HarnessBox<Bool>()
            let handed = try unwrap(
                onMainActor { () -> Bool in
                    guard let delegate = AppDelegateHost.delegate else { return false }
                    delegate.application(UIApplication.shared, handleEventsForBackgroundURLSession: identifier) {
                        onMain.value = Thread.isMainThread
                        called.fire()
                    }
                    return true
                },
                "handleEventsForBackgroundURLSession did not return"
            )
            try require(handed, "no app delegate")
            try require(
                SimulatedTransferDaemon.shared.deliverRelaunchEvents(sessionIdentifier: identifier),
                "the relaunch events were not delivered"
            )
            try require(
                FileManager.default.contents(atPath: destination.path) == downloadContents,
                "the finished download is not at AppDownloadHandler's destination \(destination.path)"
            )
            try require(called.wait(timeout: timeout), "the completion handler was not called within \(timeout) s")
            try require(onMain.value == true, "the completion handler was called off the main thread")
            context.watchForRepeat { called.wait(times: 2, timeout: $0) }
            context.atAudit {
                try require(called.fireCount == 1, "the completion handler was called \(called.fireCount) times")
            }
        }
        #endif

        #if BGGEN_UPLOADS
        report.check("app.relaunch-for-finished-upload") { context in
            let identifier = HarnessExpectations.uploadSessionIdentifier!
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("sent-before-this-launch.bin")
            SimulatedTransferDaemon.shared.seedFinishedUpload(
                sessionIdentifier: identifier, request: URLRequest(url: URL(string: "https://uploads.example.com/files")!),
                file: file, statusCode: 201
            )
            let called = SimulatorSignal()
            let onMain = HarnessBox<Bool>()
            let handed = try unwrap(
                onMainActor { () -> Bool in
                    guard let delegate = AppDelegateHost.delegate else { return false }
                    delegate.application(UIApplication.shared, handleEventsForBackgroundURLSession: identifier) {
                        onMain.value = Thread.isMainThread
                        called.fire()
                    }
                    return true
                },
                "handleEventsForBackgroundURLSession did not return"
            )
            try require(handed, "no app delegate")
            try require(
                SimulatedTransferDaemon.shared.deliverRelaunchEvents(sessionIdentifier: identifier),
                "the relaunch events were not delivered to a session with identifier \(identifier)"
            )
            try require(called.wait(timeout: timeout), "the completion handler was not called within \(timeout) s")
            try require(onMain.value == true, "the completion handler was called off the main thread")
            context.watchForRepeat { called.wait(times: 2, timeout: $0) }
            context.atAudit {
                try require(called.fireCount == 1, "the completion handler was called \(called.fireCount) times")
            }
        }
        #endif

        #if BGGEN_DOWNLOADS || BGGEN_UPLOADS
        report.check("app.another-sessions-handler-is-called") { context in
            // A session of an SDK in the app: the generated managers do not own it, and iOS waits for its handler.
            let called = SimulatorSignal()
            let handed = try unwrap(
                onMainActor { () -> Bool in
                    guard let delegate = AppDelegateHost.delegate else { return false }
                    delegate.application(
                        UIApplication.shared, handleEventsForBackgroundURLSession: "com.example.some-sdk.background"
                    ) {
                        called.fire()
                    }
                    return true
                },
                "handleEventsForBackgroundURLSession did not return"
            )
            try require(handed, "no app delegate")
            try require(called.wait(timeout: timeout), "the completion handler for another session was dropped: iOS waits for it")
            context.watchForRepeat { called.wait(times: 2, timeout: $0) }
            context.atAudit {
                try require(called.fireCount == 1, "the completion handler was called \(called.fireCount) times")
            }
        }
        #endif

        #if BGGEN_SILENT_PUSH
        report.check("app.silent-push") { _ in
            let answers = try unwrap(
                onMainActor { () -> [UIBackgroundFetchResult] in
                    guard let delegate = AppDelegateHost.delegate else { return [] }
                    let application = UIApplication.shared
                    let sync: [AnyHashable: Any] = ["aps": ["content-available": 1], "type": "sync"]
                    let alert: [AnyHashable: Any] = ["aps": ["alert": "Hello"]]
                    let unknown: [AnyHashable: Any] = ["aps": ["content-available": 1], "type": "no-such-type"]
                    var answers: [UIBackgroundFetchResult] = []
                    answers.append(await delegate.application(application, didReceiveRemoteNotification: sync))
                    answers.append(await delegate.application(application, didReceiveRemoteNotification: alert))
                    answers.append(await delegate.application(application, didReceiveRemoteNotification: unknown))
                    return answers
                },
                "didReceiveRemoteNotification did not return"
            )
            try require(answers == [.newData, .noData, .noData], "answers for sync, alert, unknown type: \(answers)")
        }
        #endif
    }
}
#endif
