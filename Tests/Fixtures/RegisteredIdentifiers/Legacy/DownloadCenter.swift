import Foundation

final class DownloadCenter: NSObject {
    lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.legacy.downloads")
        return URLSession(configuration: configuration, delegate: nil, delegateQueue: nil)
    }()
}
