// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// The processing work, run when iOS launches the `com.example.app.processing` task, usually while the device is
/// idle.
///
/// Processing may run for minutes, but iOS can end it at any moment: do the work in small steps, save progress
/// after each one, and check for cancellation between them so the next run can pick up where this one stopped.
///
/// It often runs while the device is locked, when files of protection class `complete` cannot be opened: keep
/// its database in files of class `completeUntilFirstUserAuthentication`, or stop early while they cannot be
/// opened: with `import UIKit` at the top of this file, start the work with
/// `guard await MainActor.run(body: { UIApplication.shared.isProtectedDataAvailable }) else { throw CocoaError(.fileReadNoPermission) }`
/// (`UIApplication.shared` belongs to the main actor, and the work runs off it).
nonisolated struct ProcessingWork: BackgroundWork {
    func run() async throws {
        // For example, with the database the factory below hands over:
        // for batch in try await database.staleRecordBatches() {
        //     try Task.checkCancellation()
        //     try await database.compact(batch)
        // }
        try Task.checkCancellation()
    }
}

nonisolated extension BackgroundTaskManager {
    /// Builds the processing work of `BackgroundTaskManager.shared`. It runs on the main actor, when your launch
    /// code first uses `shared`, so it can hand the work the app's own dependencies, main-actor ones included, for
    /// example `ProcessingWork(database: AppDatabase.shared)`, instead of the work reaching for globals. The
    /// rehearsal tests build the work with `makeRehearsedProcessingWork()`, this factory unless your test target
    /// declares one with test doubles.
    @MainActor
    static func makeProcessingWork() -> any BackgroundWork {
        ProcessingWork()
    }
}
