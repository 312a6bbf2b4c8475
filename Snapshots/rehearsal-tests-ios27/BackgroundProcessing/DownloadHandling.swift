// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides where background downloads land and what happens once they have.
nonisolated struct AppDownloadHandler: BackgroundDownloadHandling {
    /// `BackgroundDownloadManager.defaultFolder` is in Application Support, never purged by the system and
    /// excluded from backups, as files that can be downloaded again must be (iOS Data Storage Guidelines). Choose
    /// Documents for files the user made and would lose, or Caches for files iOS may delete when space runs low.
    /// Each source gets a file of its own; the name is not the URL's last path component, which many sources share.
    /// A URL that changes for the same file (pre-signed, with `X-Amz-Signature`, `Expires` or `token=` in its
    /// query) would get a new file each time: start such downloads with a key of your own,
    /// `startDownload(with: request, key: "avatar-42")`, and each lands in the same file, in this method's folder
    /// (`destination(forDownloadFrom:key:suggestedFilename:)` says so; implement it here to choose otherwise).
    func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
        BackgroundDownloadManager.defaultFolder.appendingPathComponent(
            BackgroundDownloadManager.fileName(for: source, suggestedFilename: suggestedFilename)
        )
    }

    /// Downloads often finish while the device is locked, when files of protection class `complete` (the default
    /// of many apps) cannot be opened: a database there fails to open. Keep what this writes in files of class
    /// `completeUntilFirstUserAuthentication`, or note the file in a small file of that class (not `UserDefaults`,
    /// which cannot be read or written then either) and finish the work on
    /// `UIApplication.protectedDataDidBecomeAvailableNotification`. This method runs off the main actor and
    /// cannot wait for it, so it cannot ask `UIApplication.shared`: try the open, and defer when it fails.
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
    /// example `AppDownloadHandler(library: AppDatabase.shared)`. The rehearsal tests deliver to
    /// `makeRehearsedDownloadHandler()`, this factory unless your test target declares one with test doubles.
    @MainActor
    static func makeDownloadHandler() -> any BackgroundDownloadHandling {
        AppDownloadHandler()
    }
}
