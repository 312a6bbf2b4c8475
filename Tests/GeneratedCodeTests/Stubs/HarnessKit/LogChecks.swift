// What the generated code logged while every other check ran. Background logs end up in sysdiagnoses and
// Console.app, so nothing of the user's may be readable there: not a URL's path or query (which can carry a signed
// token), not a file path, not an error's description (which quotes file names, URLs and servers' answers). And
// lifecycle events must be persisted: `.info` is not, so they are logged at `.notice` (level "default").
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime

nonisolated enum LogChecks {
    private struct Logged {
        let level: String
        let message: String
        let arguments: [LoggedArgument]
    }

    private static var logged: [Logged] {
        StubLedger.shared.events.compactMap { event in
            guard case .logged(_, _, let level, let message, let arguments) = event else { return nil }
            return Logged(level: level, message: message, arguments: arguments)
        }
    }

    /// `transfers`: the scenario has downloads or uploads. `taskIdentifiers`: its refresh and processing tasks'
    /// identifiers, nil when it has neither kind.
    static func run(transfers: Bool, taskIdentifiers: [String]?) {
        let report = HarnessReport.shared
        report.check("logs.user-data-never-public") { _ in
            let logged = Self.logged
            try require(logged.contains { $0.level == "error" }, "the checks' failing work logged no error")
            let leaks = logged.filter { entry in
                entry.message.contains(UserWorkFailure.userData)
                    || entry.arguments.contains { $0.isPublic && $0.value.contains(UserWorkFailure.userData) }
            }
            try require(leaks.isEmpty, "an error's description was logged readable: \(leaks.map(\.message))")
        }
        if transfers { transferChecks(report) }
        if let taskIdentifiers { taskChecks(report, identifiers: taskIdentifiers) }
    }

    private static func transferChecks(_ report: HarnessReport) {
        report.check("transfers.logs-name-hosts-only") { _ in
            let logged = Self.logged
            try require(
                logged.contains { $0.arguments.contains { $0.value.contains("example.com") } }, "the transfer checks logged no host"
            )
            let files = SimulatedTransferDaemon.shared.downloadsDirectory.path
            let leaks = logged.filter { entry in
                entry.message.contains("://") || entry.message.contains(files)
                    || entry.arguments.contains { $0.isPublic && ($0.value.contains("/files") || $0.value.contains(files)) }
            }
            try require(leaks.isEmpty, "public log values with a URL, a URL path or a file path: \(leaks.map(\.message))")
            // Hashed, so that lines about the same transfer can still be matched.
            try require(
                logged.contains { $0.arguments.contains { !$0.isPublic && $0.value.contains("/files") } },
                "no transfer message carries its URL's path as a private value"
            )
        }
        // The morning's log says how each transfer ended and how long the user waited for it, persisted.
        report.check("transfers.outcomes-logged-with-their-duration") { _ in
            let outcomes = Self.logged.filter { entry in
                ["A download finished", "An upload ended with HTTP status"].contains { entry.message.hasPrefix($0) }
            }
            try require(!outcomes.isEmpty, "no transfer logged how it ended")
            let lost = outcomes.filter { $0.level != "default" || !$0.message.contains(" (attempt ") }
            try require(lost.isEmpty, "transfer outcomes logged without their attempt, or below .notice: \(lost.map(\.message))")
            // A record written before the start time was kept has none; every transfer these checks start has one.
            try require(
                outcomes.contains { $0.message.contains(" s (attempt ") && $0.message.contains(" after ") },
                "no transfer outcome says how long it took: \(outcomes.map(\.message))"
            )
        }
        // A per-customer or self-hosted host names the user: hashed like the path, the scheme kept public.
        report.check("transfers.hosts-logged-hashed") { _ in
            let logged = Self.logged
            let leaks = logged.filter { entry in entry.arguments.contains { $0.isPublic && $0.value.contains("example.com") } }
            try require(leaks.isEmpty, "a URL's host was logged public: \(leaks.map(\.message))")
            try require(
                logged.contains { $0.arguments.contains { !$0.isPublic && $0.value.contains("example.com") } },
                "no transfer message carries its URL's host as a private value"
            )
        }
    }

    private static func taskChecks(_ report: HarnessReport, identifiers: [String]) {
        report.check("logs.lifecycle-events-persisted") { _ in
            let logged = Self.logged
            for event in ["Scheduled ", "Launched ", " expired", " ended: succeeded after ", " ended: failed after "] {
                let entries = logged.filter { $0.message.contains(event) }
                try require(!entries.isEmpty, "nothing logged \"\(event)\"")
                let lost = entries.filter { $0.level != "default" }
                try require(lost.isEmpty, "\"\(event)\" logged below .notice, so not persisted: \(lost.map { "\($0.level): \($0.message)" })")
            }
        }
        // Each kind of task, SwiftUI's refresh included: the morning's log says what ran, how it ended, how long.
        report.check("logs.each-task-logs-its-launch-outcome-and-duration") { _ in
            let messages = Self.logged.filter { $0.level == "default" }.map(\.message)
            for identifier in identifiers {
                for event in ["Launched \(identifier).", "\(identifier) ended: succeeded after ", "\(identifier) ended: failed after "] {
                    try require(messages.contains { $0.contains(event) }, "nothing logged \"\(event)\" at .notice")
                }
            }
        }
    }
}
