import BggenFormats

extension DoctorRule {
    public static let notPermitted = DoctorRule(
        id: "BG001", severity: .error,
        summary: "A task identifier registered or submitted in code is not in BGTaskSchedulerPermittedIdentifiers.",
        finds: "a task identifier registered or submitted that `BGTaskSchedulerPermittedIdentifiers` does not list (a `prefix.*` wildcard counts for continued processing only); entries written with `$(PRODUCT_BUNDLE_IDENTIFIER)` are compared after expansion; a new UUID as the whole identifier (`UUID().uuidString`), which no entry can permit",
        why: "`register` returns `false` and the handler never runs; `submit` throws `BGTaskScheduler.Error.notPermitted` (code 3).",
        fix: "Add the identifier to `BGTaskSchedulerPermittedIdentifiers` in the app's Info.plist (`bggen doctor --fix` does, except under a continued-processing wildcard, which is yours to choose), or correct the spelling in the code or the plist so both say the same.",
        tags: ["background-tasks", "info-plist"],
        check: findNotPermitted,
        examples: [
            .triggering("an identifier passed to the app's scheduler declared in another file",
                        ExampleSources.callingScheduler(marker: "1️⃣", permitted: nil), "1️⃣"),
            .triggering("a new UUID as a continued-processing job's whole identifier, registered and submitted (MuApps' Tone)",
                        ExampleApp(permitted: ["com.example.app.export.*"], modes: ["processing"]).with("App/Exporter.swift", """
                            import BackgroundTasks

                            final class Exporter {
                                func start() throws {
                                    let id = UUID().uuidString
                                    BGTaskScheduler.shared.1️⃣register(forTaskWithIdentifier: UUID().uuidString, using: nil) { task in
                                        task.setTaskCompleted(success: true)
                                    }
                                    try BGTaskScheduler.shared.submit(2️⃣BGContinuedProcessingTaskRequest(identifier: UUID().uuidString.lowercased(), title: id, subtitle: id))
                                }
                            }

                            """), "1️⃣", "2️⃣"),
            .nonTriggering("a new UUID after the bundle identifier and a name, under their wildcard",
                           ExampleApp(permitted: ["com.example.app.export.*"], modes: ["processing"]).with("App/Exporter.swift", """
                               import BackgroundTasks

                               final class Exporter {
                                   func start() throws {
                                       let identifier = "com.example.app.export.\\(UUID().uuidString)"
                                       BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in // bggen:ignore CHECK001
                                           task.setTaskCompleted(success: true)
                                       }
                                       try BGTaskScheduler.shared.submit(BGContinuedProcessingTaskRequest(identifier: identifier, title: "Export", subtitle: "")) // bggen:ignore CHECK001
                                   }
                               }

                               """)),
            .nonTriggering("a method of another type with the scheduler's name and labels, on a receiver of that type",
                           ExampleSources.callingScheduler(more: """

                                       let analytics = Analytics()
                                       analytics.registerHandler(id: "com.example.app.unlisted") { event in print(event) }
                               """)
                               .with("App/Analytics.swift", """
                                   final class Analytics {
                                       private var handlers: [String: (String) -> Void] = [:]

                                       func registerHandler(id: String, handler: @escaping (String) -> Void) {
                                           handlers[id] = handler
                                       }
                                   }

                                   """)),
            .nonTriggering("a function with the scheduler's name and other labels",
                           ExampleSources.callingScheduler(more: "\n        bus.registerHandler(named: \"com.example.app.unlisted\") { event in print(event) }")
                               .with("App/EventBus.swift", """
                                   let bus = EventBus()

                                   final class EventBus {
                                       func registerHandler(named name: String, handler: @escaping (String) -> Void) {}
                                   }

                                   """)),
            .triggering("an identifier the Info.plist does not list",
                        ExampleApp(modes: ["fetch"]).with("App/AppDelegate.swift", ExampleSources.appDelegate(registerMarker: "1️⃣")),
                        "1️⃣"),
            .triggering("a refresh identifier under a wildcard, which only continued processing may use",
                        ExampleApp(permitted: ["com.example.app.*"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registerMarker: "1️⃣")),
                        "1️⃣"),
            .triggering("a continued-processing identifier outside its wildcard",
                        ExampleApp(permitted: ["com.example.app.export.*"], modes: ["processing"])
                            .with("App/Export.swift", ExampleSources.appDelegate(registered: #""com.example.app.import.one""#, submitted: #""com.example.app.import.one""#,
                                                                                 request: "BGContinuedProcessingTaskRequest", registerMarker: "1️⃣")),
                        "1️⃣"),
            .triggering("a constant declared in another file",
                        ExampleApp(modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: "TaskNames.refresh", submitted: "TaskNames.refresh", registerMarker: "1️⃣"))
                            .with("App/TaskNames.swift", "enum TaskNames {\n    static let refresh = \"com.example.app.refresh\"\n}\n"),
                        "1️⃣"),
            .triggering("a constant named with its types, beside another type's property of that name in another file (pocket-casts)",
                        ExampleSources.qualifiedConstant(permitted: nil, marker: "1️⃣"), "1️⃣"),
            .triggering("a member a switch over self gives each case of an enum declared elsewhere, one case's not permitted (duckduckgo)",
                        ExampleSources.switchedMember(permitted: ["com.example.app.hashes"], marker: "1️⃣"), "1️⃣"),
            .triggering("an entry written with the bundle identifier that expands to another identifier",
                        ExampleApp(permitted: ["2️⃣$(PRODUCT_BUNDLE_IDENTIFIER).refresh"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.other.refresh""#, submitted: #""com.example.other.refresh""#,
                                                                                 registerMarker: "1️⃣")),
                        "1️⃣", "2️⃣ BG002"),
            .triggering("the bundle identifier and a suffix joined with +, whose whole the Info.plist does not list (not the bare bundle identifier)",
                        ExampleApp(permitted: ["2️⃣$(PRODUCT_BUNDLE_IDENTIFIER).fetch"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #"Bundle.main.bundleIdentifier! + ".refresh""#,
                                                                                 submitted: #"Bundle.main.bundleIdentifier! + ".refresh""#, registerMarker: "1️⃣")),
                        "1️⃣", "2️⃣ BG002"),
            .nonTriggering("identifiers built from the bundle identifier with +, ?? and a constant of another type in another file (the exposure-notification apps)",
                           ExampleApp(permitted: ["$(PRODUCT_BUNDLE_IDENTIFIER).exposure-notification"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #"Bundle.main.bundleIdentifier! + ".exposure-notification""#,
                                                                                    submitted: "TaskNames.exposure"))
                               .with("App/TaskNames.swift", """
                                   import Foundation

                                   enum TaskNames {
                                       static let exposure = (Bundle.main.bundleIdentifier ?? "com.example.fallback") + suffix
                                       static let suffix = ".exposure-notification"
                                   }

                                   """)),
            .triggering("a String enum's case whose identifier, built from the bundle identifier and the raw value, is not permitted",
                        ExampleSources.taskEnum(permitted: ["$(PRODUCT_BUNDLE_IDENTIFIER).refresh"], registerMarker: "1️⃣", submitted: "TaskID.refresh.identifier"),
                        "1️⃣"),
            .triggering("an identifier passed through the app's own register wrapper",
                        ExampleApp(modes: ["fetch"]).with("App/Tasks.swift", ExampleSources.registerWrapper(marker: "1️⃣")).launching("Tasks().registerAll()"), "1️⃣"),
            .triggering("a local bound to a static constant that an extension in another file declares",
                        ExampleApp(permitted: ["2️⃣com.example.app.other"], modes: ["fetch"]).with("App/AppDelegate.swift", """
                            import BackgroundTasks
                            import UIKit

                            final class AppDelegate: UIResponder, UIApplicationDelegate {
                                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                                    let identifier = AppDelegate.refreshIdentifier
                                    BGTaskScheduler.shared.1️⃣register(forTaskWithIdentifier: identifier, using: nil) { task in
                                        task.setTaskCompleted(success: true)
                                    }
                                    return true
                                }
                            }

                            """).with("App/AppDelegate+Names.swift", """
                            extension AppDelegate {
                                static let refreshIdentifier = "com.example.app.refresh"
                            }

                            """), "1️⃣", "2️⃣ BG002"),
            .nonTriggering("an identifier the Info.plist lists", ExampleSources.cleanRefresh),
            .nonTriggering("a continued-processing identifier under its wildcard",
                           ExampleApp(permitted: ["com.example.app.export.*"], modes: ["processing"])
                               .with("App/Export.swift", ExampleSources.appDelegate(registered: #""com.example.app.export.one""#, submitted: #""com.example.app.export.one""#,
                                                                                    request: "BGContinuedProcessingTaskRequest"))),
            .nonTriggering("a constant in another file that the Info.plist lists",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: "TaskNames.refresh", submitted: "TaskNames.refresh"))
                               .with("App/TaskNames.swift", "enum TaskNames {\n    static let refresh = \"com.example.app.refresh\"\n}\n")),
            .nonTriggering("an entry written with $(PRODUCT_BUNDLE_IDENTIFIER)",
                           ExampleApp(permitted: ["$(PRODUCT_BUNDLE_IDENTIFIER).refresh"], modes: ["fetch"]).with("App/AppDelegate.swift", ExampleSources.appDelegate())),
            .nonTriggering("an entry written with ${PRODUCT_BUNDLE_IDENTIFIER}",
                           ExampleApp(permitted: ["${PRODUCT_BUNDLE_IDENTIFIER}.refresh"], modes: ["fetch"]).with("App/AppDelegate.swift", ExampleSources.appDelegate())),
            .nonTriggering("an entry with a variable nothing in the repository defines (an uncommitted xcconfig)",
                           ExampleApp(permitted: ["$(TEAM_APP_ID).refresh"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.other.refresh""#, submitted: #""com.example.other.refresh""#))),
            .nonTriggering("an identifier passed through a register wrapper that the Info.plist lists",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Tasks.swift", ExampleSources.registerWrapper()).launching("Tasks().registerAll()")),
            .nonTriggering("a wrapper's parameter named like a static constant of its type",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Tasks.swift", """
                               import BackgroundTasks

                               final class Tasks {
                                   static let identifier = "com.example.app.unused"

                                   func registerAll() {
                                       register(identifier: "com.example.app.refresh")
                                   }

                                   private func register(identifier: String) {
                                       BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
                                           task.setTaskCompleted(success: true)
                                       }
                                       try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                                   }
                               }

                               """).launching("Tasks().registerAll()")),
        ])
}

extension ExampleSources {
    /// A class registering through its own `register(_:handler:)`, called on line 5 (`marker` before the call).
    static func registerWrapper(marker: String = "") -> String {
        """
        import BackgroundTasks

        final class Tasks {
            func registerAll() {
                \(marker)register(Names.refresh) { task in task.setTaskCompleted(success: true) }
            }

            private func register(_ identifier: String, handler: @escaping @Sendable (BGTask) -> Void) {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil, launchHandler: handler)
            }

            func schedule() {
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: Names.refresh))
            }
        }

        enum Names {
            static let refresh = "com.example.app.refresh"
        }

        """
    }
}

extension DoctorRule {
    /// Every identifier the target's code registers or submits must be in its Info.plist; a continued-processing
    /// one may be under a wildcard.
    fileprivate static func findNotPermitted(_ audit: inout RuleAudit) {
        guard let target = audit.target, let plist = audit.plist else { return }
        let permitted = plist.permitted(in: target)
        var reported = Set<String>()
        for use in audit.uses where use.isTaskIdentifier {
            guard let written = use.value, let value = audit.expanded(written) else {
                // A wrapper that registers and submits its argument gives two uses at one call: one finding.
                if TaskIdentifierText.isFreshUUID(use.expression), reported.insert("\(use.location.file):\(use.location.line):\(use.location.column)").inserted {
                    reportFreshUUID(use, target: target, plist: plist, audit: &audit)
                }
                continue
            }
            let continued = audit.isContinued(use, value: value)
            guard !permitted.permits(value, continued: continued), reported.insert(value).inserted else { continue }
            let verb = use.isRegistration ? "registers" : "submits a request for"
            guard TaskIdentifierText.isReverseDNS(value) else {
                // Never quoted, never written: the string may be a message to whoever reads the fix.
                audit.add(.notPermitted, at: use.location,
                          "\(target.name) \(verb) \(TaskIdentifierText.notReverseDNS) at \(use.location.file):\(use.location.line), which \(plist.path) does not list in \(BackgroundModes.permittedIdentifiersKey).",
                          why: use.isRegistration ? "register returns false and the handler never runs." : "submit throws BGTaskScheduler.Error.notPermitted (code 3) and the task never runs.",
                          fix: "Use a reverse-DNS identifier (parts of letters, digits, '-' and '_' between dots) in the code, and list it in \(BackgroundModes.permittedIdentifiersKey); --fix adds nothing for this one.")
                continue
            }
            audit.add(.notPermitted, at: use.location,
                      "\(target.name) \(verb) \(RepositoryText.quoted(value)), which \(plist.path) does not list in \(BackgroundModes.permittedIdentifiersKey).",
                      why: use.isRegistration ? "register returns false and the handler never runs." : "submit throws BGTaskScheduler.Error.notPermitted (code 3) and the task never runs.",
                      fix: continued ? "Add a wildcard such as \(RepositoryText.quoted(wildcard(for: value))) to \(BackgroundModes.permittedIdentifiersKey) in \(plist.path)."
                          : "Add \(RepositoryText.quoted(value)) to \(BackgroundModes.permittedIdentifiersKey) in \(plist.path).",
                      edit: continued ? nil : PlistFix(path: plist.path, edit: .addStrings(key: BackgroundModes.permittedIdentifiersKey, values: [value])))
        }
    }

    /// A new UUID is never permitted. A continued-processing job wants its own identifier each time, which is the
    /// bundle identifier, a name and the UUID after them, under a wildcard; other tasks want one fixed identifier.
    private static func reportFreshUUID(_ use: TaskIdentifierUse, target: AppTarget, plist: PlistFacts, audit: inout RuleAudit) {
        let continued = audit.isContinued(use, value: "")
        // The bundle identifier is the repository's text, printed unquoted in the example: only a reverse-DNS one.
        let bundle = target.bundleIdentifier.flatMap { $0.isFullyResolved && TaskIdentifierText.isReverseDNS($0.resolved) ? $0.resolved : nil }
            ?? "<bundle id>"
        audit.add(.notPermitted, at: use.location,
                  "\(target.name) uses a new UUID as a task identifier (\(RepositoryText.quoted(use.expression))), which no entry of \(BackgroundModes.permittedIdentifiersKey) in \(plist.path) can permit.",
                  why: "An identifier the Info.plist does not permit is refused: register returns false, submit throws BGTaskScheduler.Error.notPermitted (code 3), and the task never runs.",
                  fix: continued ? "Put the bundle identifier and a name before the UUID (\"\(bundle).job.\\(UUID().uuidString)\") and list \(RepositoryText.quoted(bundle + ".job.*")) in \(BackgroundModes.permittedIdentifiersKey)."
                      : "Use one fixed reverse-DNS identifier for the task and list it in \(BackgroundModes.permittedIdentifiersKey).")
    }

    /// `com.example.app.export.*` for `com.example.app.export.one`: the entry a continued-processing identifier needs.
    static func wildcard(for identifier: String) -> String {
        let parts = identifier.split(separator: ".")
        return (parts.count > 1 ? parts.dropLast().joined(separator: ".") : identifier) + ".*"
    }
}
