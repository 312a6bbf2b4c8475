import Foundation

/// Sends photos in the background: an upload session, not a download one.
public final class PhotoSync {
    private lazy var session = URLSession(configuration: .background(withIdentifier: "com.kiteapp.photos"))

    public func send(_ file: URL, to request: URLRequest) {
        session.uploadTask(with: request, fromFile: file).resume()
    }
}
