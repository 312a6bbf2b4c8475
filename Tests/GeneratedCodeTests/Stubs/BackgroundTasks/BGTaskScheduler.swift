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

    private static let sharedScheduler = BGTaskScheduler(stub: ())

    private let lock = NSLock()
    private var registrations: [String: Registration] = [:]
    private var pendingRequests: [BGTaskRequest] = []

    @available(*, unavailable)
    public override init() { fatalError("BGTaskScheduler has no public initializer; use BGTaskScheduler.shared") }

    init(stub: Void) { super.init() }

    open class var shared: BGTaskScheduler { sharedScheduler }

    @available(iOS 26.0, *) @available(macOS, unavailable) @available(tvOS, unavailable)
    @available(visionOS, unavailable) @available(watchOS, unavailable) @available(macCatalyst, unavailable)
    open class var supportedResources: BGContinuedProcessingTaskRequest.Resources { [] }

    // Returns an ObjC BOOL, so it is deliberately not @discardableResult: ignoring it warns, as on Xcode.
    @available(iOSApplicationExtension, unavailable)
    open func register(
        forTaskWithIdentifier identifier: String,
        using queue: DispatchQueue?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        lock.lock()
        registrations[identifier] = Registration(queue: queue, launchHandler: launchHandler)
        lock.unlock()
        StubLedger.shared.record(.taskRegistered(identifier: identifier, queueLabel: queue?.label))
        return true
    }

    @available(iOS, introduced: 13.0, deprecated: 27.0, message: "Use -submitTaskRequest:completionHandler: instead")
    @available(tvOS, introduced: 13.0, deprecated: 27.0, message: "Use -submitTaskRequest:completionHandler: instead")
    open func submit(_ taskRequest: BGTaskRequest) throws {
        enqueue(taskRequest)
    }

    @available(iOS 27.0, tvOS 27.0, *)
    @preconcurrency
    open func submitTaskRequest(
        _ taskRequest: BGTaskRequest,
        completionHandler: @escaping @Sendable ((any Swift.Error)?) -> Void
    ) {
        enqueue(taskRequest)
        completionHandler(nil)
    }

    // Async variants imported from ObjC are nonisolated(nonsending) (Swift 6.2): they run on the caller's actor.
    @available(iOS 27.0, tvOS 27.0, *)
    nonisolated(nonsending) open func submitTaskRequest(_ taskRequest: BGTaskRequest) async throws {
        enqueue(taskRequest)
    }

    open func cancel(taskRequestWithIdentifier identifier: String) {
        lock.lock()
        pendingRequests.removeAll { $0.identifier == identifier }
        lock.unlock()
        StubLedger.shared.record(.taskRequestCancelled(identifier: identifier))
    }

    open func cancelAllTaskRequests() {
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

    /// Submitting replaces an earlier request with the same identifier, as on iOS.
    private func enqueue(_ request: BGTaskRequest) {
        let copy = request.copy() as! BGTaskRequest
        lock.lock()
        pendingRequests.removeAll { $0.identifier == copy.identifier }
        pendingRequests.append(copy)
        lock.unlock()
        StubLedger.shared.record(.taskSubmitted(
            identifier: copy.identifier,
            kind: String(describing: type(of: copy)),
            earliestBeginDate: copy.earliestBeginDate
        ))
    }

    private func snapshotOfPendingRequests() -> [BGTaskRequest] {
        lock.lock()
        defer { lock.unlock() }
        return pendingRequests.map { $0.copy() as! BGTaskRequest }
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

    @_spi(Simulator)
    public var registeredIdentifiers: [String] {
        lock.lock()
        defer { lock.unlock() }
        return registrations.keys.sorted()
    }
}
