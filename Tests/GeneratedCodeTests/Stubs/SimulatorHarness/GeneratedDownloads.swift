// The generated download manager and handler protocol as HarnessKit's download checks reach them.
#if BGGEN_DOWNLOADS
@testable import App
import Foundation
@testable import HarnessKit

nonisolated enum GeneratedDownloads {
    static func subject() -> DownloadSubject {
        DownloadSubject(
            sessionIdentifier: HarnessExpectations.downloadSessionIdentifier!,
            maximumResumeAttempts: BackgroundDownloadManager.maximumResumeAttempts,
            makeManager: { Manager(BackgroundDownloadManager(handler: Handler(recorder: $0))) },
            source: { BackgroundDownloadManager.source(of: $0) },
            key: { BackgroundDownloadManager.key(of: $0) },
            shippedDestination: { AppDownloadHandler().destination(forDownloadFrom: $0, suggestedFilename: $1) }
        )
    }

    /// Forwards what the recorder records. `destination(forDownloadFrom:key:suggestedFilename:)` is left to the
    /// generated default, which is under test too.
    private struct Handler: BackgroundDownloadHandling {
        let recorder: RecordingDownloadHandler

        func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
            recorder.destination(forDownloadFrom: source, suggestedFilename: suggestedFilename)
        }

        func downloadDidFinish(from source: URL, savedTo destination: URL) {
            recorder.downloadDidFinish(from: source, savedTo: destination)
        }

        func downloadDidFail(from source: URL, error: any Error) {
            recorder.downloadDidFail(from: source, error: error)
        }

        func downloadDidProgress(from source: URL, fractionCompleted: Double) {
            recorder.downloadDidProgress(from: source, fractionCompleted: fractionCompleted)
        }
    }

    private final class Manager: DownloadManaging {
        let manager: BackgroundDownloadManager

        init(_ manager: BackgroundDownloadManager) {
            self.manager = manager
        }

        func startDownload(from url: URL) -> URLSessionDownloadTask { manager.startDownload(from: url) }
        func startDownload(with request: URLRequest) -> URLSessionDownloadTask { manager.startDownload(with: request) }
        func startDownload(with request: URLRequest, key: String) -> URLSessionDownloadTask {
            manager.startDownload(with: request, key: key)
        }
        func transfers() async -> [URLSessionDownloadTask] { await manager.transfers() }
        func cancel(_ task: URLSessionDownloadTask) { manager.cancel(task) }
        @MainActor func setCompletionHandler(_ completionHandler: @escaping () -> Void, for identifier: String) -> Bool {
            manager.setCompletionHandler(completionHandler, for: identifier)
        }
    }
}
#endif
