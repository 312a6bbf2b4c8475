import BggenTestSupport
import Foundation
import Testing

/// The simulated system enforces each of Apple's rules by itself, whatever code runs against it: hand-written
/// probes (Stubs/SimulatorRuleProbes) make each mistake once and each correct call once.
@Suite("The simulated system enforces Apple's rules", .tags(.slow), .highPriority, .needsStubSDK)
struct SimulatorRuleTests {
    static let rules = [
        "register-unlisted-returns-false", "register-listed-returns-true", "register-twice-is-a-violation",
        "submit-without-handler-is-a-violation", "submit-on-main-thread-is-a-violation", "submit-off-main-thread-is-fine",
        "submit-task-request-on-main-thread-is-a-violation", "every-permitted-identifier-needs-a-handler",
        "register-after-launch-is-a-violation", "continued-processing-may-register-after-launch-by-wildcard",
        "wildcard-does-not-match-other-prefixes", "submit-unlisted-is-notPermitted",
        "wildcard-is-only-for-continued-processing", "submit-without-background-mode-is-notPermitted",
        "one-pending-refresh", "same-identifier-replaces-pending-request", "ten-pending-processing-requests",
        "launch-handler-runs-on-a-system-queue", "launch-needs-a-pending-request", "completing-twice-is-a-violation",
        "expiry-calls-and-clears-the-handler", "expiry-without-handler-is-a-violation",
        "completing-late-after-expiry-is-a-violation", "never-completed-is-a-violation",
        "background-session-needs-a-delegate", "second-live-session-with-same-identifier-is-a-violation",
        "convenience-apis-on-background-session-are-violations", "async-apis-on-background-session-are-violations",
        "data-tasks-and-uploads-from-data-are-violations",
        "download-and-upload-from-file-are-fine-and-default-sessions-are-unrestricted",
        "downloaded-file-is-deleted-when-the-delegate-returns", "relaunch-without-recreated-session-is-a-violation",
        "relaunch-delivers-to-the-recreated-session-then-finishes-events",
        "processing-mode-without-identifiers-is-a-violation",
    ]

    @Test("Each rule fires for the mistake and stays quiet for the correct call")
    func rulesAreEnforced() async throws {
        let probes = StubSDK.stubsDirectory.appendingPathComponent("SimulatorRuleProbes/main.swift")
        let executable = try await StubSDK.shared().buildExecutable(swiftFiles: [probes], setup: .swift6)
        let home = try Scratch.makeDirectory("probe-home")
        let run = try await Subprocess.launch(
            executable, arguments: [], environment: ["TMPDIR": home.path], in: home, timeLimit: 60
        )
        #expect(run.ending == .exited(0), "\(run.ending):\n\(run.output)")
        #expect(run.output.contains("PROBES DONE"), "\(run.output)")
        for rule in Self.rules {
            #expect(run.output.contains("RULE \(rule) ok"), "\(rule):\n\(run.output)")
        }
        #expect(!run.output.contains("WRONG"), "\(run.output)")
    }
}
