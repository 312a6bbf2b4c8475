extension DoctorRule {
    public static let taskNeverCompleted = DoctorRule(
        id: "BG008", severity: .error,
        summary: "A launch handler returns on a path where nothing calls setTaskCompleted (no defer, no expirationHandler).",
        finds: "a launch handler that returns before anything can complete its task: no `setTaskCompleted`, `defer` or `expirationHandler` before the `return`, and the task not handed on (a warning in the `else` of a failed `as?` cast, none where every request for the identifier is of the class cast to, as the `else` cannot run; for an identifier built at run time, the requests of any class written with the same name in the same function)",
        why: "A task that is never completed keeps the app running until iOS expires it; iOS then kills the app, counts it against the app's background time and runs its tasks less often.",
        fix: "Call `task.setTaskCompleted(success:)` on every path, most simply with a `defer` at the top of the handler.",
        tags: ["background-tasks", "completion"],
        check: findTaskNeverCompleted,
        examples: [
            .triggering("an early return in a handler passed to the app's scheduler declared in another file",
                        ExampleSources.callingScheduler(work: "if ProcessInfo.processInfo.isLowPowerModeEnabled {\n                1️⃣return\n            }\n            task.setTaskCompleted(success: true)"),
                        "1️⃣"),
            .triggering("the else of a cast to another class than its identifier's requests returns without completing",
                        ExampleSources.completing("guard let task = task as? BGProcessingTask else { 1️⃣return }\n        task.setTaskCompleted(success: true)"),
                        "1️⃣ BG008 warning"),
            .triggering("the else of a failed cast returns without completing, the identifier also submitted as a processing request",
                        ExampleSources.completing("guard let task = task as? BGAppRefreshTask else { 1️⃣return }\n        task.setTaskCompleted(success: true)",
                                                  modes: ["fetch", "processing"])
                            .with("App/Maintenance.swift", """
                                import BackgroundTasks

                                func scheduleMaintenance() {
                                    try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "com.example.app.refresh"))
                                }

                                """),
                        "1️⃣ BG008 warning"),
            .triggering("the else of a cast for a job's identifier built at run time, a request of that name submitted in another function",
                        ExampleSources.continuedJob(submit: "BGContinuedProcessingTaskRequest(identifier: identifier, title: \"Export\", subtitle: id)",
                                     elsewhere: true, marker: "1️⃣"), "1️⃣ BG008 warning"),
            .triggering("the else of a cast to BGProcessingTask for an identifier built at run time, registered and submitted in one function as a refresh request",
                        ExampleSources.continuedJob(submit: "BGAppRefreshTaskRequest(identifier: identifier)", cast: "BGProcessingTask", mode: "fetch", marker: "1️⃣"),
                        "1️⃣ BG008 warning"),
            .triggering("an early return in Low Power Mode",
                        ExampleSources.completing("if ProcessInfo.processInfo.isLowPowerModeEnabled {\n            1️⃣return\n        }\n        task.setTaskCompleted(success: true)"),
                        "1️⃣"),
            .triggering("a handler that only returns", ExampleSources.completing("1️⃣return"), "1️⃣"),
            .triggering("a statement, then the Low Power Mode check on the next line",
                        ExampleSources.completing("print(task.identifier)\n        if ProcessInfo.processInfo.isLowPowerModeEnabled {\n            1️⃣return\n        }\n        task.setTaskCompleted(success: true)"),
                        "1️⃣"),
            .triggering("a function given as the launch handler returns on a guard",
                        ExampleSources.completing("", handler: "{ _ in").launching("Handler.register()")
                            .with("App/Info.plist", ExampleApp(permitted: ["com.example.app.refresh", "com.example.app.other"], modes: ["fetch"]).renderedFiles["App/Info.plist"]!)
                            .with("App/Handler.swift", """
                                import BackgroundTasks

                                enum Handler {
                                    static func register() {
                                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.other", using: nil, launchHandler: handle)
                                    }

                                    static func handle(_ task: BGTask) {
                                        guard task.identifier == "com.example.app.other" else { 1️⃣return }
                                        task.setTaskCompleted(success: true)
                                    }
                                }

                                """), "1️⃣"),
            .triggering("a closure that only hands the task to a method, which returns early in Low Power Mode (NetNewsWire before fbf2da0ab)",
                        forwarding(to: "if ProcessInfo.processInfo.isLowPowerModeEnabled {\n            1️⃣return\n        }\n        task.setTaskCompleted(success: true)"),
                        "1️⃣"),
            .triggering("a closure given to the app's own register(forJob:) extension returns early in Low Power Mode",
                        ExampleApp(permitted: ["com.example.app.cleanup"], modes: ["processing"]).launching("Jobs.registerAll()").with("App/Jobs.swift", """
                            import BackgroundTasks

                            enum Job: String {
                                case cleanup = "com.example.app.cleanup"
                            }

                            private extension BGTaskScheduler {
                                func register(forJob job: Job, launchHandler: @escaping @Sendable (BGTask) -> Void) -> Bool {
                                    register(forTaskWithIdentifier: job.rawValue, using: nil, launchHandler: launchHandler)
                                }
                            }

                            enum Jobs {
                                static func registerAll() {
                                    _ = BGTaskScheduler.shared.register(forJob: .cleanup) { task in
                                        if ProcessInfo.processInfo.isLowPowerModeEnabled {
                                            1️⃣return
                                        }
                                        task.setTaskCompleted(success: true)
                                    }
                                    try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: Job.cleanup.rawValue))
                                }
                            }

                            """), "1️⃣"),
            .nonTriggering("the else of a cast to the class of every request for its identifier cannot run (VivaDicta before PR #316)",
                           ExampleSources.completing("guard let task = task as? BGAppRefreshTask else { return }\n        task.setTaskCompleted(success: true)")),
            .nonTriggering("the else of a cast to the class of the request for a job's identifier, built at run time and registered and submitted in one function, cannot run (MuApps' Verse)",
                           ExampleSources.continuedJob(submit: "BGContinuedProcessingTaskRequest(identifier: identifier, title: \"Export\", subtitle: id)")),
            .nonTriggering("the else of a cast to the class of the processing request for an identifier built at run time and registered and submitted in one function cannot run",
                           ExampleSources.continuedJob(submit: "BGProcessingTaskRequest(identifier: identifier)", cast: "BGProcessingTask")),
            .nonTriggering("the else of a cast to the class of the refresh request for an identifier built at run time and registered and submitted in one function cannot run",
                           ExampleSources.continuedJob(submit: "BGAppRefreshTaskRequest(identifier: identifier)", cast: "BGAppRefreshTask", mode: "fetch")),
            .nonTriggering("the else of a failed cast completes the task",
                           ExampleSources.completing("guard let task = task as? BGAppRefreshTask else { task.setTaskCompleted(success: false); return }\n        task.setTaskCompleted(success: true)")),
            .nonTriggering("a defer completes the task on every path",
                           ExampleSources.completing("defer { task.setTaskCompleted(success: true) }\n        if ProcessInfo.processInfo.isLowPowerModeEnabled { return }")),
            .nonTriggering("an expiration handler completes it",
                           ExampleSources.completing("task.expirationHandler = { @Sendable in task.setTaskCompleted(success: false) }\n        if ProcessInfo.processInfo.isLowPowerModeEnabled { return }\n        task.setTaskCompleted(success: true)")),
            .nonTriggering("the task handed to code doctor does not read before the return",
                           ExampleSources.completing("guard ProcessInfo.processInfo.isLowPowerModeEnabled else { Refresher.run(task); return }\n        task.setTaskCompleted(success: true)")),
            .nonTriggering("the closure completes the task after the method it hands it to returns",
                           forwarding(to: "if ProcessInfo.processInfo.isLowPowerModeEnabled { return }",
                                      then: "\n            task.setTaskCompleted(success: true)")),
        ])

    /// An app delegate whose launch closure hands the task to `refresh(with:)` (as NetNewsWire's did), whose body is
    /// `body`; `then` follows the call in the closure.
    private static func forwarding(to body: String, then: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/AppDelegate.swift", """
            import BackgroundTasks
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                        self.refresh(with: task as! BGAppRefreshTask)\(then)
                    }
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    return true
                }

                func refresh(with task: BGAppRefreshTask) {
                    \(body)
                }
            }

            """)
    }
}

extension DoctorRule {
    /// A failed cast happens only when the task is of another class than its requests, hence a warning, and never
    /// when every request for the handler's identifiers is of the class cast to.
    fileprivate static func findTaskNeverCompleted(_ audit: inout RuleAudit) {
        // Each request found once by its value, and each run-time one by its name and function, so every cast is
        // answered in a lookup (a file of many handlers stays linear).
        let byValue = Dictionary(grouping: audit.context.requests.filter { $0.value != nil }, by: { $0.value! })
        for facts in audit.relevant {
            let registeredAt = Dictionary(facts.uses.filter(\.isRegistration).map { ($0.location, $0) }, uniquingKeysWith: { first, _ in first })
            let builtHere = Dictionary(grouping: facts.uses.filter { !$0.isRegistration && $0.isTaskIdentifier && $0.value == nil }, by: runTimeKey)
            for early in facts.earlyReturns {
                if let kind = early.castKind {
                    let registrations = early.registrations.compactMap { registeredAt[$0] }
                    let each = registrations.map { $0.value.map { byValue[$0] ?? [] } ?? runTimeKey($0).flatMap { builtHere[$0] } ?? [] }
                    let asked = each.flatMap { $0 }
                    if !registrations.isEmpty, registrations.count == early.registrations.count,
                       zip(registrations, each).allSatisfy({ $0.value != nil || !$1.isEmpty }),
                       !asked.isEmpty, asked.allSatisfy({ $0.role == .request(kind) }) { continue }
                }
                audit.add(.taskNeverCompleted, severity: early.afterFailedCast ? .warning : nil, at: early.location,
                          "This launch handler returns here without completing its task\(early.afterFailedCast ? " when the cast fails" : ""): nothing before it calls setTaskCompleted, and no defer or expirationHandler does.",
                          why: "A task that is never completed keeps the app running until iOS expires it; iOS then kills the app, counts it against the app's background time and runs its tasks less often.",
                          fix: "Call task.setTaskCompleted(success: false) before this return (for a failed cast: guard let task = task as? BGAppRefreshTask else { task.setTaskCompleted(success: false); return }).")
            }
        }
    }

    /// For an identifier built at run time (a job's `"\(prefix).\(id)"`), the name it is written with and the
    /// function it is in: a registration and a request sharing both register and submit one identifier together.
    /// None for a constant defined elsewhere or a use whose function is unknown, which are never matched this way.
    private static func runTimeKey(_ use: TaskIdentifierUse) -> String? {
        guard use.launch != .unknown, let name = use.name, use.pendingConstant == nil else { return nil }
        return "\(name) in \(use.launch)"
    }
}
