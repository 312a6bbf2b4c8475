import BggenFormats
extension DoctorRule {
    public static let unusedMode = DoctorRule(
        id: "MODE003", severity: .warning,
        summary: "A background mode (fetch, processing) that no code in the repository uses (App Review 2.5.4).",
        finds: "`fetch` or `processing` that no code uses (App Review 2.5.4); a note when the app pulls in code doctor does not read",
        why: "App Review rejects apps that declare background modes they do not use (guideline 2.5.4).",
        fix: "Remove the mode from `UIBackgroundModes`, or add the background work it was declared for.",
        tags: ["background-modes", "info-plist", "app-review"],
        check: findUnusedMode,
        examples: [
            .triggering("fetch with no code using it", ExampleApp(modes: ["1️⃣fetch", "audio"]), "1️⃣"),
            .triggering("fetch in an app with CocoaPods, whose code doctor does not read", ExampleApp(modes: ["1️⃣fetch", "audio"]).with("Podfile", "pod 'Alamofire'\n"),
                        "1️⃣ MODE003 note"),
            .nonTriggering("fetch used by a refresh task", ExampleSources.cleanRefresh),
            .nonTriggering("fetch used by a refresh task in a framework the app links, whose app delegate the app's subclasses",
                           ExampleSources.frameworkDelegate(work: "task.setTaskCompleted(success: true)")),
        ])
}

extension DoctorRule {
    fileprivate static func findUnusedMode(_ audit: inout RuleAudit) {
        guard let target = audit.target, let plist = audit.plist else { return }
        var used = audit.relevant.reduce(into: Set<String>()) { $0.formUnion($1.modesUsed) }
        // A registration no request names may be a refresh or a processing task: either mode may be its.
        let requested = Set(audit.uses.filter { !$0.isRegistration }.compactMap(\.value))
        if audit.uses.contains(where: { $0.role == .register && ($0.value.map { !requested.contains($0) } ?? true) }) {
            used.formUnion(["fetch", "processing"])
        }
        for value in plist.backgroundModes ?? [] where ["fetch", "processing"].contains(value.text) && !used.contains(value.text) {
            let unread = audit.context.dependenciesUnread
            let code = value.text == "fetch" ? "BGAppRefreshTask" : "BGProcessingTask"
            audit.add(.unusedMode, severity: unread ? .note : nil, at: value.location,
                      "\(plist.path) declares the \(RepositoryText.quoted(value.text)) background mode, but no code \(target.name) compiles uses \(code)\(unread ? " (dependencies such as Pods or remote packages were not read)" : "").",
                      why: "App Review rejects apps that declare background modes they do not use (guideline 2.5.4).",
                      fix: "Remove \(RepositoryText.quoted(value.text)) from \(BackgroundModes.key), or add the \(code) work it was meant for.")
        }
    }
}
