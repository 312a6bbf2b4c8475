/// Inline apps for the stub fidelity tests. The correct app must compile without a single diagnostic in every
/// compiler set-up; it is written the way bggen's output is meant to be, so a stub that is stricter than the SDK
/// in the wrong place shows up here first.
enum FidelitySnippets {
    static let correctApp: [(fileName: String, contents: String)] = [
        ("Identifiers.swift", identifiers),
        ("TaskCompletion.swift", taskCompletion),
        ("BackgroundWork.swift", backgroundWork),
        ("Downloads.swift", downloads),
        ("AppDelegate.swift", appDelegate),
        ("LegacyLogging.swift", legacyLogging),
    ]

    private static let identifiers = """
        import os

        nonisolated enum BGIDs {
            static let refresh = "com.example.app.refresh"
            static let maintenance = "com.example.app.maintenance"
            static let downloads = "com.example.app.downloads"
        }

        nonisolated let backgroundLog = Logger(subsystem: "com.example.app", category: "background")
        """

    private static let taskCompletion = """
        import BackgroundTasks

        /// Completes a BGTask exactly once, from any thread; the only thing async work captures.
        nonisolated final class TaskCompletion: @unchecked Sendable {
            private let lock = NSLock()
            private var task: BGTask?

            init(_ task: BGTask) { self.task = task }

            func complete(success: Bool) {
                lock.lock()
                let task = self.task
                self.task = nil
                lock.unlock()
                task?.setTaskCompleted(success: success)
            }
        }
        """

    private static let backgroundWork = """
        import BackgroundTasks
        import Foundation
        import os

        nonisolated enum BackgroundWork {
            private static let runs = OSAllocatedUnfairLock(initialState: 0)

            static func registerAll() {
                let refresh = BGTaskScheduler.shared.register(forTaskWithIdentifier: BGIDs.refresh, using: nil) { @Sendable task in
                    guard let task = task as? BGAppRefreshTask else {
                        task.setTaskCompleted(success: false)
                        return
                    }
                    handle(task)
                }
                let maintenance = BGTaskScheduler.shared.register(forTaskWithIdentifier: BGIDs.maintenance, using: nil) { @Sendable task in
                    handle(task)
                }
                if !refresh || !maintenance {
                    backgroundLog.fault("Missing from BGTaskSchedulerPermittedIdentifiers: \\(BGIDs.refresh, privacy: .public)")
                }
            }

            static func scheduleRefresh() {
                let request = BGAppRefreshTaskRequest(identifier: BGIDs.refresh)
                request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
                submit(request)
            }

            static func scheduleMaintenance() {
                let request = BGProcessingTaskRequest(identifier: BGIDs.maintenance)
                request.requiresNetworkConnectivity = true
                request.requiresExternalPower = false
                submit(request)
            }

            private static func submit(_ request: BGTaskRequest) {
                do {
                    try BGTaskScheduler.shared.submit(request)
                } catch BGTaskScheduler.Error.notPermitted {
                    backgroundLog.fault("\\(request.identifier, privacy: .public) is not permitted: check Info.plist")
                } catch let error as BGTaskScheduler.Error {
                    switch error.code {
                    case .unavailable:
                        backgroundLog.info("Background refresh is unavailable")
                    case .tooManyPendingTaskRequests:
                        backgroundLog.error("Too many pending requests for \\(request.identifier, privacy: .public)")
                    default:
                        backgroundLog.error("Submit failed: \\(error.localizedDescription, privacy: .public)")
                    }
                } catch {
                    backgroundLog.error("Submit failed: \\(error, privacy: .public)")
                }
            }

            private static func handle(_ task: BGTask) {
                if task is BGAppRefreshTask { scheduleRefresh() }
                let completion = TaskCompletion(task)
                let name = task.identifier
                let work = Task.detached(priority: .utility) {
                    let count = runs.withLock { runs in
                        runs += 1
                        return runs
                    }
                    backgroundLog.info("Run \\(count) of \\(name, privacy: .public)")
                    try? await Task.sleep(nanoseconds: 1_000)
                    completion.complete(success: !Task.isCancelled)
                }
                task.expirationHandler = { @Sendable in
                    work.cancel()
                    completion.complete(success: false)
                }
            }
        }
        """

    private static let downloads = """
        import Foundation
        import os

        /// A separate delegate object, because URLSession retains its delegate and calls it on its own queue.
        nonisolated final class DownloadDelegate: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
            private let lock = NSLock()
            private var finishEvents: (@MainActor @Sendable () -> Void)?

            func storeFinishEventsHandler(_ handler: @escaping @MainActor @Sendable () -> Void) {
                lock.lock()
                finishEvents = handler
                lock.unlock()
            }

            func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
                let destination = FileManager.default.temporaryDirectory.appendingPathComponent("latest.download")
                do {
                    if FileManager.default.fileExists(atPath: destination.path) {
                        try FileManager.default.removeItem(at: destination)
                    }
                    try FileManager.default.moveItem(at: location, to: destination)
                } catch {
                    backgroundLog.error("Move failed: \\(error.localizedDescription, privacy: .public)")
                }
            }

            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
                guard let error else { return }
                let cancelled = (error as? URLError)?.code == .cancelled
                if !cancelled, let resumeData = (error as NSError).userInfo[NSURLSessionDownloadTaskResumeData] as? Data {
                    let resumed = session.downloadTask(withResumeData: resumeData)
                    resumed.taskDescription = task.taskDescription
                    resumed.resume()
                }
            }

            func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
                lock.lock()
                let handler = finishEvents
                finishEvents = nil
                lock.unlock()
                guard let handler else { return }
                Task { @MainActor in handler() }
            }
        }

        nonisolated final class Downloads: Sendable {
            static let shared = Downloads()

            let delegate = DownloadDelegate()
            private let session: URLSession

            private init() {
                let configuration = URLSessionConfiguration.background(withIdentifier: BGIDs.downloads)
                configuration.sessionSendsLaunchEvents = true
                configuration.isDiscretionary = false
                configuration.allowsCellularAccess = true
                session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            }

            func start(_ url: URL) {
                let task = session.downloadTask(with: URLRequest(url: url))
                task.taskDescription = url.absoluteString
                task.earliestBeginDate = Date(timeIntervalSinceNow: 60)
                task.countOfBytesClientExpectsToReceive = 5_000_000
                task.resume()
            }
        }
        """

    private static let appDelegate = """
        import BackgroundTasks
        import UIKit

        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            private var flushTask = UIBackgroundTaskIdentifier.invalid
            /// Non-Sendable and held on the main actor: its async API must run in the caller's isolation
            /// (nonisolated(nonsending)), as ObjC async imports do since Swift 6.2.
            private let scheduler = BGTaskScheduler.shared

            func application(
                _ application: UIApplication,
                didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                BackgroundWork.registerAll()
                application.registerForRemoteNotifications()
                return true
            }

            func applicationDidEnterBackground(_ application: UIApplication) {
                BackgroundWork.scheduleRefresh()
                BackgroundWork.scheduleMaintenance()
                flushTask = application.beginBackgroundTask(withName: "flush") { [weak self] in
                    self?.endFlush()
                }
            }

            private func endFlush() {
                UIApplication.shared.endBackgroundTask(flushTask)
                flushTask = .invalid
            }

            func application(
                _ application: UIApplication,
                handleEventsForBackgroundURLSession identifier: String,
                completionHandler: @escaping () -> Void
            ) {
                guard identifier == BGIDs.downloads else {
                    completionHandler()
                    return
                }
                let onMainActor: @MainActor @Sendable () -> Void = { completionHandler() }
                Downloads.shared.delegate.storeFinishEventsHandler(onMainActor)
            }

            func application(
                _ application: UIApplication,
                didReceiveRemoteNotification userInfo: [AnyHashable: Any]
            ) async -> UIBackgroundFetchResult {
                let pending = await scheduler.pendingTaskRequests()
                backgroundLog.info("Push with \\(userInfo.count) keys, \\(pending.count) pending requests")
                return .noData
            }
        }
        """

    /// iOS 13 has no `Logger`: generated code falls back to the StaticString `os_log`.
    private static let legacyLogging = """
        import Foundation
        import os.log

        nonisolated enum LegacyLog {
            private static let log = OSLog(subsystem: "com.example.app", category: "background")

            static func info(_ message: String) {
                os_log("%{public}@", log: log, type: .info, message)
            }

            static func fault(_ message: String) {
                os_log(.fault, log: log, "%{public}@", message)
            }
        }
        """
}
