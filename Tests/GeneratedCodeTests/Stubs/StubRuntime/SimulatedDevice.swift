import Foundation

/// A broken rule: something iOS would crash on, refuse, or punish the app for.
public struct SimulatorViolation: Sendable, Equatable, CustomStringConvertible {
    /// A stable name such as `bgtask.register-after-launch`, so tests can assert which rule caught a mistake.
    public let rule: String
    public let detail: String

    public init(rule: String, detail: String) {
        self.rule = rule
        self.detail = detail
    }

    public var description: String { "\(rule): \(detail)" }
}

/// The device a run-time simulator pretends to be: the app's Info.plist, whether launch has finished, and every
/// violation of Apple's rules seen so far.
///
/// The stubs enforce rules only after `configure(infoPlist:)`. Until then they behave as plain recording stubs,
/// so compile-only tests and small executables need no set-up.
public final class SimulatedDevice: @unchecked Sendable {
    public static let shared = SimulatedDevice()

    private let lock = NSLock()
    private var configured = false
    private var permitted: [String] = []
    private var modes: Set<String> = []
    private var launchFinished = false
    private var recordedViolations: [SimulatorViolation] = []
    private var observer: (@Sendable (SimulatorViolation) -> Void)?
    private var grace: TimeInterval = 0.5
    private var callbackLimit: TimeInterval = 5
    private var gpu = false
    private var gpuEntitlement = true
    private var canStartNow = true

    public init() {}

    /// Reads `BGTaskSchedulerPermittedIdentifiers` and `UIBackgroundModes` from an Info.plist (XML or binary) and
    /// turns rule enforcement on. Pass nil for an app whose Info.plist has neither key.
    public func configure(infoPlist data: Data?) throws {
        var identifiers: [String] = []
        var backgroundModes: [String] = []
        if let data {
            let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
            guard let dictionary = plist as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            identifiers = dictionary["BGTaskSchedulerPermittedIdentifiers"] as? [String] ?? []
            backgroundModes = dictionary["UIBackgroundModes"] as? [String] ?? []
        }
        lock.lock()
        configured = true
        permitted = identifiers
        modes = Set(backgroundModes)
        lock.unlock()
        // App Store Connect rejects this (ITMS-90771), and iOS has nothing it may launch.
        if backgroundModes.contains("processing") && identifiers.isEmpty {
            report(
                rule: "plist.processing-without-identifiers",
                "UIBackgroundModes has 'processing' but BGTaskSchedulerPermittedIdentifiers is empty (ITMS-90771)"
            )
        }
    }

    /// Whether the rules are enforced.
    public var isEnforcing: Bool { locked { configured } }

    public var permittedIdentifiers: [String] { locked { permitted } }

    public var backgroundModes: Set<String> { locked { modes } }

    /// Whether `application(_:didFinishLaunchingWithOptions:)` has returned.
    public var hasFinishedLaunching: Bool { locked { launchFinished } }

    public func markLaunchFinished() {
        locked { launchFinished = true }
    }

    /// Whether the device offers the GPU to continued-processing tasks (`BGTaskScheduler.supportedResources`).
    public var offersBackgroundGPU: Bool {
        get { locked { gpu } }
        set { locked { gpu = newValue } }
    }

    /// Whether the app is signed with the Background GPU Access entitlement. Without it, iOS refuses a request for
    /// the GPU as not permitted even where `supportedResources` offers it.
    public var hasBackgroundGPUEntitlement: Bool {
        get { locked { gpuEntitlement } }
        set { locked { gpuEntitlement = newValue } }
    }

    /// Whether a continued-processing request could start right now; when not, a `.fail` request is refused with
    /// `immediateRunIneligible` and a `.queue` request waits.
    public var continuedProcessingCanStartNow: Bool {
        get { locked { canStartNow } }
        set { locked { canStartNow = newValue } }
    }

    /// How long after an expiration handler runs the app may still call `setTaskCompleted`.
    public var expiryGrace: TimeInterval {
        get { locked { grace } }
        set { locked { grace = newValue } }
    }

    /// How long a delegate callback may take before the simulator reports it as blocking the session.
    public var callbackTimeLimit: TimeInterval {
        get { locked { callbackLimit } }
        set { locked { callbackLimit = newValue } }
    }

    /// Listed verbatim in `BGTaskSchedulerPermittedIdentifiers`.
    public func isListed(_ identifier: String) -> Bool {
        locked { permitted.contains(identifier) }
    }

    /// Matches an entry in wildcard notation, `prefix.*`: the identifier starts with `prefix.` and has at least
    /// one more character. Only continued-processing identifiers use this form.
    public func matchesWildcard(_ identifier: String) -> Bool {
        locked {
            permitted.contains { entry in
                guard entry.hasSuffix(".*") else { return false }
                let prefix = String(entry.dropLast())
                return identifier.hasPrefix(prefix) && identifier.count > prefix.count && !identifier.hasSuffix("*")
            }
        }
    }

    // MARK: Violations

    /// Records a broken rule and tells the observer at once, so the report survives a later crash.
    public func report(rule: String, _ detail: String) {
        let violation = SimulatorViolation(rule: rule, detail: detail)
        let observer = locked { () -> (@Sendable (SimulatorViolation) -> Void)? in
            recordedViolations.append(violation)
            return self.observer
        }
        observer?(violation)
    }

    public var violations: [SimulatorViolation] { locked { recordedViolations } }

    /// Called on whichever thread broke the rule.
    public func onViolation(_ observer: @escaping @Sendable (SimulatorViolation) -> Void) {
        locked { self.observer = observer }
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A one-shot event that threads can wait for with a timeout; waiting never spins.
public final class SimulatorSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    public init() {}

    public func fire() {
        condition.lock()
        count += 1
        condition.broadcast()
        condition.unlock()
    }

    public var hasFired: Bool { fireCount > 0 }

    public var fireCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return count
    }

    /// Waits until the signal has fired at least `times` times in all, or `timeout` has passed.
    @discardableResult
    public func wait(times: Int = 1, timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while count < times {
            if !condition.wait(until: deadline) { return count >= times }
        }
        return true
    }
}
