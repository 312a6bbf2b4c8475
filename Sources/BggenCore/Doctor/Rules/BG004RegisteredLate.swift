import BggenFormats
extension DoctorRule {
    public static let registeredLate = DoctorRule(
        id: "BG004", severity: .error,
        summary: "A task registered where it runs only after launch finishes (a Task {}, an async block, a view, a scene delegate).",
        finds: "a registration that runs after launch finishes: in a `Task {}` or `DispatchQueue…async {}`, `viewDidLoad`, a scene delegate, a SwiftUI `body`, `.onAppear`, `.task` or a button's action, or in a function one of those reaches through calls (matched by name, argument labels and, where the file tells it, the receiver's type), named with each hop's file and line (continued processing exempt); a warning when launch reaches it too, unless the later path passes an enum case on the way (a state machine's `handle(.didBecomeActive)`); when no path from `didFinishLaunching`, `App.init` or such an entry is found, a CHECK001 note instead",
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
            .triggering("a registration in a method named main that only viewDidLoad calls, in an app main.swift starts: an error, as main.swift's code does not call it",
                        ExampleSources.late("override func viewDidLoad() {\n        super.viewDidLoad()\n        main()\n    }\n\n    func main() {", marker: "1️⃣")
                            .with("App/main.swift", ExampleSources.mainSwift("")), "1️⃣"),
            .triggering("a registration in the initialiser of a lazy property a scene callback first reads", lazyService(lazy: true, marker: "1️⃣"), "1️⃣"),
            .triggering("a registration in init(), made at launch, that .onAppear reaches through init(preview:) handing over with self.init(): a warning",
                        initializers(delegating: true, marker: "1️⃣"), "1️⃣ BG004 warning"),
            .triggering("a registration launch reaches and .onAppear reaches again through a property a superclass declares in another file (feature.sensors.start(), a Screen): a warning",
                        ExampleSources.inheritedProperty("class Base {\n    let sensors = Screen()\n}\n", marker: "1️⃣"), "1️⃣ BG004 warning"),
            .triggering("a registration launch reaches and .onAppear reaches again through what a function of another file returns (let sensors = makeSensors(), a Screen): a warning",
                        ExampleSources.madeByFunction("Screen", marker: "1️⃣"), "1️⃣ BG004 warning"),
            .triggering("a registration launch reaches and .onAppear reaches again through self.sensors in a subclass whose file does not declare it, a Screen its superclass in another file declares: a warning",
                        ExampleSources.inheritedThroughSelf("class Base {\n    let sensors = Screen()\n}\n", marker: "1️⃣"), "1️⃣ BG004 warning"),
            .triggering("a registration launch reaches and .onAppear reaches again through what a static function of another file returns (let sensors = Factory.make(), a Screen): a warning",
                        ExampleSources.madeByStaticFunction("Screen", marker: "1️⃣"), "1️⃣ BG004 warning"),
            .triggering("a registration launch reaches and .task reaches again through what an async throwing function of another file returns (try? await makeSensors(), a Screen): a warning",
                        ExampleSources.madeByAsyncFunction("Screen", marker: "1️⃣"), "1️⃣ BG004 warning"),
            .triggering("a registration launch reaches and .onAppear reaches again through a chain of five names other files declare (Current.app.services.sync.sensors.start(), a Screen): a warning",
                        ExampleSources.fiveNameChain("Screen", marker: "1️⃣"), "1️⃣ BG004 warning"),
            .triggering("an Objective-C registration in a dispatch_async block at launch", objectiveC("""
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        [[BGTaskScheduler sharedScheduler] 1️⃣registerForTaskWithIdentifier:@"com.example.app.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
                            [task setTaskCompleted:YES];
                        }];
                    });
                    return YES;
                }
                """), "1️⃣"),
            .triggering("an Objective-C registration in a dispatch_async block in main(), which runs once UIApplicationMain has started",
                        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/main.m", ExampleSources.objectiveCMain("""
                            dispatch_async(dispatch_get_main_queue(), ^{
                                [[BGTaskScheduler sharedScheduler] 1️⃣registerForTaskWithIdentifier:@"com.example.app.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
                                    [task setTaskCompletedWithSuccess:YES];
                                }];
                            });
                            [[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.app.refresh"] error:nil];
                            """)), "1️⃣"),
            .nonTriggering("a registration in the initialiser of a stored property made at launch", lazyService(lazy: false)),
            .nonTriggering("an Objective-C registration in +load, which runs before main", objectiveC("""
                + (void)load {
                    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.app.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
                        [task setTaskCompleted:YES];
                    }];
                }
                """)),
            .nonTriggering("a registration at launch, and an .onAppear that only schedules",
                           ExampleSources.late("func start() {").launching("Screen().start()")
                               .with("App/ContentView.swift", ExampleSources.view(".onAppear { Screen().schedule() }"))),
            .nonTriggering("a registration called at launch", ExampleSources.late("func start() {").launching("Screen().start()")),
            .nonTriggering("a registration in an if of didFinishLaunching, below a local named task (no .task closure)",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/AppDelegate.swift", """
                               import BackgroundTasks
                               import UIKit

                               final class AppDelegate: UIResponder, UIApplicationDelegate {
                                   func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                                       let task = ProcessInfo.processInfo.environment["UI_TESTS"]
                                       if task == nil {
                                           BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                                               task.setTaskCompleted(success: true)
                                           }
                                       }
                                       return true
                                   }
                               }

                               """)),
            .nonTriggering("a registration launch reaches through a state machine's handle(.didFinishLaunching), which a scene callback calls with another case",
                           ExampleSources.late("func start() {").launching("Machine.shared.handle(.didFinishLaunching)")
                               .with("App/Machine.swift", ExampleSources.stateMachine)),
            .nonTriggering("a registration at launch, and viewDidLoad calling a method of the same name with other labels (UITableView's register(_:forCellReuseIdentifier:) beside the app's register())",
                           ExampleSources.late("func start() {").launching("Screen().start()")
                               .with("App/FeedViewController.swift", ExampleSources.feed("spinner.start(animated: true)"))),
            .nonTriggering("a registration at launch, and viewDidLoad calling another type's method of the same name and labels, on a receiver of that type and from inside it",
                           ExampleSources.late("func start() {").launching("Screen().start()")
                               .with("App/FeedViewController.swift", ExampleSources.feed("uploader.start()\n        uploader.resume()"))),
            .nonTriggering("a registration at launch, and viewDidLoad calling another type's method of the same name on an instance it makes (Uploader().start())",
                           ExampleSources.late("func start() {").launching("Screen().start()")
                               .with("App/FeedViewController.swift", ExampleSources.feed("Uploader().start()"))),
            .nonTriggering("a registration at launch, and .onAppear calling another type's method of the same name through a global and a property other files declare (Current.sensors.start())",
                           ExampleSources.late("func start() {").launching("Screen().start()")
                               .with("App/Environment.swift", "var Current = Environment()\n\nfinal class Environment {}\n")
                               .with("App/Environment+Sensors.swift", "extension Environment {\n    var sensors: Sensors { Sensors() }\n}\n")
                               .with("App/Sensors.swift", "final class Sensors {\n    func start() {}\n}\n")
                               .with("App/ContentView.swift", ExampleSources.view(".onAppear { Current.sensors.start() }"))),
            .nonTriggering("a registration at launch, and .onAppear calling another type's method of the same name through a property a superclass declares in another file (feature.sensors.start())",
                           ExampleSources.inheritedProperty("class Base {\n    let sensors = Sensors()\n}\n")),
            .nonTriggering("a registration at launch, and .onAppear calling another type's method of the same name through a property a protocol's extension declares",
                           ExampleSources.inheritedProperty("protocol Base {}\n\nextension Base {\n    var sensors: Sensors { Sensors() }\n}\n")),
            .nonTriggering("a registration at launch, and .onAppear calling another type's method of the same name on what a function of another file returns (let sensors = makeSensors())",
                           ExampleSources.madeByFunction("Sensors")),
            .nonTriggering("a registration at launch, and .onAppear calling another type's method of the same name through self.sensors in a subclass whose file does not declare it (its superclass in another file does)",
                           ExampleSources.inheritedThroughSelf("class Base {\n    let sensors = Sensors()\n}\n")),
            .nonTriggering("a registration at launch, and .onAppear calling another type's method of the same name on what a static function of another file returns (let sensors = Factory.make())",
                           ExampleSources.madeByStaticFunction("Sensors")),
            .nonTriggering("a registration at launch, and .task calling another type's method of the same name on what an async throwing function of another file returns (try? await makeSensors())",
                           ExampleSources.madeByAsyncFunction("Sensors")),
            .nonTriggering("a registration at launch, and .onAppear calling another type's method of the same name through a chain of five names other files declare (Current.app.services.sync.sensors.start())",
                           ExampleSources.fiveNameChain("Sensors")),
            .nonTriggering("a registration in init(), made at launch, and .onAppear making the type with init(preview:), which does not register",
                           initializers(delegating: false)),
            .nonTriggering("a registration reached from launch through another function",
                           ExampleSources.late("func start() {").launching("Setup.run()")
                               .with("App/Setup.swift", "enum Setup {\n    static func run() { Screen().start() }\n}\n")),
            .nonTriggering("a registration called from a SwiftUI App's init",
                           ExampleSources.late("func start() {")
                               .with("App/TheApp.swift", "import SwiftUI\n\n@main struct TheApp: App {\n    init() { Screen().start() }\n    var body: some Scene { WindowGroup { Text(\"\") } }\n}\n")),
        ])
}

extension DoctorRule {
    /// The app delegate keeps a `Coordinator` made at launch; a scene callback calls its `start()`, which reads its
    /// `sync` property, a `Sync` whose `init` registers (`marker` before `register`): made at launch with the
    /// coordinator, or, `lazy`, when `start()` first reads it.
    private static func lazyService(lazy: Bool, marker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/AppDelegate.swift", """
                import UIKit

                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let coordinator = Coordinator()

                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        true
                    }
                }

                """)
            .with("App/SceneDelegate.swift", """
                import UIKit

                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    func sceneDidBecomeActive(_ scene: UIScene) {
                        (UIApplication.shared.delegate as? AppDelegate)?.coordinator.start()
                    }
                }

                """)
            .with("App/Coordinator.swift", "final class Coordinator {\n    \(lazy ? "lazy var" : "let") sync = Sync()\n\n    func start() {\n        sync.schedule()\n    }\n}\n")
            .with("App/Sync.swift", """
                import BackgroundTasks

                final class Sync {
                    init() {
                        BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                    }

                    func schedule() {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    }
                }

                """)
    }

    /// `Sync`, whose `init()` registers (`marker` before `register`) and whose `init(preview:)` does not, or hands
    /// over to `init()` when `delegating`: launch makes `Sync()`, and a view's `.onAppear` makes `Sync(preview: true)`.
    private static func initializers(delegating: Bool, marker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("_ = Sync()")
            .with("App/ContentView.swift", ExampleSources.view(".onAppear { _ = Sync(preview: true) }"))
            .with("App/Sync.swift", """
                import BackgroundTasks

                final class Sync {
                    let isPreview: Bool

                    init() {
                        isPreview = false
                        BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                    }

                    \(delegating ? "convenience init(preview: Bool) { self.init() }" : "init(preview: Bool) { isPreview = preview }")

                    func schedule() {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    }
                }

                """)
    }

    /// An Objective-C app delegate with `method`, which registers the refresh task, and a method that submits it.
    private static func objectiveC(_ method: String) -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/AppDelegate.m", """
            #import <BackgroundTasks/BackgroundTasks.h>
            #import <UIKit/UIKit.h>

            @interface AppDelegate : UIResponder <UIApplicationDelegate>
            @end

            @implementation AppDelegate

            \(method)

            - (void)applicationDidEnterBackground:(UIApplication *)application {
                [[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.app.refresh"] error:nil];
            }

            @end

            """)
    }
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

    /// An app state machine in duckduckgo/iOS's shape: every event goes through `handle(_:)`, and only
    /// `.didFinishLaunching` starts the screen whose `start()` registers; a scene callback sends `.didBecomeActive`.
    static let stateMachine = """
        import UIKit

        enum AppEvent {
            case didFinishLaunching, didBecomeActive
        }

        final class Machine {
            static let shared = Machine()

            func handle(_ event: AppEvent) {
                guard case .didFinishLaunching = event else { return }
                Screen().start()
            }
        }

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneDidBecomeActive(_ scene: UIScene) {
                Machine.shared.handle(.didBecomeActive)
            }
        }

        """

    /// A view controller whose `viewDidLoad` runs `call`, with a `Spinner` and an `Uploader` that each have a
    /// `start` of their own (the uploader's called from inside it too).
    static func feed(_ call: String) -> String {
        """
        import UIKit

        final class Spinner {
            func start(animated: Bool) {}
        }

        final class Uploader {
            func start() {}
            func resume() { start() }
        }

        final class FeedViewController: UIViewController {
            let spinner = Spinner()
            let uploader = Uploader()

            override func viewDidLoad() {
                super.viewDidLoad()
                \(call)
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
        for use in audit.launchRegistrations {
            guard let late = LateRegistration.of(use, reach: audit.context.launchReach) else { continue }
            audit.add(.registeredLate, severity: late.isAlsoAtLaunch ? .warning : nil, at: use.location, late.message, why: late.why, fix: late.fix)
        }
    }
}

/// Doctor's words for a registration that runs after launch finishes (BG004), in one place: `init` says them too when
/// it skips a task kind because the app registers it already, there.
struct LateRegistration: Sendable, Equatable {
    /// Launch reaches it as well: the later registration raises only if its path runs (a warning).
    var isAlsoAtLaunch: Bool
    var message: String
    var why: String
    var fix: String

    private static let why = "BGTaskScheduler accepts registrations only until application(_:didFinishLaunchingWithOptions:) returns; a later one raises \"All launch handlers must be registered before application finishes launching\" and the task never runs."

    /// nil when the registration runs at launch, or when no path from an entry after launch was found.
    static func of(_ use: TaskIdentifierUse, reach: LaunchReach) -> LateRegistration? {
        let identifier = use.value.map(TaskIdentifierText.described) ?? RepositoryText.quoted(use.expression)
        switch use.launch {
        case .afterLaunch(let place):
            return LateRegistration(isAlsoAtLaunch: false, message: "\(identifier) is registered in \(place), which runs after launch finishes.",
                                    why: why, fix: "Register in application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously.")
        case .function(let key):
            guard let callee = reach.callee(of: use), let path = reach.afterLaunchPath(to: callee), let entry = path.first?.entry else { return nil }
            let route = LaunchPaths.describe(path, to: key) + unfollowed(reach.unfollowed(on: path, to: key))
            if reach.reaches(callee) {
                // Launch registers it; a later path that passes an enum case on the way (a state machine's
                // `handle(.didBecomeActive)`, which launch calls with `.didFinishLaunching`) may never get there.
                guard !LaunchPaths.dependsOnPassedCase(path, to: key) else { return nil }
                // Launch registers it; the path after launch registers it again, if it runs, and that raises.
                return LateRegistration(isAlsoAtLaunch: true, message: "\(identifier) is registered at launch and again after launch finishes, from \(route).",
                                        why: why + " Once it is registered, a second registration raises \"Launch handler … has already been registered\".",
                                        fix: "Keep the call at launch and remove the one from \(entry.place), or make \(key) register once.")
            }
            let again = entry.isPerOperation ? ", and again at each tap" : ""
            let cut = reach.callerSearchCut.map { " A path from launch may pass through callers doctor did not read: \($0)." } ?? ""
            return LateRegistration(isAlsoAtLaunch: false, message: "\(identifier) is registered after launch finishes\(again), from \(route).\(cut)",
                                    why: why, fix: "Call \(key) from application(_:didFinishLaunchingWithOptions:) (or a SwiftUI App's init), synchronously, not from \(entry.place).")
        case .unknown:
            return nil
        }
    }

    /// What the budget of receiver chains left unread on the path, said after it: at most `namesShown` names.
    private static func unfollowed(_ names: [(name: String, cut: CodeModel.ChainCut)]) -> String {
        guard !names.isEmpty else { return "" }
        let shown = names.prefix(namesShown).map { $0.cut.described($0.name) }
        let more = names.count > namesShown ? ", and \(names.count - namesShown) more" : ""
        return " (a call on it may be another type's: doctor did not follow the receiver's \(shown.joined(separator: ", "))\(more))"
    }

    private static let namesShown = 3
}
