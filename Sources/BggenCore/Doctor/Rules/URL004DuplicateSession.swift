import BggenFormats
extension DoctorRule {
    public static let duplicateSession = DoctorRule(
        id: "URL004", severity: .warning,
        summary: "The same background session identifier is configured at more than one place.",
        finds: "one background session identifier configured at two places, or by an app extension and its app (only one process gets the session's events; a note when two apps could embed the extension), or configured again on every call: in a Swift function that starts a transfer after making it (not in a stored, `lazy` or `static` property, an initialiser, or behind an `if`, a `guard` or an early `return`, as a cached session is)",
        why: "Two sessions with one identifier share one background transfer queue; events go to one of them, and an extension and its app cannot use one session at a time, so the other's transfers never report back.",
        fix: "Give each session its own identifier (an extension's usually ends in its own suffix), and create each session once.",
        tags: ["url-session"],
        check: findDuplicateSession,
        examples: [
            .triggering("one identifier configured in two files",
                        ExampleSources.transfers("session.downloadTask(with: url).resume()", configuration: #".1️⃣background(withIdentifier: "com.example.app.transfers")"#)
                            .with("App/Other.swift", "import Foundation\n\nlet other = URLSessionConfiguration.background(withIdentifier: \"com.example.app.transfers\")\n"),
                        "1️⃣"),
            .triggering("an extension using its app's session identifier",
                        ExampleSources.withExtension(#"URLSessionConfiguration.1️⃣background(withIdentifier: "com.example.app.transfers")"#), "1️⃣"),
            .triggering("an extension using the session identifier of one of two apps",
                        ExampleSources.withExtension(#"URLSessionConfiguration.1️⃣background(withIdentifier: "com.example.app.transfers")"#)
                            .with(ExampleTarget("Other", .application, folder: "Other")),
                        "1️⃣ URL004 note"),
            .triggering("a session made in the function that starts each upload",
                        uploads(making: """
                            let configuration = URLSessionConfiguration.1️⃣background(withIdentifier: "com.example.app.uploads")
                                    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
                            """), "1️⃣"),
            .nonTriggering("a session made once in a lazy property",
                           uploads(making: "", stored: """
                               lazy var session = URLSession(configuration: .background(withIdentifier: "com.example.app.uploads"), delegate: self, delegateQueue: nil)
                               """)),
            .nonTriggering("a function that makes the session only when none is kept yet",
                           uploads(making: """
                               if kept == nil {
                                           kept = URLSession(configuration: .background(withIdentifier: "com.example.app.uploads"), delegate: self, delegateQueue: nil)
                                       }
                                       let session = kept!
                               """, stored: "var kept: URLSession?")),
            .nonTriggering("a function that makes the session for a lazy property, and starts no transfer",
                           uploads(making: "", stored: """
                               lazy var session = makeSession()

                                   private func makeSession() -> URLSession {
                                       URLSession(configuration: .background(withIdentifier: "com.example.app.uploads"), delegate: self, delegateQueue: nil)
                                   }
                               """)),
            .nonTriggering("an extension with its own identifier",
                           ExampleSources.withExtension(#"URLSessionConfiguration.background(withIdentifier: "com.example.app.transfers.ext")"#)),
        ])
}

extension DoctorRule {
    /// `App/Uploader.swift`: an uploader with `stored` among its properties whose `upload(_:to:)` runs `making`,
    /// then starts an upload task on `session` (line 10 when `making` is two lines).
    private static func uploads(making: String, stored: String = "") -> ExampleApp {
        ExampleApp().with("App/Events.swift", ExampleSources.sessionEvents).with("App/Uploader.swift", """
        import Foundation

        final class Uploader: NSObject, URLSessionTaskDelegate {
            static let shared = Uploader()
            \(stored)

            func upload(_ file: URL, to endpoint: URL) {
                \(making)
                session.uploadTask(with: URLRequest(url: endpoint), fromFile: file).resume()
            }
        }

        """)
    }
}

extension ExampleSources {
    /// `transfers` with an app extension `Ext` compiling `Ext/`, whose `Ext/Downloads.swift` configures a session.
    static func withExtension(_ configuration: String) -> ExampleApp {
        transfers("session.downloadTask(with: url).resume()")
            .with(ExampleTarget("Ext", .appExtension, folder: "Ext"))
            .with("Ext/Downloads.swift", "import Foundation\n\nlet configuration = \(configuration)\n")
    }
}

extension DoctorRule {
    /// One identifier, two sessions (`#if` branches may each create it); and an extension creating a background
    /// session with an identifier the app's own code uses. With several app targets doctor cannot tell which app
    /// embeds the extension, so that is a note.
    fileprivate static func findDuplicateSession(_ audit: inout RuleAudit) {
        let sessions = audit.uses.filter { $0.role == .session && $0.value != nil && !$0.isConditional }
        for (value, sites) in Dictionary(grouping: sessions, by: { $0.value! }) where sites.count > 1 {
            let sorted = sites.sorted { $0.location < $1.location }
            for site in sorted.dropFirst() {
                audit.add(.duplicateSession, at: site.location, "A background session configuration with identifier \(RepositoryText.quoted(value)) is also made at \(sorted[0].location.file):\(sorted[0].location.line).",
                          why: "Two sessions with one identifier at the same time share one background transfer queue; events go to one of them and the other loses its transfers.",
                          fix: "Create the session with \(RepositoryText.quoted(value)) in one place (a static let or a lazy property of a single object) and use that everywhere.")
            }
        }
        // By place, looked up once per session made on every call: thousands of sessions stay linear.
        let valueAt = Dictionary(sessions.map { ($0.location, $0.value!) }, uniquingKeysWith: { first, _ in first })
        for recreated in audit.relevant.flatMap(\.recreatedSessions) {
            guard let value = valueAt[recreated.location] else { continue }
            audit.add(.duplicateSession, at: recreated.location,
                      "A background session configuration with identifier \(RepositoryText.quoted(value)) is made in \(recreated.function)() each time it runs, which starts a transfer at line \(recreated.transfer.line): every call makes the session again.",
                      why: "A second session with an identifier whose session still exists shares its transfer queue: its delegate gets the events of transfers it did not start, and the first session's tasks report to neither or to the wrong object.",
                      fix: "Make the session once, in a static let or a lazy property of a single object, and start every transfer on that one.")
        }
        guard let target = audit.target else { return }
        let appSessions = audit.owned.flatMap(\.uses).filter { $0.role == .session && $0.value != nil }
        for session in audit.context.extensionSessions {
            guard let value = session.use.value,
                  let app = appSessions.filter({ $0.value == value }).min(by: { $0.location < $1.location }) else { continue }
            let extensions = session.targets.joined(separator: ", ")
            let several = audit.context.project.appTargets.count > 1
            audit.add(.duplicateSession, severity: several ? .note : nil, at: session.use.location,
                      "\(extensions) creates a background session with identifier \(RepositoryText.quoted(value)), which \(target.name) also uses (\(app.location.file):\(app.location.line))\(several ? ", if \(target.name) embeds \(extensions)" : "").",
                      why: "Only one process can use a background session at a time: iOS delivers the session's events to either the app or the extension, and the other's transfers never report back.",
                      fix: "Give the extension an identifier of its own (such as \(RepositoryText.quoted(value + "." + session.targets[0]))), and set sharedContainerIdentifier to the app group so the app can read what it downloads.")
        }
    }
}
