extension DoctorRule {
    public static let cancelAllAtLaunch = DoctorRule(
        id: "BG016", severity: .warning,
        summary: "cancelAllTaskRequests() runs at every launch, cancelling requests SDKs and the app submitted.",
        finds: "`cancelAllTaskRequests()` (Objective-C `cancelAllTaskRequests`) in `didFinishLaunching`, `willFinishLaunching` or a SwiftUI `App`'s `init`, or in a function launch calls, outside any `if`, `guard`, loop or `#if` and before any `return` of its function (a call only some launches make is a choice, not a loss)",
        why: "The scheduler holds one list of requests per app, with those an SDK the app links (analytics, sync, crash reporting) submitted: cancelling all of them at each launch, background launches included, cancels what was submitted before, so a processing task that waits for the charger or the SDK's refresh never runs.",
        fix: "Cancel only the app's own identifiers with `cancel(taskRequestWithIdentifier:)`, where a request is no longer wanted (at sign-out, when the user turns the feature off), and leave launch to register and submit.",
        tags: ["reliability"],
        check: findCancelAllAtLaunch,
        examples: [
            .triggering("in didFinishLaunching", cancellingApp(launch: "BGTaskScheduler.shared.1️⃣cancelAllTaskRequests()"), "1️⃣"),
            .triggering("in a function launch calls, in another file",
                        cancellingApp(launch: "Tasks.reset()").with("App/Tasks.swift", """
                            import BackgroundTasks

                            enum Tasks {
                                static func reset() {
                                    BGTaskScheduler.shared.1️⃣cancelAllTaskRequests()
                                }
                            }

                            """), "1️⃣"),
            .triggering("Objective-C, in didFinishLaunching",
                        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/AppDelegate.m", """
                            #import <BackgroundTasks/BackgroundTasks.h>
                            #import "AppDelegate.h"

                            @implementation AppDelegate
                            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                                [[BGTaskScheduler sharedScheduler] 1️⃣cancelAllTaskRequests];
                                [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.app.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
                                    [task setTaskCompletedWithSuccess:YES];
                                }];
                                return YES;
                            }
                            @end

                            """).with("App/AppDelegate.h", """
                            #import <UIKit/UIKit.h>

                            @interface AppDelegate : UIResponder <UIApplicationDelegate>
                            @end

                            """), "1️⃣"),
            .triggering("in an @main type's static main(), the program's start", cancellingApp(launch: "").with("App/Main.swift", """
                import BackgroundTasks
                import UIKit

                @main
                enum Main {
                    static func main() {
                        BGTaskScheduler.shared.1️⃣cancelAllTaskRequests()
                        UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)
                    }
                }

                """), "1️⃣"),
            .triggering("Objective-C, in main() before UIApplicationMain, the program's start",
                        cancellingApp(launch: "").with("App/main.m", ExampleSources.objectiveCMain("[[BGTaskScheduler sharedScheduler] 1️⃣cancelAllTaskRequests];")), "1️⃣"),
            .triggering("in main.swift's top-level code, before UIApplicationMain", cancellingApp(launch: "").with("App/main.swift", ExampleSources.mainSwift("""
                import BackgroundTasks

                BGTaskScheduler.shared.1️⃣cancelAllTaskRequests()

                """)), "1️⃣"),
            .nonTriggering("inside an if of main.swift's top-level code", cancellingApp(launch: "").with("App/main.swift", ExampleSources.mainSwift("""
                import BackgroundTasks

                if CommandLine.arguments.contains("--reset-tasks") {
                    BGTaskScheduler.shared.cancelAllTaskRequests()
                }

                """))),
            .nonTriggering("inside an #if of main.swift's top-level code", cancellingApp(launch: "").with("App/main.swift", ExampleSources.mainSwift("""
                import BackgroundTasks

                #if DEBUG
                BGTaskScheduler.shared.cancelAllTaskRequests()
                #endif

                """))),
            .nonTriggering("in a type main.swift declares, whose body is no top-level code", cancellingApp(launch: "").with("App/main.swift", ExampleSources.mainSwift("""
                import BackgroundTasks

                enum Reset {
                    static let done: Void = BGTaskScheduler.shared.cancelAllTaskRequests()
                }

                """))),
            .nonTriggering("in an Operation's main(), which launch does not call, in an app main.swift starts",
                           cancellingApp(launch: "").with("App/main.swift", ExampleSources.mainSwift("")).with("App/Cleanup.swift", """
                               import BackgroundTasks

                               final class Cleanup: Operation {
                                   override func main() {
                                       BGTaskScheduler.shared.cancelAllTaskRequests()
                                   }
                               }

                               """)),
            .nonTriggering("only on a first launch after an update", cancellingApp(launch: """
                if UserDefaults.standard.string(forKey: "version") != "2" {
                            BGTaskScheduler.shared.cancelAllTaskRequests()
                        }
                """)),
            .nonTriggering("inside an if that follows another statement of didFinishLaunching", cancellingApp(launch: """
                UserDefaults.standard.register(defaults: ["version": "1"])
                        if UserDefaults.standard.string(forKey: "version") != "2" {
                            BGTaskScheduler.shared.cancelAllTaskRequests()
                        }
                """)),
            .nonTriggering("after a guard that returns on most launches", cancellingApp(launch: "Tasks.resetOnce()").with("App/Tasks.swift", """
                import BackgroundTasks

                enum Tasks {
                    static func resetOnce() {
                        guard !UserDefaults.standard.bool(forKey: "reset") else { return }
                        UserDefaults.standard.set(true, forKey: "reset")
                        BGTaskScheduler.shared.cancelAllTaskRequests()
                    }
                }

                """)),
            .nonTriggering("at sign-out, which launch does not call", cancellingApp(launch: "").with("App/Session.swift", """
                import BackgroundTasks

                final class Session {
                    func signOut() {
                        BGTaskScheduler.shared.cancelAllTaskRequests()
                    }
                }

                """)),
        ])

    /// A refresh app whose app delegate runs `launch` first in `didFinishLaunching`, then registers.
    private static func cancellingApp(launch: String) -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/AppDelegate.swift", """
            import BackgroundTasks
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    \(launch)
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                    return true
                }

                func schedule() {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                }
            }

            """)
    }
}

extension DoctorRule {
    /// A call of `cancelAllTaskRequests` that every launch makes: in a launch function, or in a function launch
    /// reaches through calls (the walk BG004 makes), and not behind a condition of its own function.
    fileprivate static func findCancelAllAtLaunch(_ audit: inout RuleAudit) {
        let reach = audit.context.launchReach
        for call in audit.relevant.flatMap(\.cancelAllCalls) where !call.isConditional {
            guard case .function(let key) = call.launch, reach.reaches(reach.callee(key: key, at: call.location)) else { continue }
            let place = LaunchPaths.isLaunch(key) ? LaunchPaths.callName(key) : "\(LaunchPaths.callName(key)), which launch calls,"
            audit.add(.cancelAllAtLaunch, at: call.location,
                      "cancelAllTaskRequests() runs in \(place) at every launch, background launches included: it cancels every pending request, those SDKs submitted too.",
                      why: "A request cancelled at launch never runs: the app's processing task waiting for the charger, or an SDK's refresh, is gone each time the app starts.",
                      fix: "Cancel only the app's own identifiers with cancel(taskRequestWithIdentifier:), where a request is no longer wanted (at sign-out), not at launch.")
        }
    }
}
