extension DoctorRule {
    public static let registeredLate = DoctorRule(
        id: "BG004", severity: .error,
        summary: "A task registered where it runs only after launch finishes (a Task {}, an async block, a view, a scene delegate).",
        finds: "a registration that runs after launch finishes: in a `Task {}` or `DispatchQueue…async {}`, `viewDidLoad`, a scene delegate, a SwiftUI `body` or `.onAppear` (continued processing exempt); when no path from `didFinishLaunching` or `App.init` is found, a CHECK001 note instead",
        why: "BGTaskScheduler accepts registrations only until `application(_:didFinishLaunchingWithOptions:)` returns; a later one raises \"All launch handlers must be registered before application finishes launching\" and the task never runs.",
        fix: "Register every launch handler synchronously in `application(_:didFinishLaunchingWithOptions:)` (or a SwiftUI `App`'s `init`), before it returns.",
        tags: ["background-tasks", "launch"],
        check: findRegisteredLate,
        examples: [
            .triggering("a registration in viewDidLoad", ExampleSources.late("override func viewDidLoad() {", marker: "1️⃣"), "1️⃣"),
            .triggering("a registration in a Task started at launch", ExampleSources.late("func start() { Task {", "} }", marker: "1️⃣").launching("Screen().start()"), "1️⃣"),
            .triggering("a registration in an async block", ExampleSources.late("func start() { DispatchQueue.main.async {", "} }", marker: "1️⃣").launching("Screen().start()"), "1️⃣"),
            .triggering("a registration in a scene delegate",
                        ExampleSources.late("func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {", marker: "1️⃣"),
                        "1️⃣"),
            .triggering("a registration in a function only a scene callback calls",
                        ExampleSources.late("func start() {", marker: "1️⃣").with("App/SceneDelegate.swift", """
                            import UIKit

                            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                                func sceneDidBecomeActive(_ scene: UIScene) {
                                    Screen().start()
                                }
                            }

                            """), "1️⃣"),
            .nonTriggering("a registration called at launch", ExampleSources.late("func start() {").launching("Screen().start()")),
            .nonTriggering("a registration reached from launch through another function",
                           ExampleSources.late("func start() {").launching("Setup.run()")
                               .with("App/Setup.swift", "enum Setup {\n    static func run() { Screen().start() }\n}\n")),
            .nonTriggering("a registration called from a SwiftUI App's init",
                           ExampleSources.late("func start() {")
                               .with("App/TheApp.swift", "import SwiftUI\n\n@main struct TheApp: App {\n    init() { Screen().start() }\n    var body: some Scene { WindowGroup { Text(\"\") } }\n}\n")),
        ])
}

extension ExampleSources {
    /// A view controller whose register call (line 6, `marker` before it) sits between `before` and `after`.
    static func late(_ before: String, _ after: String = "}", marker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Tasks.swift", """
            import BackgroundTasks
            import UIKit

            final class Screen: UIViewController {
                \(before)
                    BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                \(after)
                func schedule() {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                }
            }

            """)
    }
}

extension DoctorRule {
    /// A registration made after launch, or in a function only after-launch code calls. One no path from launch
    /// reaches, and nothing after launch calls, is CHECK001's.
    fileprivate static func findRegisteredLate(_ audit: inout RuleAudit) {
        let context = audit.context
        for use in audit.launchRegistrations {
            switch use.launch {
            case .afterLaunch(let place):
                audit.add(.registeredLate, at: use.location, "'\(use.value ?? use.expression)' is registered in \(place), which runs after launch finishes.",
                          why: why, fix: "Register in application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously.")
            case .function(let key) where !context.isReachedFromLaunch(key):
                guard let caller = context.afterLaunchCaller(of: key) else { continue }
                audit.add(.registeredLate, at: use.location, "'\(use.value ?? use.expression)' is registered in \(key), which only \(caller) calls, after launch finishes.",
                          why: why, fix: "Call \(key) from application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously.")
            case .function, .unknown:
                continue
            }
        }
    }

    private static let why = "BGTaskScheduler accepts registrations only until application(_:didFinishLaunchingWithOptions:) returns; a later one raises \"All launch handlers must be registered before application finishes launching\" and the task never runs."
}
