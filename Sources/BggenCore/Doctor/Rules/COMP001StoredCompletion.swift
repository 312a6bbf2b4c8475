extension DoctorRule {
    public static let storedCompletion = DoctorRule(
        id: "COMP001", severity: .error,
        summary: "A system completion handler is never called, or kept in a property and called twice, never, or overwritten before it is called.",
        finds: "the completion handler of `handleEventsForBackgroundURLSession`, `performFetchWithCompletionHandler` or a silent push that its Swift callback never names (not called, kept or passed on; a callback returning a value, as a plugin's `-> Bool`, excepted), or one kept in a property: called from several functions (or from a callback iOS calls once per task) where one does not set the property to nil first (called twice), called nowhere (never), or, a warning, overwritten by the next call before it was called (a silent push, which can arrive again while its work runs, or session events where the app has two background sessions)",
        why: "iOS expects each completion handler it passes to be called exactly once: a second call raises an exception or is logged as a misuse, and a handler never called keeps the app running until it is killed, after which iOS wakes it less often.",
        fix: "Take the handler out of the property and set the property to nil before calling it (`let handler = stored; stored = nil; handler?()`), in the one callback that ends the work; keep one handler per session identifier or per push (a dictionary), and call any handler still waiting before storing a new one.",
        tags: ["completion-handler", "url-session", "silent-push"],
        check: findStoredCompletion,
        examples: [
            .triggering("session events' handler called from two delegate callbacks, neither setting it to nil",
                        sessionEventsStored(finished: "downloadDone?()", events: "DispatchQueue.main.async { self.downloadDone?() }"), "1️⃣"),
            .triggering("session events' handler called from a callback iOS calls once per task",
                        sessionEventsStored(finished: "", events: "", perTask: "downloadDone?()"), "1️⃣"),
            .triggering("session events' handler stored and never called", sessionEventsStored(finished: "", events: ""), "1️⃣"),
            .triggering("a silent push's handler overwritten by the next push before it is called",
                        silentPushStored(before: ""), "1️⃣ COMP001 warning"),
            .triggering("a background fetch that never calls its handler", fetch(body: "Feed.shared.refresh()", marker: "1️⃣"), "1️⃣", "2️⃣ FETCH001"),
            .triggering("a background fetch's handler kept in a property and never called",
                        fetch(body: "1️⃣pendingFetch = completionHandler\n        Feed.shared.refresh()"), "1️⃣", "2️⃣ FETCH001"),
            .nonTriggering("a background fetch that calls its handler when the refresh ends",
                           fetch(body: "Feed.shared.refresh { completionHandler(.newData) }"), "2️⃣ FETCH001"),
            .nonTriggering("a plugin's fetch callback returning false, which leaves the handler to the app",
                           ExampleApp().with("App/Plugin.swift", """
                               import UIKit

                               final class SyncPlugin: NSObject {
                                   func application(_ application: UIApplication, 1️⃣performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) -> Bool {
                                       false
                                   }
                               }

                               """), "1️⃣ FETCH001"),
            .nonTriggering("session events' handler taken out of its property and called once",
                           sessionEventsStored(finished: "", events: "let done = downloadDone\n        downloadDone = nil\n        done?()", marker: "")),
            .nonTriggering("two callbacks that each set the property to nil before calling it",
                           sessionEventsStored(finished: "let done = downloadDone\n        downloadDone = nil\n        done?()",
                                               events: "guard let done = downloadDone else { return }\n        downloadDone = nil\n        done()", marker: "")),
            .nonTriggering("a silent push that calls the waiting handler before storing its own",
                           silentPushStored(before: "pushDone?(.noData)\n        ", marker: "")),
        ])

    /// An app delegate whose `performFetchWithCompletionHandler` (`marker` before `application`, `fetchMarker` before
    /// its label, where FETCH001 points) runs `body`, and which may keep the handler in `pendingFetch`.
    private static func fetch(body: String, marker: String = "", fetchMarker: String = "2️⃣") -> ExampleApp {
        ExampleApp(modes: ["fetch"]).with("App/AppDelegate.swift", """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var pendingFetch: ((UIBackgroundFetchResult) -> Void)?

                func \(marker)application(_ application: UIApplication, \(fetchMarker)performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                    \(body)
                }
            }

            final class Feed {
                static let shared = Feed()
                func refresh(_ done: @escaping () -> Void = {}) { done() }
            }

            """)
    }

    /// An app delegate keeping the session events' handler in `Downloads.shared.downloadDone` (`marker` before it),
    /// and `App/Downloads.swift`, whose download callback runs `finished`, `urlSessionDidFinishEvents` runs `events`,
    /// and `didCompleteWithError` (called once per task) runs `perTask`.
    private static func sessionEventsStored(finished: String, events: String, perTask: String = "", marker: String = "1️⃣") -> ExampleApp {
        ExampleApp().with("App/AppDelegate.swift", """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {
                    Downloads.shared.\(marker)downloadDone = completionHandler
                }
            }

            """).with("App/Downloads.swift", """
            import Foundation

            final class Downloads: NSObject, URLSessionDownloadDelegate {
                static let shared = Downloads()
                var downloadDone: (() -> Void)?
                lazy var session = URLSession(configuration: .background(withIdentifier: "com.example.app.downloads"), delegate: self, delegateQueue: nil)

                func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
                    try? FileManager.default.removeItem(at: location)
                    \(finished)
                }

                func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
                    \(perTask)
                }

                func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
                    \(events)
                }
            }

            """)
    }

    /// An app delegate keeping each silent push's handler in `pushDone` (`marker` before the assignment), after
    /// `before`, and calling it from `syncDidFinish()` once its sync is done.
    private static func silentPushStored(before: String, marker: String = "1️⃣") -> ExampleApp {
        ExampleApp(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var pushDone: ((UIBackgroundFetchResult) -> Void)?

                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                    \(before)\(marker)pushDone = completionHandler
                    startSync()
                }

                func startSync() {}

                func syncDidFinish() {
                    let done = pushDone
                    pushDone = nil
                    done?(.newData)
                }
            }

            """)
    }
}

extension DoctorRule {
    /// Each stored handler is followed into every file its target compiles that calls a closure of that property's
    /// name (a property of another class of the same name is read as the same one: a name is all a reader has).
    fileprivate static func findStoredCompletion(_ audit: inout RuleAudit) {
        for unused in audit.relevant.flatMap(\.unusedCompletions) {
            let name = unused.callback.handlerName
            audit.add(.storedCompletion, at: unused.location,
                      "\(name.prefix(1).uppercased() + name.dropFirst()) (\(unused.handler)) is never called: application(_:\(unused.callback.handlerLabel):) neither calls it nor keeps or passes it.",
                      why: "iOS waits for the handler; one never called keeps the app running until it is killed, and iOS then wakes it less often.",
                      fix: "Call \(unused.handler) once the work is done, on every path (with .newData, .noData or .failed for a fetch or a silent push).")
        }
        let code = audit.context.code
        let sessionsCreated = audit.relevant.flatMap(\.backgroundSessions).count
        for store in audit.relevant.flatMap(\.completionStores) {
            let file = store.location.file
            let calls = code.files.filter { code.targets.compileTogether(file, $0.file) }.flatMap(\.closurePropertyCalls)
                .filter { $0.property == store.property }
            let name = store.callback.handlerName
            let sites = Dictionary(grouping: calls) { "\($0.location.file):\($0.functionLine)" }
            // A call before the store in the storing callback hands the old handler over as the new one replaces it.
            let inStore = { (call: ClosurePropertyUse) in call.location.file == file && call.functionLine == store.functionLine }
            let later = calls.filter { !(inStore($0) && $0.location.line <= store.location.line) }
            let unguarded = later.filter { !$0.clears }
            if later.isEmpty {
                // Read anywhere else (passed on, bound in a way not followed): it may be called there.
                let readElsewhere = code.files.flatMap(\.functions).contains { function in
                    function.mentions.contains(store.property) && !(function.file == file && function.key.hasPrefix("application"))
                }
                guard !readElsewhere else { continue }
                let never = calls.isEmpty ? "never called" : "called only when the next one replaces it, never once the work is done"
                audit.add(.storedCompletion, at: store.location, "\(name.prefix(1).uppercased() + name.dropFirst()) is kept in \(store.property) here and \(never).",
                          why: "iOS waits for the handler; one never called keeps the app running until it is killed, and iOS then wakes it less often.",
                          fix: "Call the handler once the work is done (for session events, from urlSessionDidFinishEvents(forBackgroundURLSession:) on the main queue), setting \(store.property) to nil first.")
            } else if let repeated = unguarded.first(where: { sites.count > 1 || $0.runsPerTask }) {
                let places = later.map { "\($0.location.file):\($0.location.line)" }.sorted().joined(separator: ", ")
                let reason = sites.count > 1
                    ? "called at \(places), and the call at \(repeated.location.file):\(repeated.location.line) does not set \(store.property) to nil first"
                    : "called at \(repeated.location.file):\(repeated.location.line), in a delegate callback iOS calls once for every task, without setting \(store.property) to nil first"
                audit.add(.storedCompletion, at: store.location, "\(name.prefix(1).uppercased() + name.dropFirst()) is kept in \(store.property) here and \(reason): it is called more than once.",
                          why: "iOS expects the handler to be called exactly once; a second call is a misuse it logs or raises on, and the app's background time is counted wrongly.",
                          fix: "Call it in one place, taking it out first: let handler = \(store.property); \(store.property) = nil; handler?().")
            } else if !store.readsFirst, store.callback == .silentPush || (store.callback == .sessionEvents && sessionsCreated > 1),
                      calls.contains(where: { !inStore($0) }) {
                let next = store.callback == .sessionEvents ? "another session's events" : "the next silent push"
                audit.add(.storedCompletion, severity: .warning, at: store.location,
                          "\(name.prefix(1).uppercased() + name.dropFirst()) is kept in \(store.property) here, replacing any handler still waiting there: when \(next) arrive\(store.callback == .sessionEvents ? "" : "s") before the work ends, the earlier handler is never called.",
                          why: "iOS waits for every handler it passed; one lost this way keeps the app running until it is killed, and iOS then wakes it less often.",
                          fix: "Call the handler still waiting in \(store.property) before storing the new one, or keep one per push or session identifier (a dictionary).")
            }
        }
    }
}
