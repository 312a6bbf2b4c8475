// Background uploads, through the generated seam: a BackgroundUploadManager with a recording
// BackgroundUploadHandling, driven by the simulated transfer daemon (progress, server answer, transient and
// permanent failures, and a relaunch that recreates the session). What real devices add is in
// UploadRelaunchChecks.swift. The generated types are reached through `UploadSubject`, which the scenario's harness
// builds from them (SimulatorHarness/GeneratedUploads.swift), so these checks compile once per set-up.
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime

/// The generated `BackgroundUploadManager` as the checks drive it (the scenario's harness adapts it).
nonisolated protocol UploadManaging: AnyObject, Sendable {
    func startUpload(of file: URL, with request: URLRequest) -> URLSessionUploadTask
    @MainActor func setCompletionHandler(_ completionHandler: @escaping () -> Void, for identifier: String) -> Bool
}

/// What the upload checks need of the generated code and the scenario's answers.
nonisolated struct UploadSubject: Sendable {
    let sessionIdentifier: String
    let maximumRetries: Int
    let maximumResponseBodySize: Int
    /// A new `BackgroundUploadManager` (as a relaunched app creates one) whose handler is `handler`, for the app
    /// container `container` (nil: the generated default).
    let makeManager: @Sendable (_ handler: RecordingUploadHandler, _ container: URL?) -> any UploadManaging
}

/// The generated `BackgroundUploadResponse` as the handler received it.
nonisolated struct UploadResponse: Sendable {
    let statusCode: Int
    let body: Data
    let isBodyTruncated: Bool
}

/// Records what the generated delegate tells the app, which reaches it through a `BackgroundUploadHandling` that
/// forwards these three methods.
nonisolated final class RecordingUploadHandler: TransferRecording, @unchecked Sendable {
    let activity = SimulatorSignal()
    private let lock = NSLock()
    private var finishedUploads: [(file: URL, response: UploadResponse)] = []
    private var failedUploads: [(file: URL, error: String)] = []
    private var progressReports: [(file: URL, fraction: Double)] = []

    func uploadDidFinish(of file: URL, response: UploadResponse) {
        lock.withLock { finishedUploads.append((file, response)) }
        activity.fire()
    }

    func uploadDidFail(of file: URL, error: any Error) {
        lock.withLock { failedUploads.append((file, "\(error)")) }
        activity.fire()
    }

    func uploadDidProgress(of file: URL, fractionCompleted: Double) {
        lock.withLock { progressReports.append((file, fractionCompleted)) }
        activity.fire()
    }

    func finished(_ file: URL) -> [Int] {
        responses(file).map(\.statusCode)
    }

    func responses(_ file: URL) -> [UploadResponse] {
        lock.withLock { finishedUploads.filter { $0.file.standardizedFileURL == file.standardizedFileURL }.map(\.response) }
    }

    func failures(_ file: URL) -> [String] {
        lock.withLock { failedUploads.filter { $0.file.standardizedFileURL == file.standardizedFileURL }.map(\.error) }
    }

    func progress(_ file: URL) -> [Double] {
        lock.withLock { progressReports.filter { $0.file.standardizedFileURL == file.standardizedFileURL }.map(\.fraction) }
    }
}

nonisolated enum UploadChecks {
    static func run(_ subject: UploadSubject) {
        let report = HarnessReport.shared
        let daemon = SimulatedTransferDaemon.shared
        let timeout = HarnessSettings.timeout
        let identifier = subject.sessionIdentifier
        let folder = daemon.downloadsDirectory.appendingPathComponent("upload-bodies", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let handler = RecordingUploadHandler()
        let box = HarnessBox<any UploadManaging>()
        let endpoint = URL(string: "https://uploads.example.com/files")!

        func body(_ name: String) -> URL {
            let file = folder.appendingPathComponent(name)
            _ = FileManager.default.createFile(atPath: file.path, contents: Data("body of \(name)".utf8))
            return file
        }
        func startAndFind(_ file: URL) throws -> URLSessionUploadTask {
            let manager = try unwrap(box.value, "no upload manager")
            var request = URLRequest(url: endpoint)
            request.httpMethod = "PUT"
            let started = manager.startUpload(of: file, with: request)
            return try unwrap(
                daemon.waitForResumedTask(where: { task, _, _ in task === started }, timeout: timeout) as? URLSessionUploadTask,
                "startUpload did not resume its upload task"
            )
        }

        report.check("uploads.session") { _ in
            box.value = subject.makeManager(handler, nil)
            try require(daemon.liveSession(identifier: identifier) != nil, "no live background session with identifier \(identifier)")
        }

        report.check("uploads.start-progress-finish") { _ in
            let file = body("photo.jpg")
            let task = try startAndFind(file)
            try require(
                daemon.creatingAPI(of: task) == "uploadTask(with:fromFile:)",
                "the upload was created with \(daemon.creatingAPI(of: task) ?? "?"), not uploadTask(with:fromFile:)"
            )
            try require(daemon.simulateUploadProgress(of: task, sent: 30, expected: 120), "didSendBodyData was not delivered")
            try require(
                handler.wait(timeout: timeout) { handler.progress(file).contains(0.25) },
                "uploadDidProgress did not report 0.25 for 30 of 120 bytes (got \(handler.progress(file)))"
            )
            try require(daemon.simulateUploadFinish(of: task, statusCode: 201), "the finish was not delivered")
            try require(
                handler.wait(timeout: timeout) { handler.finished(file) == [201] },
                "uploadDidFinish was not called once with status 201 (got \(handler.finished(file)), failures \(handler.failures(file)))"
            )
        }

        report.check("uploads.transient-failure-retries-from-the-file") { _ in
            let file = body("retry.jpg")
            let task = try startAndFind(file)
            daemon.simulateFailure(of: task, withResumeData: false)
            let retry = try unwrap(
                daemon.waitForResumedTask(
                    where: { candidate, api, _ in candidate !== task && api == "uploadTask(with:fromFile:)" && candidate.originalRequest?.url == endpoint },
                    timeout: timeout
                ) as? URLSessionUploadTask,
                "a lost connection did not start the upload again (failures: \(handler.failures(file)))"
            )
            try require(
                daemon.uploadFile(of: retry)?.standardizedFileURL == file.standardizedFileURL,
                "the upload was started again from \(daemon.uploadFile(of: retry)?.path ?? "nil"), not from its file"
            )
            try require(daemon.simulateUploadFinish(of: retry, statusCode: 200), "the finish was not delivered")
            try require(
                handler.wait(timeout: timeout) { handler.finished(file) == [200] } && handler.failures(file).isEmpty,
                "after the retry: finished \(handler.finished(file)), failures \(handler.failures(file))"
            )
        }

        report.check("uploads.a-busy-answer-is-sent-again-after-its-retry-after") { _ in
            let file = body("busy.jpg")
            let task = try startAndFind(file)
            let answered = Date()
            try require(
                daemon.simulateUploadFinish(of: task, statusCode: 503, body: Data("busy".utf8), headerFields: ["Retry-After": "600"]),
                "the answer was not delivered"
            )
            let retry = try unwrap(
                daemon.waitForResumedTask(
                    where: { candidate, api, _ in candidate !== task && api == "uploadTask(with:fromFile:)" && candidate.originalRequest?.url == endpoint },
                    timeout: timeout
                ) as? URLSessionUploadTask,
                "a 503 answer did not send the upload again (finished \(handler.finished(file)), failures \(handler.failures(file)))"
            )
            let delay = (retry.earliestBeginDate ?? answered).timeIntervalSince(answered)
            try require(delay >= 599, "the upload was sent again \(Int(delay)) s after a 503 with Retry-After: 600")
            try require(handler.finished(file).isEmpty && handler.failures(file).isEmpty, "a 503 that is retried reached the handler")
            try require(daemon.simulateUploadFinish(of: retry, statusCode: 200), "the finish was not delivered")
            try require(
                handler.wait(timeout: timeout) { handler.finished(file) == [200] } && handler.failures(file).isEmpty,
                "after the retry: finished \(handler.finished(file)), failures \(handler.failures(file))"
            )
        }

        report.check("uploads.a-refusal-fails-with-its-status-and-body") { _ in
            let file = body("refused.jpg")
            let task = try startAndFind(file)
            try require(daemon.simulateUploadFinish(of: task, statusCode: 422, body: Data("name missing".utf8)), "the answer was not delivered")
            try require(
                handler.wait(timeout: timeout) { handler.failures(file).count == 1 },
                "uploadDidFail was not called once for a 422 (finished \(handler.finished(file)))"
            )
            let failure = handler.failures(file)[0]
            try require(
                failure.contains("httpStatus(422") && failure.contains("statusCode: 422") && handler.finished(file).isEmpty,
                "a 422 was reported as \(failure), finished \(handler.finished(file))"
            )
        }

        report.check("uploads.permanent-failure-is-reported") { _ in
            let file = body("bad.jpg")
            let task = try startAndFind(file)
            daemon.simulateFailure(of: task, code: .badURL, withResumeData: false)
            try require(
                handler.wait(timeout: timeout) { handler.failures(file).count == 1 },
                "uploadDidFail was not called once for a failure no retry can fix (URLError.badURL)"
            )
        }

        // iOS's cancel because background updates are off is not the app's own: the handler must hear of it.
        report.check("uploads.cancelled-because-background-updates-are-off-is-reported") { _ in
            let file = body("sent-with-background-app-refresh-off.jpg")
            let task = try startAndFind(file)
            daemon.simulateFailure(
                of: task, code: .cancelled, withResumeData: false, cancelledReason: NSURLErrorCancelledReasonBackgroundUpdatesDisabled
            )
            try require(
                handler.wait(timeout: timeout) { !handler.failures(file).isEmpty },
                "an upload iOS cancelled because background updates are off never reached uploadDidFail"
            )
            try require(
                handler.failures(file) == ["backgroundUpdatesDisabled"],
                "an upload iOS cancelled because background updates are off was reported as \(handler.failures(file))"
            )
        }

        report.check("uploads.relaunch-delivers-events-and-calls-completion-handler") { context in
            let file = body("while-away.jpg")
            let task = try startAndFind(file)
            daemon.simulateAppTermination()
            daemon.simulateUploadFinishWhileAppNotRunning(task, statusCode: 204)
            let completion = CompletionRecorder { handler.finished(file) == [204] }
            let stored = try unwrap(
                onMainActor { () -> (any UploadManaging, Bool) in
                    let relaunched = subject.makeManager(handler, nil)
                    let accepted = relaunched.setCompletionHandler({ completion.record() }, for: identifier)
                    return (relaunched, accepted)
                },
                "handling the relaunch on the main actor did not return"
            )
            box.value = stored.0
            try require(stored.1, "setCompletionHandler(_:for:) refused the session's own identifier")
            try require(daemon.deliverRelaunchEvents(sessionIdentifier: identifier), "the relaunch events were not delivered")
            try require(handler.finished(file) == [204], "uploadDidFinish after relaunch: \(handler.finished(file))")
            try completion.checkCalledOnce(timeout: timeout, context: context)
        }

        UploadRelaunchChecks.run(subject, handler: handler)
    }
}
