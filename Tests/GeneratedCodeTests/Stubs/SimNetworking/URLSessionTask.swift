// Mirrors NSURLSessionTask and its subclasses (iOS 26.1 SDK header, NS_SWIFT_SENDABLE). Resuming or cancelling
// only records the call; a simulator decides what the "system" does next. Async variants imported from ObjC are
// nonisolated(nonsending) since Swift 6.2.
import Foundation
import StubRuntime

@available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
open class URLSessionTask: NSObject, NSCopying, ProgressReporting, @unchecked Sendable {
    public enum State: Int, Sendable {
        case running = 0
        case suspended = 1
        case canceling = 2
        case completed = 3
    }

    @available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
    public static let defaultPriority: Float = 0.5
    @available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
    public static let lowPriority: Float = 0.25
    @available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
    public static let highPriority: Float = 0.75

    private let lock = NSLock()
    private var currentState = State.suspended
    private let sessionIdentifier: String?
    /// The session method that created the task, for the simulator.
    let creatingAPI: String

    public let taskIdentifier: Int
    public let originalRequest: URLRequest?
    open var currentRequest: URLRequest? { originalRequest }
    private var simulatedResponse: URLResponse?
    open var response: URLResponse? {
        lock.lock()
        defer { lock.unlock() }
        return simulatedResponse
    }
    open var error: (any Error)? { nil }

    private var storedTaskDescription: String?

    /// An `atomic` ObjC property: set on one thread, read on the delegate queue.
    @available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
    open var taskDescription: String? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedTaskDescription
        }
        set {
            lock.lock()
            storedTaskDescription = newValue
            lock.unlock()
        }
    }
    @available(iOS 11.0, macOS 10.13, tvOS 11.0, watchOS 4.0, *)
    open var earliestBeginDate: Date?
    @available(iOS 11.0, macOS 10.13, tvOS 11.0, watchOS 4.0, *)
    open var countOfBytesClientExpectsToSend: Int64 = -1
    @available(iOS 11.0, macOS 10.13, tvOS 11.0, watchOS 4.0, *)
    open var countOfBytesClientExpectsToReceive: Int64 = -1
    open var countOfBytesReceived: Int64 { 0 }
    open var countOfBytesSent: Int64 { 0 }
    open var countOfBytesExpectedToSend: Int64 { 0 }
    open var countOfBytesExpectedToReceive: Int64 { 0 }
    @available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
    open var priority: Float = URLSessionTask.defaultPriority
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    open var delegate: (any URLSessionTaskDelegate)?
    @available(iOS 11.0, macOS 10.13, tvOS 11.0, watchOS 4.0, *)
    public let progress = Progress(totalUnitCount: -1)

    @available(iOS, deprecated: 13.0, message: "Not supported")
    public override init() {
        taskIdentifier = StubLedger.shared.nextIdentifier()
        originalRequest = nil
        sessionIdentifier = nil
        creatingAPI = "init()"
        super.init()
    }

    init(sessionIdentifier: String?, request: URLRequest?, api: String) {
        taskIdentifier = StubLedger.shared.nextIdentifier()
        originalRequest = request
        self.sessionIdentifier = sessionIdentifier
        creatingAPI = api
        super.init()
        StubLedger.shared.record(.sessionTaskCreated(sessionIdentifier: sessionIdentifier, taskIdentifier: taskIdentifier, api: api))
    }

    /// A task the system recreates in a relaunched app for a transfer it kept: same identifier and request.
    init(recreatedIdentifier: Int, sessionIdentifier: String?, request: URLRequest?) {
        taskIdentifier = recreatedIdentifier
        originalRequest = request
        self.sessionIdentifier = sessionIdentifier
        creatingAPI = "(recreated at relaunch)"
        super.init()
    }

    func setSimulatedResponse(_ response: URLResponse?) {
        lock.lock()
        simulatedResponse = response
        lock.unlock()
    }

    func setSimulatedState(_ state: State) {
        lock.lock()
        currentState = state
        lock.unlock()
    }

    open var state: State {
        lock.lock()
        defer { lock.unlock() }
        return currentState
    }

    open func resume() {
        lock.lock()
        currentState = .running
        lock.unlock()
        StubLedger.shared.record(.sessionTaskResumed(sessionIdentifier: sessionIdentifier, taskIdentifier: taskIdentifier))
        SimulatedTransferDaemon.shared.taskResumed(self)
    }

    open func suspend() {
        lock.lock()
        currentState = .suspended
        lock.unlock()
    }

    open func cancel() {
        lock.lock()
        currentState = .canceling
        lock.unlock()
        StubLedger.shared.record(.sessionTaskCancelled(sessionIdentifier: sessionIdentifier, taskIdentifier: taskIdentifier))
        SimulatedTransferDaemon.shared.taskWasCancelled(self)
    }

    open func copy(with zone: NSZone? = nil) -> Any { self }
}

@available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
open class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}

@available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
open class URLSessionUploadTask: URLSessionDataTask, @unchecked Sendable {
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @preconcurrency
    open func cancel(byProducingResumeData completionHandler: @escaping @Sendable (Data?) -> Void) {
        cancel()
        completionHandler(nil)
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated(nonsending) open func cancelByProducingResumeData() async -> Data? {
        cancel()
        return nil
    }
}

@available(iOS 7.0, macOS 10.9, tvOS 9.0, watchOS 2.0, *)
open class URLSessionDownloadTask: URLSessionTask, @unchecked Sendable {
    @preconcurrency
    open func cancel(byProducingResumeData completionHandler: @escaping @Sendable (Data?) -> Void) {
        cancel()
        completionHandler(nil)
    }

    nonisolated(nonsending) open func cancelByProducingResumeData() async -> Data? {
        cancel()
        return nil
    }
}

@available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, *)
open class URLSessionTaskMetrics: NSObject, @unchecked Sendable {
    open var taskInterval: DateInterval { DateInterval() }
    open var redirectCount: Int { 0 }
}
