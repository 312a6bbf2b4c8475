import BggenTestSupport
import Foundation
import Testing

/// URLSession hands a 404 page to `didFinishDownloadingTo` like any file; it must be reported as a failure and
/// must not replace the good file already at the destination. A keyed download replaces its key's file whatever
/// its extension, and lists its folder when its file got a new name, and otherwise once per folder and process. (A
/// file finished onto another volume is the simulator's check `downloads.another-volume-gets-the-whole-file-at-once`,
/// with its mutant.)
@Suite("A server error never replaces a good download", .tags(.slow), .highPriority, .needsStubSDK)
struct DownloadErrorPageTests {
    /// The handler both programs download with: it saves to `target` and records each download's end, a failure
    /// with its HTTP status.
    static let recorder = """
    nonisolated final class Recorder: BackgroundDownloadHandling, @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []
        let target: URL
        init(target: URL) { self.target = target }
        func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL { target }
        func downloadDidFinish(from source: URL, savedTo destination: URL) { lock.withLock { events.append("finished") } }
        func downloadDidFail(from source: URL, error: any Error) {
            var status = "-"
            if case .httpStatus(let code, _)? = error as? BackgroundDownloadError { status = String(code) }
            lock.withLock { events.append("failed \\(status)") }
        }
        var recorded: [String] { lock.withLock { events } }
    }
    """

    static let program = """
        import Foundation
        @_spi(Simulator) import SimNetworking

        \(Self.recorder)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("feed.json")
        try Data("good".utf8).write(to: target)
        let recorder = Recorder(target: target)
        let manager = BackgroundDownloadManager(handler: recorder)
        let task = manager.startDownload(from: URL(string: "https://example.com/feed.json")!)
        let delivered = SimulatedTransferDaemon.shared.simulateFinish(of: task, contents: Data("<h1>Not Found</h1>".utf8), statusCode: 404)
        let kept = (try? String(contentsOf: target, encoding: .utf8)) == "good"
        print("delivered=\\(delivered) events=\\(recorder.recorded) kept=\\(kept)")
        // A keyed download whose type changes: the key's `.jpg` goes when its `.png` arrives; other files stay.
        let keyed = manager.startDownload(with: URLRequest(url: URL(string: "https://cdn.example.com/a/avatar.jpg?sig=1")!), key: "avatar-42")
        _ = SimulatedTransferDaemon.shared.simulateFinish(of: keyed, contents: Data("jpeg".utf8))
        let stem = BackgroundDownloadManager.fileStem(forKey: "avatar-42")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(stem + ".d"), withIntermediateDirectories: true)
        try Data("other".utf8).write(to: folder.appendingPathComponent(stem + ".jpg.part"))
        let changed = manager.startDownload(with: URLRequest(url: URL(string: "https://cdn.example.com/b/avatar.png?sig=2")!), key: "avatar-42")
        _ = SimulatedTransferDaemon.shared.simulateFinish(of: changed, contents: Data("png".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { $0.replacingOccurrences(of: stem, with: "KEY") }
        print("keyed=\\(names.sorted())")
        // The same key and extension again replaces the file and lists the folder once in the process (for what a run
        // ended before its removals left), not at each download. A `.jpg` of the key put back before each (as an
        // ended run leaves it) is what a listing would remove, so the rounds it went are the listings.
        var listings = 0
        for round in 1...3 {
            let planted = folder.appendingPathComponent(stem + ".jpg")
            try Data("older".utf8).write(to: planted)
            let again = manager.startDownload(with: URLRequest(url: URL(string: "https://cdn.example.com/c/avatar.png?sig=\\(round)")!), key: "avatar-42")
            _ = SimulatedTransferDaemon.shared.simulateFinish(of: again, contents: Data("png \\(round)".utf8))
            if !FileManager.default.fileExists(atPath: planted.path) { listings += 1 }
        }
        let replaced = (try? String(contentsOf: folder.appendingPathComponent(stem + ".png"), encoding: .utf8)) ?? "no file"
        print("listingsOnReplace=\\(listings) replaced=\\(replaced) events=\\(recorder.recorded.suffix(3))")
        exit(0)
        """

    /// 503 with `Retry-After: 120` is tried again no earlier than two minutes later, and only once the attempts
    /// run out is it reported, with its status. A `Retry-After` that is no delay-seconds (`1e12`, `-5`, `inf`) is
    /// ignored, the retry waiting its back-off (60 s), and one over a day waits a day: before, `1e12` parked the
    /// download with iOS for 30,000 years.
    static let retryProgram = """
        import Foundation
        @_spi(Simulator) import SimNetworking

        \(Self.recorder)

        let target = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let recorder = Recorder(target: target)
        let manager = BackgroundDownloadManager(handler: recorder)
        let daemon = SimulatedTransferDaemon.shared
        var task = manager.startDownload(from: URL(string: "https://example.com/feed.json")!)
        var delays: [Int] = []
        for _ in 0..<(BackgroundDownloadManager.maximumResumeAttempts + 1) {
            let answered = Date()
            _ = daemon.simulateFinish(of: task, contents: Data("busy".utf8), statusCode: 503, headerFields: ["Retry-After": "120"])
            let answeredTask = ObjectIdentifier(task)
            guard let retry = daemon.waitForResumedDownload(where: { candidate, _, _ in ObjectIdentifier(candidate) != answeredTask }, timeout: 1) else { break }
            delays.append(Int((retry.earliestBeginDate ?? answered).timeIntervalSince(answered).rounded()))
            task = retry
        }
        print("retries=\\(delays.count) allAfterRetryAfter=\\(delays.allSatisfy { $0 >= 119 }) events=\\(recorder.recorded)")
        /// How long after a 503 with `Retry-After: value` the retry may begin, in seconds ("over a day" beyond).
        func retryDelay(after value: String) -> String {
            let source = URL(string: "https://example.com/busy-\\(UUID().uuidString)")!
            let task = manager.startDownload(from: source)
            let answered = Date()
            _ = daemon.simulateFinish(of: task, contents: Data("busy".utf8), statusCode: 503, headerFields: ["Retry-After": value])
            let answeredTask = ObjectIdentifier(task)
            guard let retry = daemon.waitForResumedDownload(where: { candidate, _, _ in
                ObjectIdentifier(candidate) != answeredTask && candidate.originalRequest?.url == source
            }, timeout: 1) else { return "none" }
            let delay = (retry.earliestBeginDate ?? answered).timeIntervalSince(answered)
            return delay > 86_401 ? "over a day" : String(Int(delay.rounded()))
        }
        print("retryAfter=\\(["1e12", "-5", "inf", "9999999999", "600"].map(retryDelay(after:)))")
        exit(0)
        """

    @Test func aServerBusyAnswerIsRetriedAfterItsRetryAfterThenReportedWithItsStatus() async throws {
        let run = try await GeneratedProgram.run("downloads", main: Self.retryProgram)
        #expect(run.ending == .exited(0), "\(run.ending): \(run.output)")
        #expect(run.output.contains("retries=3 allAfterRetryAfter=true events=[\"failed 503\"]"), "\(run.output)")
        #expect(run.output.contains("retryAfter=[\"60\", \"60\", \"60\", \"86400\", \"600\"]"), "\(run.output)")
    }

    @Test func aNotFoundPageIsAFailureAndTheOldFileStays() async throws {
        let run = try await GeneratedProgram.run("downloads", main: Self.program)
        #expect(run.ending == .exited(0), "\(run.ending): \(run.output)")
        #expect(run.output.contains("delivered=true events=[\"failed 404\"] kept=true"), "\(run.output)")
        #expect(run.output.contains(#"keyed=["KEY.d", "KEY.jpg.part", "KEY.png", "feed.json"]"#), "\(run.output)")
        #expect(run.output.contains(#"listingsOnReplace=1 replaced=png 3 events=["finished", "finished", "finished"]"#), "\(run.output)")
    }
}
