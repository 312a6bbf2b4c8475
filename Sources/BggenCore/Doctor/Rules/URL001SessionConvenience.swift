extension DoctorRule {
    public static let sessionConvenience = DoctorRule(
        id: "URL001", severity: .error,
        summary: "A completion-handler or async convenience API called on a background URLSession.",
        finds: "a completion-handler or `async` convenience call on a background `URLSession`",
        why: "Background sessions do not support completion handlers or async conveniences: the call fails, or the app crashes, instead of transferring in the background.",
        fix: "Create the task without a completion handler (`downloadTask(with:)`, `uploadTask(with:fromFile:)`), call `resume()`, and handle the result in the session delegate.",
        tags: ["url-session", "crash"],
        check: findSessionConvenience,
        examples: [
            .triggering("a download task with a completion handler", ExampleSources.transfers("session.1️⃣downloadTask(with: url) { location, response, error in }"), "1️⃣"),
            .triggering("an upload from a file with a completion handler",
                        ExampleSources.transfers("session.1️⃣uploadTask(with: request, fromFile: file, completionHandler: { _, _, _ in }).resume()"), "1️⃣"),
            .triggering("async data(for:)", ExampleSources.transfers("_ = try await session.1️⃣data(for: request)"), "1️⃣"),
            .triggering("async download(from:)", ExampleSources.transfers("_ = try await session.1️⃣download(from: url)"), "1️⃣"),
            .triggering("a background session passed to a function that calls a convenience on it", ExampleApp().with("App/Sync.swift", """
                import Foundation

                final class Sync {
                    let session = URLSession(configuration: .background(withIdentifier: "com.example.app.sync"))

                    func start(_ request: URLRequest) {
                        fetch(request, on: session)
                    }

                    private func fetch(_ request: URLRequest, on urlSession: URLSession) {
                        urlSession.1️⃣dataTask(with: request) { _, _, _ in }.resume()
                    }
                }

                """).with("App/Events.swift", ExampleSources.sessionEvents), "1️⃣"),
            .triggering("a background session passed to a function of another file that starts a data task with a completion handler",
                        sessionPassedToAnotherFile(configuration: ".background(withIdentifier: \"com.example.app.sync\")", marker: "1️⃣"), "1️⃣"),
            .nonTriggering("a default session passed to that function of another file",
                           sessionPassedToAnotherFile(configuration: ".default", marker: "")),
            .nonTriggering("a download task with the delegate", ExampleSources.transfers("session.downloadTask(with: url).resume()")),
            .nonTriggering("an upload from a file with the delegate", ExampleSources.transfers("session.uploadTask(with: request, fromFile: file).resume()")),
            .nonTriggering("async data(for:) on a default session", ExampleSources.transfers("_ = try await session.data(for: request)", configuration: ".default")),
        ])
}

extension DoctorRule {
    /// `App/Sync.swift` makes a session with `configuration` and passes it to `API.send(_:on:)`, declared in
    /// `App/API.swift`, which calls `dataTask(with:completionHandler:)` on its parameter (`marker` before the call).
    private static func sessionPassedToAnotherFile(configuration: String, marker: String) -> ExampleApp {
        ExampleApp().with("App/Sync.swift", """
            import Foundation

            final class Sync {
                let session = URLSession(configuration: \(configuration))

                func start(_ request: URLRequest) {
                    API.send(request, on: session)
                }
            }

            """).with("App/API.swift", """
            import Foundation

            enum API {
                static func send(_ request: URLRequest, on urlSession: URLSession) {
                    urlSession.\(marker)dataTask(with: request) { _, _, _ in }.resume()
                }
            }

            """).with("App/Events.swift", ExampleSources.sessionEvents)
    }

    fileprivate static func findSessionConvenience(_ audit: inout RuleAudit) {
        for misuse in audit.relevant.flatMap(\.sessionMisuse) where misuse.kind == .convenience {
            audit.add(.sessionConvenience, at: misuse.location, misuse.message,
                      why: "Background sessions do not support completion handlers or async conveniences: the call fails, or the app crashes, instead of transferring in the background.",
                      fix: "Use downloadTask(with:) or uploadTask(with:fromFile:) without a completion handler, call resume(), and handle the result in the session delegate.")
        }
    }
}
