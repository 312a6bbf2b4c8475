import BggenTestSupport
import Foundation
import Testing

/// URLSession hands a 404 page to `didFinishDownloadingTo` like any file; it must be reported as a failure and
/// must not replace the good file already at the destination.
@Suite("A server error never replaces a good download", .tags(.slow))
struct DownloadErrorPageTests {
    static let program = """
        import Foundation
        @_spi(Simulator) import SimNetworking

        nonisolated final class Recorder: BackgroundDownloadHandling, @unchecked Sendable {
            private let lock = NSLock()
            private var events: [String] = []
            let target: URL
            init(target: URL) { self.target = target }
            func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL { target }
            func downloadDidFinish(from source: URL, savedTo destination: URL) { lock.withLock { events.append("finished") } }
            func downloadDidFail(from source: URL, error: any Error) { lock.withLock { events.append("failed") } }
            var recorded: [String] { lock.withLock { events } }
        }

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
        exit(0)
        """

    @Test func aNotFoundPageIsAFailureAndTheOldFileStays() async throws {
        let run = try await GeneratedProgram.run("downloads", main: Self.program)
        #expect(run.ending == .exited(0), "\(run.ending): \(run.output)")
        #expect(run.output.contains("delivered=true events=[\"failed\"] kept=true"), "\(run.output)")
    }
}
