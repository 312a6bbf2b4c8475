import Foundation

extension DoctorRule {
    public static let mainActorHandler = DoctorRule(
        id: "BG010", severity: .error,
        summary: "A launch or expiration handler isolated to the main actor in Swift 6: it traps on the scheduler's queue.",
        finds: "a launch or expiration handler closure, or a method passed by reference as the launch handler (`launchHandler: self.handleTask`), isolated to the main actor (a `@MainActor` type or an extension of one, a `UIResponder`, an `App`, `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`, or a `Task {}`, `forEach {}` or `@MainActor in` closure inside one) in Swift 6, not `@Sendable`, not `using: .main`",
        why: "BGTaskScheduler calls it on its own background queue; Swift 6 checks the isolation at run time and the app traps (`EXC_BREAKPOINT` in `_dispatch_assert_queue_fail`), in the background, where no one sees it.",
        fix: "Mark the closure `@Sendable` (`{ @Sendable task in … }`) and hop to the main actor inside it where needed, or register with `using: .main`.",
        tags: ["background-tasks", "concurrency", "swift-6", "crash"],
        check: findMainActorHandler,
        examples: [
            .triggering("a handler passed from a @MainActor class to the app's scheduler declared in another file",
                        ExampleSources.callingScheduler(marker: "1️⃣", context: "@MainActor final class Tasks", parameter: "@escaping (BGTask) -> Void"), "1️⃣"),
            .nonTriggering("a handler passed from a @MainActor class to the app's scheduler whose closure parameter is @Sendable",
                           ExampleSources.callingScheduler(context: "@MainActor final class Tasks")),
            .triggering("a handler written in a @MainActor class",
                        ExampleSources.swift6(ExampleSources.handler(work: ExampleSources.completes, marker: "1️⃣")), "1️⃣"),
            .triggering("a handler written in an app delegate",
                        ExampleSources.swift6(ExampleSources.handler(context: "final class Tasks: UIResponder, UIApplicationDelegate", work: ExampleSources.completes, marker: "1️⃣")),
                        "1️⃣"),
            .triggering("a handler in a module whose default isolation is the main actor",
                        ExampleSources.swift6(ExampleSources.handler(context: "final class Tasks", work: ExampleSources.completes, marker: "1️⃣"),
                                              settings: "SWIFT_VERSION = 6.0; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"),
                        "1️⃣"),
            .triggering("an expiration handler written in a @MainActor class",
                        ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in",
                                                                     work: "task.1️⃣expirationHandler = { task.setTaskCompleted(success: false) }\n        Task { task.setTaskCompleted(success: true) }")),
                        "1️⃣"),
            .triggering("a handler in a Task {}, which inherits the main actor and also registers late",
                        ExampleSources.swift6(ExampleSources.inClosure("Task {", context: "@MainActor final class Tasks")), "1️⃣", "1️⃣ BG004"),
            .triggering("a handler in a forEach closure", ExampleSources.swift6(ExampleSources.inClosure("[0].forEach { _ in", context: "@MainActor final class Tasks")), "1️⃣"),
            .triggering("a handler in a @MainActor closure", ExampleSources.swift6(ExampleSources.inClosure("run { @MainActor in", context: "final class Tasks")), "1️⃣"),
            .triggering("an expiration handler set in a main-actor launch handler",
                        ExampleSources.swift6(ExampleSources.handler(work: ExampleSources.completes, marker: "1️⃣")
                            .replacingOccurrences(of: "            self.refresh(task)", with: "            task.2️⃣expirationHandler = { }\n            self.refresh(task)")),
                        "1️⃣", "2️⃣"),
            .triggering("a handler in an extension of a @MainActor class declared in another file",
                        ExampleSources.swift6(ExampleSources.handler(context: "extension Tasks", work: ExampleSources.completes, marker: "1️⃣"))
                            .with("App/Model.swift", "@MainActor\nfinal class Tasks {}\n"),
                        "1️⃣"),
            .triggering("a handler in an extension of a @MainActor class declared in the same file",
                        ExampleSources.swift6(ExampleSources.handler(context: "extension Tasks", work: ExampleSources.completes, marker: "1️⃣") + "\n@MainActor final class Tasks {}\n"),
                        "1️⃣"),
            .triggering("a private extension of a @MainActor app delegate, with a macOS target declaring another AppDelegate",
                        ExampleSources.swift6(ExampleSources.handler(context: "private extension Tasks", work: ExampleSources.completes, marker: "1️⃣"))
                            .with("App/Model.swift", "@MainActor final class Tasks {}\n")
                            .with(ExampleTarget("MacApp", .application, folder: "Mac", settings: "SDKROOT = macosx;"))
                            .with("Mac/Tasks.swift", "final class Tasks {}\n"),
                        "1️⃣"),
            .triggering("a handler passed to the app's own wrapper of register from a @MainActor class",
                        ExampleSources.swift6(ExampleSources.wrapped(parameter: "@escaping (BGTask) -> Void", marker: "1️⃣")), "1️⃣"),
            .nonTriggering("a handler passed to the app's own wrapper whose closure parameter is @Sendable",
                           ExampleSources.swift6(ExampleSources.wrapped(parameter: "@escaping @Sendable (BGTask) -> Void"))),
            .triggering("a method of a @MainActor class passed by reference as the launch handler",
                        ExampleSources.swift6(ExampleSources.methodReference(context: "@MainActor final class Tasks", marker: "1️⃣")), "1️⃣"),
            .nonTriggering("a method of a class without isolation passed by reference",
                           ExampleSources.swift6(ExampleSources.methodReference(context: "final class Tasks"))),
            .nonTriggering("a nonisolated method of a @MainActor class passed by reference",
                           ExampleSources.swift6(ExampleSources.methodReference(context: "@MainActor final class Tasks")
                               .replacingOccurrences(of: "    func handle", with: "    nonisolated func handle"))),
            .nonTriggering("a @Sendable handler", ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in", work: ExampleSources.completes))),
            .nonTriggering("a handler run on the main queue", ExampleSources.swift6(ExampleSources.handler(using: ".main", work: ExampleSources.completes))),
            .nonTriggering("a handler in a class with no isolation", ExampleSources.swift6(ExampleSources.handler(context: "final class Tasks", work: ExampleSources.completes))),
            .nonTriggering("Swift 5, which does not check isolation at run time",
                           ExampleSources.swift6(ExampleSources.handler(work: ExampleSources.completes), settings: "SWIFT_VERSION = 5.0;")),
            .nonTriggering("a handler in a nonisolated method",
                           ExampleSources.swift6(ExampleSources.handler(work: ExampleSources.completes).replacingOccurrences(of: "    func registerAll", with: "    nonisolated func registerAll"))),
            .nonTriggering("a handler in a detached task, which registers late but on no actor",
                           ExampleSources.swift6(ExampleSources.inClosure("Task.detached {", context: "@MainActor final class Tasks")), "1️⃣ BG004"),
            .nonTriggering("an expiration handler written in a @Sendable launch handler",
                           ExampleSources.swift6(ExampleSources.handler(closure: "{ @Sendable task in\n            task.expirationHandler = { task.setTaskCompleted(success: false) }", work: ExampleSources.completes))),
            .nonTriggering("a handler in a closure passed to an unknown function, which may be @Sendable",
                           ExampleSources.swift6(ExampleSources.inClosure("run {", context: "@MainActor final class Tasks", marker: ""))),
            .nonTriggering("an extension of a class without isolation",
                           ExampleSources.swift6(ExampleSources.handler(context: "extension Tasks", work: ExampleSources.completes)).with("App/Model.swift", "final class Tasks {}\n")),
            .nonTriggering("an extension of a type declared nowhere doctor reads",
                           ExampleSources.swift6(ExampleSources.handler(context: "extension Tasks", work: ExampleSources.completes))),
            .nonTriggering("a @Sendable handler in an extension of a @MainActor class",
                           ExampleSources.swift6(ExampleSources.handler(context: "extension Tasks", closure: "{ @Sendable task in", work: ExampleSources.completes))
                               .with("App/Model.swift", "@MainActor final class Tasks {}\n")),
            .nonTriggering("a nonisolated method in an extension of a @MainActor class",
                           ExampleSources.swift6(ExampleSources.handler(context: "extension Tasks", work: ExampleSources.completes)
                               .replacingOccurrences(of: "    func registerAll", with: "    nonisolated func registerAll"))
                               .with("App/Model.swift", "@MainActor final class Tasks {}\n")),
        ])
}

extension ExampleSources {
    /// A class that `context` opens registering `launchHandler: self.handle` (line 5, `marker` before `register`),
    /// a method of its own that completes the task.
    static func methodReference(context: String, marker: String = "") -> String {
        """
        import BackgroundTasks

        \(context) {
            func registerAll() {
                BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil, launchHandler: self.handle)
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            func handle(_ task: BGTask) {
                task.setTaskCompleted(success: true)
            }
        }

        """
    }

    /// Work that completes the task before the handler returns.
    static let completes = "task.setTaskCompleted(success: true)"

    /// `handler(…)` in a `@MainActor` class, registered through `BGTaskScheduler.registerHandler(for:handler:)`, the
    /// app's wrapper of `register` whose closure parameter is of type `parameter`.
    static func wrapped(parameter: String, marker: String = "") -> String {
        handler(work: completes, marker: marker)
            .replacingOccurrences(of: #"register(forTaskWithIdentifier: "com.example.app.refresh", using: nil)"#,
                                  with: #"registerHandler(for: "com.example.app.refresh")"#) + """

            extension BGTaskScheduler {
                func registerHandler(for identifier: String, handler: \(parameter)) {
                    _ = register(forTaskWithIdentifier: identifier, using: .none, launchHandler: handler)
                }
            }

            """
    }

    /// `handler(…)` with the register call (line 5, `marker` before it) inside a closure that `opening` starts.
    static func inClosure(_ opening: String, context: String, marker: String = "1️⃣") -> String {
        handler(context: context, work: completes, marker: marker)
            .replacingOccurrences(of: "func registerAll() {", with: "func registerAll() { \(opening)")
            .replacingOccurrences(of: "        try? BGTaskScheduler", with: "        }\n        try? BGTaskScheduler")
    }
}

extension DoctorRule {
    /// Swift 6 checks at run time that an isolated closure runs on its actor; the scheduler calls handlers on a
    /// queue of its own, so a main-actor closure traps there. Swift 5 mode has no such check.
    fileprivate static func findMainActorHandler(_ audit: inout RuleAudit) {
        guard let target = audit.target, let version = target.swiftVersion,
              version.split(separator: ".").first.flatMap({ Int($0) }).map({ $0 >= 6 }) == true else { return }
        let defaultMain = target.defaultActorIsolation == "MainActor"
        for var handler in audit.owned.flatMap(\.handlers) where !handler.isNonisolated && !handler.runsOnMain {
            if case .extensionOf(let name) = handler.context {
                handler.context = audit.context.code.isolation(ofType: name, forFile: handler.location.file)
            }
            guard handler.context == .mainActor || (handler.context == .moduleDefault && defaultMain) else { continue }
            let reason = handler.context == .mainActor ? "code isolated to the main actor" : "a module whose default isolation is MainActor"
            let what = handler.isClosure ? "closure is written in" : "is a method declared in"
            audit.add(.mainActorHandler, at: handler.location,
                      "This \(handler.kind.rawValue) handler \(what) \(reason), so in Swift \(version) it is main-actor isolated.",
                      why: "BGTaskScheduler calls it on its own background queue; Swift 6 checks the isolation at run time and the app traps (EXC_BREAKPOINT in _dispatch_assert_queue_fail).",
                      fix: !handler.isClosure ? "Pass a @Sendable closure instead ({ @Sendable task in … }) that hops to the main actor with Task { @MainActor in … } where needed, or mark the method nonisolated." : "Mark the closure @Sendable (\(handler.kind == .launch ? "{ @Sendable task in … }" : "= { @Sendable in … }")) or register from a nonisolated function, and hop to the main actor inside with Task { @MainActor in … } where needed.")
        }
    }
}
