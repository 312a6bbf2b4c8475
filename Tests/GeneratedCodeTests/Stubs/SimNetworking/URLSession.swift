// Mirrors NSURLSession (iOS 26.1 SDK header, NS_SWIFT_SENDABLE) plus the async methods of Foundation's Swift
// overlay. Async variants imported from ObjC (`allTasks`, `tasks`) are nonisolated(nonsending) since Swift 6.2;
// the overlay's `data(for:)` family is plain Swift and keeps the default. Every convenience form (completion
// handler or async) compiles, because it does on Xcode; each one is recorded as such. Sessions and tasks are also
// reported to SimulatedTransferDaemon, which (once SimulatedDevice is configured) reports what Apple refuses on
// background sessions at run time and drives their transfers.
import Foundation
import StubRuntime

@available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
open class URLSession: NSObject, @unchecked Sendable {
    private static let sharedSession = URLSession(configuration: .default)

    private let storedConfiguration: URLSessionConfiguration
    public let delegateQueue: OperationQueue
    /// Retained strongly until the session is invalidated, as on iOS.
    public let delegate: (any URLSessionDelegate)?
    open var sessionDescription: String?

    open class var shared: URLSession { sharedSession }

    @available(iOS, deprecated: 13.0, message: "Please use +[NSURLSession sessionWithConfiguration:] or other class methods to create instances")
    public override convenience init() {
        self.init(configuration: .default, delegate: nil, delegateQueue: nil)
    }

    public convenience init(configuration: URLSessionConfiguration) {
        self.init(configuration: configuration, delegate: nil, delegateQueue: nil)
    }

    public init(
        configuration: URLSessionConfiguration,
        delegate: (any URLSessionDelegate)?,
        delegateQueue queue: OperationQueue?
    ) {
        storedConfiguration = configuration.copy() as! URLSessionConfiguration
        self.delegate = delegate
        delegateQueue = queue ?? {
            let serial = OperationQueue()
            serial.maxConcurrentOperationCount = 1
            return serial
        }()
        super.init()
        StubLedger.shared.record(.sessionCreated(sessionIdentifier: configuration.identifier, hasDelegate: delegate != nil))
        SimulatedTransferDaemon.shared.sessionCreated(self, configuration: storedConfiguration, hasDelegate: delegate != nil)
    }

    /// A copy, as on iOS: changing it does not change the session.
    open var configuration: URLSessionConfiguration { storedConfiguration.copy() as! URLSessionConfiguration }

    private var identifier: String? { storedConfiguration.identifier }

    open func finishTasksAndInvalidate() {
        StubLedger.shared.record(.sessionInvalidated(sessionIdentifier: identifier))
        SimulatedTransferDaemon.shared.sessionInvalidated(self)
    }

    open func invalidateAndCancel() {
        StubLedger.shared.record(.sessionInvalidated(sessionIdentifier: identifier))
        SimulatedTransferDaemon.shared.sessionInvalidated(self)
    }

    @preconcurrency
    open func getAllTasks(completionHandler: @escaping @Sendable ([URLSessionTask]) -> Void) {
        let tasks = SimulatedTransferDaemon.shared.unfinishedTasks(of: self)
        DispatchQueue.global().async { completionHandler(tasks) }
    }

    @available(iOS 9.0, macOS 10.11, tvOS 9.0, watchOS 2.0, *)
    nonisolated(nonsending) open var allTasks: [URLSessionTask] {
        get async { [] }
    }

    @preconcurrency
    open func getTasksWithCompletionHandler(
        _ completionHandler: @escaping @Sendable ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) -> Void
    ) {
        completionHandler([], [], [])
    }

    nonisolated(nonsending) open var tasks: ([URLSessionDataTask], [URLSessionUploadTask], [URLSessionDownloadTask]) {
        get async { ([], [], []) }
    }

    // MARK: Delegate-based tasks (the only kind a background session supports)

    open func dataTask(with request: URLRequest) -> URLSessionDataTask {
        unsupported("dataTask(with:)", "data tasks do not run while the app is suspended; use a download task")
        return track(URLSessionDataTask(sessionIdentifier: identifier, request: request, api: "dataTask(with:)"))
    }

    open func dataTask(with url: URL) -> URLSessionDataTask {
        unsupported("dataTask(with:)", "data tasks do not run while the app is suspended; use a download task")
        return track(URLSessionDataTask(sessionIdentifier: identifier, request: URLRequest(url: url), api: "dataTask(with:)"))
    }

    open func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> URLSessionUploadTask {
        track(URLSessionUploadTask(sessionIdentifier: identifier, request: request, api: "uploadTask(with:fromFile:)"), file: fileURL)
    }

    open func uploadTask(with request: URLRequest, from bodyData: Data) -> URLSessionUploadTask {
        unsupported("uploadTask(with:from:)", "'Upload tasks from NSData are not supported in background sessions'")
        return track(URLSessionUploadTask(sessionIdentifier: identifier, request: request, api: "uploadTask(with:from:)"))
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    open func uploadTask(withResumeData resumeData: Data) -> URLSessionUploadTask {
        track(URLSessionUploadTask(sessionIdentifier: identifier, request: nil, api: "uploadTask(withResumeData:)"))
    }

    open func uploadTask(withStreamedRequest request: URLRequest) -> URLSessionUploadTask {
        unsupported("uploadTask(withStreamedRequest:)", "'Upload tasks in background sessions must be from a file'")
        return track(URLSessionUploadTask(sessionIdentifier: identifier, request: request, api: "uploadTask(withStreamedRequest:)"))
    }

    open func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        track(URLSessionDownloadTask(sessionIdentifier: identifier, request: request, api: "downloadTask(with:)"))
    }

    open func downloadTask(with url: URL) -> URLSessionDownloadTask {
        track(URLSessionDownloadTask(sessionIdentifier: identifier, request: URLRequest(url: url), api: "downloadTask(with:)"))
    }

    /// The task carries the request stored in the resume data, as on iOS.
    open func downloadTask(withResumeData resumeData: Data) -> URLSessionDownloadTask {
        let request = SimulatedTransferDaemon.url(fromResumeData: resumeData).map { URLRequest(url: $0.url) }
        return track(
            URLSessionDownloadTask(sessionIdentifier: identifier, request: request, api: "downloadTask(withResumeData:)"),
            resumeData: resumeData
        )
    }

    // MARK: Completion-handler convenience (unsupported on background sessions)

    @preconcurrency
    open func dataTask(
        with request: URLRequest,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        convenience("dataTask(with:completionHandler:)")
        return track(URLSessionDataTask(sessionIdentifier: identifier, request: request, api: "dataTask(with:completionHandler:)"))
    }

    @preconcurrency
    open func dataTask(
        with url: URL,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        dataTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    @preconcurrency
    open func uploadTask(
        with request: URLRequest,
        fromFile fileURL: URL,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionUploadTask {
        convenience("uploadTask(with:fromFile:completionHandler:)")
        return track(URLSessionUploadTask(sessionIdentifier: identifier, request: request, api: "uploadTask(with:fromFile:completionHandler:)"))
    }

    @preconcurrency
    open func uploadTask(
        with request: URLRequest,
        from bodyData: Data?,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionUploadTask {
        convenience("uploadTask(with:from:completionHandler:)")
        return track(URLSessionUploadTask(sessionIdentifier: identifier, request: request, api: "uploadTask(with:from:completionHandler:)"))
    }

    @preconcurrency
    open func downloadTask(
        with request: URLRequest,
        completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        convenience("downloadTask(with:completionHandler:)")
        return track(URLSessionDownloadTask(sessionIdentifier: identifier, request: request, api: "downloadTask(with:completionHandler:)"))
    }

    @preconcurrency
    open func downloadTask(
        with url: URL,
        completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    @preconcurrency
    open func downloadTask(
        withResumeData resumeData: Data,
        completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        convenience("downloadTask(withResumeData:completionHandler:)")
        return track(URLSessionDownloadTask(sessionIdentifier: identifier, request: nil, api: "downloadTask(withResumeData:completionHandler:)"))
    }

    // MARK: async convenience, from Foundation's Swift overlay (unsupported on background sessions)

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func data(
        for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        convenience("data(for:delegate:)")
        throw URLError(.notConnectedToInternet)
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func data(
        from url: URL, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        convenience("data(from:delegate:)")
        throw URLError(.notConnectedToInternet)
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func upload(
        for request: URLRequest, fromFile fileURL: URL, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        convenience("upload(for:fromFile:delegate:)")
        throw URLError(.notConnectedToInternet)
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func upload(
        for request: URLRequest, from bodyData: Data, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (Data, URLResponse) {
        convenience("upload(for:from:delegate:)")
        throw URLError(.notConnectedToInternet)
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func download(
        for request: URLRequest, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (URL, URLResponse) {
        convenience("download(for:delegate:)")
        throw URLError(.notConnectedToInternet)
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func download(
        from url: URL, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (URL, URLResponse) {
        convenience("download(from:delegate:)")
        throw URLError(.notConnectedToInternet)
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    public func download(
        resumeFrom resumeData: Data, delegate: (any URLSessionTaskDelegate)? = nil
    ) async throws -> (URL, URLResponse) {
        convenience("download(resumeFrom:delegate:)")
        throw URLError(.notConnectedToInternet)
    }

    private func convenience(_ api: String) {
        StubLedger.shared.record(.sessionConvenienceAPI(sessionIdentifier: identifier, api: api))
        unsupported(api, "'Completion handler blocks are not supported in background sessions. Use a delegate instead.'")
    }

    private func unsupported(_ api: String, _ reason: String) {
        SimulatedTransferDaemon.shared.unsupportedOnBackgroundSession(self, api: api, reason: reason)
    }

    private func track<Task: URLSessionTask>(_ task: Task, resumeData: Data? = nil, file: URL? = nil) -> Task {
        SimulatedTransferDaemon.shared.taskCreated(task, in: self, api: task.creatingAPI, resumeData: resumeData, file: file)
        return task
    }
}

extension URLSession {
    /// The configuration the session was created with, without copying, for a simulator.
    @_spi(Simulator)
    public var simulatedConfiguration: URLSessionConfiguration { storedConfiguration }
}
