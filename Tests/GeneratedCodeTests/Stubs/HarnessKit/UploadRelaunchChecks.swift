// Background uploads under what real devices do and the happy path does not: iOS relaunches the app (a new
// process) for each transfer event, the app's container moves when the app is updated, and servers answer uploads
// with a body. Each check runs the manager in a container folder of its own. Runs after UploadChecks.
@_spi(Simulator) import SimNetworking
import Foundation
import StubRuntime

nonisolated enum UploadRelaunchChecks {
    static func run(_ subject: UploadSubject, handler: RecordingUploadHandler) {
        let report = HarnessReport.shared
        let daemon = SimulatedTransferDaemon.shared
        let timeout = HarnessSettings.timeout
        let containers = daemon.downloadsDirectory.appendingPathComponent("upload-containers", isDirectory: true)

        /// A container folder with a file to upload at `Documents/Outbox/<name>`.
        func container(_ name: String, file: String) throws -> (container: URL, file: URL) {
            let container = containers.appendingPathComponent(name, isDirectory: true)
            let outbox = container.appendingPathComponent("Documents/Outbox", isDirectory: true)
            try FileManager.default.createDirectory(at: outbox, withIntermediateDirectories: true)
            let file = outbox.appendingPathComponent(file)
            try Data("body of \(file.lastPathComponent)".utf8).write(to: file)
            return (container, file)
        }
        /// iOS terminates the app and relaunches it: a new manager, which knows nothing of the old one.
        func relaunch(in container: URL) -> any UploadManaging {
            daemon.simulateAppTermination()
            return subject.makeManager(handler, container)
        }
        func startAndFind(_ file: URL, to endpoint: URL, with manager: any UploadManaging) throws -> URLSessionUploadTask {
            let started = manager.startUpload(of: file, with: URLRequest(url: endpoint))
            return try unwrap(
                daemon.waitForResumedTask(where: { task, _, _ in task === started }, timeout: timeout) as? URLSessionUploadTask,
                "startUpload did not resume its upload task"
            )
        }

        report.check("uploads.a-post-that-timed-out-is-not-sent-twice") { context in
            let (folder, file) = try container("post-timed-out", file: "order.json")
            let endpoint = URL(string: "https://uploads.example.com/orders")!
            let manager = relaunch(in: folder)
            var request = URLRequest(url: endpoint)
            request.httpMethod = "POST"
            let started = manager.startUpload(of: file, with: request)
            let task = try unwrap(
                daemon.waitForResumedTask(where: { candidate, _, _ in candidate === started }, timeout: timeout),
                "startUpload did not resume its upload task"
            )
            // The server may have created the order before the answer was lost: sending it again would make two.
            daemon.simulateFailure(of: task, code: .timedOut, withResumeData: false)
            try require(
                handler.wait(timeout: timeout) { !handler.failures(file).isEmpty },
                "a POST upload that timed out was not reported through uploadDidFail"
            )
            let resent = daemon.waitForResumedTask(
                where: { candidate, _, _ in candidate.taskIdentifier != task.taskIdentifier && candidate.originalRequest?.url == endpoint },
                timeout: 0.2
            )
            try require(resent == nil, "a POST upload that timed out was sent again, which could create the record twice")
            withExtendedLifetime(manager) {}
            context.watchForRepeat { grace in handler.wait(timeout: grace) { handler.failures(file).count > 1 } }
        }

        report.check("uploads.failing-in-every-relaunch-ends-in-one-uploadDidFail") { context in
            let (folder, file) = try container("always-times-out", file: "video.mov")
            let endpoint = URL(string: "https://uploads.example.com/always-times-out")!
            var manager: (any UploadManaging)?
            try TransferChecks.failingInEveryRelaunch(
                context, noun: "upload", callback: "uploadDidFail", url: endpoint, limit: subject.maximumRetries, recorder: handler,
                relaunch: { manager = relaunch(in: folder) },
                start: { try startAndFind(file, to: endpoint, with: unwrap(manager, "no upload manager")) },
                failures: { handler.failures(file).count }, finishes: { handler.finished(file).count }
            )
            withExtendedLifetime(manager) {}
        }

        report.check("uploads.started-before-a-container-move-completes-after-it") { _ in
            let (before, file) = try container("before-the-update", file: "receipt.pdf")
            let endpoint = URL(string: "https://uploads.example.com/receipts")!
            let task = try startAndFind(file, to: endpoint, with: relaunch(in: before))
            // The app is updated: a new container path, with every file moved along.
            let after = containers.appendingPathComponent("after-the-update", isDirectory: true)
            try FileManager.default.moveItem(at: before, to: after)
            let moved = after.appendingPathComponent("Documents/Outbox/receipt.pdf")
            let manager = relaunch(in: after)
            let kept = try unwrap(
                daemon.waitForResumedTask(where: { candidate, _, _ in candidate.taskIdentifier == task.taskIdentifier }, timeout: timeout),
                "the relaunched app's session did not get the upload back"
            )
            // A name server out of reach right after the update, which a retry outlives as it does a lost connection.
            daemon.simulateFailure(of: kept, code: .dnsLookupFailed, withResumeData: false)
            let retry = try unwrap(
                daemon.waitForResumedTask(
                    where: { candidate, _, _ in candidate.taskIdentifier != kept.taskIdentifier && candidate.originalRequest?.url == endpoint },
                    timeout: timeout
                ) as? URLSessionUploadTask,
                "dnsLookupFailed after the update did not start the upload again (failures: \(handler.failures(moved)))"
            )
            let sent = daemon.uploadFile(of: retry)
            try require(
                sent?.standardizedFileURL == moved.standardizedFileURL,
                "after the update the upload was started again from \(sent?.path ?? "nil"), not from the file's new place \(moved.path)"
            )
            try require(daemon.simulateUploadFinish(of: retry, statusCode: 201), "the finish was not delivered")
            try require(
                handler.wait(timeout: timeout) { handler.finished(moved) == [201] },
                "uploadDidFinish was not called once for the file's new place (got \(handler.finished(moved)), failures \(handler.failures(moved)))"
            )
            withExtendedLifetime(manager) {}
        }

        let cap = subject.maximumResponseBodySize
        let answers: [(name: String, body: Data)] = [
            ("a-json-answer", Data(#"{"id": "7f3a", "status": "stored"}"#.utf8) + Data(repeating: 0x20, count: 200_000)),
            ("an-answer-over-the-cap", Data((0..<(cap + 100_000)).map { UInt8(truncatingIfNeeded: $0) })),
        ]
        for answer in answers {
            report.check("uploads.response-body-reaches-uploadDidFinish.\(answer.name)") { _ in
                let (folder, file) = try container(answer.name, file: "form.bin")
                let manager = relaunch(in: folder)
                let task = try startAndFind(file, to: URL(string: "https://uploads.example.com/\(answer.name)")!, with: manager)
                try require(
                    daemon.simulateUploadFinish(of: task, statusCode: 200, body: answer.body),
                    "the answer was not delivered"
                )
                try require(handler.wait(timeout: timeout) { handler.responses(file).count == 1 }, "uploadDidFinish was not called once")
                let response = handler.responses(file)[0]
                let expected = answer.body.prefix(cap)
                try require(
                    response.body == expected,
                    "uploadDidFinish got a body of \(response.body.count) bytes; the server sent \(answer.body.count) and the cap is \(cap)"
                )
                try require(
                    response.isBodyTruncated == (answer.body.count > cap),
                    "isBodyTruncated is \(response.isBodyTruncated) for \(answer.body.count) bytes and a cap of \(cap)"
                )
            }
        }
    }
}
