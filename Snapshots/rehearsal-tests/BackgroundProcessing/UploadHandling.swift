// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides what happens once a background upload has ended.
///
/// Uploads are often sent again, and end, while the device is locked, when iOS cannot read a file of protection
/// class `complete`: write the files you upload with
/// `try body.write(to: file, options: .completeFileProtectionUntilFirstUserAuthentication)`, and keep what these
/// methods write in files of that class too, or defer it until
/// `UIApplication.protectedDataDidBecomeAvailableNotification`.
nonisolated struct AppUploadHandler: BackgroundUploadHandling {
    func uploadDidFinish(of file: URL, response: BackgroundUploadResponse) {
        // The server accepted the file (2xx). For example, read the id it gave the file from response.body, and
        // delete the file:
        // try? FileManager.default.removeItem(at: file)
    }

    func uploadDidFail(of file: URL, error: any Error) {
        // Keep the file and try again later, or tell the user. A server's refusal is
        // BackgroundUploadError.httpStatus(status, retryAfter:, response:), its body in response.body.
    }
}

nonisolated extension BackgroundUploadManager {
    /// Builds the handler of `BackgroundUploadManager.shared`. It runs on the main actor, when your launch code
    /// first uses `shared`, so it can hand the handler the app's own dependencies, main-actor ones included, for
    /// example `AppUploadHandler(outbox: AppDatabase.shared)`. The rehearsal tests deliver to
    /// `makeRehearsedUploadHandler()`, this factory unless your test target declares one with test doubles.
    @MainActor
    static func makeUploadHandler() -> any BackgroundUploadHandling {
        AppUploadHandler()
    }
}
