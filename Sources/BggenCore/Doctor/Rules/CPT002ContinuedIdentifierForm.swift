import BggenModel

extension DoctorRule {
    public static let continuedIdentifierForm = DoctorRule(
        id: "CPT002", severity: .error,
        summary: "A continued-processing identifier is not the bundle identifier, a context and a task under a permitted .* wildcard.",
        finds: "a continued-processing identifier (`BGContinuedProcessingTaskRequest` and its registration) that does not start with the app's bundle identifier in any configuration, or that `BGTaskSchedulerPermittedIdentifiers` permits only as itself, with no `prefix.*` entry covering it (an identifier not permitted at all is BG001's)",
        why: "iOS 26 accepts a continued-processing identifier only in wildcard notation: the app's bundle identifier, an optional context, then the task (`<bundle id>.<context>.<task>`), permitted by a `<bundle id>.<context>.*` entry. Otherwise `submit` throws `BGTaskScheduler.Error.notPermitted` and the work stops when the app leaves the foreground.",
        fix: "Start the identifier with the bundle identifier (`Bundle.main.bundleIdentifier! + \".export.\" + id`), and list the wildcard `<bundle id>.<context>.*` in `BGTaskSchedulerPermittedIdentifiers`.",
        tags: ["continued-processing", "info-plist"],
        check: findContinuedIdentifierForm,
        examples: [
            .triggering("an identifier that does not start with the bundle identifier",
                        continuedExport(permitted: ["documents.ocr.*"], identifier: #""documents.ocr.page""#, marker: "1️⃣"), "1️⃣"),
            .triggering("an identifier the Info.plist permits only as itself, without the .* wildcard",
                        continuedExport(permitted: ["com.example.app.export.one"], identifier: #""com.example.app.export.one""#, marker: "1️⃣"), "1️⃣"),
            .nonTriggering("the bundle identifier, a context and a task under its wildcard",
                           continuedExport(permitted: ["com.example.app.export.*"], identifier: #""com.example.app.export.one""#)),
            .nonTriggering("built from Bundle.main.bundleIdentifier, under a wildcard written with the build setting",
                           continuedExport(permitted: ["$(PRODUCT_BUNDLE_IDENTIFIER).export.*"], identifier: #"Bundle.main.bundleIdentifier! + ".export.one""#)),
            .nonTriggering("a refresh identifier that does not start with the bundle identifier (only continued processing needs it)",
                           ExampleApp(permitted: ["documents.refresh"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""documents.refresh""#, submitted: #""documents.refresh""#))),
        ])

    /// A continued-processing export registering `identifier` (a Swift expression; `marker` before the call, line 5)
    /// in `register()` and submitting it in `start()`, with `permitted` in the Info.plist.
    private static func continuedExport(permitted: [String], identifier: String, marker: String = "") -> ExampleApp {
        ExampleApp(permitted: permitted, modes: ["processing"]).with("App/Export.swift", """
            import BackgroundTasks
            import Foundation

            enum Export {
                static func register() {
                    BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: \(identifier), using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                }

                static func start() {
                    let request = BGContinuedProcessingTaskRequest(identifier: \(identifier), title: "Export", subtitle: "")
                    try? BGTaskScheduler.shared.submit(request)
                }
            }

            """)
    }
}

extension DoctorRule {
    /// Each continued-processing identifier once, where the code first uses it: its prefix against the bundle
    /// identifier of every configuration (`Bundle.main.bundleIdentifier` in the code starts with it by
    /// construction), then the entry that permits it.
    fileprivate static func findContinuedIdentifierForm(_ audit: inout RuleAudit) {
        guard let target = audit.target else { return }
        let bundles = target.expansions(of: "$(PRODUCT_BUNDLE_IDENTIFIER)")
        let knownBundles = bundles.allSatisfy(\.isFullyResolved) ? Set(bundles.map(\.resolved).filter { !$0.isEmpty }) : []
        let permitted = audit.plist.map { $0.permitted(in: target) }
        var reported = Set<String>()
        for use in audit.uses where use.isTaskIdentifier {
            guard let written = use.value, !written.hasPrefix("$(PRODUCT_BUNDLE_IDENTIFIER)."), let value = audit.expanded(written),
                  audit.isContinued(use, value: value), !reported.contains(value) else { continue }
            if !knownBundles.isEmpty, !knownBundles.contains(where: { value.hasPrefix($0 + ".") }) {
                reported.insert(value)
                let bundle = knownBundles.sorted()[0]
                audit.add(.continuedIdentifierForm, at: use.location,
                          "The continued-processing identifier \(RepositoryText.quoted(value)) does not start with \(target.name)'s bundle identifier \(RepositoryText.quoted(bundle)).",
                          why: "iOS accepts a continued-processing identifier only as <bundle id>.<context>.<task>: submit throws BGTaskScheduler.Error.notPermitted and the work stops when the app leaves the foreground.",
                          fix: "Start it with the bundle identifier (such as \(RepositoryText.quoted(bundle + "." + value))) and permit \(RepositoryText.quoted(wildcard(for: bundle + "." + value))) in \(BackgroundModes.permittedIdentifiersKey).")
            } else if let permitted, let plist = audit.plist, permitted.permitsOnlyByPlainEntry(value) {
                reported.insert(value)
                audit.add(.continuedIdentifierForm, at: use.location,
                          "\(plist.path) permits the continued-processing identifier \(RepositoryText.quoted(value)) only as itself, not under a wildcard such as \(RepositoryText.quoted(wildcard(for: value))).",
                          why: "iOS matches a continued-processing identifier only against a <bundle id>.<context>.* entry: submit throws BGTaskScheduler.Error.notPermitted and the work stops when the app leaves the foreground.",
                          fix: "Replace \(RepositoryText.quoted(value)) with \(RepositoryText.quoted(wildcard(for: value))) in \(BackgroundModes.permittedIdentifiersKey) in \(plist.path).")
            }
        }
    }
}
