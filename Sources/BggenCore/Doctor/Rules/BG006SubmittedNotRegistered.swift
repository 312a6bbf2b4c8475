extension DoctorRule {
    public static let submittedNotRegistered = DoctorRule(
        id: "BG006", severity: .error,
        summary: "A task identifier submitted in code that nothing registers.",
        finds: "a request submitted for an identifier nothing registers",
        why: "iOS logs \"No launch handler registered for task with identifier\" and never runs the task (or kills the app when it launches it).",
        fix: "Register a launch handler for the identifier at launch, or submit the identifier that is registered.",
        tags: ["background-tasks"],
        examples: [
            .triggering("a submission of an identifier nothing registers",
                        ExampleApp(permitted: ["com.example.app.refresh", "2️⃣com.example.app.later"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(submitted: #""com.example.app.later""#, submitMarker: "1️⃣")),
                        "1️⃣", "2️⃣ BG002"),
            .nonTriggering("a submission of the registered identifier", ExampleSources.cleanRefresh),
        ])
}
