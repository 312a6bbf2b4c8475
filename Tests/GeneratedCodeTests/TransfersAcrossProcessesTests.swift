import BggenTestSupport
import Foundation
import Testing

/// The harness relaunches the app inside one process, so static state would survive there. Here each launch is a
/// process of its own: nothing the generated code keeps in memory survives, only what iOS keeps (the transfers the
/// simulated daemon saves between processes, and the files). Between two launches the container can move, as it
/// does when the app is updated; `CFFIXED_USER_HOME` is what `NSHomeDirectory()` answers on Linux.
@Suite("Transfers across launches that are processes of their own", .tags(.slow), .highPriority, .needsStubSDK)
struct TransfersAcrossProcessesTests {
    static let program = #"""
        import Foundation
        @_spi(Simulator) import SimNetworking

        /// Prints what the generated code tells the app, one line each.
        nonisolated final class Printer: BackgroundDownloadHandling, BackgroundUploadHandling, @unchecked Sendable {
            let lock = NSLock()
            var failures = 0
            func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
                AppDownloadHandler().destination(forDownloadFrom: source, suggestedFilename: suggestedFilename)
            }
            func downloadDidFinish(from source: URL, savedTo destination: URL) { print("download-finished") }
            func downloadDidFail(from source: URL, error: any Error) {
                lock.withLock { failures += 1 }
                print("download-failed")
            }
            func uploadDidFinish(of file: URL, response: BackgroundUploadResponse) {
                print("upload-finished \(file.path) \(response.statusCode) \(String(decoding: response.body, as: UTF8.self))")
            }
            func uploadDidFail(of file: URL, error: any Error) { print("upload-failed \(file.path)") }
        }

        let step = CommandLine.arguments[1]
        let kept = URL(fileURLWithPath: CommandLine.arguments[2])
        let daemon = SimulatedTransferDaemon.shared
        try daemon.restoreKeptTransfers(from: kept)
        let printer = Printer()
        let source = URL(string: "https://downloads.example.com/always-times-out.zip")!
        let endpoint = URL(string: "https://uploads.example.com/receipts")!
        let outbox = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Documents/Outbox", isDirectory: true)

        switch step {
        case "start-download":
            BackgroundDownloadManager(handler: printer).startDownload(from: source)
        case "fail-download":
            let manager = BackgroundDownloadManager(handler: printer)
            print("limit \(BackgroundDownloadManager.maximumResumeAttempts)")
            guard let task = daemon.waitForResumedDownload(where: { task, _, _ in task.originalRequest?.url == source }, timeout: 5) else {
                print("no-transfer")
                break
            }
            let failedAt = Date()
            daemon.simulateFailure(of: task, code: .timedOut, withResumeData: false)
            if let retry = daemon.waitForResumedTask(
                where: { candidate, _, _ in candidate !== task && candidate.originalRequest?.url == source }, timeout: 0.5
            ) {
                print("retried \(Int(retry.earliestBeginDate.map { $0.timeIntervalSince(failedAt) } ?? 0))")
            }
            withExtendedLifetime(manager) {}
        case "start-upload":
            try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
            let file = outbox.appendingPathComponent("receipt.pdf")
            try Data("receipt".utf8).write(to: file)
            BackgroundUploadManager(handler: printer).startUpload(of: file, with: URLRequest(url: endpoint))
        case "lose-the-upload-connection":
            let manager = BackgroundUploadManager(handler: printer)
            guard let task = daemon.waitForResumedTask(where: { task, _, _ in task.originalRequest?.url == endpoint }, timeout: 5) else {
                print("no-transfer")
                break
            }
            daemon.simulateFailure(of: task, code: .networkConnectionLost, withResumeData: false)
            withExtendedLifetime(manager) {}
        case "finish-upload":
            let manager = BackgroundUploadManager(handler: printer)
            guard let task = daemon.waitForResumedTask(where: { task, _, _ in task.originalRequest?.url == endpoint }, timeout: 5)
                as? URLSessionUploadTask else {
                print("no-transfer")
                break
            }
            print("sends \(daemon.uploadFile(of: task)?.path ?? "nil")")
            daemon.simulateUploadFinish(of: task, statusCode: 201, body: Data(#"{"id":7}"#.utf8))
            withExtendedLifetime(manager) {}
        default:
            print("unknown step \(step)")
        }
        try daemon.saveKeptTransfers(to: kept)
        exit(0)
        """#

    /// One launch: runs `step` in `container` and returns its output lines.
    private func launch(
        _ program: GeneratedProgram, _ step: String, kept: URL, container: URL
    ) async throws -> [String] {
        let run = try await program.launch(
            arguments: [step, kept.path], environment: ["CFFIXED_USER_HOME": container.path, "HOME": container.path]
        )
        #expect(run.ending == .exited(0), "\(step): \(run.ending)\n\(run.output)")
        return run.output.split(separator: "\n").map(String.init)
    }

    /// What the launches of a download that times out in every launch reported.
    private struct FailingDownload {
        let limit: Int
        /// How long after each failure its retry may begin, in seconds.
        let delays: [Int]
        let failures: Int
        let endedInFailure: Bool
        let launches: [[String]]
    }

    private func runFailingDownload(_ program: GeneratedProgram) async throws -> FailingDownload {
        let state = try TemporaryDirectory()
        let kept = state.url.appendingPathComponent("kept-transfers.json")
        _ = try await launch(program, "start-download", kept: kept, container: state.url)
        var launches: [[String]] = []
        for _ in 0..<10 {
            let lines = try await launch(program, "fail-download", kept: kept, container: state.url)
            launches.append(lines)
            if lines.contains("download-failed") || lines.contains("no-transfer") { break }
        }
        let limit = try #require(launches.first?.first { $0.hasPrefix("limit ") }.flatMap { Int($0.dropFirst(6)) })
        return FailingDownload(
            limit: limit,
            delays: launches.flatMap { $0.filter { $0.hasPrefix("retried ") } }.compactMap { Int($0.dropFirst(8)) },
            failures: launches.flatMap { $0 }.filter { $0 == "download-failed" }.count,
            endedInFailure: launches.last?.contains("download-failed") == true,
            launches: launches
        )
    }

    @Test func aDownloadFailingInEveryLaunchIsRetriedUpToTheLimitWithBackoffThenFailsOnce() async throws {
        let run = try await runFailingDownload(try await GeneratedProgram.build("ios18-all-tasks", main: Self.program))
        #expect(run.delays.count == run.limit, "retries in \(run.launches.count) launches: \(run.launches)")
        #expect(
            !run.delays.isEmpty && run.delays[0] > 0 && zip(run.delays, run.delays.dropFirst()).allSatisfy { $0 < $1 },
            "delays: \(run.delays)"
        )
        #expect(run.failures == 1 && run.endedInFailure, "\(run.launches)")
    }

    /// A retry count in static memory survives the harness's in-process relaunches, not a new process.
    @Test func aRetryCountInStaticMemoryIsCaught() async throws {
        var sources = try SimulatedApp.sources(for: Scenarios.named("ios18-all-tasks"))
        try Mutant.staticRetryCount.apply(to: &sources)
        let run = try await runFailingDownload(try await GeneratedProgram.build(swiftFiles: sources.swiftFiles, main: Self.program))
        #expect(run.delays.count > run.limit && run.failures == 0, "the mutant kept the limit: \(run.launches)")
    }

    @Test func anUploadStartedBeforeAnAppUpdateFinishesFromTheFilesNewPlace() async throws {
        let program = try await GeneratedProgram.build("ios18-all-tasks", main: Self.program)
        let state = try TemporaryDirectory()
        let kept = state.url.appendingPathComponent("kept-transfers.json")
        let before = state.url.appendingPathComponent("container-before", isDirectory: true)
        let after = state.url.appendingPathComponent("container-after", isDirectory: true)
        try FileManager.default.createDirectory(at: before, withIntermediateDirectories: true)
        _ = try await launch(program, "start-upload", kept: kept, container: before)
        // The update: a new container path, with every file moved along.
        try FileManager.default.moveItem(at: before, to: after)
        _ = try await launch(program, "lose-the-upload-connection", kept: kept, container: after)
        let lines = try await launch(program, "finish-upload", kept: kept, container: after)
        let moved = after.appendingPathComponent("Documents/Outbox/receipt.pdf").path
        #expect(lines.contains("sends \(moved)"), "\(lines)")
        #expect(lines.contains(#"upload-finished \#(moved) 201 {"id":7}"#), "\(lines)")
    }
}
