// The part of iOS that runs background transfers (nsurlsessiond), reduced to what a run-time simulator needs:
// it knows every session and task, enforces the background-session rules while `SimulatedDevice` is configured,
// and lets a test drive transfers: progress, finish, upload answers with a body, failure with resume data, and an
// app relaunch. A relaunch is a new process as far as the app can tell: the daemon keeps only what iOS keeps (each
// unfinished task's identifier, request, description and begin date; files on disk) and hands those tasks, as new
// objects, to the next session created with their identifier; it then delivers the events that happened meanwhile
// and calls urlSessionDidFinishEvents.
import Foundation
import StubRuntime

@_spi(Simulator)
public final class SimulatedTransferDaemon: @unchecked Sendable {
    public static let shared = SimulatedTransferDaemon()

    private struct SessionRecord {
        let session: URLSession
        var isLive: Bool
    }

    private struct TransferRecord {
        var task: URLSessionTask
        var session: URLSession
        let api: String
        let resumeData: Data?
        var isResumed = false
        /// The file an upload task sends.
        var file: URL? = nil
    }

    /// A transfer that finished while the app was not running, delivered at the next relaunch.
    private struct FinishedWhileAway {
        enum Outcome {
            case downloaded(Data)
            case uploaded(statusCode: Int, body: Data)
        }

        let sessionIdentifier: String
        let taskIdentifier: Int
        let request: URLRequest
        let taskDescription: String?
        let outcome: Outcome
    }

    private let lock = NSLock()
    private var sessions: [SessionRecord] = []
    private var transfers: [Int: TransferRecord] = [:]
    private var finishedWhileAway: [FinishedWhileAway] = []
    /// Transfers an earlier process left, waiting for a session with their identifier.
    private var restoredTransfers: [KeptTransfer] = []
    private let taskActivity = SimulatorSignal()
    private var fileCounter = 0

    /// Where finished downloads appear before `didFinishDownloadingTo` (`CFNetworkDownload_*.tmp` on iOS).
    public let downloadsDirectory: URL = {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sim-nsurlsessiond-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }()

    init() {}

    private var device: SimulatedDevice { SimulatedDevice.shared }

    // MARK: Called by the stubs

    func sessionCreated(_ session: URLSession, configuration: URLSessionConfiguration, hasDelegate: Bool) {
        lock.lock()
        let duplicate = configuration.isBackground && sessions.contains {
            $0.isLive && $0.session.simulatedConfiguration.isBackground
                && $0.session.simulatedConfiguration.identifier == configuration.identifier
        }
        sessions.append(SessionRecord(session: session, isLive: true))
        if configuration.isBackground {
            handOverKeptTransfers(to: session, identifier: configuration.identifier)
        }
        lock.unlock()
        guard device.isEnforcing, configuration.isBackground else { return }
        let identifier = configuration.identifier ?? "nil"
        if duplicate {
            device.report(
                rule: "urlsession.duplicate-background-session",
                "a second live background session with identifier \(identifier) was created (iOS: 'A background URLSession with identifier … already exists!')"
            )
        }
        if !hasDelegate {
            device.report(
                rule: "urlsession.background-without-delegate",
                "background session \(identifier) has no delegate; its transfers can only report through one"
            )
        }
    }

    func sessionInvalidated(_ session: URLSession) {
        lock.lock()
        for index in sessions.indices where sessions[index].session === session {
            sessions[index].isLive = false
        }
        lock.unlock()
    }

    func taskCreated(_ task: URLSessionTask, in session: URLSession, api: String, resumeData: Data? = nil, file: URL? = nil) {
        lock.lock()
        transfers[task.taskIdentifier] = TransferRecord(task: task, session: session, api: api, resumeData: resumeData, file: file)
        lock.unlock()
        taskActivity.fire()
    }

    func taskResumed(_ task: URLSessionTask) {
        lock.lock()
        transfers[task.taskIdentifier]?.isResumed = true
        lock.unlock()
        taskActivity.fire()
    }

    /// The unfinished transfers with `identifier` of sessions that are gone (the app was terminated) or of an
    /// earlier process, as new task objects of `session`: what a relaunched app's session gets. Called with `lock`
    /// held.
    private func handOverKeptTransfers(to session: URLSession, identifier: String?) {
        let live = sessions.filter(\.isLive).map { ObjectIdentifier($0.session) }
        var kept = restoredTransfers.filter { $0.sessionIdentifier == identifier }
        restoredTransfers.removeAll { $0.sessionIdentifier == identifier }
        for record in transfers.values
        where record.task.state != .completed && !live.contains(ObjectIdentifier(record.session))
            && record.session.simulatedConfiguration.identifier == identifier {
            kept.append(KeptTransfer(task: record.task, sessionIdentifier: identifier, file: record.file))
        }
        for transfer in kept {
            let task = transfer.recreatedTask()
            transfers[transfer.taskIdentifier] = TransferRecord(
                task: task, session: session, api: task.creatingAPI, resumeData: nil, isResumed: true, file: transfer.file
            )
        }
    }

    // MARK: Relaunch as a new process

    /// Writes what iOS keeps when the app's process ends (every unfinished transfer) to `file`, for the next
    /// process to restore.
    public func saveKeptTransfers(to file: URL) throws {
        lock.lock()
        let kept = transfers.values.filter { $0.task.state != .completed }.map {
            KeptTransfer(task: $0.task, sessionIdentifier: $0.session.simulatedConfiguration.identifier, file: $0.file)
        } + restoredTransfers
        lock.unlock()
        try JSONEncoder().encode(kept).write(to: file)
    }

    /// Reads what an earlier process saved, if anything: its transfers go to the first session created with their
    /// identifier, and new tasks get identifiers of their own.
    public func restoreKeptTransfers(from file: URL) throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        let kept = try JSONDecoder().decode([KeptTransfer].self, from: Data(contentsOf: file))
        StubLedger.shared.skipIdentifiers(through: kept.map(\.taskIdentifier).max() ?? 0)
        lock.lock()
        restoredTransfers += kept
        lock.unlock()
    }

    /// The file an upload task was created with (`uploadTask(with:fromFile:)`).
    public func uploadFile(of task: URLSessionTask) -> URL? {
        lock.lock()
        defer { lock.unlock() }
        return transfers[task.taskIdentifier]?.file
    }

    /// An API iOS does not support on background sessions: it raises an NSGenericException there.
    func unsupportedOnBackgroundSession(_ session: URLSession, api: String, reason: String) {
        guard device.isEnforcing, session.simulatedConfiguration.isBackground else { return }
        device.report(
            rule: "urlsession.background-unsupported-api",
            "\(api) on background session \(session.simulatedConfiguration.identifier ?? "nil"): \(reason)"
        )
    }

    // MARK: Resume data

    private struct ResumeInfo: Codable {
        let url: String
        let offset: Int64
    }

    static func makeResumeData(url: URL, offset: Int64) -> Data {
        (try? JSONEncoder().encode(ResumeInfo(url: url.absoluteString, offset: offset))) ?? Data()
    }

    static func url(fromResumeData data: Data) -> (url: URL, offset: Int64)? {
        guard let info = try? JSONDecoder().decode(ResumeInfo.self, from: data), let url = URL(string: info.url) else {
            return nil
        }
        return (url, info.offset)
    }

    // MARK: Driving transfers (for tests)

    /// The live background session with `identifier`, if the app has one.
    public func liveSession(identifier: String) -> URLSession? {
        lock.lock()
        defer { lock.unlock() }
        return sessions.last { $0.isLive && $0.session.simulatedConfiguration.identifier == identifier }?.session
    }

    /// How many sessions with `identifier` were created in this process, live or not.
    public func sessionCount(identifier: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return sessions.filter { $0.session.simulatedConfiguration.identifier == identifier }.count
    }

    /// A running (resumed) task of a live session that `matches`, waiting up to `timeout` for the app to create
    /// and resume one.
    public func waitForResumedTask(
        where matches: @escaping (URLSessionTask, _ api: String, _ resumeData: Data?) -> Bool,
        timeout: TimeInterval
    ) -> URLSessionTask? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let fired = taskActivity.fireCount
            lock.lock()
            let liveSessions = sessions.filter(\.isLive).map { ObjectIdentifier($0.session) }
            let match = transfers.values
                .filter { $0.isResumed && liveSessions.contains(ObjectIdentifier($0.session)) && $0.task.state == .running }
                .sorted { $0.task.taskIdentifier < $1.task.taskIdentifier }
                .first { matches($0.task, $0.api, $0.resumeData) }
            lock.unlock()
            if let task = match?.task { return task }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, taskActivity.wait(times: fired + 1, timeout: remaining) else { return nil }
        }
    }

    /// `waitForResumedTask` for download tasks.
    public func waitForResumedDownload(
        where matches: @escaping (URLSessionDownloadTask, _ api: String, _ resumeData: Data?) -> Bool,
        timeout: TimeInterval
    ) -> URLSessionDownloadTask? {
        waitForResumedTask(
            where: { task, api, data in (task as? URLSessionDownloadTask).map { matches($0, api, data) } ?? false },
            timeout: timeout
        ) as? URLSessionDownloadTask
    }

    /// The API that created `task` (for example `downloadTask(with:)`).
    public func creatingAPI(of task: URLSessionTask) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return transfers[task.taskIdentifier]?.api
    }

    /// Reports bytes written, on the delegate queue. Returns when the delegate has returned.
    @discardableResult
    public func simulateProgress(of task: URLSessionDownloadTask, written: Int64, expected: Int64) -> Bool {
        guard let session = session(of: task) else { return false }
        return deliver(on: session, callback: "didWriteData") { delegate in
            (delegate as? any URLSessionDownloadDelegate)?.urlSession(
                session, downloadTask: task, didWriteData: written, totalBytesWritten: written,
                totalBytesExpectedToWrite: expected
            )
        }
    }

    /// Finishes a download: writes `contents` to a temporary file, calls `didFinishDownloadingTo` with it on the
    /// delegate queue, deletes the file the moment that returns (as iOS does), then calls `didCompleteWithError`
    /// with nil. Returns false when no live session owns the task or a callback did not return in time.
    /// A server error still ends this way, with its error page as the file; `statusCode` says which.
    @discardableResult
    public func simulateFinish(
        of task: URLSessionDownloadTask, contents: Data, statusCode: Int = 200, headerFields: [String: String]? = nil
    ) -> Bool {
        guard let session = session(of: task) else { return false }
        if let url = task.originalRequest?.url {
            task.setSimulatedResponse(HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headerFields))
        }
        return finish(task, in: session, contents: contents)
    }

    /// The tasks of `session` that have not completed, as `getAllTasks` hands them over.
    func unfinishedTasks(of session: URLSession) -> [URLSessionTask] {
        lock.lock()
        defer { lock.unlock() }
        return transfers.values
            .filter { $0.session === session && $0.task.state != .completed }
            .sorted { $0.task.taskIdentifier < $1.task.taskIdentifier }
            .map(\.task)
    }

    /// The app cancelled `task`: as on iOS, the delegate hears `didCompleteWithError` with `NSURLErrorCancelled`,
    /// with no reason and no resume data.
    func taskWasCancelled(_ task: URLSessionTask) {
        guard task.state != .completed else { return }
        simulateFailure(of: task, code: .cancelled, withResumeData: false)
    }

    /// Fails a transfer with `URLError(code)`; for a download with `withResumeData`, the error carries resume
    /// data under `NSURLSessionDownloadTaskResumeData`. `cancelledReason` is what iOS puts under
    /// `NSURLErrorBackgroundTaskCancelledReasonKey` when it cancels a transfer itself (low resources, a force
    /// quit); the app's own cancel has none. Returns the resume data handed out.
    @discardableResult
    public func simulateFailure(
        of task: URLSessionTask, code: URLError.Code = .networkConnectionLost, withResumeData: Bool,
        cancelledReason: Int? = nil
    ) -> Data? {
        guard let session = session(of: task) else { return nil }
        let url = task.originalRequest?.url ?? URL(string: "about:blank")!
        let resumeData = withResumeData && task is URLSessionDownloadTask ? Self.makeResumeData(url: url, offset: 512) : nil
        var userInfo: [String: Any] = [NSURLErrorFailingURLErrorKey: url, NSURLErrorFailingURLStringErrorKey: url.absoluteString]
        if let resumeData { userInfo[NSURLSessionDownloadTaskResumeData] = resumeData }
        if let cancelledReason { userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] = cancelledReason }
        let error = URLError(code, userInfo: userInfo)
        task.setSimulatedState(.completed)
        deliver(on: session, callback: "didCompleteWithError") { delegate in
            (delegate as? any URLSessionTaskDelegate)?.urlSession(session, task: task, didCompleteWithError: error)
        }
        return resumeData
    }

    /// Reports body bytes sent for an upload, on the delegate queue. Returns when the delegate has returned.
    @discardableResult
    public func simulateUploadProgress(of task: URLSessionUploadTask, sent: Int64, expected: Int64) -> Bool {
        guard let session = session(of: task) else { return false }
        return deliver(on: session, callback: "didSendBodyData") { delegate in
            (delegate as? any URLSessionTaskDelegate)?.urlSession(
                session, task: task, didSendBodyData: sent, totalBytesSent: sent, totalBytesExpectedToSend: expected
            )
        }
    }

    /// Finishes an upload: the server answered `statusCode` with `body` (delivered in pieces through
    /// `URLSessionDataDelegate`, as iOS does), then `didCompleteWithError(nil)`.
    @discardableResult
    public func simulateUploadFinish(
        of task: URLSessionUploadTask, statusCode: Int, body: Data = Data(), headerFields: [String: String]? = nil
    ) -> Bool {
        guard let session = session(of: task) else { return false }
        return completeUpload(task, in: session, statusCode: statusCode, body: body, headerFields: headerFields)
    }

    /// The app is terminated (by the system or the user, not force-quit from the switcher): its sessions go away,
    /// their transfers carry on in the daemon.
    public func simulateAppTermination() {
        lock.lock()
        for index in sessions.indices { sessions[index].isLive = false }
        lock.unlock()
    }

    /// A download of the terminated app finishes with `contents`; its events wait for the next relaunch.
    public func simulateFinishWhileAppNotRunning(_ task: URLSessionDownloadTask, contents: Data) {
        finishWhileAway(task, outcome: .downloaded(contents))
    }

    /// An upload of the terminated app is answered with `statusCode` and `body`; its events wait for the next
    /// relaunch.
    public func simulateUploadFinishWhileAppNotRunning(_ task: URLSessionUploadTask, statusCode: Int, body: Data = Data()) {
        finishWhileAway(task, outcome: .uploaded(statusCode: statusCode, body: body))
    }

    private func finishWhileAway(_ task: URLSessionTask, outcome: FinishedWhileAway.Outcome) {
        lock.lock()
        let record = transfers[task.taskIdentifier]
        lock.unlock()
        guard let record, let identifier = record.session.simulatedConfiguration.identifier,
              let request = task.originalRequest
        else { return }
        task.setSimulatedState(.completed)
        lock.lock()
        finishedWhileAway.append(FinishedWhileAway(
            sessionIdentifier: identifier, taskIdentifier: task.taskIdentifier, request: request,
            taskDescription: task.taskDescription, outcome: outcome
        ))
        lock.unlock()
    }

    /// A download that a previous run of the app started and that finished while it was not running.
    public func seedFinishedTransfer(
        sessionIdentifier: String, url: URL, taskDescription: String?, contents: Data
    ) {
        lock.lock()
        finishedWhileAway.append(FinishedWhileAway(
            sessionIdentifier: sessionIdentifier, taskIdentifier: 10_000 + finishedWhileAway.count,
            request: URLRequest(url: url), taskDescription: taskDescription, outcome: .downloaded(contents)
        ))
        lock.unlock()
    }

    /// An upload from `file` that a previous run of the app started and that the server answered with
    /// `statusCode` while the app was not running. That run was an older version of the app, whose task
    /// description was the file's absolute path.
    public func seedFinishedUpload(sessionIdentifier: String, request: URLRequest, file: URL, statusCode: Int) {
        lock.lock()
        finishedWhileAway.append(FinishedWhileAway(
            sessionIdentifier: sessionIdentifier, taskIdentifier: 10_000 + finishedWhileAway.count,
            request: request, taskDescription: file.path, outcome: .uploaded(statusCode: statusCode, body: Data())
        ))
        lock.unlock()
    }

    /// The second half of a background relaunch, after the system has called
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: the app must have recreated the
    /// session by now. Delivers every event that happened while it was away (on tasks recreated from what the
    /// daemon kept: identifier, description, request) and then `urlSessionDidFinishEvents`.
    @discardableResult
    public func deliverRelaunchEvents(sessionIdentifier: String) -> Bool {
        guard let session = liveSession(identifier: sessionIdentifier) else {
            if device.isEnforcing {
                device.report(
                    rule: "urlsession.session-not-recreated",
                    "iOS relaunched the app for background session \(sessionIdentifier), but handling the event did not recreate that session"
                )
            }
            return false
        }
        lock.lock()
        let events = finishedWhileAway.filter { $0.sessionIdentifier == sessionIdentifier }
        finishedWhileAway.removeAll { $0.sessionIdentifier == sessionIdentifier }
        lock.unlock()
        var delivered = true
        for event in events {
            let task: URLSessionTask
            switch event.outcome {
            case .downloaded:
                task = URLSessionDownloadTask(
                    recreatedIdentifier: event.taskIdentifier, sessionIdentifier: sessionIdentifier, request: event.request
                )
            case .uploaded:
                task = URLSessionUploadTask(
                    recreatedIdentifier: event.taskIdentifier, sessionIdentifier: sessionIdentifier, request: event.request
                )
            }
            task.taskDescription = event.taskDescription
            task.setSimulatedState(.running)
            lock.lock()
            transfers[task.taskIdentifier] = TransferRecord(
                task: task, session: session, api: task.creatingAPI, resumeData: nil, isResumed: true
            )
            lock.unlock()
            switch event.outcome {
            case .downloaded(let contents):
                delivered = finish(task as! URLSessionDownloadTask, in: session, contents: contents) && delivered
            case .uploaded(let statusCode, let body):
                delivered = completeUpload(task as! URLSessionUploadTask, in: session, statusCode: statusCode, body: body) && delivered
            }
        }
        return deliver(on: session, callback: "urlSessionDidFinishEvents") { delegate in
            delegate.urlSessionDidFinishEvents(forBackgroundURLSession: session)
        } && delivered
    }

    // MARK: Delivery

    private func session(of task: URLSessionTask) -> URLSession? {
        lock.lock()
        defer { lock.unlock() }
        guard let record = transfers[task.taskIdentifier],
              sessions.contains(where: { $0.isLive && $0.session === record.session })
        else { return nil }
        return record.session
    }

    private func finish(_ task: URLSessionDownloadTask, in session: URLSession, contents: Data) -> Bool {
        lock.lock()
        fileCounter += 1
        let location = downloadsDirectory.appendingPathComponent("CFNetworkDownload_\(fileCounter).tmp")
        lock.unlock()
        guard FileManager.default.createFile(atPath: location.path, contents: contents) else { return false }
        let moved = deliver(on: session, callback: "didFinishDownloadingTo") { delegate in
            (delegate as? any URLSessionDownloadDelegate)?.urlSession(session, downloadTask: task, didFinishDownloadingTo: location)
            // Only valid until the method returns.
            try? FileManager.default.removeItem(at: location)
        }
        task.setSimulatedState(.completed)
        let completed = deliver(on: session, callback: "didCompleteWithError") { delegate in
            (delegate as? any URLSessionTaskDelegate)?.urlSession(session, task: task, didCompleteWithError: nil)
        }
        return moved && completed
    }

    private func completeUpload(
        _ task: URLSessionUploadTask, in session: URLSession, statusCode: Int, body: Data, headerFields: [String: String]? = nil
    ) -> Bool {
        if let url = task.originalRequest?.url {
            task.setSimulatedResponse(HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headerFields))
        }
        let pieceSize = 64 * 1024
        for start in stride(from: 0, to: body.count, by: pieceSize) {
            let piece = body.subdata(in: start..<min(start + pieceSize, body.count))
            guard deliver(on: session, callback: "didReceiveData", { delegate in
                (delegate as? any URLSessionDataDelegate)?.urlSession(session, dataTask: task, didReceive: piece)
            }) else { return false }
        }
        task.setSimulatedState(.completed)
        return deliver(on: session, callback: "didCompleteWithError") { delegate in
            (delegate as? any URLSessionTaskDelegate)?.urlSession(session, task: task, didCompleteWithError: nil)
        }
    }

    /// Runs `body` with the session's delegate on its delegate queue and waits for it to return.
    @discardableResult
    private func deliver(on session: URLSession, callback: String, _ body: @escaping (any URLSessionDelegate) -> Void) -> Bool {
        guard let delegate = session.delegate else { return false }
        let done = SimulatorSignal()
        session.delegateQueue.addOperation {
            body(delegate)
            done.fire()
        }
        let limit = device.callbackTimeLimit
        guard done.wait(timeout: limit) else {
            device.report(
                rule: "urlsession.delegate-blocked",
                "\(callback) did not return within \(limit) s; iOS stops delivering a relaunch's remaining events"
            )
            return false
        }
        return true
    }
}
