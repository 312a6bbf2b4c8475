import BggenTestSupport
import Foundation
import Testing

/// A silent push must be answered within iOS's time even when the app's work hangs and ignores cancellation.
@Suite("Silent push answers by its deadline", .tags(.slow), .highPriority, .needsStubSDK)
struct SilentPushDeadlineTests {
    static let program = """
        import Foundation
        import UIKit

        nonisolated struct HangingWork: SilentPushWork {
            func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult {
                // Ignores cancellation on purpose, like a network call without a timeout.
                while true { try? await Task.sleep(nanoseconds: 5_000_000) }
            }
        }

        nonisolated struct QuickWork: SilentPushWork {
            func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult { .newData }
        }

        let silent: [AnyHashable: Any] = ["aps": ["content-available": 1]]
        let started = Date()
        let late = await SilentPushHandler(work: HangingWork(), deadlineNanoseconds: 200_000_000).handle(userInfo: silent)
        let elapsed = Date().timeIntervalSince(started)
        let quick = await SilentPushHandler(work: QuickWork(), deadlineNanoseconds: 200_000_000).handle(userInfo: silent)
        print("hanging=\\(late == .failed ? "failed" : "other") elapsed-ok=\\(elapsed < 3) quick=\\(quick == .newData ? "newData" : "other")")
        exit(0)
        """

    @Test func hangingWorkIsAnsweredFailedAtTheDeadlineAndQuickWorkKeepsItsResult() async throws {
        // Without the deadline the program would hang, so it runs with a time limit.
        let run = try await GeneratedProgram.run("silent-push", main: Self.program)
        #expect(run.ending == .exited(0), "\(run.ending): \(run.output)")
        #expect(run.output.contains("hanging=failed elapsed-ok=true quick=newData"), "\(run.output)")
    }
}
