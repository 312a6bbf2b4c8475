// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// The app-refresh work, run when iOS launches the `com.example.app.refresh` task (4 hours or
/// more apart).
///
/// iOS gives a refresh about 30 seconds, sometimes less: fetch what is new, save it, and return. Throw when it
/// failed. Check for cancellation between steps; an expired task is cancelled.
nonisolated struct AppRefreshWork: BackgroundWork {
    func run() async throws {
        // For example:
        // let items = try await FeedClient().latestItems()
        // try Task.checkCancellation()
        // try await FeedStore.shared.save(items)
        try Task.checkCancellation()
    }
}

nonisolated extension BackgroundTaskManager {
    /// Builds the refresh work of `BackgroundTaskManager.shared`: hand it your app's own dependencies here, for
    /// example `AppRefreshWork(store: AppDatabase.shared, client: APIClient.live)`, instead of reaching for
    /// globals inside `run()`. Tests can build a manager with their own:
    /// `BackgroundTaskManager(appRefreshWork: AppRefreshWork(store: inMemoryStore, client: stubClient))`.
    static func makeAppRefreshWork() -> any BackgroundWork {
        AppRefreshWork()
    }
}
