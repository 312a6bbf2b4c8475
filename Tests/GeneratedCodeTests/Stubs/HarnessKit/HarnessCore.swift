// Shared machinery of the simulator harness: settings, machine-readable output, checks with deferred audits, and
// waiting without spinning. Module `HarnessKit`: it knows nothing of the generated code, so it is compiled once per
// compiler set-up (with no scenario's `-D` flags) and shared by every scenario's harness, whose checks
// `@testable import` it. Compiled in every set-up (including `-default-isolation MainActor`), so everything that
// runs off the main thread says `nonisolated`.
//
// Output, one line each, flushed at once so a crash keeps everything before it:
//   BEGIN <check>                 a check started (the last one is the culprit of a crash)
//   PASS <check>
//   FAIL <check>: <reason>
//   VIOLATION <rule>: <detail>    the simulator saw a broken Apple rule, whichever check was running
//   DONE checks=<n> failed=<n> violations=<n>
@_spi(Simulator) import BackgroundTasks
import Foundation
import StubRuntime

nonisolated enum HarnessSettings {
    /// How long the harness waits, once, at the end, to see that nothing is completed (or answered) twice.
    nonisolated(unsafe) static var grace: TimeInterval = 0.3
    /// How long the app has to complete a task after its expiration handler ran (a simulator rule).
    nonisolated(unsafe) static var expiryGrace: TimeInterval = 0.5
    /// The longest any single expected event may take (never waited for in a passing run).
    nonisolated(unsafe) static var timeout: TimeInterval = 5
}

nonisolated enum HarnessOutput {
    private static let lock = NSLock()

    static func line(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardOutput.write(Data((text.replacingOccurrences(of: "\n", with: " | ") + "\n").utf8))
    }
}

/// Why a check failed.
nonisolated struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
}

/// What the checks' failing user work throws. Its description quotes the user's own data, as real errors do (a
/// file name, a URL, a server's answer), so that the log checks can see whether it reaches the log readable.
nonisolated struct UserWorkFailure: LocalizedError {
    static let userData = "Family Photos 2026.sqlite"

    var errorDescription: String? { "Could not open \(Self.userData)." }
}

nonisolated func require(_ condition: Bool, _ reason: @autoclosure () -> String) throws {
    if !condition { throw HarnessFailure(description: reason()) }
}

nonisolated func unwrap<Value>(_ value: Value?, _ reason: @autoclosure () -> String) throws -> Value {
    guard let value else { throw HarnessFailure(description: reason()) }
    return value
}

/// What a check may leave for the end of the run, after the grace period: "completed exactly once" can only be
/// known once a second completion has had time to happen.
nonisolated final class CheckContext {
    fileprivate var audits: [() throws -> Void] = []
    fileprivate var repeatWatchers: [(TimeInterval) -> Bool] = []

    /// Runs `body` at the end of the run.
    func atAudit(_ body: @escaping () throws -> Void) {
        audits.append(body)
    }

    /// Something that must happen once only: `watcher` waits up to the given time for a repeat and says whether
    /// one happened. All watchers share one grace period at the end of the run.
    func watchForRepeat(_ watcher: @escaping (TimeInterval) -> Bool) {
        repeatWatchers.append(watcher)
    }

    /// The task must end up completed exactly once, with `success` when given.
    func expectExactlyOneCompletion(of task: BGTask, success: Bool?) {
        watchForRepeat { task.waitForCompletion(times: 2, timeout: $0) }
        atAudit {
            let completions = task.simulatedCompletions
            try require(
                completions.count == 1,
                "\(task.identifier): setTaskCompleted was called \(completions.count) times \(completions.map(\.success)); expected exactly once"
            )
            if let success {
                try require(
                    completions[0].success == success,
                    "\(task.identifier): setTaskCompleted(success: \(completions[0].success)); expected \(success)"
                )
            }
        }
    }
}

nonisolated final class HarnessReport: @unchecked Sendable {
    static let shared = HarnessReport()

    private struct Deferred {
        let name: String
        let context: CheckContext
    }

    private let lock = NSLock()
    private var checks = 0
    private var failures = 0
    private var deferred: [Deferred] = []

    /// Runs one check. A check that left audits is decided at the end of the run.
    func check(_ name: String, _ body: (CheckContext) throws -> Void) {
        HarnessOutput.line("BEGIN \(name)")
        let context = CheckContext()
        do {
            try body(context)
        } catch {
            record(name, failure: "\(error)")
            return
        }
        if context.audits.isEmpty {
            record(name, failure: nil)
        } else {
            lock.lock()
            deferred.append(Deferred(name: name, context: context))
            lock.unlock()
        }
    }

    func skip(_ name: String, _ reason: String) {
        HarnessOutput.line("SKIP \(name): \(reason)")
    }

    private func record(_ name: String, failure: String?) {
        lock.lock()
        checks += 1
        if failure != nil { failures += 1 }
        lock.unlock()
        if let failure {
            HarnessOutput.line("FAIL \(name): \(failure)")
        } else {
            HarnessOutput.line("PASS \(name)")
        }
    }

    /// Gives every task one grace period to be completed a second time (returning early if one is), runs the
    /// simulator's end-of-run audit, decides the deferred checks, prints the summary and exits.
    func finish() -> Never {
        lock.lock()
        let pending = deferred
        deferred = []
        lock.unlock()
        let deadline = Date(timeIntervalSinceNow: HarnessSettings.grace)
        for watcher in pending.flatMap(\.context.repeatWatchers) {
            if watcher(max(0, deadline.timeIntervalSinceNow)) { break }
        }
        BGTaskScheduler.shared.simulateAudit()
        for item in pending {
            do {
                for audit in item.context.audits { try audit() }
                record(item.name, failure: nil)
            } catch {
                record(item.name, failure: "\(error)")
            }
        }
        let violations = SimulatedDevice.shared.violations.count
        lock.lock()
        let summary = (checks, failures)
        lock.unlock()
        HarnessOutput.line("DONE checks=\(summary.0) failed=\(summary.1) violations=\(violations)")
        exit(summary.1 == 0 && violations == 0 ? 0 : 1)
    }
}

/// A value handed from one thread to another.
nonisolated final class HarnessBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    init(_ value: Value? = nil) { stored = value }

    var value: Value? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}

/// Runs `body` on the main actor, the way UIKit calls the app delegate, and blocks the (driver) thread until it
/// has finished or `timeout` has passed. Never call it on the main thread.
nonisolated func onMainActor<Value: Sendable>(
    timeout: TimeInterval = HarnessSettings.timeout,
    _ body: @escaping @MainActor @Sendable () async -> Value
) -> Value? {
    let result = HarnessBox<Value>()
    let done = SimulatorSignal()
    Task { @MainActor in
        result.value = await body()
        done.fire()
    }
    return done.wait(timeout: timeout) ? result.value : nil
}

/// Polls `condition` every 10 ms until it holds or `timeout` has passed; whether it held. For state the stubs
/// expose without a signal.
nonisolated func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}

nonisolated enum HarnessMain {
    /// Configures the simulated device from the arguments and runs, on a driver thread, `checks` (the generated
    /// code through its test seams) or `appChecks` (the app-delegate example), then the end-of-run audit.
    static func start(
        arguments: [String], checks: @escaping @Sendable () -> Void, appChecks: @escaping @Sendable () -> Void
    ) {
        let mode = arguments.count > 1 ? arguments[1] : "checks"
        let plistPath = arguments.count > 2 ? arguments[2] : "-"
        var index = 3
        while index + 1 < arguments.count {
            let value = Double(arguments[index + 1])
            switch arguments[index] {
            case "--grace": HarnessSettings.grace = value ?? HarnessSettings.grace
            case "--expiry-grace": HarnessSettings.expiryGrace = value ?? HarnessSettings.expiryGrace
            case "--timeout": HarnessSettings.timeout = value ?? HarnessSettings.timeout
            default: break
            }
            index += 2
        }

        let device = SimulatedDevice.shared
        device.onViolation { violation in
            HarnessOutput.line("VIOLATION \(violation.rule): \(violation.detail)")
        }
        do {
            let plist = plistPath == "-" ? nil : try Data(contentsOf: URL(fileURLWithPath: plistPath))
            try device.configure(infoPlist: plist)
        } catch {
            HarnessOutput.line("FAIL harness.configure: cannot read \(plistPath): \(error)")
            exit(2)
        }
        device.expiryGrace = HarnessSettings.expiryGrace
        device.callbackTimeLimit = HarnessSettings.timeout

        // Everything here is bounded; this only turns a hang into a readable failure.
        let watchdog = 20 * HarnessSettings.timeout
        DispatchQueue.global().asyncAfter(deadline: .now() + watchdog) {
            HarnessOutput.line("FAIL harness.watchdog: the run did not finish within \(watchdog) s")
            exit(3)
        }

        Thread.detachNewThread {
            HarnessOutput.line("MODE \(mode)")
            switch mode {
            case "checks":
                checks()
            case "app":
                appChecks()
            default:
                HarnessOutput.line("FAIL harness.mode: unknown mode \(mode)")
                exit(2)
            }
            HarnessReport.shared.finish()
        }
    }
}
