import BggenFormats
extension DoctorRule {
    public static let registeredLate = DoctorRule(
        id: "BG004", severity: .error,
        summary: "A task registered where it runs only after launch finishes (a Task {}, an async block, a view, a scene delegate).",
        finds: "a registration that runs after launch finishes: in a `Task {}` or `DispatchQueue…async {}`, `viewDidLoad`, a scene delegate, a SwiftUI `body`, `.onAppear`, `.task` or a button's action, or in a function one of those reaches through calls, named with each hop's file and line (continued processing exempt); a warning when launch reaches it too; when no path from `didFinishLaunching`, `App.init` or such an entry is found, a CHECK001 note instead",
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
            .triggering("a registration a SwiftUI view's .onAppear reaches through a method of another file",
                        ExampleSources.late("func start() {", marker: "1️⃣").with("App/Model.swift", ExampleSources.model)
                            .with("App/ContentView.swift", ExampleSources.view(".onAppear { model.boot() }")), "1️⃣"),
            .triggering("a registration .onAppear(perform:) reaches", ExampleSources.late("func start() {", marker: "1️⃣").with("App/Model.swift", ExampleSources.model)
                            .with("App/ContentView.swift", ExampleSources.view(".onAppear(perform: model.boot)")), "1️⃣"),
            .triggering("a registration a button's action reaches, once per tap",
                        ExampleSources.late("func start() {", marker: "1️⃣").with("App/Model.swift", ExampleSources.model)
                            .with("App/ContentView.swift", ExampleSources.view(".overlay { Button(\"Sync\") { model.boot() } }")), "1️⃣"),
            .triggering("a registration in a DispatchQueue.main.async block at launch",
                        ExampleSources.late("func start() {", marker: "1️⃣").launching("DispatchQueue.main.async { Screen().start() }"), "1️⃣"),
            .triggering("a registration launch reaches and a .task reaches again: a warning",
                        ExampleSources.late("func start() {", marker: "1️⃣").launching("Screen().start()").with("App/Model.swift", ExampleSources.model)
                            .with("App/ContentView.swift", ExampleSources.view(".task { model.boot() }")), "1️⃣ BG004 warning"),
            .nonTriggering("a registration at launch, and an .onAppear that only schedules",
                           ExampleSources.late("func start() {").launching("Screen().start()")
                               .with("App/ContentView.swift", ExampleSources.view(".onAppear { Screen().schedule() }"))),
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
    /// A model whose `boot()` calls `Screen().start()` (see `late`).
    static let model = "final class Model {\n    func boot() { Screen().start() }\n}\n"

    /// A SwiftUI view with a `model` whose body ends in `modifier`.
    static func view(_ modifier: String) -> String {
        """
        import SwiftUI

        struct ContentView: View {
            let model = Model()

            var body: some View {
                Text("Hello")
                    \(modifier)
            }
        }

        """
    }

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
    /// A registration made after launch, or in a function that an entry after launch (`.onAppear`, a button's
    /// action, a scene callback) reaches through calls: an error naming the path when launch does not reach it, a
    /// warning when launch does too. One that no path from launch or from an entry reaches is CHECK001's.
    fileprivate static func findRegisteredLate(_ audit: inout RuleAudit) {
        let context = audit.context
        for use in audit.launchRegistrations {
            switch use.launch {
            case .afterLaunch(let place):
                audit.add(.registeredLate, at: use.location, "\(use.value.map(TaskIdentifierText.described) ?? RepositoryText.quoted(use.expression)) is registered in \(place), which runs after launch finishes.",
                          why: why, fix: "Register in application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously.")
            case .function(let key):
                guard let path = context.afterLaunchPath(to: key, receiver: use.launchReceiver), let entry = path.first?.entry else { continue }
                let identifier = use.value.map(TaskIdentifierText.described) ?? RepositoryText.quoted(use.expression)
                let route = LaunchPaths.describe(path, to: key)
                if context.isReachedFromLaunch(key, receiver: use.launchReceiver) {
                    // Launch registers it; the path after launch registers it again, if it runs, and that raises.
                    audit.add(.registeredLate, severity: .warning, at: use.location,
                              "\(identifier) is registered at launch and again after launch finishes, from \(route).",
                              why: why + " Once it is registered, a second registration raises \"Launch handler … has already been registered\".",
                              fix: "Keep the call at launch and remove the one from \(entry.place), or make \(key) register once.")
                } else {
                    let again = entry.isPerOperation ? ", and again at each tap" : ""
                    audit.add(.registeredLate, at: use.location, "\(identifier) is registered after launch finishes\(again), from \(route).",
                              why: why, fix: "Call \(key) from application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously, not from \(entry.place).")
                }
            case .unknown:
                continue
            }
        }
    }

    private static let why = "BGTaskScheduler accepts registrations only until application(_:didFinishLaunchingWithOptions:) returns; a later one raises \"All launch handlers must be registered before application finishes launching\" and the task never runs."
}
