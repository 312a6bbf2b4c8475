// Mirrors BGTaskScheduler.h (iOS 13 - 27 beta). The header has no NS_SWIFT_SENDABLE, NS_SWIFT_UI_ACTOR or
// sendability audit, so the class is neither Sendable nor @MainActor and its launch handler is a plain closure.
@_exported import Foundation
@_exported import Dispatch
import StubRuntime

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGTaskScheduler: NSObject {
    /// A registered launch handler, kept so that a simulator can launch the task later.
    struct Registration {
        let queue: DispatchQueue?
        let launchHandler: (BGTask) -> Void
    }

    /// A submitted request and when it was submitted.
    struct Pending {
        let request: BGTaskRequest
        let date: Date
    }

    private static let sharedScheduler = BGTaskScheduler(stub: ())

    private let lock = NSLock()
    /// Held by a submission the app waits for (`submit(_:)`, the async `submitTaskRequest(_:)`) for as long as it
    /// takes, and taken by `cancel`: a scheduler that hangs in one call is taken to answer no other until it
    /// returns (the strict reading; nothing documents `cancel` as spared). iOS 27's
    /// `submitTaskRequest(_:completionHandler:)` returns before its hand-over, which holds nothing.
    private let callLock = NSLock()
    private var registrations: [String: Registration] = [:]
    private var pendingRequests: [Pending] = []
    private var submissionDelay: TimeInterval = 0
    private var unansweredSubmissions = 0
    private var withheldAnswers: [@Sendable ((any Swift.Error)?) -> Void] = []
    private var launchesContinuedOnAcceptance = false
    private var launched: [BGTask] = []
    private let submitted = SimulatorSignal()

    @available(*, unavailable)
    public override init() { fatalError("BGTaskScheduler has no public initializer; use BGTaskScheduler.shared") }

    init(stub: Void) { super.init() }

    open class var shared: BGTaskScheduler { sharedScheduler }

    @available(iOS 26.0, *) @available(macOS, unavailable) @available(tvOS, unavailable)
    @available(visionOS, unavailable) @available(watchOS, unavailable) @available(macCatalyst, unavailable)
    open class var supportedResources: BGContinuedProcessingTaskRequest.Resources {
        SimulatedDevice.shared.offersBackgroundGPU ? .gpu : []
    }

    // Returns an ObjC BOOL, so it is deliberately not @discardableResult: ignoring it warns, as on Xcode.
    @available(iOSApplicationExtension, unavailable)
    open func register(
        forTaskWithIdentifier identifier: String,
        using queue: DispatchQueue?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        let device = SimulatedDevice.shared
        if device.isEnforcing {
            // Continued-processing identifiers match a wildcard entry; they alone may register after launch.
            let isContinued = !device.isListed(identifier) && device.matchesWildcard(identifier)
            guard device.isListed(identifier) || isContinued else {
                // Documented: register returns false for an identifier not in BGTaskSchedulerPermittedIdentifiers.
                return false
            }
            if device.hasFinishedLaunching && !isContinued {
                device.report(
                    rule: "bgtask.register-after-launch",
                    "\(identifier) was registered after launch finished (iOS: 'All launch handlers must be registered before application finishes launching')"
                )
                return false
            }
            lock.lock()
            let isDuplicate = registrations[identifier] != nil
            lock.unlock()
            if isDuplicate {
                device.report(
                    rule: "bgtask.register-twice",
                    "\(identifier) was registered a second time (iOS: 'Launch handler for task with identifier … has already been registered')"
                )
                return false
            }
        }
        lock.lock()
        registrations[identifier] = Registration(queue: queue, launchHandler: launchHandler)
        lock.unlock()
        StubLedger.shared.record(.taskRegistered(identifier: identifier, queueLabel: queue?.label))
        return true
    }

    #if BGGEN_IOS27_SDK
    // Built with -D BGGEN_IOS27_SDK, the stubs are the iOS 27 SDK as an app targeting iOS 27 sees it. Availability
    // for iOS is not checked on Linux, so the deprecation is unconditional here.
    @available(*, deprecated, message: "Use -submitTaskRequest:completionHandler: instead")
    open func submit(_ taskRequest: BGTaskRequest) throws {
        try submitChecked(taskRequest)
    }
    #else
    @available(iOS, introduced: 13.0, deprecated: 27.0, message: "Use -submitTaskRequest:completionHandler: instead")
    @available(tvOS, introduced: 13.0, deprecated: 27.0, message: "Use -submitTaskRequest:completionHandler: instead")
    open func submit(_ taskRequest: BGTaskRequest) throws {
        try submitChecked(taskRequest)
    }
    #endif

    /// `submit(_:)`: the call can block, and scheduled requests are submitted while the app enters the background,
    /// continued processing from a button action, both on the main thread: submitting there is reported.
    private func submitChecked(_ taskRequest: BGTaskRequest) throws {
        if Thread.isMainThread {
            reportMainThreadSubmission(of: taskRequest)
        }
        try enqueueHoldingCalls(taskRequest)
    }

    /// A submission the caller waits for: every other call waits for it too (`callLock`).
    private func enqueueHoldingCalls(_ taskRequest: BGTaskRequest) throws {
        callLock.lock()
        defer { callLock.unlock() }
        try enqueue(taskRequest)
    }

    @available(iOS 27.0, tvOS 27.0, *)
    @preconcurrency
    open func submitTaskRequest(
        _ taskRequest: BGTaskRequest,
        completionHandler: @escaping @Sendable ((any Swift.Error)?) -> Void
    ) {
        if Thread.isMainThread {
            reportMainThreadSubmission(of: taskRequest)
        }
        // iOS 27 returns at once and hands the request over later, calling back then: code that counts the call
        // as the hand-over completes its task before the successor is pending.
        nonisolated(unsafe) let request = taskRequest.copy() as! BGTaskRequest
        BGTaskScheduler.handOverQueue.asyncAfter(deadline: .now() + BGTaskScheduler.handOverLatency) {
            do {
                try self.enqueue(request)
                // "May be invoked … after an arbitrary amount of delay": from the app's side, possibly never, or
                // when a check delivers it (`answerWithheldSubmissions()`).
                if self.withholdAnswer(completionHandler) { return }
                completionHandler(nil)
            } catch {
                completionHandler(error)
            }
        }
    }

    /// How long iOS 27 takes to hand a request over after `submitTaskRequest(_:completionHandler:)` returned.
    private static let handOverLatency: TimeInterval = 0.05
    private static let handOverQueue = DispatchQueue(label: "com.apple.BGTaskScheduler.submission")

    // Async variants imported from ObjC are nonisolated(nonsending) (Swift 6.2): they run on the caller's actor.
    @available(iOS 27.0, tvOS 27.0, *)
    nonisolated(nonsending) open func submitTaskRequest(_ taskRequest: BGTaskRequest) async throws {
        if Thread.isMainThread {
            reportMainThreadSubmission(of: taskRequest)
        }
        try enqueueHoldingCalls(taskRequest)
    }

    /// iOS 27's `submitTaskRequest(_:)`: "Do not call this method from the main thread".
    private func reportMainThreadSubmission(of taskRequest: BGTaskRequest) {
        let device = SimulatedDevice.shared
        guard device.isEnforcing else { return }
        device.report(
            rule: "bgtask.submit-on-main-thread",
            "\(taskRequest.identifier) was submitted on the main thread (the call can block; iOS 27: 'Do not call this method from the main thread')"
        )
    }

    open func cancel(taskRequestWithIdentifier identifier: String) {
        callLock.lock()
        defer { callLock.unlock() }
        lock.lock()
        pendingRequests.removeAll { $0.request.identifier == identifier }
        lock.unlock()
        StubLedger.shared.record(.taskRequestCancelled(identifier: identifier))
    }

    open func cancelAllTaskRequests() {
        callLock.lock()
        defer { callLock.unlock() }
        lock.lock()
        pendingRequests.removeAll()
        lock.unlock()
        StubLedger.shared.record(.allTaskRequestsCancelled)
    }

    // @Sendable through SE-0463: a nonisolated ObjC method with an async variant.
    @preconcurrency
    open func getPendingTaskRequests(completionHandler: @escaping @Sendable ([BGTaskRequest]) -> Void) {
        completionHandler(snapshotOfPendingRequests())
    }

    nonisolated(nonsending) open func pendingTaskRequests() async -> [BGTaskRequest] {
        snapshotOfPendingRequests()
    }

    /// Submitting replaces an earlier request with the same identifier, as on iOS. With the simulator on, applies
    /// the documented checks first.
    private func enqueue(_ request: BGTaskRequest) throws {
        // A scheduler that is slow to answer, as on a busy device: long enough for iOS to suspend an app that
        // does not keep itself running until its submission is done.
        let delay = simulatedSubmissionDelay
        if delay > 0 {
            Thread.sleep(forTimeInterval: delay)
        }
        let copy = request.copy() as! BGTaskRequest
        let identifier = copy.identifier
        let device = SimulatedDevice.shared
        if device.isEnforcing {
            let isContinued = copy is BGContinuedProcessingTaskRequest
            let permitted = isContinued ? device.matchesWildcard(identifier) : device.isListed(identifier)
            let mode = copy is BGAppRefreshTaskRequest ? "fetch" : "processing"
            guard permitted, device.backgroundModes.contains(mode) else {
                throw BGTaskScheduler.Error(_nsError: NSError(
                    domain: BGTaskSchedulerErrorDomain,
                    code: BGTaskScheduler.Error.Code.notPermitted.rawValue,
                    userInfo: [NSLocalizedDescriptionKey: permitted
                        ? "UIBackgroundModes lacks '\(mode)'"
                        : "\(identifier) is not in BGTaskSchedulerPermittedIdentifiers"]
                ))
            }
            lock.lock()
            let isRegistered = registrations[identifier] != nil
            let others = pendingRequests.map(\.request).filter { $0.identifier != identifier }
            lock.unlock()
            guard isRegistered else {
                device.report(
                    rule: "bgtask.submit-without-handler",
                    "\(identifier) was submitted with no launch handler registered (iOS: 'No launch handler registered for task with identifier')"
                )
                return
            }
            if #available(iOS 26.0, *), let continued = copy as? BGContinuedProcessingTaskRequest {
                if continued.requiredResources.contains(.gpu) && !(device.offersBackgroundGPU && device.hasBackgroundGPUEntitlement) {
                    throw BGTaskScheduler.Error(_nsError: NSError(
                        domain: BGTaskSchedulerErrorDomain,
                        code: BGTaskScheduler.Error.Code.notPermitted.rawValue,
                        userInfo: [NSLocalizedDescriptionKey: "the GPU is not available to background tasks on this device"]
                    ))
                }
                if continued.strategy == .fail && !device.continuedProcessingCanStartNow {
                    throw BGTaskScheduler.Error(_nsError: NSError(
                        domain: BGTaskSchedulerErrorDomain,
                        code: BGTaskScheduler.Error.Code.immediateRunIneligible.rawValue
                    ))
                }
            }
            let limit = copy is BGAppRefreshTaskRequest ? 1 : 10
            let sameKind = others.filter { ($0 is BGAppRefreshTaskRequest) == (copy is BGAppRefreshTaskRequest) }
            if sameKind.count >= limit {
                throw BGTaskScheduler.Error(_nsError: NSError(
                    domain: BGTaskSchedulerErrorDomain,
                    code: BGTaskScheduler.Error.Code.tooManyPendingTaskRequests.rawValue
                ))
            }
        }
        lock.lock()
        pendingRequests.removeAll { $0.request.identifier == identifier }
        pendingRequests.append(Pending(request: copy, date: Date()))
        lock.unlock()
        StubLedger.shared.record(.taskSubmitted(
            identifier: identifier,
            kind: String(describing: type(of: copy)),
            earliestBeginDate: copy.earliestBeginDate
        ))
        submitted.fire()
        if #available(iOS 26.0, *), copy is BGContinuedProcessingTaskRequest, simulatedContinuedLaunchOnAcceptance {
            _ = try? simulateLaunch(forTaskWithIdentifier: identifier)
        }
    }

    private func snapshotOfPendingRequests() -> [BGTaskRequest] {
        lock.lock()
        defer { lock.unlock() }
        return pendingRequests.map { $0.request.copy() as! BGTaskRequest }
    }
}

// Hooks for the run-time simulator. SPI, so generated code (which never writes `@_spi import`) cannot see them.
extension BGTaskScheduler {
    @_spi(Simulator)
    public func registeredLaunchHandler(
        forTaskWithIdentifier identifier: String
    ) -> (queue: DispatchQueue?, launchHandler: (BGTask) -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return registrations[identifier].map { ($0.queue, $0.launchHandler) }
    }

    /// How long each submission takes before the request is pending; 0 unless a check slows the scheduler down.
    @_spi(Simulator)
    public var simulatedSubmissionDelay: TimeInterval {
        get {
            lock.lock()
            defer { lock.unlock() }
            return submissionDelay
        }
        set {
            lock.lock()
            submissionDelay = newValue
            lock.unlock()
        }
    }

    /// How many of the next iOS 27 submissions hand the request over but never call their completion handler.
    @_spi(Simulator)
    public var simulatedUnansweredSubmissions: Int {
        get {
            lock.lock()
            defer { lock.unlock() }
            return unansweredSubmissions
        }
        set {
            lock.lock()
            unansweredSubmissions = newValue
            lock.unlock()
        }
    }

    /// Whether an accepted continued-processing request launches at once, as iOS starts one when it can; off unless
    /// a check turns it on (the others launch each task themselves).
    @_spi(Simulator)
    public var simulatedContinuedLaunchOnAcceptance: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return launchesContinuedOnAcceptance
        }
        set {
            lock.lock()
            launchesContinuedOnAcceptance = newValue
            lock.unlock()
        }
    }

    /// Keeps the answer of an unanswered submission, so that a check can deliver it late.
    fileprivate func withholdAnswer(_ completionHandler: @escaping @Sendable ((any Swift.Error)?) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard unansweredSubmissions > 0 else { return false }
        unansweredSubmissions -= 1
        withheldAnswers.append(completionHandler)
        return true
    }

    /// Delivers, late, the acceptance of every submission whose answer was withheld, on the hand-over queue.
    @_spi(Simulator)
    public func answerWithheldSubmissions() {
        lock.lock()
        let answers = withheldAnswers
        withheldAnswers = []
        lock.unlock()
        BGTaskScheduler.handOverQueue.async {
            for answer in answers { answer(nil) }
        }
    }

    @_spi(Simulator)
    public var registeredIdentifiers: [String] {
        lock.lock()
        defer { lock.unlock() }
        return registrations.keys.sorted()
    }

    /// A copy of each pending request and when it was submitted.
    @_spi(Simulator)
    public var simulatedPendingRequests: [(request: BGTaskRequest, submitted: Date)] {
        lock.lock()
        defer { lock.unlock() }
        return pendingRequests.map { ($0.request.copy() as! BGTaskRequest, $0.date) }
    }

    /// Waits until a request for `identifier` submitted at or after `date` is pending, or `timeout` has passed.
    @_spi(Simulator)
    public func waitForPendingRequest(
        _ identifier: String, submittedAfter date: Date, timeout: TimeInterval
    ) -> BGTaskRequest? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let fired = submitted.fireCount
            lock.lock()
            let match = pendingRequests.first { $0.request.identifier == identifier && $0.date >= date }
            lock.unlock()
            if let match { return match.request.copy() as? BGTaskRequest }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0, submitted.wait(times: fired + 1, timeout: remaining) else { return nil }
        }
    }

    /// What iOS does once `application(_:didFinishLaunchingWithOptions:)` returns: later registrations are refused,
    /// and every permitted identifier must have a handler by now.
    @_spi(Simulator)
    public func simulateLaunchFinished() {
        let device = SimulatedDevice.shared
        device.markLaunchFinished()
        guard device.isEnforcing else { return }
        let registered = Set(registeredIdentifiers)
        for identifier in device.permittedIdentifiers where !identifier.hasSuffix(".*") && !registered.contains(identifier) {
            device.report(
                rule: "bgtask.permitted-identifier-without-handler",
                "\(identifier) is in BGTaskSchedulerPermittedIdentifiers but no launch handler was registered before launch finished"
            )
        }
    }

    @_spi(Simulator)
    public enum SimulationError: Swift.Error, CustomStringConvertible {
        case noPendingRequest(String)
        case noHandler(String)

        public var description: String {
            switch self {
            case .noPendingRequest(let identifier):
                "No task request with identifier \(identifier) has been scheduled"
            case .noHandler(let identifier):
                "No launch handler registered for task with identifier \(identifier)"
            }
        }
    }

    /// What iOS does when it decides to run a pending request: removes it, creates the matching task, and calls
    /// the launch handler on the queue given at registration, or on a background queue of its own for `nil`.
    /// With `expireImmediately`, the task expires as soon as the launch handler has returned.
    @_spi(Simulator)
    public func simulateLaunch(forTaskWithIdentifier identifier: String, expireImmediately: Bool = false) throws -> BGTask {
        lock.lock()
        let pending = pendingRequests.first { $0.request.identifier == identifier }
        let registration = registrations[identifier]
        if pending != nil {
            pendingRequests.removeAll { $0.request.identifier == identifier }
        }
        lock.unlock()
        guard let pending else { throw SimulationError.noPendingRequest(identifier) }
        guard let registration else { throw SimulationError.noHandler(identifier) }

        let task: BGTask
        switch pending.request {
        case is BGHealthResearchTaskRequest: task = BGHealthResearchTask(simulatedIdentifier: identifier)
        case is BGProcessingTaskRequest: task = BGProcessingTask(simulatedIdentifier: identifier)
        case is BGAppRefreshTaskRequest: task = BGAppRefreshTask(simulatedIdentifier: identifier)
        default:
            if #available(iOS 26.0, *), pending.request is BGContinuedProcessingTaskRequest {
                task = BGContinuedProcessingTask(simulatedIdentifier: identifier)
            } else {
                task = BGTask(simulatedIdentifier: identifier)
            }
        }
        lock.lock()
        launched.append(task)
        lock.unlock()

        let queue = registration.queue ?? DispatchQueue(label: "com.apple.BGTaskScheduler (\(identifier))")
        let handler = registration.launchHandler
        queue.async {
            handler(task)
            if expireImmediately {
                BGTaskScheduler.expirationQueue.async { task.simulateExpiration() }
            }
        }
        return task
    }

    /// Expires a running task on a system queue, as iOS does when its time is up.
    @_spi(Simulator)
    public func simulateExpiration(of task: BGTask) {
        BGTaskScheduler.expirationQueue.async { task.simulateExpiration() }
    }

    private static let expirationQueue = DispatchQueue(label: "com.apple.BGTaskScheduler.expiration", attributes: .concurrent)

    /// Every task launched so far.
    @_spi(Simulator)
    public var simulatedLaunchedTasks: [BGTask] {
        lock.lock()
        defer { lock.unlock() }
        return launched
    }

    /// The end-of-run rule: every launched task was completed exactly once. (A second completion is reported
    /// when it happens.)
    @_spi(Simulator)
    public func simulateAudit() {
        let device = SimulatedDevice.shared
        guard device.isEnforcing else { return }
        for task in simulatedLaunchedTasks where task.simulatedCompletions.isEmpty {
            device.report(
                rule: "bgtask.never-completed",
                "\(task.identifier) was launched\(task.simulatedExpiryDate == nil ? "" : " and expired") but setTaskCompleted was never called"
            )
        }
    }
}
