import Foundation

extension DoctorRule {
    public static let noSessionEvents = DoctorRule(
        id: "URL005", severity: .error,
        summary: "A background URLSession with no handleEventsForBackgroundURLSession or .backgroundTask(.urlSession).",
        finds: "a background session and no `handleEventsForBackgroundURLSession` or `.backgroundTask(.urlSession)`",
        why: "When transfers finish while the app is suspended or terminated, iOS relaunches it and waits for that call; without it, completion events are not delivered.",
        fix: "Implement `application(_:handleEventsForBackgroundURLSession:completionHandler:)` (or SwiftUI's `.backgroundTask(.urlSession)`): recreate the session and call the completion handler from `urlSessionDidFinishEvents(forBackgroundURLSession:)`.",
        tags: ["url-session"],
        examples: [
            .triggering("a background session and no events handler", ExampleApp().with("App/Downloads.swift", ExampleSources.downloads), "1️⃣"),
            .nonTriggering("a background session with the events handler",
                           ExampleApp().with("App/Downloads.swift", ExampleSources.downloads.replacingOccurrences(of: "1️⃣", with: "")).with("App/Events.swift", ExampleSources.sessionEvents)),
        ])
}

extension ExampleSources {
    /// A download delegate whose background session is created on line 4 (marked).
    static let downloads = """
        import Foundation

        final class Downloads: NSObject, URLSessionDownloadDelegate {
            lazy var session = URLSession(configuration: .1️⃣background(withIdentifier: "com.example.app.downloads"), delegate: self, delegateQueue: nil)
            func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {}
        }

        """
}
