// Background downloads under what real devices do and the happy path does not: iOS relaunches the app (a new
// process) for each transfer event, may deliver urlSessionDidFinishEvents before the app hands over its completion
// handler, and serves URLs whose last path component is no file name. Runs after DownloadChecks, with its kit.
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime
import UIKit

nonisolated enum DownloadRelaunchChecks {
    static func run(_ kit: DownloadCheckKit) {
        let report = HarnessReport.shared
        let daemon = kit.daemon
        let handler = kit.handler
        let timeout = kit.timeout
        let subject = kit.subject
        let identifier = subject.sessionIdentifier

        report.check("downloads.failing-in-every-relaunch-ends-in-one-downloadDidFail") { context in
            let source = kit.url("always-times-out.zip")
            try TransferChecks.failingInEveryRelaunch(
                context, noun: "download", callback: "downloadDidFail", url: source, limit: subject.maximumResumeAttempts, recorder: handler,
                relaunch: kit.relaunch, start: { try kit.startAndFind(source) },
                failures: { handler.failures(source).count }, finishes: { handler.finished(source).count }
            )
        }

        report.check("downloads.handler-stored-after-the-events-is-called-once") { context in
            let source = kit.url("finished-before-the-handler.zip")
            let contents = Data("delivered before the handler arrived".utf8)
            let task = try kit.startAndFind(source)
            daemon.simulateAppTermination()
            daemon.simulateFinishWhileAppNotRunning(task, contents: contents)
            // The relaunched app creates its session in didFinishLaunching, and the session delivers its events
            // before UIKit calls handleEventsForBackgroundURLSession.
            let manager = subject.makeManager(handler)
            kit.box.value = manager
            try require(daemon.deliverRelaunchEvents(sessionIdentifier: identifier), "the relaunch events were not delivered")
            try kit.checkFinished(source, contents: contents)
            let completion = CompletionRecorder { true }
            let accepted = try unwrap(
                onMainActor { manager.setCompletionHandler({ completion.record() }, for: identifier) },
                "setCompletionHandler did not return"
            )
            try require(accepted, "setCompletionHandler(_:for:) refused the session's own identifier")
            try require(
                completion.called.wait(timeout: timeout),
                "a completion handler stored after the session had finished its events was never called"
            )
            try require(completion.calls.first?.onMainThread == true, "the completion handler was called off the main thread")
            context.watchForRepeat { completion.called.wait(times: 2, timeout: $0) }
            context.atAudit {
                try require(completion.calls.count == 1, "the completion handler was called \(completion.calls.count) times")
            }
        }

        report.check("downloads.becoming-active-forgets-a-finish-nobody-waited-for") { context in
            let source = kit.url("after-becoming-active.zip")
            let contents = Data("woken while suspended".utf8)
            let manager = try unwrap(kit.box.value, "no download manager")
            // The session finishes its events while no handler waits for them, then the app becomes active.
            try require(daemon.deliverRelaunchEvents(sessionIdentifier: identifier), "urlSessionDidFinishEvents was not delivered")
            NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: nil)
            // Later, suspended, the app is woken for a finished download: the handler comes first this time.
            let task = try kit.startAndFind(source)
            let eventsDone = SimulatorSignal()
            let completion = CompletionRecorder { eventsDone.hasFired }
            let accepted = try unwrap(
                onMainActor { manager.setCompletionHandler({ completion.record() }, for: identifier) },
                "setCompletionHandler did not return"
            )
            try require(accepted, "setCompletionHandler(_:for:) refused the session's own identifier")
            try require(daemon.simulateFinish(of: task, contents: contents), "the finish events were not delivered")
            eventsDone.fire()
            try require(daemon.deliverRelaunchEvents(sessionIdentifier: identifier), "urlSessionDidFinishEvents was not delivered")
            try completion.checkCalledOnceOnMain(timeout: timeout)
            context.watchForRepeat { completion.called.wait(times: 2, timeout: $0) }
            context.atAudit {
                try require(completion.calls.count == 1, "the completion handler was called \(completion.calls.count) times")
            }
        }

        report.check("downloads.cancelled-by-ios-is-retried-from-its-resume-data") { context in
            let source = kit.url("cancelled-when-the-phone-ran-hot.zip")
            let contents = Data("resumed after iOS cancelled it".utf8)
            let task = try kit.startAndFind(source)
            // iOS cancels the transfer itself, for low resources, and keeps resume data with the error.
            let resumeData = daemon.simulateFailure(
                of: task, code: .cancelled, withResumeData: true, cancelledReason: NSURLErrorCancelledReasonInsufficientSystemResources
            )
            let retry = try unwrap(
                daemon.waitForResumedDownload(where: { candidate, _, data in candidate !== task && data == resumeData }, timeout: timeout),
                "a download iOS cancelled for low resources was not resumed from its resume data (failures: \(handler.failures(source)))"
            )
            try require(handler.failures(source).isEmpty, "a download iOS cancelled was reported as failed: \(handler.failures(source))")
            try require(daemon.simulateFinish(of: retry, contents: contents), "the finish events were not delivered")
            try kit.checkFinished(source, contents: contents)
            context.watchForRepeat { grace in handler.wait(timeout: grace) { !handler.failures(source).isEmpty } }
        }

        // What a list of transfers shows after a relaunch, and the app's own cancel: neither retried nor a failure.
        report.check("downloads.the-apps-own-cancel-is-no-failure") { context in
            let manager = try unwrap(kit.box.value, "no download manager")
            let source = kit.url("cancelled-by-the-user.zip")
            let task = try kit.startAndFind(source)
            let listed = try unwrap(onMainActor { await manager.transfers() }, "transfers() did not return")
            try require(
                listed.contains { $0 === task } && listed.contains { subject.source($0) == source },
                "transfers() does not list the download in flight from \(source): \(listed.map { subject.source($0)?.absoluteString ?? "?" })"
            )
            manager.cancel(task)
            try require(
                daemon.waitForResumedDownload(where: { candidate, _, _ in candidate !== task && subject.source(candidate) == source }, timeout: HarnessSettings.grace) == nil,
                "the app's own cancel was retried"
            )
            try require(handler.failures(source).isEmpty, "the app's own cancel was reported as a failure: \(handler.failures(source))")
            let after = try unwrap(onMainActor { await manager.transfers() }, "transfers() did not return")
            try require(!after.contains { $0 === task }, "transfers() still lists the cancelled download")
            context.watchForRepeat { grace in handler.wait(timeout: grace) { !handler.failures(source).isEmpty } }
        }

        // iOS's cancel because background updates are off carries a reason: it is not the app's own, and no retry
        // helps until the user turns them on, so the handler must hear of it.
        report.check("downloads.cancelled-because-background-updates-are-off-is-reported") { context in
            let source = kit.url("cancelled-with-background-app-refresh-off.zip")
            let task = try kit.startAndFind(source)
            daemon.simulateFailure(
                of: task, code: .cancelled, withResumeData: false, cancelledReason: NSURLErrorCancelledReasonBackgroundUpdatesDisabled
            )
            try require(
                handler.wait(timeout: timeout) { !handler.failures(source).isEmpty },
                "a download iOS cancelled because background updates are off never reached downloadDidFail"
            )
            try require(
                handler.failures(source) == ["backgroundUpdatesDisabled"],
                "a download iOS cancelled because background updates are off was reported as \(handler.failures(source))"
            )
            context.watchForRepeat { grace in handler.wait(timeout: grace) { handler.failures(source).count > 1 } }
        }

        report.check("downloads.a-second-completion-handler-does-not-drop-the-first") { context in
            let manager = try unwrap(kit.box.value, "no download manager")
            // UIKit hands over a handler for each wake; two arrive before the session finishes its events.
            let first = CompletionRecorder { true }
            let second = CompletionRecorder { true }
            for completion in [first, second] {
                let accepted = try unwrap(
                    onMainActor { manager.setCompletionHandler({ completion.record() }, for: identifier) },
                    "setCompletionHandler did not return"
                )
                try require(accepted, "setCompletionHandler(_:for:) refused the session's own identifier")
            }
            try require(daemon.deliverRelaunchEvents(sessionIdentifier: identifier), "urlSessionDidFinishEvents was not delivered")
            try require(first.called.wait(timeout: timeout), "the first completion handler, replaced by a second, was never called")
            try second.checkCalledOnceOnMain(timeout: timeout)
            context.watchForRepeat { grace in first.called.wait(times: 2, timeout: grace) || second.called.wait(times: 2, timeout: grace) }
            context.atAudit {
                try require(first.calls.count == 1 && second.calls.count == 1,
                            "the completion handlers were called \(first.calls.count) and \(second.calls.count) times")
            }
        }

        report.check("downloads.record-of-another-version-counts-as-a-first-attempt") { _ in
            let source = kit.url("from-another-version.zip")
            let contents = Data("kept by an update".utf8)
            let task = try kit.startAndFind(source)
            // The system hands back whatever an earlier or later version of the app stored, here a record whose
            // fields this version would misread: a ninth attempt would not be retried.
            task.taskDescription = #"{"version":2,"source":"\#(source.absoluteString)","attempt":9,"file":null}"#
            // The transfer daemon lost the session (-997), which a retry outlives as it does a lost connection.
            daemon.simulateFailure(of: task, code: .backgroundSessionWasDisconnected, withResumeData: false)
            let retry = try unwrap(
                daemon.waitForResumedDownload(
                    where: { candidate, _, _ in candidate !== task && candidate.originalRequest?.url == source }, timeout: timeout
                ),
                "a transfer whose record came from another version was not retried as a first attempt (failures: \(handler.failures(source)))"
            )
            try require(daemon.simulateFinish(of: retry, contents: contents), "the finish events were not delivered")
            try kit.checkFinished(source, contents: contents)
        }

        report.check("downloads.odd-urls-get-files-of-their-own") { _ in
            let sources = [
                "https://downloads.example.com/", "https://downloads.example.com/a/img.jpg",
                "https://downloads.example.com/b/img.jpg", "https://downloads.example.com/download?id=1",
                "https://downloads.example.com/download?id=2",
            ].map { URL(string: $0)! }
            for source in sources {
                let task = try kit.startAndFind(source)
                try require(
                    daemon.simulateFinish(of: task, contents: Data(source.absoluteString.utf8)),
                    "the finish events were not delivered for \(source)"
                )
            }
            for source in sources {
                try kit.checkFinished(source, contents: Data(source.absoluteString.utf8))
            }
            let destinations = Set(sources.map { handler.finished($0)[0].destination.standardizedFileURL })
            try require(destinations.count == sources.count, "\(sources.count) sources share \(destinations.count) destinations")
        }

        report.check("downloads.destination-folder-is-never-replaced") { _ in
            let source = kit.url("into-a-folder.zip")
            let folder = handler.folder.appendingPathComponent("Existing folder", isDirectory: true)
            let inside = folder.appendingPathComponent("earlier download.pdf")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("an earlier download".utf8).write(to: inside)
            handler.redirect(source, to: folder)
            let task = try kit.startAndFind(source)
            try require(daemon.simulateFinish(of: task, contents: Data("new".utf8)), "the finish events were not delivered")
            try require(
                handler.wait(timeout: timeout) { !handler.failures(source).isEmpty },
                "a download whose destination is a folder was not reported through downloadDidFail"
            )
            try require(handler.finished(source).isEmpty, "a download whose destination is a folder was reported as saved")
            try require(
                FileManager.default.contents(atPath: inside.path) == Data("an earlier download".utf8),
                "the folder at the destination lost what it held"
            )
        }

        report.check("downloads.request-headers-stay-with-the-task-and-out-of-its-record") { _ in
            let source = kit.url("private-report.pdf")
            let contents = Data("needs a token".utf8)
            var request = URLRequest(url: source)
            request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
            let task = try kit.startAndFind(request)
            try require(
                task.originalRequest?.value(forHTTPHeaderField: "Authorization") == "Bearer secret-token",
                "startDownload(with:) did not send the request's headers"
            )
            try require(
                !(task.taskDescription ?? "").contains("secret-token"),
                "the task's description, kept in the clear by the system, holds the token: \(task.taskDescription ?? "")"
            )
            // The server out of reach for a moment, which a retry outlives as it does a lost connection.
            daemon.simulateFailure(of: task, code: .cannotConnectToHost, withResumeData: false)
            let retry = try unwrap(
                daemon.waitForResumedDownload(
                    where: { candidate, _, _ in candidate !== task && candidate.originalRequest?.url == source }, timeout: timeout
                ),
                "cannotConnectToHost did not start the download again (failures: \(handler.failures(source)))"
            )
            try require(
                retry.originalRequest?.value(forHTTPHeaderField: "Authorization") == "Bearer secret-token",
                "the download started again without the request's headers"
            )
            try require(daemon.simulateFinish(of: retry, contents: contents), "the finish events were not delivered")
            try kit.checkFinished(source, contents: contents)
        }
    }
}
