import Foundation

final class BackupUploader: NSObject, URLSessionDelegate, URLSessionTaskDelegate {
    static let shared = BackupUploader()
    var eventsCompletion: (() -> Void)?
    private var session: URLSession?

    func upload(_ file: URL, to endpoint: URL) {
        if session == nil {
            let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.backup.files")
            session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        }
        var request = URLRequest(url: endpoint)
        request.httpMethod = "PUT"
        session?.uploadTask(with: request, fromFile: file).resume()
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        let completion = eventsCompletion
        eventsCompletion = nil
        DispatchQueue.main.async { completion?() }
    }
}
