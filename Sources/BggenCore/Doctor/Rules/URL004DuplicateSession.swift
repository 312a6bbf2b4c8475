import BggenFormats
extension DoctorRule {
    public static let duplicateSession = DoctorRule(
        id: "URL004", severity: .warning,
        summary: "The same background session identifier is configured at more than one place.",
        finds: "one background session identifier configured at two places, or by an app extension and its app (only one process gets the session's events; a note when two apps could embed the extension)",
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
