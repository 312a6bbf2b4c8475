extension DoctorRule {
    public static let nextStepPending = DoctorRule(
        id: "GEN003", severity: .note,
        summary: "A next step bggen init printed is not done yet: the app does not call bggen's code, or a spec lacks the lines bggen printed for it.",
        finds: "bggen's own files right after `bggen init`: a registration no launch path reaches or a session with no events hook yet (said instead of CHECK001 and URL005), a schedule function such as `scheduleAppRefresh()` that the step to call bggen's code shows and no file of the app names, and Info.plist keys missing where bggen printed spec lines to add (said instead of BG001 and BG003)",
        why: "Until the step is done no task is registered, or submit throws notPermitted; the step in bggen/NEXT_STEPS.md says what to write.",
        fix: "Do the numbered step of bggen/NEXT_STEPS.md the note names (`bggen init --next-steps` prints them again).",
        tags: ["generated-code"],
        check: nil,
        examples: [
            .triggering("bggen's registration that the app does not call yet", ExampleSources.uncalled("1️⃣"), "1️⃣"),
            .nonTriggering("the same registration in a file bggen did not write, which is CHECK001's",
                           ExampleSources.uncalled("1️⃣", recorded: false), "1️⃣ CHECK001"),
            .triggering("bggen's registration called at launch, and its schedule function, which the step shows, called nowhere",
                        ExampleSources.unscheduled("1️⃣", scheduled: false), "1️⃣"),
            .nonTriggering("the schedule call made as the app enters the background", ExampleSources.unscheduled("", scheduled: true)),
        ])
}

extension ExampleSources {
    /// bggen's task manager, whose `registerTasks()` the app delegate calls at launch, and whose
    /// `scheduleAppRefresh()` the app calls as it enters the background or not; `marker` goes before the latter's
    /// name in its declaration.
    static func unscheduled(_ marker: String, scheduled: Bool) -> ExampleApp {
        let path = "App/BackgroundProcessing/Scheduling.swift"
        let source = GeneratedMarker.stamp("""
            import BackgroundTasks

            final class BackgroundTaskManager {
                static let shared = BackgroundTaskManager()

                func registerTasks() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                }

                func scheduleAppRefresh() {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                }
            }

            """, path: path).replacingOccurrences(of: "\n    func scheduleAppRefresh()", with: "\n    func \(marker)scheduleAppRefresh()")
        let schedule = scheduled ? "\n    func applicationDidEnterBackground(_ application: UIApplication) {\n        BackgroundTaskManager.shared.scheduleAppRefresh()\n    }\n" : ""
        let delegate = """
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    BackgroundTaskManager.shared.registerTasks()
                    return true
                }
            \(schedule)}

            """
        return ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with(path, source)
            .with("App/AppDelegate.swift", delegate)
            .with("bggen/NEXT_STEPS.md", """
                1. Call the generated code from your app delegate (merge these methods into the one you have):
                       BackgroundTaskManager.shared.registerTasks()
                       BackgroundTaskManager.shared.scheduleAppRefresh()
                2. Put your own work in the files marked "This file is yours".

                """)
            .with(".bggen.json", """
                {"bundleId": "com.example.app", "files": ["\(path)"], "ios": "16.0", "style": "app-delegate", "tasks": ["refresh"], "version": 1}

                """)
    }

    /// bggen's task manager, whose `registerTasks()` no launch path calls yet; recorded in `.bggen.json` or not.
    static func uncalled(_ marker: String, recorded: Bool = true) -> ExampleApp {
        let path = "App/BackgroundProcessing/TaskRegistrations.swift"
        let source = GeneratedMarker.stamp("""
            import BackgroundTasks

            enum BackgroundTaskManager {
                static func registerTasks() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                }
            }

            """, path: path)
        let app = ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with(path, source.replacingOccurrences(of: "BGTaskScheduler.shared.register(", with: "BGTaskScheduler.shared.\(marker)register("))
            .with("bggen/NEXT_STEPS.md", "1. Call the generated code from your app delegate (merge these methods into the one you have):\n")
        return recorded ? app.with(".bggen.json", """
            {"bundleId": "com.example.app", "files": ["\(path)"], "ios": "16.0", "style": "app-delegate", "tasks": ["refresh"], "version": 1}

            """) : app
    }
}
