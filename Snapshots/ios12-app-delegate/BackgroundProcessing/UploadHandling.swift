// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides what happens once a background upload has ended.
@available(iOS 13.0, *) nonisolated struct AppUploadHandler: BackgroundUploadHandling {
    func uploadDidFinish(of file: URL, response: BackgroundUploadResponse) {
        // For example, read the id the server gave the file from response.body, and delete the file once the
        // server accepted it:
        // if (200..<300).contains(response.statusCode) { try? FileManager.default.removeItem(at: file) }
    }

    func uploadDidFail(of file: URL, error: any Error) {
        // Keep the file and try again later, or tell the user.
    }
}
