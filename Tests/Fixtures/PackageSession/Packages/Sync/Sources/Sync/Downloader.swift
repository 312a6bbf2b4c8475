import Foundation

/// Downloads new issues; the session is a background one, but the app never forwards its events.
public final class Downloader: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    public static let shared = Downloader()

    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.reader.issues")
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    public func fetchIssues() async {
        session.downloadTask(with: URL(string: "https://reader.example.com/issues.zip")!).resume()
    }

    public func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {}
}
