// The app delegate from the next steps, exactly as users paste it, with the work files bggen ships: launched the
// way UIKit launches an app (will/didFinishLaunching on the main actor, then "launch finished"), sent to the
// background, woken for each task, relaunched for finished downloads, and handed silent pushes. The example's
// delegate and the generated types are reached through `AppDelegateSubject`, which the scenario's harness builds
// from them (SimulatorHarness/GeneratedAppDelegate.swift), so these checks compile once per set-up.
@_spi(Simulator) import BackgroundTasks
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime
@_spi(Simulator) import UIKit

/// The delegate UIApplicationMain would keep (for SwiftUI: the one `@UIApplicationDelegateAdaptor` creates).
/// The system talks to it through the protocol, so it gets the methods the example implements.
@MainActor
enum AppDelegateHost {
    static var delegate: (any UIApplicationDelegate)?
}

/// What the app-delegate checks need of the example, the shipped work files and the scenario's answers. An
/// identifier is nil when the scenario has no such task or session.
nonisolated struct AppDelegateSubject: Sendable {
    /// Creates the app as UIApplicationMain does, or SwiftUI (the `App`'s scenes first, registering their
    /// `.backgroundTask`s and scene-phase observers, then the adaptor's delegate); nil when the example has no
    /// app delegate class.
    let makeDelegate: @MainActor @Sendable () -> (any UIApplicationDelegate)?
    /// Tells the app it entered the background as iOS does: SwiftUI's scene phase, the scene delegate (with
    /// scenes, required by the iOS 27 SDK) or, without scenes, the app delegate; nil without refresh or
    /// processing, which are what entering the background schedules.
    let enterBackground: (@MainActor @Sendable () -> Void)?
    let refreshIdentifier: String?
    let processingIdentifier: String?
    let processingReschedules: Bool
    /// `BackgroundTaskManager.shared.scheduleProcessingTask()`, which leaves a push-driven processing request
    /// pending as a silent push of type "process" would; nil without processing.
    let scheduleProcessing: (@MainActor @Sendable () -> Void)?
    let downloads: Downloads?
    let uploadSessionIdentifier: String?
    let continuedProcessingPrefix: String?
    /// Whether the example answers silent pushes (`didReceiveRemoteNotification`).
    let handlesSilentPush: Bool

    nonisolated struct Downloads: Sendable {
        let sessionIdentifier: String
        /// The shipped `AppDownloadHandler`'s `destination(forDownloadFrom:suggestedFilename:)`.
        let shippedDestination: @Sendable (URL, String) -> URL
    }
}

nonisolated enum AppDelegateChecks {
    static func run(_ subject: AppDelegateSubject) {
        let report = HarnessReport.shared
        let scheduler = BGTaskScheduler.shared
        let timeout = HarnessSettings.timeout

        // A transfer the previous run of the app started, which finished while it was not running. That run was an
        // older version of the app, whose task description was the bare URL: it must still be handled.
        let downloadSource = URL(string: "https://downloads.example.com/relaunch/report.pdf")!
        let downloadContents = Data("finished before this launch".utf8)
        if let identifier = subject.downloads?.sessionIdentifier {
            SimulatedTransferDaemon.shared.seedFinishedTransfer(
                sessionIdentifier: identifier, url: downloadSource,
                taskDescription: downloadSource.absoluteString, contents: downloadContents
            )
        }

        // The partial output of a job the previous launch started and the user swiped away: only a sweep at
        // launch gets the space back before the next job starts.
        let abandonedOutput = subject.continuedProcessingPrefix.map { prefix in
            FileManager.default.temporaryDirectory
                .appendingPathComponent("\(prefix).partial", isDirectory: true)
                .appendingPathComponent("\(prefix).swiped-away", isDirectory: true)
        }
        if let abandonedOutput {
            try? FileManager.default.createDirectory(at: abandonedOutput, withIntermediateDirectories: true)
        }

        report.check("app.launch") { _ in
            let before = SimulatedDevice.shared.violations.count
            let launched = try unwrap(
                onMainActor { () -> Bool in
                    guard let delegate = subject.makeDelegate() else { return true }
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
            for identifier in [subject.refreshIdentifier, subject.processingIdentifier].compactMap(\.self) {
                try require(registered.contains(identifier), "\(identifier) was not registered during launch")
            }
            // Transfers that finished while the app was not running are delivered only to a recreated session.
            let created = StubLedger.shared.events.compactMap { event -> String? in
                guard case .sessionCreated(let identifier?, _) = event else { return nil }
                return identifier
            }
            for identifier in [subject.downloads?.sessionIdentifier, subject.uploadSessionIdentifier].compactMap(\.self) {
                try require(created.contains(identifier), "launching did not recreate the background session \(identifier)")
            }
            let violations = SimulatedDevice.shared.violations.dropFirst(before)
            try require(violations.isEmpty, "violations during launch: \(violations.map(\.rule))")
        }

        if let abandonedOutput {
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
        }

        if let enterBackground = subject.enterBackground {
            taskChecks(subject, enterBackground: enterBackground)
        }

        if let downloads = subject.downloads {
            report.check("app.relaunch-for-finished-download") { context in
                let identifier = downloads.sessionIdentifier
                let destination = downloads.shippedDestination(downloadSource, downloadSource.lastPathComponent)
                try checkRelaunch(for: identifier, context: context) {
                    try require(
                        SimulatedTransferDaemon.shared.deliverRelaunchEvents(sessionIdentifier: identifier),
                        "the relaunch events were not delivered"
                    )
                    try require(
                        FileManager.default.contents(atPath: destination.path) == downloadContents,
                        "the finished download is not at AppDownloadHandler's destination \(destination.path)"
                    )
                }
            }
        }

        if let identifier = subject.uploadSessionIdentifier {
            report.check("app.relaunch-for-finished-upload") { context in
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("sent-before-this-launch.bin")
                SimulatedTransferDaemon.shared.seedFinishedUpload(
                    sessionIdentifier: identifier, request: URLRequest(url: URL(string: "https://uploads.example.com/files")!),
                    file: file, statusCode: 201
                )
                try checkRelaunch(for: identifier, context: context) {
                    try require(
                        SimulatedTransferDaemon.shared.deliverRelaunchEvents(sessionIdentifier: identifier),
                        "the relaunch events were not delivered to a session with identifier \(identifier)"
                    )
                }
            }
        }

        if subject.downloads != nil || subject.uploadSessionIdentifier != nil {
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
        }

        if subject.handlesSilentPush {
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
        }
    }

    /// A relaunch for the finished transfers of the session `identifier`: the kept delegate is handed the session's
    /// events as iOS hands them, `deliver` has the daemon deliver them (and checks what they left), and the
    /// completion handler must then be called once, on the main thread.
    static func checkRelaunch(for identifier: String, context: CheckContext, deliver: () throws -> Void) throws {
        let timeout = HarnessSettings.timeout
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
        try deliver()
        try require(called.wait(timeout: timeout), "the completion handler was not called within \(timeout) s")
        try require(onMain.value == true, "the completion handler was called off the main thread")
        context.watchForRepeat { called.wait(times: 2, timeout: $0) }
        context.atAudit {
            try require(called.fireCount == 1, "the completion handler was called \(called.fireCount) times")
        }
    }

    /// Refresh and processing: entering the background schedules them, and each runs the shipped work.
    static func taskChecks(_ subject: AppDelegateSubject, enterBackground: @escaping @MainActor @Sendable () -> Void) {
        let report = HarnessReport.shared
        let scheduler = BGTaskScheduler.shared
        let timeout = HarnessSettings.timeout

        report.check("app.enter-background-schedules") { _ in
            try unwrap(onMainActor { enterBackground() }, "entering the background did not return")
            // Submitted off the main thread, so the request is pending a moment after the callback returns.
            func isScheduled(_ identifier: String) -> Bool {
                scheduler.waitForPendingRequest(identifier, submittedAfter: .distantPast, timeout: timeout) != nil
            }
            if let refresh = subject.refreshIdentifier {
                try require(isScheduled(refresh), "entering the background did not schedule \(refresh)")
            }
            if let processing = subject.processingIdentifier, subject.processingReschedules {
                try require(isScheduled(processing), "entering the background did not schedule \(processing)")
            }
        }

        /// Push-driven processing has no pending request until a silent push of type "process" schedules one.
        func ensurePending(_ identifier: String) {
            guard !scheduler.simulatedPendingRequests.contains(where: { $0.request.identifier == identifier }),
                  let scheduleProcessing = subject.scheduleProcessing else { return }
            _ = onMainActor { scheduleProcessing() }
            _ = scheduler.waitForPendingRequest(identifier, submittedAfter: .distantPast, timeout: timeout)
        }

        var shipped: [(name: String, identifier: String, reschedules: Bool)] = []
        if let refresh = subject.refreshIdentifier {
            shipped.append(("refresh", refresh, true))
        }
        if let processing = subject.processingIdentifier {
            shipped.append(("processing", processing, subject.processingReschedules))
        }
        for kind in shipped {
            report.check("app.\(kind.name)-runs-shipped-work") { context in
                ensurePending(kind.identifier)
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
                ensurePending(kind.identifier)
                let task = try scheduler.simulateLaunch(forTaskWithIdentifier: kind.identifier, expireImmediately: true)
                // The shipped work returns at once, so either path may win; exactly one completion either way.
                context.expectExactlyOneCompletion(of: task, success: nil)
                try require(task.waitForCompletion(timeout: timeout), "the task was not completed within \(timeout) s")
            }
        }
    }
}
