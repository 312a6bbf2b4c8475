import BggenTestSupport
import Foundation
import Testing

/// `Locked` makes access exclusive, but a non-`Sendable` value taken out of it could still be shared between
/// threads, so it accepts `Sendable` values only; the one value that is not (the `BGTask` iOS hands over) has the
/// narrow `HeldTask` box.
@Suite("Locked holds Sendable values only", .tags(.slow), .highPriority, .needsStubSDK)
struct LockedSendableTests {
    @Test func aNonSendableValueIsRejectedAndTheTaskBoxIsAccepted() async throws {
        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for file in try Scenarios.named("all-tasks").renderedFiles() where file.path.hasSuffix(".swift") {
            let url = folder.url.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let snippet = folder.url.appendingPathComponent("Snippet.swift")
        try """
            import BackgroundTasks

            final class Cache {
                var entries: [String] = []
            }

            nonisolated func share(_ cache: Cache, _ task: BGTask) {
                _ = Locked(cache)
                _ = Locked<HeldTask<BGTask>?>(HeldTask(task: task))
            }
            """.write(to: snippet, atomically: true, encoding: .utf8)
        let result = try await StubSDK.shared().compile(swiftFiles: sources + [snippet], setup: .swift6)
        let errors = result.diagnostics.filter { $0.contains("error:") }
        #expect(!errors.isEmpty, "\(result.output)")
        #expect(errors.allSatisfy { $0.contains("Snippet.swift:8:") && $0.contains("'Cache' does not conform to the 'Sendable' protocol") }, "\(result.output)")
    }
}
