/// Sources several rules' examples share, so each example shows only what differs.
enum ExampleSources {
    /// duckduckgo's shape: the app delegate registers and submits, for each case of `Dataset.Kind` (an enum of a
    /// library doctor does not read), the `taskIdentifier` an extension gives it with a `switch self` (`marker`
    /// before `register`).
    static func switchedMember(permitted: [String]?, marker: String = "") -> ExampleApp {
        ExampleApp(permitted: permitted, modes: ["fetch"]).with("App/AppDelegate.swift", """
            import BackgroundTasks
            import Dataset
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    Dataset.Kind.allCases.forEach { kind in
                        BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: kind.taskIdentifier, using: nil) { task in
                            task.setTaskCompleted(success: true)
                        }
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: kind.taskIdentifier))
                    }
                    return true
                }
            }

            extension Dataset.Kind {
                var taskIdentifier: String {
                    switch self {
                    case .hashes: return "com.example.app.hashes"
                    case .filters: return "com.example.app.filters"
                    }
                }
            }

            """)
    }

    /// pocket-casts' shape: the app delegate registers and submits `Constants.Values.refreshTaskId` (`marker` before
    /// `register`), a static constant of a nested type in `App/Constants.swift`, while `App/Sync.swift` gives another
    /// class an instance property of the same name and another value.
    static func qualifiedConstant(permitted: [String]? = ["com.example.app.refresh"], marker: String = "") -> ExampleApp {
        ExampleApp(permitted: permitted, modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: "Constants.Values.refreshTaskId", submitted: "Constants.Values.refreshTaskId",
                                                       registerMarker: marker))
            .with("App/Constants.swift", """
                struct Constants {
                    enum Values {
                        static let refreshTaskId = "com.example.app.refresh"
                    }
                }

                """)
            .with("App/Sync.swift", """
                final class Sync {
                    let refreshTaskId = "refresh"
                }

                """)
    }

    /// An app delegate that registers `registered` at launch (line 6, `registerMarker` before the call) and submits a
    /// `request` for `submitted` (line 13, `submitMarker` before the call). Identifiers are Swift expressions.
    static func appDelegate(registered: String = #""com.example.app.refresh""#, submitted: String = #""com.example.app.refresh""#,
                            request: String = "BGAppRefreshTaskRequest", registerMarker: String = "", submitMarker: String = "") -> String {
        """
        import BackgroundTasks
        import UIKit

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                BGTaskScheduler.shared.\(registerMarker)register(forTaskWithIdentifier: \(registered), using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
                return true
            }

            func schedule() {
                try? BGTaskScheduler.shared.submit(\(submitMarker)\(request)(identifier: \(submitted)))
            }
        }

        """
    }

    /// A `main.swift` that runs `code` (top-level statements or declarations) and then starts UIKit.
    static func mainSwift(_ code: String) -> String {
        "import UIKit\n\n\(code)UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)\n"
    }

    /// An Objective-C `main.m` whose `int main(…)` runs `code` in its `@autoreleasepool` block before it hands over to
    /// `UIApplicationMain`.
    static func objectiveCMain(_ code: String) -> String {
        let body = code.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
        return """
            #import <BackgroundTasks/BackgroundTasks.h>
            #import <UIKit/UIKit.h>

            int main(int argc, char *argv[]) {
                @autoreleasepool {
            \(body)
                    return UIApplicationMain(argc, argv, nil, nil);
                }
            }

            """
    }

    /// A refresh app with nothing wrong: `com.example.app.refresh` permitted, registered at launch, submitted, `fetch` on.
    static var cleanRefresh: ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/AppDelegate.swift", appDelegate())
    }

    /// A class in Swift 6 whose `registerAll` (called at launch) registers a handler on line 5 (`marker` before the
    /// call) that hands its task to `refresh` (line 11), which does `work`; `context` opens the type.
    static func handler(context: String = "@MainActor final class Tasks", closure: String = "{ task in", using: String = "nil",
                        work: String = "Task { task.setTaskCompleted(success: true) }", marker: String = "") -> String {
        """
        import BackgroundTasks

        \(context) {
            func registerAll() {
                BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: \(using)) \(closure)
                    self.refresh(task)
                }
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            func refresh(_ task: BGTask) {
                \(work)
            }
        }

        """
    }

    /// A Swift 6 refresh app that calls `Tasks().registerAll()` at launch, for `handler(…)` in `App/Tasks.swift`.
    static func swift6(_ tasks: String, settings: String = "SWIFT_VERSION = 6.0;") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"], settings: settings)
            .launching("Tasks().registerAll()").with("App/Tasks.swift", tasks)
    }

    /// A refresh app whose launch handler, registered on line 6 (`marker` before the call), runs `body` from line 7.
    static func completing(_ body: String, handler: String = "{ task in", marker: String = "", modes: [String] = ["fetch"]) -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: modes).with("App/AppDelegate.swift", """
            import BackgroundTasks
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) \(handler)
                        \(body)
                    }
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    return true
                }
            }

            """)
    }

    /// ChatSecure's shape: the app target's `AppDelegate` only subclasses `KitAppDelegate`, declared in the framework
    /// target `Kit` (folder `Kit/`) the app links, which registers the refresh task at launch with `work` in its
    /// launch handler (`marker` before `register`) and submits it.
    static func frameworkDelegate(work: String, marker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/AppDelegate.swift", "import Kit\n\n@main\nfinal class AppDelegate: KitAppDelegate {}\n")
            .with("Kit/KitAppDelegate.swift", """
                import BackgroundTasks
                import UIKit

                open class KitAppDelegate: UIResponder, UIApplicationDelegate {
                    open func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                            \(work)
                        }
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                        return true
                    }
                }

                """)
            .with(ExampleTarget("Kit", .framework, folder: "Kit", linked: true))
    }

    /// An app delegate extension handling background session events, which every background session needs: it hands
    /// the completion handler to the code that calls it once the session's events are delivered.
    static let sessionEvents = """
        import UIKit

        extension AppDelegate {
            func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {
                SessionEvents.keep(completionHandler, for: identifier)
            }
        }

        """

    /// A transfer class whose `session` (line 4) uses `configuration` (column 51), calling `call` on line 8; the app handles
    /// session events.
    static func transfers(_ call: String, configuration: String = #".background(withIdentifier: "com.example.app.transfers")"#) -> ExampleApp {
        ExampleApp().with("App/Transfers.swift", """
            import Foundation

            final class Transfers: NSObject, URLSessionDelegate {
                lazy var session = URLSession(configuration: \(configuration), delegate: self, delegateQueue: nil)

                func start(_ request: URLRequest, body: Data, file: URL) async throws {
                    let url = request.url!
                    \(call)
                }
            }

            """).with("App/Events.swift", sessionEvents)
    }

    /// Corona-Warn-App's identifiers (`permitted` by the Info.plist): a `String` enum whose computed `identifier` joins the bundle identifier and the
    /// raw value (`cleanup`'s explicit, `refresh`'s its name), registered through a wrapper taking the enum (under a
    /// local, `registerMarker` before the call) and submitted as `submitted` from a function taking it as `task`
    /// (`submitMarker` before the request), after `prelude`.
    static func taskEnum(permitted: [String] = ["$(PRODUCT_BUNDLE_IDENTIFIER).refresh", "$(PRODUCT_BUNDLE_IDENTIFIER).clean-up"], registerMarker: String = "", submitMarker: String = "", submitted: String = "task.identifier",
                         prelude: String = "") -> ExampleApp {
        ExampleApp(permitted: permitted, modes: ["fetch"]).launching("Scheduler.shared.registerAll()").with("App/Scheduler.swift", """
                import BackgroundTasks

                enum TaskID: String, CaseIterable {
                    case refresh
                    case cleanup = "clean-up"

                    var identifier: String {
                        guard let bundleID = Bundle.main.bundleIdentifier else { return "invalid-task-id" }
                        return "\\(bundleID).\\(rawValue)"
                    }
                }

                final class Scheduler: Sendable {
                    static let shared = Scheduler()

                    func registerAll() {
                        register(.refresh)
                        register(.cleanup)
                    }

                    private func register(_ task: TaskID) {
                        let identifierString = task.identifier
                        BGTaskScheduler.shared.\(registerMarker)register(forTaskWithIdentifier: identifierString, using: nil) { task in
                            task.setTaskCompleted(success: true)
                        }
                    }

                    func submit(_ task: TaskID) {
                        \(prelude)try? BGTaskScheduler.shared.submit(\(submitMarker)BGAppRefreshTaskRequest(identifier: \(submitted)))
                    }
                }

                """)
    }

    /// A continued-processing job registered for its own identifier, built at run time, and submitted as `submit`
    /// in the same function (or, `elsewhere`, in another declaring the same name); the handler's cast to `cast` has
    /// `marker` before its `else` return. Under `com.example.app.export.*`, in the background `mode` the request needs.
    static func continuedJob(submit: String, cast: String = "BGContinuedProcessingTask", mode: String = "processing", elsewhere: Bool = false, marker: String = "") -> ExampleApp {
        let identifier = #""com.example.app.export.\(id)""#
        let split = elsewhere ? "}\n\n    func resubmit(id: String) throws {\n        let identifier = \(identifier)\n        " : ""
        return ExampleApp(permitted: ["com.example.app.export.*"], modes: [mode]).with("App/Exporter.swift", """
            import BackgroundTasks

            final class Exporter {
                func start(id: String) throws {
                    let identifier = \(identifier)
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in // bggen:ignore CHECK001
                        guard let task = task as? \(cast) else { \(marker)return }
                        task.setTaskCompleted(success: true)
                    }
                    \(split)try BGTaskScheduler.shared.submit(\(submit)) // bggen:ignore CHECK001
                }
            }

            """)
    }
}
