// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides what happens once a background upload has ended.
nonisolated struct AppUploadHandler: BackgroundUploadHandling {
    func uploadDidFinish(of file: URL, statusCode: Int) {
        // For example, delete the file once the server accepted it:
        // if (200..<300).contains(statusCode) { try? FileManager.default.removeItem(at: file) }
    }

    func uploadDidFail(of file: URL, error: any Error) {
        // Keep the file and try again later, or tell the user.
    }
}
