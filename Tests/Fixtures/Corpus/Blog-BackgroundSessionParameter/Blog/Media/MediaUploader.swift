import Foundation

final class MediaUploader: NSObject, URLSessionDelegate {
    static let shared = MediaUploader()
    var eventsCompletion: (() -> Void)?

    private lazy var backgroundSession = URLSession(configuration: .background(withIdentifier: "com.example.blog.media"), delegate: self, delegateQueue: nil)

    func upload(_ request: URLRequest, completion: @escaping (Result<Data, Error>) -> Void) {
        RESTClient.perform(request, on: backgroundSession, completion: completion)
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        DispatchQueue.main.async {
            let completion = self.eventsCompletion
            self.eventsCompletion = nil
            completion?()
        }
    }
}
