import BggenFormats
extension DoctorRule {
    public static let forceCastTask = DoctorRule(
        id: "BG013", severity: .error,
        summary: "A launch handler force-casts its task (as! BGProcessingTask) but runs for an identifier submitted with another request class.",
        finds: "`task as! BGProcessingTask` (or another task class) in a launch handler that also runs for an identifier submitted with another request class (a handler shared by several identifiers)",
        why: "The system hands the handler a task of the class its request had; for another request class the cast fails and the app crashes in the background.",
        fix: "Cast with `as?` and complete the task in the `else`, or give each identifier its own handler.",
        tags: ["background-tasks", "crash"],
        check: findForceCastTask,
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

extension DoctorRule {
    /// A handler casting its task to one class, run for an identifier submitted with another request class.
    fileprivate static func findForceCastTask(_ audit: inout RuleAudit) {
        let requests = audit.context.requests
        for facts in audit.relevant where !facts.forceCasts.isEmpty {
            let registered = Dictionary(facts.uses.filter(\.isRegistration).map { ($0.location, $0.value) }, uniquingKeysWith: { first, _ in first })
            for cast in facts.forceCasts {
                let identifiers = cast.registrations.map { place in registered[place] ?? nil }
                guard !identifiers.isEmpty, identifiers.allSatisfy({ $0 != nil }) else { continue }
                let values = identifiers.compactMap(\.self)
                guard let other = requests.filter({ values.contains($0.value!) && $0.role != .request(cast.kind) }).min(by: { $0.location < $1.location }),
                      case .request(let kind) = other.role, let requestType = TaskSpec.of(kind).requestClass else { continue }
                let shared = Set(values).count > 1 ? " (registered for \(values.map { TaskIdentifierText.described($0) }.joined(separator: ", ")))" : ""
                audit.add(.forceCastTask, at: cast.location,
                          "This launch handler\(shared) force-casts its task to \(cast.type), but \(TaskIdentifierText.described(other.value!)) is submitted as a \(requestType) at \(other.location.file):\(other.location.line).",
                          why: "The system hands the handler a task of the class its request had; for a \(requestType) the cast fails and the app crashes in the background.",
                          fix: "Register a handler per task class, or cast with as? and handle each class: if let task = task as? \(cast.type) { … } else { task.setTaskCompleted(success: false) }.")
            }
        }
    }
}
