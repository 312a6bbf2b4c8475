extension DoctorRule {
    public static let unawaitedTask = DoctorRule(
        id: "BG015", severity: .warning,
        summary: "Background work starts an unstructured Task and returns without awaiting it.",
        finds: "a `Task {}` or `Task.detached {}` started as a statement of its own (not inside a nested closure) in `run()` of a type adopting bggen's `BackgroundWork`, `CheckpointedWork` or `ContinuedProcessingJob`, in `perform(_:)` of a `SilentPushWork` (any type prefix; the conformance declared in the method's file), or in a launch handler, whose `value` or `result` the work never reads; not one whose handle is stored or handed on, one that calls `setTaskCompleted`, or, in a launch handler, one that mentions the task (handing it to what completes it)",
        why: "The work returns, so its task is completed (or the push answered) while the `Task` still runs; iOS may suspend the app at once, in the middle of a write, and a rehearsal of such work passes because it returns at once.",
        fix: "Await the work in place (`try await sync()`, or `try await Task.detached { … }.value` where it must leave the actor); in a launch handler, call `setTaskCompleted` inside the `Task` once the work ends.",
        tags: ["background-tasks", "concurrency", "completion"],
        check: findUnawaitedTask,
        examples: [
            .triggering("run() starts a Task for the sync and returns",
                        refreshWork("1️⃣Task {\n            try await sync()\n        }"), "1️⃣"),
            .triggering("run() starts a detached Task in an if and discards it",
                        refreshWork("if !ProcessInfo.processInfo.isLowPowerModeEnabled {\n            _ = 1️⃣Task.detached(priority: .utility) { try await sync() }\n        }"), "1️⃣"),
            .triggering("run() keeps its Task only to cancel it",
                        refreshWork("let work = 1️⃣Task { try await sync() }\n        if Task.isCancelled { work.cancel() }"), "1️⃣"),
            .triggering("perform(_:) of a prefixed silent-push work starts a Task and answers new data",
                        pushWork("1️⃣Task { try await sync() }\n        return .newData"), "1️⃣"),
            .triggering("a launch handler starts a Task for the refresh and completes its task at once",
                        ExampleSources.completing("task.expirationHandler = { task.setTaskCompleted(success: false) }\n        1️⃣Task { await Feed.refresh() }\n        task.setTaskCompleted(success: true)"),
                        "1️⃣"),
            .nonTriggering("run() awaits the value of its detached Task",
                           refreshWork("let work = Task.detached(priority: .utility) { try await sync() }\n        try await work.value")),
            .nonTriggering("perform(_:) awaits a Task where it makes it",
                           pushWork("try await Task.detached { try await sync() }.value\n        return .newData")),
            .nonTriggering("a launch handler's Task completes the task once the refresh ends",
                           ExampleSources.completing("task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task {\n            await Feed.refresh()\n            task.setTaskCompleted(success: true)\n        }")),
            .nonTriggering("a launch handler's Task completes the task the handler stored",
                           ExampleSources.completing("current = task\n        task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task {\n            await Feed.refresh()\n            self.current?.setTaskCompleted(success: true)\n        }")),
            .nonTriggering("a launch handler's Task hands the task to what completes it",
                           ExampleSources.completing("task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task { await Feed.refresh(task) }")),
            .nonTriggering("run() of a type that is not background work",
                           ExampleApp().with("App/Importer.swift", """
                               struct Importer {
                                   func run() {
                                       Task { await Feed.refresh() }
                                   }
                               }

                               """)),
        ])

    /// bggen's `BackgroundWork` in `App/BackgroundTaskRun.swift`, and `App/AppRefreshWork.swift` adopting it with
    /// `body` in `run()`.
    private static func refreshWork(_ body: String) -> ExampleApp {
        ExampleApp().with("App/BackgroundTaskRun.swift", """
            protocol BackgroundWork: Sendable {
                func run() async throws
            }

            """).with("App/AppRefreshWork.swift", """
            import Foundation

            struct AppRefreshWork: BackgroundWork {
                func run() async throws {
                    \(body)
                }

                func sync() async throws {}
            }

            """)
    }

    /// bggen's `SilentPushWork` generated with the type prefix `Acme` in `App/AcmeSilentPushHandler.swift`, and
    /// `App/AcmeSilentPushWork.swift` adopting it with `body` in `perform(_:)`.
    private static func pushWork(_ body: String) -> ExampleApp {
        ExampleApp().with("App/AcmeSilentPushHandler.swift", """
            import UIKit

            protocol AcmeSilentPushWork: Sendable {
                func perform(_ push: AcmeSilentPush) async throws -> UIBackgroundFetchResult
            }

            struct AcmeSilentPush: Sendable {}

            """).with("App/AcmeSilentPushWork.swift", """
            import UIKit

            struct AcmeAppSilentPushWork: AcmeSilentPushWork {
                func perform(_ push: AcmeSilentPush) async throws -> UIBackgroundFetchResult {
                    \(body)
                }

                func sync() async throws {}
            }

            """)
    }
}

extension DoctorRule {
    fileprivate static func findUnawaitedTask(_ audit: inout RuleAudit) {
        for task in audit.relevant.flatMap(\.unawaitedTasks) {
            let (message, fix): (String, String)
            switch task.work {
            case .run:
                message = "run() starts this Task and never awaits it: the background task is completed as run() returns, while this work still runs."
                fix = "Await the work in run() itself (try await …), or keep the Task and await its value: let work = Task { … }; try await work.value."
            case .perform:
                message = "perform(_:) starts this Task and never awaits it: the push is answered as perform(_:) returns, while this work still runs."
                fix = "Await the work in perform(_:) itself (try await …) and answer .newData once it is done."
            case .launchHandler:
                message = "This launch handler starts this Task and never awaits it, and the Task neither completes the background task nor is handed it: the task ends while this work still runs."
                fix = "Call task.setTaskCompleted(success:) inside the Task once the work ends, and nowhere before it."
            }
            audit.add(.unawaitedTask, at: task.location, message,
                      why: "iOS may suspend the app as soon as the task is completed or the push answered, in the middle of this work; a rehearsal passes it, as the work returns at once.",
                      fix: fix)
        }
    }
}
