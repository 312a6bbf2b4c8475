extension DoctorRule {
    public static let duplicateSession = DoctorRule(
        id: "URL004", severity: .warning,
        summary: "The same background session identifier is configured at more than one place.",
        finds: "one background session identifier configured at two places, or by an app extension and its app (only one process gets the session's events; a note when two apps could embed the extension)",
        why: "Two sessions with one identifier share one background transfer queue; events go to one of them, and an extension and its app cannot use one session at a time, so the other's transfers never report back.",
        fix: "Give each session its own identifier (an extension's usually ends in its own suffix), and create each session once.",
        tags: ["url-session"],
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
            .nonTriggering("an extension with its own identifier",
                           ExampleSources.withExtension(#"URLSessionConfiguration.background(withIdentifier: "com.example.app.transfers.ext")"#)),
        ])
}

extension ExampleSources {
    /// `transfers` with an app extension `Ext` compiling `Ext/`, whose `Ext/Downloads.swift` configures a session.
    static func withExtension(_ configuration: String) -> ExampleApp {
        transfers("session.downloadTask(with: url).resume()")
            .with(ExampleTarget("Ext", .appExtension, folder: "Ext"))
            .with("Ext/Downloads.swift", "import Foundation\n\nlet configuration = \(configuration)\n")
    }
}
