// What the transfer code logged while the download and upload checks ran. Background logs end up in sysdiagnoses
// and Console.app, and BackgroundLog publishes every message, so a URL (whose path or query can carry a token) or
// a file path (which names the user's files) must never reach them: a transfer is named by its host.
#if BGGEN_DOWNLOADS || BGGEN_UPLOADS
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime

nonisolated enum TransferLogChecks {
    static func run() {
        HarnessReport.shared.check("transfers.logs-name-hosts-only") { _ in
            let messages = StubLedger.shared.events.compactMap { event -> String? in
                guard case .logged(_, _, _, let message) = event else { return nil }
                return message
            }
            let transferMessages = messages.filter { $0.contains("example.com") }
            try require(!transferMessages.isEmpty, "the transfer checks logged nothing about their hosts")
            let files = SimulatedTransferDaemon.shared.downloadsDirectory.path
            let leaks = messages.filter { $0.contains("://") || $0.contains(files) }
            try require(leaks.isEmpty, "public log messages with a URL or a file path: \(leaks)")
        }
    }
}
#endif
