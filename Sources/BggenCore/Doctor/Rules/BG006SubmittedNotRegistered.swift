import BggenFormats
extension DoctorRule {
    public static let submittedNotRegistered = DoctorRule(
        id: "BG006", severity: .error,
        summary: "A task identifier submitted in code that nothing registers.",
        finds: "a request submitted for an identifier nothing registers",
        why: "iOS logs \"No launch handler registered for task with identifier\" and never runs the task (or kills the app when it launches it).",
        fix: "Register a launch handler for the identifier at launch, or submit the identifier that is registered.",
        tags: ["background-tasks"],
        check: findSubmittedNotRegistered,
        examples: [
            .triggering("a submission of an identifier nothing registers",
                        ExampleApp(permitted: ["com.example.app.refresh", "2️⃣com.example.app.later"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(submitted: #""com.example.app.later""#, submitMarker: "1️⃣")),
                        "1️⃣", "2️⃣ BG002"),
            .nonTriggering("a submission of the registered identifier", ExampleSources.cleanRefresh),
        ])
}

extension DoctorRule {
    /// A request nothing registers is never run; continued-processing handlers are registered just before
    /// submitting, and nothing is said while some registration's identifier cannot be read.
    fileprivate static func findSubmittedNotRegistered(_ audit: inout RuleAudit) {
        guard !audit.context.someRegistrationUnresolved else { return }
        var reported = Set<String>()
        for use in audit.uses {
            guard case .request(let kind) = use.role, kind != .continuedProcessing, let value = use.value,
                  !audit.context.registeredLiterals.contains(value), !audit.context.registeredWithSettings.contains(value),
                  reported.insert(value).inserted else { continue }
            audit.add(.submittedNotRegistered, at: use.location, "A \(kind.rawValue) request for \(TaskIdentifierText.described(value)) is submitted, but nothing registers \(TaskIdentifierText.described(value)).",
                      why: "iOS logs \"No launch handler registered for task with identifier\" and never runs the task (or kills the app when it launches it).",
                      fix: "Register \(TaskIdentifierText.described(value)) with BGTaskScheduler.shared.register(forTaskWithIdentifier:using:launchHandler:) before launch finishes.")
        }
    }
}
