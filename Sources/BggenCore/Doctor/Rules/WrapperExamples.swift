extension ExampleSources {
    /// `App/TaskScheduler.swift`: the app's scheduler (issue 25's shape), whose `registerHandler(id:handler:)`
    /// registers with its parameters and whose `schedule(id:)` submits, for calls in other files. `parameter` is the
    /// handler parameter's type.
    static func taskScheduler(parameter: String = "@escaping @Sendable (BGTask) -> Void") -> String {
        """
        import BackgroundTasks

        final class TaskScheduler {
            func registerHandler(id: String, handler: \(parameter)) {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: id, using: nil, launchHandler: handler)
            }

            func schedule(id: String) {
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: id))
            }
        }

        """
    }

    /// A refresh app whose `App/Tasks.swift` (`context` its type) registers and submits `identifier` only through the
    /// `TaskScheduler` of `App/TaskScheduler.swift`, the call on line 7 (`marker` before `registerHandler`) with
    /// `work` as the handler, and names nothing of BackgroundTasks itself. `launch` is what launch runs; `more` is
    /// added to `registerAll()`.
    static func callingScheduler(identifier: String = #""com.example.app.refresh""#, work: String = completes, marker: String = "",
                                 context: String = "final class Tasks", parameter: String = "@escaping @Sendable (BGTask) -> Void",
                                 permitted: [String]? = ["com.example.app.refresh"], launch: String = "Tasks().registerAll()",
                                 more: String = "") -> ExampleApp {
        ExampleApp(permitted: permitted, modes: ["fetch"], settings: "SWIFT_VERSION = 6.0;").launching(launch)
            .with("App/TaskScheduler.swift", taskScheduler(parameter: parameter))
            .with("App/Tasks.swift", """
                \(context) {
                    let scheduler = TaskScheduler()

                    func registerAll() {
                        scheduler.\(marker)registerHandler(id: \(identifier)) { task in
                            \(work)
                        }
                        scheduler.schedule(id: \(identifier))\(more)
                    }
                }

                """)
    }

    /// The issue's protocol shape across three files: `App/SchedulerProtocol.swift` declares `BGTaskSchedulerProtocol`,
    /// `App/BGTaskScheduler+Protocol.swift` conforms `BGTaskScheduler` to it by forwarding to `register`, and
    /// `App/Tasks.swift` registers through a stored property of the protocol's type, the call on line 6 (`marker`
    /// before `registerHandler`) with `work` as the handler.
    static func schedulerProtocolInOtherFiles(work: String, marker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks(scheduler: BGTaskScheduler.shared).registerAll()")
            .with("App/SchedulerProtocol.swift", """
                import BackgroundTasks

                protocol BGTaskSchedulerProtocol {
                    func registerHandler(forTaskWithIdentifier identifier: String, launchHandler: @escaping @Sendable (BGTask) -> Void) -> Bool
                }

                """)
            .with("App/BGTaskScheduler+Protocol.swift", """
                import BackgroundTasks

                extension BGTaskScheduler: BGTaskSchedulerProtocol {
                    func registerHandler(forTaskWithIdentifier identifier: String, launchHandler: @escaping @Sendable (BGTask) -> Void) -> Bool {
                        register(forTaskWithIdentifier: identifier, using: nil, launchHandler: launchHandler)
                    }
                }

                """)
            .with("App/Tasks.swift", """
                import BackgroundTasks

                struct Tasks {
                    let scheduler: BGTaskSchedulerProtocol

                    func registerAll() {
                        _ = scheduler.\(marker)registerHandler(forTaskWithIdentifier: "com.example.app.refresh") { task in
                            \(work.replacingOccurrences(of: "\n        ", with: "\n            "))
                        }
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    }
                }

                """)
    }
}
