// The generated `CheckpointedWork`, `ProcessingCheckpoint` and `BackgroundWorkError` as HarnessKit's checkpoint
// checks reach them. Compiled when a rendered file declares `protocol CheckpointedWork`.
#if BGGEN_CHECKPOINT && BGGEN_PROCESSING
@testable import App
import Foundation
@testable import HarnessKit

nonisolated enum GeneratedCheckpoint {
    static func subject() -> CheckpointSubject {
        let checkpoint = ProcessingCheckpoint(key: "\(HarnessExpectations.processingIdentifier!).cursor")
        return CheckpointSubject(
            cursorKey: checkpoint.key,
            savedCursor: { checkpoint.load() },
            forget: { try? FileManager.default.removeItem(at: checkpoint.file) },
            run: { try await Work(recording: $0).run() },
            permanent: { BackgroundWorkError.permanent($0) }
        )
    }

    /// The kit's recording work as the generated protocol sees it, so `run()` is the generated default.
    nonisolated private struct Work: CheckpointedWork {
        let recording: RecordingCheckpointWork

        func items(after cursor: String?) async throws -> [String] {
            try await recording.items(after: cursor)
        }

        func process(_ item: String) async throws -> String {
            try await recording.process(item)
        }
    }
}
#endif
