// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// The app-refresh work, run when iOS launches the `com.acme.news-reader.refresh` task (4 hours or
/// more apart).
///
/// iOS gives a refresh about 30 seconds, sometimes less: fetch what is new, save it, and return. Throw when it
/// failed. Check for cancellation between steps; an expired task is cancelled.
///
/// It can run while the device is locked, when files of protection class `complete` cannot be opened: keep what
/// it reads and writes in files of class `completeUntilFirstUserAuthentication`.
nonisolated struct AppRefreshWork: BackgroundWork {
    func run() async throws {
        // For example, with the store and client the factory below hands over:
        // let items = try await client.latestItems()
        // try Task.checkCancellation()
        // try await store.save(items)
        try Task.checkCancellation()
    }
}

nonisolated extension BackgroundTaskManager {
    /// Builds the refresh work of `BackgroundTaskManager.shared`. It runs on the main actor, when your launch code
    /// first uses `shared`, so it can hand the work the app's own dependencies, main-actor ones included, for
    /// example `AppRefreshWork(store: AppDatabase.shared, client: APIClient.live)`, instead of the work reaching
    /// for globals inside `run()`. Tests build a manager of their own, with work made from test doubles:
    /// `BackgroundTaskManager(appRefreshWork:processingWork:)`.
    @MainActor
    static func makeAppRefreshWork() -> any BackgroundWork {
        AppRefreshWork()
    }
}
