extension DoctorRule {
    public static let nextStepPending = DoctorRule(
        id: "GEN003", severity: .note,
        summary: "A next step bggen init printed is not done yet: the app does not call bggen's code, or a spec lacks the lines bggen printed for it.",
        finds: "bggen's own files right after `bggen init`: a registration no launch path reaches or a session with no events hook yet (said instead of CHECK001 and URL005), and Info.plist keys missing where bggen printed spec lines to add (said instead of BG001 and BG003)",
        why: "Until the step is done no task is registered, or submit throws notPermitted; the step in bggen/NEXT_STEPS.md says what to write.",
        fix: "Do the numbered step of bggen/NEXT_STEPS.md the note names (`bggen init --next-steps` prints them again).",
        tags: ["generated-code"],
        check: nil,
        examples: [
            .triggering("bggen's registration that the app does not call yet", ExampleSources.uncalled("1️⃣"), "1️⃣"),
            .nonTriggering("the same registration in a file bggen did not write, which is CHECK001's",
                           ExampleSources.uncalled("1️⃣", recorded: false), "1️⃣ CHECK001"),
        ])
}

extension ExampleSources {
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
