// The generated upload manager and handler protocol as HarnessKit's upload checks reach them.
#if BGGEN_UPLOADS
@testable import App
import Foundation
@testable import HarnessKit

nonisolated enum GeneratedUploads {
    static func subject() -> UploadSubject {
        UploadSubject(
            sessionIdentifier: HarnessExpectations.uploadSessionIdentifier!,
            maximumRetries: BackgroundUploadManager.maximumRetries,
            maximumResponseBodySize: BackgroundUploadManager.maximumResponseBodySize,
            makeManager: { recorder, container in
                let handler = Handler(recorder: recorder)
                return Manager(container.map { BackgroundUploadManager(handler: handler, container: $0) } ?? BackgroundUploadManager(handler: handler))
            }
        )
    }

    /// Forwards what the recorder records, the response as the kit's `UploadResponse`.
    private struct Handler: BackgroundUploadHandling {
        let recorder: RecordingUploadHandler

        func uploadDidFinish(of file: URL, response: BackgroundUploadResponse) {
            recorder.uploadDidFinish(
                of: file,
                response: UploadResponse(statusCode: response.statusCode, body: response.body, isBodyTruncated: response.isBodyTruncated)
            )
        }

        func uploadDidFail(of file: URL, error: any Error) {
            recorder.uploadDidFail(of: file, error: error)
        }

        func uploadDidProgress(of file: URL, fractionCompleted: Double) {
            recorder.uploadDidProgress(of: file, fractionCompleted: fractionCompleted)
        }
    }

    private final class Manager: UploadManaging {
        let manager: BackgroundUploadManager

        init(_ manager: BackgroundUploadManager) {
            self.manager = manager
        }

        func startUpload(of file: URL, with request: URLRequest) -> URLSessionUploadTask { manager.startUpload(of: file, with: request) }
        @MainActor func setCompletionHandler(_ completionHandler: @escaping () -> Void, for identifier: String) -> Bool {
            manager.setCompletionHandler(completionHandler, for: identifier)
        }
    }
}
#endif
