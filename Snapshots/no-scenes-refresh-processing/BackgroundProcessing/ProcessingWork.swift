// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// The processing work, run when iOS launches the `com.example.app.processing` task, usually while the device is
/// idle.
///
/// Processing may run for minutes, but iOS can end it at any moment: do the work in small steps, save progress
/// after each one, and check for cancellation between them so the next run can pick up where this one stopped.
nonisolated struct ProcessingWork: BackgroundWork {
    func run() async throws {
        // For example:
        // for batch in try await Database.shared.staleRecordBatches() {
        //     try Task.checkCancellation()
        //     try await Database.shared.compact(batch)
        // }
        try Task.checkCancellation()
    }
}

nonisolated extension BackgroundTaskManager {
    /// Builds the processing work of `BackgroundTaskManager.shared`: hand it your app's own dependencies here,
    /// for example `ProcessingWork(database: AppDatabase.shared)`, instead of reaching for globals in the work.
    static func makeProcessingWork() -> any BackgroundWork {
        ProcessingWork()
    }
}
