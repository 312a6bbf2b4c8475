// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides where background downloads land and what happens once they have.
nonisolated struct AppDownloadHandler: BackgroundDownloadHandling {
    /// Application Support is kept by backups and never purged by the system; use the Caches folder instead for
    /// files the app can download again. Each source gets a file of its own; the name is not the URL's last
    /// path component, which many sources share.
    func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("Downloads", isDirectory: true)
        return folder.appendingPathComponent(
            BackgroundDownloadManager.fileName(for: source, suggestedFilename: suggestedFilename)
        )
    }

    func downloadDidFinish(from source: URL, savedTo destination: URL) {
        // Record the file, for example in your database, and return quickly.
    }

    func downloadDidFail(from source: URL, error: any Error) {
        // Tell the user, or start the download again later.
    }
}

nonisolated extension BackgroundDownloadManager {
    /// Builds the handler of `BackgroundDownloadManager.shared`. It runs on the main actor, when your launch code
    /// first uses `shared`, so it can hand the handler the app's own dependencies, main-actor ones included, for
    /// example `AppDownloadHandler(library: AppDatabase.shared)`.
    @MainActor
    static func makeDownloadHandler() -> any BackgroundDownloadHandling {
        AppDownloadHandler()
    }
}
