// Mirrors BGTask.h. Not Sendable (no sendability annotation in the header): capturing a task in `Task {}` or a
// @Sendable closure is diagnosed as on Xcode. The expiration handler is a plain, non-Sendable closure.
import Foundation
import StubRuntime

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGTask: NSObject {
    private let taskIdentifier: String
    // The expiration handler is an `atomic` ObjC property: the app sets it on the launch queue and the system
    // reads it on another, so it lives behind a lock as on iOS.
    private let lock = NSLock()
    private var storedExpirationHandler: (() -> Void)?
    private var completions: [SimulatedCompletion] = []
    private var expiredAt: Date?
    private let completed = SimulatorSignal()

    @available(*, unavailable)
    public override init() { fatalError("BGTask instances are created by the system") }

    /// Only the system (here: a simulator) creates tasks.
    @_spi(Simulator)
    public init(simulatedIdentifier identifier: String) {
        taskIdentifier = identifier
        super.init()
    }

    open var identifier: String { taskIdentifier }

    /// Cleared by the system after it has run, as on iOS.
    open var expirationHandler: (() -> Void)? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedExpirationHandler
        }
        set {
            lock.lock()
            storedExpirationHandler = newValue
            lock.unlock()
        }
    }

    open func setTaskCompleted(success: Bool) {
        StubLedger.shared.record(.taskCompleted(identifier: taskIdentifier, success: success))
        let now = Date()
        lock.lock()
        completions.append(SimulatedCompletion(success: success, date: now, onMainThread: Thread.isMainThread))
        let count = completions.count
        let expiry = expiredAt
        lock.unlock()
        completed.fire()

        let device = SimulatedDevice.shared
        guard device.isEnforcing else { return }
        if count > 1 {
            device.report(
                rule: "bgtask.completed-more-than-once",
                "setTaskCompleted(success: \(success)) was call number \(count) for \(taskIdentifier); call it exactly once"
            )
        }
        if let expiry, count == 1, now.timeIntervalSince(expiry) > device.expiryGrace {
            device.report(
                rule: "bgtask.completed-late-after-expiry",
                String(
                    format: "%@ completed %.2f s after its expiration handler ran; iOS allows about %.2f s",
                    taskIdentifier, now.timeIntervalSince(expiry), device.expiryGrace
                )
            )
        }
    }
}

/// One `setTaskCompleted` call, as the simulator saw it.
@_spi(Simulator)
public struct SimulatedCompletion: Sendable {
    public let success: Bool
    public let date: Date
    public let onMainThread: Bool
}

extension BGTask {
    /// Every `setTaskCompleted` call so far, in order.
    @_spi(Simulator)
    public var simulatedCompletions: [SimulatedCompletion] {
        lock.lock()
        defer { lock.unlock() }
        return completions
    }

    /// When the system expired the task, if it did.
    @_spi(Simulator)
    public var simulatedExpiryDate: Date? {
        lock.lock()
        defer { lock.unlock() }
        return expiredAt
    }

    /// Blocks the calling thread until the task has been completed `times` times, or `timeout` has passed.
    @_spi(Simulator)
    @discardableResult
    public func waitForCompletion(times: Int = 1, timeout: TimeInterval) -> Bool {
        completed.wait(times: times, timeout: timeout)
    }

    /// What iOS does when the task runs out of time: takes the expiration handler (clearing it), and calls it on
    /// the calling (system) queue while the app's work may still be running.
    @_spi(Simulator)
    public func simulateExpiration() {
        lock.lock()
        let handler = storedExpirationHandler
        storedExpirationHandler = nil
        expiredAt = Date()
        let alreadyCompleted = !completions.isEmpty
        lock.unlock()
        if let handler {
            handler()
        } else if !alreadyCompleted, SimulatedDevice.shared.isEnforcing {
            SimulatedDevice.shared.report(
                rule: "bgtask.expired-without-handler",
                "\(taskIdentifier) expired with no expirationHandler set and was not completed; iOS terminates the app"
            )
        }
    }
}

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGProcessingTask: BGTask {}

@available(iOS 17.0, *) @available(macOS, unavailable) @available(tvOS, unavailable) @available(watchOS, unavailable)
open class BGHealthResearchTask: BGProcessingTask {}

@available(iOS 13.0, tvOS 13.0, *) @available(macOS, unavailable) @available(watchOS, unavailable)
open class BGAppRefreshTask: BGTask {}

@available(iOS 26.0, *) @available(macOS, unavailable) @available(tvOS, unavailable)
@available(visionOS, unavailable) @available(watchOS, unavailable) @available(macCatalyst, unavailable)
open class BGContinuedProcessingTask: BGTask, ProgressReporting {
    private let lock = NSLock()
    private var currentTitle = ""
    private var currentSubtitle = ""

    open var title: String {
        lock.lock()
        defer { lock.unlock() }
        return currentTitle
    }

    open var subtitle: String {
        lock.lock()
        defer { lock.unlock() }
        return currentSubtitle
    }

    public let progress = Progress(totalUnitCount: 0)

    open func updateTitle(_ title: String, subtitle: String) {
        lock.lock()
        currentTitle = title
        currentSubtitle = subtitle
        lock.unlock()
    }
}
