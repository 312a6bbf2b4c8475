// Background downloads, through the generated seam: a BackgroundDownloadManager with a recording
// BackgroundDownloadHandling, driven by the simulated transfer daemon (progress, finish, failure with resume data,
// and a relaunch that recreates the session). What real devices add is in DownloadRelaunchChecks.swift. The
// generated types are reached through `DownloadSubject`, which the scenario's harness builds from them
// (SimulatorHarness/GeneratedDownloads.swift), so these checks compile once per set-up.
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime

/// The generated `BackgroundDownloadManager` as the checks drive it (the scenario's harness adapts it).
nonisolated protocol DownloadManaging: AnyObject, Sendable {
    func startDownload(from url: URL) -> URLSessionDownloadTask
    /// `startDownload(with:key:)` with the key left to its default.
    func startDownload(with request: URLRequest) -> URLSessionDownloadTask
    func startDownload(with request: URLRequest, key: String) -> URLSessionDownloadTask
    func transfers() async -> [URLSessionDownloadTask]
    func cancel(_ task: URLSessionDownloadTask)
    @MainActor func setCompletionHandler(_ completionHandler: @escaping () -> Void, for identifier: String) -> Bool
}

/// What the download checks need of the generated code and the scenario's answers.
nonisolated struct DownloadSubject: Sendable {
    let sessionIdentifier: String
    let maximumResumeAttempts: Int
    /// A new `BackgroundDownloadManager` (as a relaunched app creates one) whose handler is `handler`.
    let makeManager: @Sendable (RecordingDownloadHandler) -> any DownloadManaging
    /// `BackgroundDownloadManager.source(of:)` and `key(of:)`.
    let source: @Sendable (URLSessionTask) -> URL?
    let key: @Sendable (URLSessionTask) -> String?
    /// The shipped `AppDownloadHandler`'s `destination(forDownloadFrom:suggestedFilename:)`.
    let shippedDestination: @Sendable (URL, String?) -> URL
}

/// Records what the generated delegate tells the app, and where it put each file. Names files the way the shipped
/// `AppDownloadHandler` does, in a folder of the check's own, so every check runs the shipped naming too. The
/// generated delegate reaches it through a `BackgroundDownloadHandling` that forwards these four methods.
nonisolated final class RecordingDownloadHandler: TransferRecording, @unchecked Sendable {
    nonisolated struct Finished: Sendable {
        let source: URL
        let destination: URL
        /// The destination file's contents at the moment `downloadDidFinish` was called.
        let contents: Data?
        /// How many stub calls `StubLedger` held then: those the generated code made before it told the app.
        let ledgerCount: Int
    }

    let folder: URL
    let activity = SimulatorSignal()
    private let lock = NSLock()
    private var finishedDownloads: [Finished] = []
    private var failedDownloads: [(source: URL, error: String, code: String)] = []
    private var progressReports: [(source: URL, fraction: Double)] = []
    private var redirected: [URL: URL] = [:]

    private let shippedDestination: @Sendable (URL, String?) -> URL

    init(folder: URL, shippedDestination: @escaping @Sendable (URL, String?) -> URL) {
        self.folder = folder
        self.shippedDestination = shippedDestination
    }

    func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
        if let destination = lock.withLock({ redirected[source] }) {
            return destination
        }
        let name = shippedDestination(source, suggestedFilename).lastPathComponent
        return folder.appendingPathComponent("Downloads", isDirectory: true).appendingPathComponent(name)
    }

    /// Makes `destination(forDownloadFrom:suggestedFilename:)` answer `destination` for `source`.
    func redirect(_ source: URL, to destination: URL) {
        lock.withLock { redirected[source] = destination }
    }

    func downloadDidFinish(from source: URL, savedTo destination: URL) {
        let contents = FileManager.default.contents(atPath: destination.path)
        let ledgerCount = StubLedger.shared.events.count
        lock.lock()
        finishedDownloads.append(Finished(source: source, destination: destination, contents: contents, ledgerCount: ledgerCount))
        lock.unlock()
        activity.fire()
    }

    func downloadDidFail(from source: URL, error: any Error) {
        lock.lock()
        let code = error as NSError
        failedDownloads.append((source, "\(error)", "\(code.domain) \(code.code)"))
        lock.unlock()
        activity.fire()
    }

    func downloadDidProgress(from source: URL, fractionCompleted: Double) {
        lock.lock()
        progressReports.append((source, fractionCompleted))
        lock.unlock()
        activity.fire()
    }

    func finished(_ source: URL) -> [Finished] {
        lock.lock()
        defer { lock.unlock() }
        return finishedDownloads.filter { $0.source == source }
    }

    func failures(_ source: URL) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return failedDownloads.filter { $0.source == source }.map(\.error)
    }

    /// The domain and code of each error `downloadDidFail` was given for `source`, as `NSError` has them.
    func failureCodes(_ source: URL) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return failedDownloads.filter { $0.source == source }.map(\.code)
    }

    func progress(_ source: URL) -> [Double] {
        lock.lock()
        defer { lock.unlock() }
        return progressReports.filter { $0.source == source }.map(\.fraction)
    }
}

/// What the download checks share: the recording handler, the current manager (replaced at each relaunch), and
/// the steps most checks take.
nonisolated struct DownloadCheckKit {
    let subject: DownloadSubject
    let handler: RecordingDownloadHandler
    let box: HarnessBox<any DownloadManaging>
    let daemon = SimulatedTransferDaemon.shared
    let timeout = HarnessSettings.timeout

    func url(_ name: String) -> URL { URL(string: "https://downloads.example.com/files/\(name)")! }

    /// Starts a download of `request` with the current manager and returns the task the daemon saw resumed.
    func startAndFind(_ request: URLRequest) throws -> URLSessionDownloadTask {
        let manager = try unwrap(box.value, "no download manager")
        let started = manager.startDownload(with: request)
        return try unwrap(
            daemon.waitForResumedDownload(where: { task, _, _ in task === started }, timeout: timeout),
            "startDownload(with:) did not resume its download task for \(request.url?.absoluteString ?? "nil")"
        )
    }

    func startAndFind(_ source: URL) throws -> URLSessionDownloadTask {
        let manager = try unwrap(box.value, "no download manager")
        let started = manager.startDownload(from: source)
        return try unwrap(
            daemon.waitForResumedDownload(where: { task, _, _ in task === started }, timeout: timeout),
            "startDownload(from:) did not create and resume a download task for \(source)"
        )
    }

    /// iOS terminates the app and relaunches it: a new manager, which knows nothing of the old one.
    func relaunch() {
        daemon.simulateAppTermination()
        box.value = subject.makeManager(handler)
    }

    func checkFinished(_ source: URL, contents: Data) throws {
        try require(
            handler.wait(timeout: timeout) { !handler.finished(source).isEmpty || !handler.failures(source).isEmpty },
            "downloadDidFinish was not called for \(source.lastPathComponent)"
        )
        try require(handler.failures(source).isEmpty, "the download was reported as failed: \(handler.failures(source))")
        let finished = handler.finished(source)
        try require(finished.count == 1, "downloadDidFinish was called \(finished.count) times for \(source.lastPathComponent)")
        let expected = handler.destination(forDownloadFrom: source, suggestedFilename: source.lastPathComponent)
        try require(
            finished[0].destination.standardizedFileURL == expected.standardizedFileURL,
            "the file was reported at \(finished[0].destination.path), not the handler's destination \(expected.path)"
        )
        try require(
            finished[0].contents == contents,
            "when downloadDidFinish was called, \(expected.path) held \(finished[0].contents.map { "\($0.count) bytes" } ?? "no file"), not the download"
        )
        try require(
            FileManager.default.contents(atPath: expected.path) == contents,
            "the downloaded file is not at the handler's destination \(expected.path)"
        )
    }
}

nonisolated enum DownloadChecks {
    static func run(_ subject: DownloadSubject) {
        let report = HarnessReport.shared
        let daemon = SimulatedTransferDaemon.shared
        let timeout = HarnessSettings.timeout
        let identifier = subject.sessionIdentifier
        let folder = daemon.downloadsDirectory.appendingPathComponent("app-container", isDirectory: true)
        let handler = RecordingDownloadHandler(folder: folder, shippedDestination: subject.shippedDestination)
        let box = HarnessBox<any DownloadManaging>()

        let kit = DownloadCheckKit(subject: subject, handler: handler, box: box)

        report.check("downloads.session") { _ in
            box.value = subject.makeManager(handler)
            try require(
                daemon.liveSession(identifier: identifier) != nil,
                "no live background session with identifier \(identifier)"
            )
            try require(
                daemon.sessionCount(identifier: identifier) == 1,
                "\(daemon.sessionCount(identifier: identifier)) sessions were created for \(identifier)"
            )
        }

        let first = kit.url("first.zip")
        let firstContents = Data("first download".utf8)
        let firstTask = HarnessBox<URLSessionDownloadTask>()

        report.check("downloads.start") { _ in
            let task = try kit.startAndFind(first)
            firstTask.value = task
            try require(
                daemon.creatingAPI(of: task) == "downloadTask(with:)",
                "the transfer was created with \(daemon.creatingAPI(of: task) ?? "?"), not the delegate-based downloadTask(with:)"
            )
        }

        report.check("downloads.progress") { _ in
            let task = try unwrap(firstTask.value, "no running download")
            try require(daemon.simulateProgress(of: task, written: 50, expected: 200), "didWriteData was not delivered")
            try require(
                handler.wait(timeout: timeout) { handler.progress(first).contains(0.25) },
                "downloadDidProgress did not report 0.25 for 50 of 200 bytes (got \(handler.progress(first)))"
            )
        }

        report.check("downloads.finish-moves-file") { _ in
            let task = try unwrap(firstTask.value, "no running download")
            try require(daemon.simulateFinish(of: task, contents: firstContents), "the finish events were not delivered")
            try kit.checkFinished(first, contents: firstContents)
        }

        report.check("downloads.a-key-gives-changing-urls-one-file") { _ in
            let manager = try unwrap(box.value, "no download manager")
            var destinations: [URL] = []
            for (signature, contents) in [("a1", "first avatar"), ("b2", "second avatar")] {
                let source = URL(string: "https://cdn.example.com/avatars/42.png?X-Amz-Signature=\(signature)&X-Amz-Expires=60")!
                let started = manager.startDownload(with: URLRequest(url: source), key: "avatar-42")
                let task = try unwrap(
                    daemon.waitForResumedDownload(where: { task, _, _ in task === started }, timeout: timeout),
                    "startDownload(with:key:) did not resume its download task"
                )
                try require(subject.key(task) == "avatar-42", "the task's record does not keep its key")
                try require(daemon.simulateFinish(of: task, contents: Data(contents.utf8)), "the finish events were not delivered")
                try require(handler.wait(timeout: timeout) { handler.finished(source).count == 1 }, "downloadDidFinish was not called for \(source) (failures: \(handler.failures(source)))")
                destinations.append(handler.finished(source)[0].destination.standardizedFileURL)
            }
            try require(
                destinations[0] == destinations[1],
                "two pre-signed URLs of key avatar-42 went to two files: \(destinations.map(\.lastPathComponent))"
            )
            try require(
                FileManager.default.contents(atPath: destinations[1].path) == Data("second avatar".utf8),
                "the second download of key avatar-42 did not replace the first one's file"
            )
            try require(
                destinations[1].deletingLastPathComponent() == handler.destination(forDownloadFrom: kit.url("x"), suggestedFilename: nil).deletingLastPathComponent().standardizedFileURL,
                "a keyed download left the handler's folder: \(destinations[1].path)"
            )
        }

        report.check("downloads.failure-with-resume-data-resumes") { _ in
            let source = kit.url("second.zip")
            let contents = Data("second download, resumed".utf8)
            let task = try kit.startAndFind(source)
            let resumeData = try unwrap(
                daemon.simulateFailure(of: task, withResumeData: true), "the failure was not delivered"
            )
            let resumed = try unwrap(
                daemon.waitForResumedDownload(
                    where: { _, api, data in api == "downloadTask(withResumeData:)" && data == resumeData },
                    timeout: timeout
                ),
                "the transfer was not resumed with downloadTask(withResumeData:) and the resume data (failures reported: \(handler.failures(source)))"
            )
            try require(resumed.originalRequest?.url == source, "the resumed task is for \(String(describing: resumed.originalRequest?.url))")
            try require(daemon.simulateFinish(of: resumed, contents: contents), "the finish events were not delivered")
            try kit.checkFinished(source, contents: contents)
        }

        report.check("downloads.permanent-failure-is-reported") { _ in
            let source = kit.url("third.zip")
            let task = try kit.startAndFind(source)
            try require(daemon.simulateFailure(of: task, code: .badURL, withResumeData: false) == nil, "unexpected resume data")
            try require(
                handler.wait(timeout: timeout) { !handler.failures(source).isEmpty },
                "downloadDidFail was not called for a failure no retry can fix (URLError.badURL)"
            )
            try require(handler.finished(source).isEmpty, "a failed download was reported as finished")
        }

        report.check("downloads.repeated-failures-end-in-downloadDidFail") { _ in
            let source = kit.url("flaky.zip")
            var task: URLSessionTask = try kit.startAndFind(source)
            var retries = 0
            for _ in 0..<10 {
                daemon.simulateFailure(of: task, withResumeData: true)
                if handler.wait(timeout: 0, until: { !handler.failures(source).isEmpty }) { break }
                guard let next = daemon.waitForResumedTask(
                    where: { candidate, _, _ in candidate !== task && candidate.originalRequest?.url == source },
                    timeout: timeout
                ) else { break }
                retries += 1
                task = next
            }
            try require(retries >= 1, "a transfer that failed with resume data was never resumed")
            try require(
                handler.wait(timeout: timeout) { !handler.failures(source).isEmpty },
                "after \(retries) retries the transfer was still not reported as failed; retries must end"
            )
        }

        report.check("downloads.relaunch-delivers-events-and-calls-completion-handler") { context in
            let source = kit.url("fourth.zip")
            let contents = Data("finished while the app was not running".utf8)
            let task = try kit.startAndFind(source)
            // iOS terminates the app; the transfer carries on and finishes meanwhile.
            daemon.simulateAppTermination()
            daemon.simulateFinishWhileAppNotRunning(task, contents: contents)
            // The relaunched app: iOS calls handleEventsForBackgroundURLSession, which recreates the session and
            // stores the completion handler, as the app delegate does.
            let completion = CompletionRecorder { !handler.finished(source).isEmpty }
            let stored = try unwrap(
                onMainActor { () -> (any DownloadManaging, Bool, Bool) in
                    let relaunched = subject.makeManager(handler)
                    let accepted = relaunched.setCompletionHandler({ completion.record() }, for: identifier)
                    let foreign = relaunched.setCompletionHandler({ completion.record() }, for: "\(identifier).someone-else")
                    return (relaunched, accepted, foreign)
                },
                "handling the relaunch on the main actor did not return"
            )
            box.value = stored.0
            try require(stored.1, "setCompletionHandler(_:for:) refused the session's own identifier")
            try require(!stored.2, "setCompletionHandler(_:for:) accepted another session's identifier")
            try require(daemon.deliverRelaunchEvents(sessionIdentifier: identifier), "the relaunch events were not delivered")
            try kit.checkFinished(source, contents: contents)
            try completion.checkCalledOnce(timeout: timeout, context: context)
        }

        DownloadRelaunchChecks.run(kit)
        #if os(Linux)
        DownloadVolumeChecks.run(kit)
        DownloadFlushChecks.run(kit)
        #endif
    }
}
