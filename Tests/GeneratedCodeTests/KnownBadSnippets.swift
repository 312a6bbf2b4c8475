import Testing

/// Code that Xcode rejects or warns about. Each one must be diagnosed against the stubs too, or the stubs are
/// more permissive than the SDK and a clean compile of generated code would prove nothing.
struct BadSnippet: Sendable, CustomTestStringConvertible {
    let name: String
    /// Part of the diagnostic that names the actual problem, so an unrelated error cannot pass the test.
    let expected: String
    let source: String

    var testDescription: String { name }

    static let all: [BadSnippet] = backgroundTasks + concurrencyTraps + networking + logging + locking

    static let backgroundTasks: [BadSnippet] = [
        BadSnippet(
            name: "register result ignored (ObjC BOOL, not @discardableResult)",
            expected: "result of call to 'register(forTaskWithIdentifier:using:launchHandler:)' is unused",
            source: """
                import BackgroundTasks
                nonisolated func registerAll() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                }
                """
        ),
        BadSnippet(
            name: "BGTaskScheduler.Error.Code switched without default (non-frozen enum)",
            expected: "may have additional unknown values",
            source: """
                import BackgroundTasks
                nonisolated func describe(_ error: BGTaskScheduler.Error) -> String {
                    switch error.code {
                    case .unavailable: return "unavailable"
                    case .tooManyPendingTaskRequests: return "too many"
                    case .notPermitted: return "not permitted"
                    case .immediateRunIneligible: return "ineligible"
                    }
                }
                """
        ),
        BadSnippet(
            name: "BGTaskScheduler init is NS_UNAVAILABLE",
            expected: "'init()' is unavailable",
            source: """
                import BackgroundTasks
                nonisolated func makeScheduler() -> BGTaskScheduler { BGTaskScheduler() }
                """
        ),
        BadSnippet(
            name: "BGContinuedProcessingTaskRequest does not inherit init(identifier:)",
            expected: "missing arguments for parameters 'title', 'subtitle'",
            source: """
                import BackgroundTasks
                nonisolated func makeRequest() -> BGTaskRequest {
                    BGContinuedProcessingTaskRequest(identifier: "com.example.app.export.1")
                }
                """
        ),
    ]

    static let concurrencyTraps: [BadSnippet] = [
        BadSnippet(
            name: "BGTask captured in Task.detached",
            expected: "risks causing data races",
            source: """
                import BackgroundTasks
                nonisolated func handle(_ task: BGAppRefreshTask) {
                    Task.detached {
                        task.setTaskCompleted(success: true)
                    }
                }
                """
        ),
        BadSnippet(
            name: "BGTask captured in Task from the launch handler",
            expected: "risks causing data races",
            source: """
                import BackgroundTasks
                nonisolated func register() {
                    _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
                        Task {
                            try? await Task.sleep(nanoseconds: 1_000)
                            task.setTaskCompleted(success: true)
                        }
                    }
                }
                """
        ),
        BadSnippet(
            name: "@Sendable expiration handler mutates a captured var",
            expected: "mutation of captured var 'expired'",
            source: """
                import BackgroundTasks
                nonisolated func handle(_ task: BGProcessingTask) {
                    var expired = false
                    task.expirationHandler = { @Sendable in expired = true }
                    _ = expired
                }
                """
        ),
        BadSnippet(
            name: "UIApplication.shared used from nonisolated code",
            expected: "main actor-isolated",
            source: """
                import UIKit
                nonisolated func enablePushes() {
                    UIApplication.shared.registerForRemoteNotifications()
                }
                """
        ),
        BadSnippet(
            name: "non-Sendable background-session completion handler sent to Task.detached",
            expected: "risks causing data races",
            source: """
                import UIKit
                final class AppDelegate: NSObject, UIApplicationDelegate {
                    func application(
                        _ application: UIApplication,
                        handleEventsForBackgroundURLSession identifier: String,
                        completionHandler: @escaping () -> Void
                    ) {
                        Task.detached { completionHandler() }
                    }
                }
                """
        ),
    ]

    static let networking: [BadSnippet] = [
        BadSnippet(
            name: "@MainActor class with isolated URLSessionDownloadDelegate methods",
            expected: "crosses into main actor-isolated code",
            source: """
                import Foundation
                @MainActor
                final class Downloader: NSObject, URLSessionDownloadDelegate {
                    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {}
                }
                """
        ),
        BadSnippet(
            name: "URLSession delegate with mutable state (delegate protocols are Sendable)",
            expected: "is mutable",
            source: """
                import Foundation
                nonisolated final class Delegate: NSObject, URLSessionDownloadDelegate {
                    var finished = 0
                    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
                        finished += 1
                    }
                }
                """
        ),
        BadSnippet(
            name: "non-final URLSession delegate class (delegate protocols are Sendable)",
            expected: "Sendable",
            source: """
                import Foundation
                nonisolated class Delegate: NSObject, URLSessionDelegate {}
                """
        ),
    ]

    static let logging: [BadSnippet] = [
        BadSnippet(
            name: "Logger given a String instead of an interpolation",
            expected: "cannot convert value of type 'String' to expected argument type 'OSLogMessage'",
            source: """
                import os
                nonisolated func report(_ message: String) {
                    Logger(subsystem: "s", category: "c").info(message)
                }
                """
        ),
        BadSnippet(
            name: "Logger interpolation uses a property without self",
            expected: "requires explicit use of 'self'",
            source: """
                import os
                nonisolated final class Counter {
                    let logger = Logger(subsystem: "s", category: "c")
                    var count = 0
                    func report() { logger.info("count: \\(count)") }
                }
                """
        ),
        BadSnippet(
            name: "Logger interpolation of an Optional",
            expected: "String?",
            source: """
                import os
                nonisolated func report(_ name: String?) {
                    Logger(subsystem: "s", category: "c").info("name: \\(name)")
                }
                """
        ),
        BadSnippet(
            name: "Logger privacy that is not a compile-time constant",
            expected: "argument must be a static method or property of 'OSLogPrivacy'",
            source: """
                import os
                nonisolated func report(_ name: String, visible: Bool) {
                    let privacy: OSLogPrivacy = visible ? .public : .private
                    Logger(subsystem: "s", category: "c").info("name: \\(name, privacy: privacy)")
                }
                """
        ),
    ]

    static let locking: [BadSnippet] = [
        BadSnippet(
            name: "OSAllocatedUnfairLock(initialState:) with non-Sendable state",
            expected: "does not conform to the 'Sendable' protocol",
            source: """
                import os
                nonisolated final class Box { var value = 0 }
                nonisolated func makeLock() -> OSAllocatedUnfairLock<Box> {
                    OSAllocatedUnfairLock(initialState: Box())
                }
                """
        ),
        BadSnippet(
            name: "OSAllocatedUnfairLock.withLock body captures non-Sendable value",
            expected: "in a '@Sendable' closure",
            source: """
                import os
                nonisolated final class Box { var value = 0 }
                nonisolated func bump(_ box: Box) {
                    let lock = OSAllocatedUnfairLock(initialState: 0)
                    lock.withLock { $0 += box.value }
                }
                """
        ),
        BadSnippet(
            name: "OSAllocatedUnfairLock.lock() from async code",
            expected: "unavailable from asynchronous contexts",
            source: """
                import os
                nonisolated func critical() async {
                    let lock = OSAllocatedUnfairLock()
                    lock.lock()
                    lock.unlock()
                }
                """
        ),
    ]
}
