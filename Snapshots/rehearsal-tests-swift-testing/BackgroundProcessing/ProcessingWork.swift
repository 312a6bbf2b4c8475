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
/// Here `CheckpointedWork` does that: it saves a cursor after each item and resumes from it next run. An item
/// that fails is tried again next run. Throw `BackgroundWorkError.permanent(error)` from `process(_:)` when
/// retrying cannot help (a corrupt record): an item that fails that way in three runs is skipped and logged, in
/// that pass and every later one (it is known by its cursor: items that are not strings or numbers add
/// `func cursor(of item: Item) -> String`, returning what `process(_:)` would); to allow more or fewer runs, add
/// for example `var attemptsPerItem: Int { 5 }` to this type. Other errors, such as being offline, are retried at
/// every later run and never skip the item.
nonisolated struct ProcessingWork: CheckpointedWork {
    /// The items still to process after `cursor` (nil: from the beginning), in a stable order, for example
    /// record identifiers sorted ascending: `try await database.recordIDs(after: cursor)`, with the database the
    /// factory below hands over.
    func items(after cursor: String?) async throws -> [String] {
        []
    }

    /// Processes one item and returns its cursor, for example its identifier.
    func process(_ item: String) async throws -> String {
        // do {
        //     try await database.compact(recordID: item)
        // } catch DatabaseError.corrupt {
        //     throw BackgroundWorkError.permanent(DatabaseError.corrupt)
        // }
        item
    }
}

nonisolated extension BackgroundTaskManager {
    /// Builds the processing work of `BackgroundTaskManager.shared`. It runs on the main actor, when your launch
    /// code first uses `shared`, so it can hand the work the app's own dependencies, main-actor ones included, for
    /// example `ProcessingWork(database: AppDatabase.shared)`, instead of the work reaching for globals. The
    /// rehearsal tests build the work with `makeRehearsedProcessingWork()`, this factory unless your test target
    /// declares one with test doubles (the checkpoint rehearsals need two items or more).
    @MainActor
    static func makeProcessingWork() -> any BackgroundWork {
        ProcessingWork()
    }
}
