// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides where background downloads land and what happens once they have.
nonisolated struct AppDownloadHandler: BackgroundDownloadHandling {
    /// Application Support is kept by backups and never purged by the system; use the Caches folder instead for
    /// files the app can download again.
    func destination(forDownloadFrom source: URL) -> URL {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("Downloads", isDirectory: true)
        let name = source.lastPathComponent.isEmpty ? "download" : source.lastPathComponent
        return folder.appendingPathComponent(name)
    }

    func downloadDidFinish(from source: URL, savedTo destination: URL) {
        // Record the file, for example in your database, and return quickly.
    }

    func downloadDidFail(from source: URL, error: any Error) {
        // Tell the user, or start the download again later.
    }
}
