import BggenFormats
extension DoctorRule {
    public static let unusedMode = DoctorRule(
        id: "MODE003", severity: .warning,
        summary: "A background mode (fetch, processing, remote-notification) that no code in the repository uses (App Review 2.5.4).",
        finds: "`fetch` or `processing` that no code uses, or `remote-notification` with no silent-push handler (App Review 2.5.4); a note when the app pulls in code doctor does not read, or its delegate subclasses one that may handle pushes",
        why: "App Review rejects apps that declare background modes they do not use (guideline 2.5.4).",
        fix: "Remove the mode from `UIBackgroundModes`, or add the background work it was declared for.",
        tags: ["background-modes", "info-plist", "app-review"],
        check: findUnusedMode,
        examples: [
            .triggering("fetch with no code using it", ExampleApp(modes: ["1️⃣fetch", "audio"]), "1️⃣"),
            .triggering("fetch in an app with CocoaPods, whose code doctor does not read", ExampleApp(modes: ["1️⃣fetch", "audio"]).with("Podfile", "pod 'Alamofire'\n"),
                        "1️⃣ MODE003 note"),
            .triggering("remote-notification with no silent-push handler (and no aps-environment: PUSH004 rests on a handler, not on the mode)",
                        ExampleApp(modes: ["1️⃣remote-notification"]), "1️⃣"),
            .triggering("remote-notification in an app whose delegate subclasses FlutterAppDelegate, which may handle pushes",
                        ExampleApp(modes: ["1️⃣remote-notification"], aps: true)
                            .with("App/AppDelegate.swift", "import Flutter\n\n@main\nfinal class AppDelegate: FlutterAppDelegate {}\n"),
                        "1️⃣ MODE003 note"),
            .triggering("remote-notification in an app, while a framework of the repository it may link syncs with CloudKit",
                        ExampleApp(modes: ["1️⃣remote-notification"])
                            .with("Vault/Sync.swift", "import CloudKit\n\nlet engine: CKSyncEngine? = nil\n")
                            .with(ExampleTarget("Vault", .framework, folder: "Vault", linked: false)),
                        "1️⃣ MODE003 note"),
            .nonTriggering("fetch used by a refresh task", ExampleSources.cleanRefresh),
            .nonTriggering("remote-notification for SwiftData's CloudKit sync, which handles its pushes itself",
                           ExampleApp(modes: ["remote-notification"], aps: true).with("App/Store.swift", """
                               import SwiftData

                               let configuration = ModelConfiguration(cloudKitDatabase: .automatic)

                               """)),
            .nonTriggering("remote-notification with a silent-push handler",
                           ExampleApp(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate())),
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
        findUnusedPushMode(&audit, plist: plist, target: target)
    }

    /// `remote-notification` wakes the app only for a silent-push handler; with none, the mode is unused (and PUSH004,
    /// which rests on a handler, says nothing). A delegate subclassing another delegate (`FlutterAppDelegate`, a
    /// linked framework's) may inherit a handler, unread dependencies may add one (Firebase swizzles it in), and
    /// other code of the repository using the mode may be linked: a note then.
    private static func findUnusedPushMode(_ audit: inout RuleAudit, plist: PlistFacts, target: AppTarget) {
        guard let value = plist.backgroundModes?.first(where: { $0.text == "remote-notification" }),
              !audit.relevant.contains(where: { !$0.silentPushHandlers.isEmpty || $0.modesUsed.contains("remote-notification") }) else { return }
        let inherits = audit.context.project.entryPoints.contains { $0.superclass != nil && ($0.targets.isEmpty || $0.targets.contains(target.name)) }
        let unread = audit.context.dependenciesUnread
        // A framework of the repository the app may link without its project saying so can be the user.
        let elsewhere = audit.context.facts.first { !$0.silentPushHandlers.isEmpty || $0.modesUsed.contains("remote-notification") }?.file
        let reason = inherits ? " (the app delegate's superclass may handle it)"
            : elsewhere.map { " (\($0) does, and \(target.name) may link it)" }
            ?? (unread ? " (dependencies such as Pods or remote packages were not read)" : "")
        audit.add(.unusedMode, severity: inherits || unread || elsewhere != nil ? .note : nil, at: value.location,
                  "\(plist.path) declares the 'remote-notification' background mode, but no code \(target.name) compiles handles a silent push (application(_:didReceiveRemoteNotification:fetchCompletionHandler:))\(reason).",
                  why: "App Review rejects apps that declare background modes they do not use (guideline 2.5.4); iOS wakes the app for a silent push only to call that handler.",
                  fix: "Remove 'remote-notification' from \(BackgroundModes.key), or implement the handler it was meant for.")
    }
}
