extension DoctorRule {
    public static let forceCastTask = DoctorRule(
        id: "BG013", severity: .error,
        summary: "A launch handler force-casts its task (as! BGProcessingTask) but runs for an identifier submitted with another request class.",
        finds: "`task as! BGProcessingTask` (or another task class) in a launch handler that also runs for an identifier submitted with another request class (a handler shared by several identifiers)",
        why: "The system hands the handler a task of the class its request had; for another request class the cast fails and the app crashes in the background.",
        fix: "Cast with `as?` and complete the task in the `else`, or give each identifier its own handler.",
        tags: ["background-tasks", "crash"],
        examples: [
            .triggering("a function shared by a refresh and a processing identifier", ExampleSources.shared(), "1️⃣"),
            .triggering("the shared function called from a closure", ExampleSources.shared(first: "launchHandler: { task in handle(task) })"), "1️⃣"),
            .triggering("the shared function named with its argument labels", ExampleSources.shared(first: "launchHandler: Tasks.handle(_:))"), "1️⃣"),
            .triggering("a closure casting to the other identifier's class",
                        ExampleSources.shared(first: "launchHandler: { task in (task as! 2️⃣BGProcessingTask).setTaskCompleted(success: true) })",
                                              second: "launchHandler: { task in task.setTaskCompleted(success: true) })", castMarker: ""),
                        "2️⃣"),
            .nonTriggering("both identifiers submitted as the class cast to", ExampleSources.shared(castMarker: "", refreshRequest: "BGProcessingTaskRequest",
                                                                                                    modes: ["1️⃣fetch", "processing"]),
                           "1️⃣ MODE003"),
            .nonTriggering("a conditional cast",
                           ExampleSources.shared(second: "launchHandler: { task in task.setTaskCompleted(success: true) })", cast: "as?", castMarker: "")),
            .nonTriggering("a closure casting to its own identifier's class",
                           ExampleSources.shared(first: "launchHandler: { task in (task as! BGAppRefreshTask).setTaskCompleted(success: true) })",
                                                 second: "launchHandler: { task in task.setTaskCompleted(success: true) })", castMarker: "")),
            .nonTriggering("an identifier doctor cannot read, so the handler's other task is unknown",
                           ExampleSources.shared(castMarker: "", cleanup: "Names.cleanup()", cleanupMarker: "1️⃣"), "1️⃣ CHECK001"),
        ])
}

extension ExampleSources {
    /// Two identifiers whose handlers are `first` and `second` (lines 5 and 6), `handle` casting with `cast` on line 10
    /// (`castMarker` before the class), and requests of `refreshRequest` and `cleanupRequest`.
    static func shared(first: String = "launchHandler: handle)", second: String = "launchHandler: handle)",
                       cast: String = "as!", castMarker: String = "1️⃣", refreshRequest: String = "BGAppRefreshTaskRequest",
                       modes: [String] = ["fetch", "processing"], cleanup: String = #""com.example.app.cleanup""#, cleanupMarker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh", "com.example.app.cleanup"], modes: modes).launching("Tasks.registerAll()").with("App/Tasks.swift", """
            import BackgroundTasks

            enum Tasks {
                static func registerAll() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil, \(first)
                    BGTaskScheduler.shared.\(cleanupMarker)register(forTaskWithIdentifier: \(cleanup), using: nil, \(second)
                }

                static func handle(_ task: BGTask) {
                    let typed = task \(cast) \(castMarker)BGProcessingTask
                    typed.setTaskCompleted(success: true)
                }

                static func schedule() {
                    try? BGTaskScheduler.shared.submit(\(refreshRequest)(identifier: "com.example.app.refresh"))
                    try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: "com.example.app.cleanup"))
                }
            }

            """)
    }
}
