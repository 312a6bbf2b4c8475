import Foundation

final class PhotoUploader: NSObject, URLSessionDelegate, URLSessionTaskDelegate {
    static let shared = PhotoUploader()
    var eventsCompletion: (() -> Void)?

    func upload(_ file: URL, to endpoint: URL) {
        let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.uploads.photos")
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        var request = URLRequest(url: endpoint)
        request.httpMethod = "PUT"
        session.uploadTask(with: request, fromFile: file).resume()
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        let completion = eventsCompletion
        eventsCompletion = nil
        DispatchQueue.main.async { completion?() }
    }
}
