import Foundation

extension DoctorRule {
    public static let noExpirationHandler = DoctorRule(
        id: "BG007", severity: .error,
        summary: "A launch handler whose work outlives it and that never sets the task's expirationHandler.",
        finds: "a launch handler that starts work outliving it (a closure, `await`, a `Task`) and never sets an `expirationHandler`",
        why: "When the time runs out iOS calls the expiration handler; without one the work is not stopped, `setTaskCompleted` is not called, and iOS kills the app and throttles its future tasks.",
        fix: "Set `task.expirationHandler` before the work starts: cancel the work there and call `task.setTaskCompleted(success: false)`.",
        tags: ["background-tasks", "expiration"],
        check: findNoExpirationHandler,
        examples: [
            .triggering("a handler registered through the app's scheduler protocol, declared and conformed to in other files",
                        ExampleSources.schedulerProtocolInOtherFiles(work: "Task { task.setTaskCompleted(success: true) }", marker: "1️⃣"), "1️⃣"),
            .nonTriggering("an expiration handler set in a handler registered through the scheduler protocol of other files",
                           ExampleSources.schedulerProtocolInOtherFiles(work: "task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task { task.setTaskCompleted(success: true) }")),
            .triggering("a Task started for the work, no expiration handler",
                        ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in", marker: "1️⃣")), "1️⃣"),
            .triggering("an async block inside the handler",
                        ExampleSources.completing("DispatchQueue.global().async { return }\n        task.setTaskCompleted(success: true)", marker: "1️⃣"),
                        "1️⃣"),
            .triggering("a handler registered through the app's own scheduler protocol",
                        schedulerProtocol(work: "Task { task.setTaskCompleted(success: true) }"), "1️⃣"),
            .triggering("a handler given by label to the app's own scheduler protocol",
                        schedulerProtocol(work: "Task { task.setTaskCompleted(success: true) }", byLabel: true), "1️⃣"),
            .triggering("a handler passed to a wrapper whose launch closure hands the task to it",
                        closureParameterWrapper(work: "Task { task.setTaskCompleted(success: true) }"), "1️⃣"),
            .nonTriggering("an expiration handler set in a handler passed to a wrapper whose launch closure hands the task to it",
                           closureParameterWrapper(work: "task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task { task.setTaskCompleted(success: true) }",
                                                   marker: "")),
            .triggering("a handler that hands the task to a delegate implemented in another file, and no file sets an expiration handler",
                        delegateHandOff(delegateWork: "completion(true)"), "1️⃣"),
            .nonTriggering("a handler that hands the task to a delegate implemented in another file, which sets an expiration handler",
                           delegateHandOff(delegateWork: "task.expirationHandler = { completion(false) }\n        completion(true)", marker: "")),
            .triggering("a Task started for the work, with the task cast to its class under another name",
                        ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in", work: castFirst("Task { refreshTask.setTaskCompleted(success: true) }"),
                                                                     marker: "1️⃣")), "1️⃣"),
            .nonTriggering("work that ends before the handler returns, with the task cast to its class under another name",
                           ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in", work: castFirst("refreshTask.setTaskCompleted(success: true)")))),
            .triggering("a handler that casts the task and sets no expiration handler, beside one that sets its own",
                        besideOneSettingItsOwn("guard let processing = task as? BGProcessingTask else {\n            task.setTaskCompleted(success: false)\n            return\n            }\n            Task { processing.setTaskCompleted(success: true) }",
                                               marker: "1️⃣"), "1️⃣"),
            .triggering("a handler that casts the task in an if and sets no expiration handler, beside one that sets its own",
                        besideOneSettingItsOwn("if let processing = task as? BGProcessingTask {\n            Task { processing.setTaskCompleted(success: true) }\n            }",
                                               marker: "1️⃣"), "1️⃣"),
            .nonTriggering("an expiration handler set on the task cast to its class, beside a handler that sets its own",
                           besideOneSettingItsOwn("guard let processing = task as? BGProcessingTask else {\n            task.setTaskCompleted(success: false)\n            return\n            }\n            processing.expirationHandler = { processing.setTaskCompleted(success: false) }\n            Task { processing.setTaskCompleted(success: true) }")),
            .nonTriggering("an expiration handler set on the task cast in an if, beside a handler that sets its own",
                           besideOneSettingItsOwn("if let processing = task as? BGProcessingTask {\n            processing.expirationHandler = { processing.setTaskCompleted(success: false) }\n            Task { processing.setTaskCompleted(success: true) }\n            }")),
            .nonTriggering("an expiration handler set on a stored task, which either handler's may be",
                           besideOneSettingItsOwn("Task { task.setTaskCompleted(success: true) }", stored: true)),
            .nonTriggering("an expiration handler set before the work",
                           ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in", work: "task.expirationHandler = { @Sendable in }\n        Task { task.setTaskCompleted(success: true) }"))),
            .nonTriggering("work that ends before the handler returns",
                           ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in", work: "task.setTaskCompleted(success: true)"))),
            .nonTriggering("a call, then an if on the next line, in work that ends before the handler returns",
                           ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in",
                                                                        work: "print(task.identifier)\n        if ProcessInfo.processInfo.isLowPowerModeEnabled {\n            task.setTaskCompleted(success: false)\n            return\n        }\n        task.setTaskCompleted(success: true)"))),
            .triggering("the task handed to a helper of another file that starts work and sets no expiration handler",
                        helperInAnotherFile(helperWork: "Task { task.setTaskCompleted(success: true) }"), "1️⃣"),
            .nonTriggering("the task handed to a helper of another file that sets its expiration handler",
                           helperInAnotherFile(helperWork: "task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task { task.setTaskCompleted(success: true) }",
                                               marker: "")),
            .triggering("a launch handler in a framework the app links, whose app delegate the app's subclasses",
                        ExampleSources.frameworkDelegate(work: "Task { task.setTaskCompleted(success: true) }", marker: "1️⃣"), "1️⃣"),
            .nonTriggering("the task handed to code doctor does not follow",
                           ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in").replacingOccurrences(of: "self.refresh(task)", with: "Refresher.run(task)"))),
            .nonTriggering("the task handed on from the function it was passed to",
                           ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in", work: "Task { Refresher.run(task) }"))),
            .nonTriggering("an expiration handler set in a handler registered through the app's own scheduler protocol",
                           schedulerProtocol(work: "task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task { task.setTaskCompleted(success: true) }",
                                             marker: "")),
        ])

    /// A launch handler that only hands its task to `Refresher.handle(_:)`, declared in `App/Refresher.swift` with
    /// `helperWork` for its body, while another handler of the app sets its own expiration handler (so the word is
    /// in the app, and only following the task into the helper tells).
    private static func helperInAnotherFile(helperWork: String, marker: String = "1️⃣") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh", "com.example.app.cleanup"], modes: ["fetch", "processing"])
            .launching("Tasks.registerAll()").with("App/Tasks.swift", """
                import BackgroundTasks

                enum Tasks {
                    static func registerAll() {
                        BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                            Refresher.shared.handle(task)
                        }
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.cleanup", using: nil) { task in
                            task.expirationHandler = { task.setTaskCompleted(success: false) }
                            Task { task.setTaskCompleted(success: true) }
                        }
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                        try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "com.example.app.cleanup"))
                    }
                }

                """).with("App/Refresher.swift", """
                import BackgroundTasks

                final class Refresher: Sendable {
                    static let shared = Refresher()

                    func handle(_ task: BGTask) {
                        \(helperWork)
                    }
                }

                """)
    }

    /// `work` after the task is cast to `refreshTask` (olvid-ios's shape), completing it when the cast fails.
    private static func castFirst(_ work: String) -> String {
        "guard let refreshTask = task as? BGAppRefreshTask else {\n            task.setTaskCompleted(success: false)\n            return\n        }\n        " + work
    }

    /// olvid-ios's shape (its processing handler casts the task with `guard let bgProcessingTask = task as?
    /// BGProcessingTask`): a processing handler doing `work` (`marker` before its call), registered beside a refresh
    /// handler that sets its own task's expiration handler, or (`stored`) one that keeps its task in a property
    /// whose expiration handler it sets.
    private static func besideOneSettingItsOwn(_ work: String, marker: String = "", stored: Bool = false) -> ExampleApp {
        let refresh = stored
            ? "self.current = task\n            self.current?.expirationHandler = { task.setTaskCompleted(success: false) }"
            : "task.expirationHandler = { task.setTaskCompleted(success: false) }"
        return ExampleApp(permitted: ["com.example.app.refresh", "com.example.app.cleanup"], modes: ["fetch", "processing"])
            .launching("Tasks.shared.registerAll()").with("App/Tasks.swift", """
                import BackgroundTasks

                final class Tasks {
                    static let shared = Tasks()
                    var current: BGTask?

                    func registerAll() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                            \(refresh)
                            Task { task.setTaskCompleted(success: true) }
                        }
                        BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.cleanup", using: nil) { task in
                            \(work)
                        }
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                        try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "com.example.app.cleanup"))
                    }
                }

                """)
    }

    /// Corona-Warn-App's shape: `registerTask(with:taskHandler:)` registers, under a local bound to its identifier
    /// parameter, with a launch closure that only hands the task to its closure parameter, and is called with one of
    /// the type's methods, whose body is `work`. The local is the parameter under another name, so the call's literal
    /// is the identifier checked (Corona-Warn-App's is a member of its parameter, which no call gives).
    private static func closureParameterWrapper(work: String, marker: String = "1️⃣", members: String = "",
                                                declarations: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .launching("Scheduler.shared.registerTasks()").with("App/Scheduler.swift", """
                import BackgroundTasks

                \(declarations)final class Scheduler\(members.isEmpty ? ": Sendable" : "") {
                    static let shared = Scheduler()
                    \(members)

                    func registerTasks() {
                        \(marker)registerTask(with: "com.example.app.refresh", taskHandler: refresh(_:))
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    }

                    private func registerTask(with identifier: String, taskHandler: @escaping @Sendable (BGTask) -> Void) {
                        let identifierString = identifier
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifierString, using: nil) { task in
                            taskHandler(task)
                        }
                    }

                    private func refresh(_ task: BGTask) {
                        \(work)
                    }
                }

                """)
    }

    /// Corona-Warn-App's shape whole: the handler passed to the wrapper, a private `execute(_:)`, hands the task to
    /// its delegate's `execute(task:completion:)`, a requirement of the file's protocol of the same base name, and
    /// completes it in the completion closure; `App/Executor.swift` implements the requirement with `delegateWork`.
    private static func delegateHandOff(delegateWork: String, marker: String = "1️⃣") -> ExampleApp {
        closureParameterWrapper(work: "delegate?.execute(task: task) { success in task.setTaskCompleted(success: success) }", marker: marker,
                                members: "weak var delegate: TaskExecutionDelegate?",
                                declarations: "protocol TaskExecutionDelegate: AnyObject {\n    func execute(task: BGTask, completion: @escaping (Bool) -> Void)\n}\n\n")
            .with("App/Executor.swift", """
                import BackgroundTasks

                final class Executor: TaskExecutionDelegate {
                    func execute(task: BGTask, completion: @escaping (Bool) -> Void) {
                        \(delegateWork)
                    }
                }

                """)
    }

    /// An app that registers through its own `BGTaskSchedulerProtocol`, implemented by an extension of
    /// `BGTaskScheduler` that forwards to `register`, with `work` in the launch handler (`marker` before the call),
    /// passed as a trailing closure or `byLabel` as `launchHandler:`.
    private static func schedulerProtocol(work: String, byLabel: Bool = false, marker: String = "1️⃣") -> ExampleApp {
        let call = byLabel ? #"(forTaskWithIdentifier: "com.example.app.refresh", launchHandler: { task in"# : #"(forTaskWithIdentifier: "com.example.app.refresh") { task in"#
        return ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .launching("Tasks(scheduler: BGTaskScheduler.shared).registerAll()").with("App/Tasks.swift", """
                import BackgroundTasks

                protocol BGTaskSchedulerProtocol {
                    func registerHandler(forTaskWithIdentifier identifier: String, launchHandler: @escaping @Sendable (BGTask) -> Void) -> Bool
                }

                extension BGTaskScheduler: BGTaskSchedulerProtocol {
                    func registerHandler(forTaskWithIdentifier identifier: String, launchHandler: @escaping @Sendable (BGTask) -> Void) -> Bool {
                        register(forTaskWithIdentifier: identifier, using: nil, launchHandler: launchHandler)
                    }
                }

                struct Tasks {
                    let scheduler: BGTaskSchedulerProtocol

                    func registerAll() {
                        _ = scheduler.\(marker)registerHandler\(call)
                            \(work.replacingOccurrences(of: "\n        ", with: "\n            "))
                        }\(byLabel ? ")" : "")
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    }
                }

                """)
    }
}

extension DoctorRule {
    fileprivate static func findNoExpirationHandler(_ audit: inout RuleAudit) {
        for handler in audit.relevant.flatMap(\.handlers) where handler.kind == .launch && handler.lacksExpirationHandler {
            let message = handler.helperWithoutExpiration.map {
                "This launch handler hands its task to \($0), which starts work and never sets the task's expirationHandler; neither does the handler."
            } ?? "This launch handler never sets the task's expirationHandler."
            audit.add(.noExpirationHandler, at: handler.location, message,
                      why: "When the time runs out iOS calls the expiration handler; without one the work is not stopped, setTaskCompleted is not called, and iOS kills the app and throttles its future tasks.",
                      fix: "Set task.expirationHandler = { @Sendable in … } first thing in the handler: cancel the work there and call task.setTaskCompleted(success: false).")
        }
    }
}
