import Foundation

extension DoctorRule {
    public static let noSessionEvents = DoctorRule(
        id: "URL005", severity: .error,
        summary: "A background URLSession with no handleEventsForBackgroundURLSession or .backgroundTask(.urlSession).",
        finds: "a background session and no `handleEventsForBackgroundURLSession` or `.backgroundTask(.urlSession)`",
        why: "When transfers finish while the app is suspended or terminated, iOS relaunches it and waits for that call; without it, completion events are not delivered.",
        fix: "Implement `application(_:handleEventsForBackgroundURLSession:completionHandler:)` (or SwiftUI's `.backgroundTask(.urlSession)`): recreate the session and call the completion handler from `urlSessionDidFinishEvents(forBackgroundURLSession:)`.",
        tags: ["url-session"],
        check: findNoSessionEvents,
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

extension DoctorRule {
    /// Sessions the target itself creates (all of them for code alone); a handler anywhere in the repository counts.
    fileprivate static func findNoSessionEvents(_ audit: inout RuleAudit) {
        let sessionsOwned = (audit.target == nil ? audit.relevant : audit.owned).flatMap(\.backgroundSessions)
        guard let session = sessionsOwned.min(), !audit.context.facts.contains(where: \.handlesSessionEvents) else { return }
        audit.add(.noSessionEvents, at: session, "A background URLSession is created here, but nothing implements application(_:handleEventsForBackgroundURLSession:completionHandler:) or .backgroundTask(.urlSession).",
                  why: "When transfers finish while the app is suspended or terminated, iOS relaunches it and waits for that call; without it, completion events are not delivered.",
                  fix: "Implement application(_:handleEventsForBackgroundURLSession:completionHandler:), recreate the session with that identifier, and call the completion handler from urlSessionDidFinishEvents(forBackgroundURLSession:).")
    }
}
