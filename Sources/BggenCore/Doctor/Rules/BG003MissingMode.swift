extension DoctorRule {
    public static let missingMode = DoctorRule(
        id: "BG003", severity: .error,
        summary: "A task request without its background mode: refresh needs fetch, processing needs processing.",
        finds: "a refresh request without `fetch`, a processing request without `processing` in `UIBackgroundModes`",
        why: "`submit` throws `BGTaskScheduler.Error.notPermitted` (code 3) and the task never runs.",
        fix: "Add the mode to `UIBackgroundModes` in the app's Info.plist (`bggen doctor --fix` does), or the Background Modes capability in Xcode.",
        tags: ["background-tasks", "info-plist", "background-modes"],
        check: findMissingMode,
        examples: [
            .triggering("a refresh request without fetch",
                        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["audio"]).with("App/AppDelegate.swift", ExampleSources.appDelegate(submitMarker: "1️⃣")),
                        "1️⃣"),
            .triggering("a processing request without processing",
                        ExampleApp(permitted: ["com.example.app.clean"], modes: ["2️⃣fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.clean""#, submitted: #""com.example.app.clean""#,
                                                                                 request: "BGProcessingTaskRequest", submitMarker: "1️⃣")),
                        "1️⃣", "2️⃣ MODE003"),
            .nonTriggering("a refresh request with fetch", ExampleSources.cleanRefresh),
            .nonTriggering("a request of a class doctor cannot tell may use either mode",
                           ExampleApp(permitted: ["com.example.app.task"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.task""#, submitted: "request", request: "makeRequest"))),
        ])
}

extension DoctorRule {
    /// Each request class needs its mode once in the target's Info.plist; one finding per missing mode.
    fileprivate static func findMissingMode(_ audit: inout RuleAudit) {
        guard let target = audit.target, let plist = audit.plist else { return }
        let modes = plist.modes
        var reported = Set<String>()
        for use in audit.uses {
            guard case .request(let kind) = use.role, let mode = TaskSpec.of(kind).requestMode, !modes.contains(mode), reported.insert(mode).inserted else { continue }
            audit.add(.missingMode, at: use.location, "\(target.name) submits a \(kind.rawValue) request, but \(plist.path) has no '\(mode)' in \(BackgroundModes.key).",
                      why: "submit throws BGTaskScheduler.Error.notPermitted (code 3) and the task never runs.",
                      fix: "Add '\(mode)' to \(BackgroundModes.key) in \(plist.path) (Signing & Capabilities > Background Modes).",
                      edit: PlistFix(path: plist.path, edit: .addStrings(key: BackgroundModes.key, values: [mode])))
        }
    }
}
