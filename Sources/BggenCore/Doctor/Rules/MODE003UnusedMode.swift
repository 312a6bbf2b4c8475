extension DoctorRule {
    public static let unusedMode = DoctorRule(
        id: "MODE003", severity: .warning,
        summary: "A background mode (fetch, processing) that no code in the repository uses (App Review 2.5.4).",
        finds: "`fetch` or `processing` that no code uses (App Review 2.5.4); a note when the app pulls in code doctor does not read",
        why: "App Review rejects apps that declare background modes they do not use (guideline 2.5.4).",
        fix: "Remove the mode from `UIBackgroundModes`, or add the background work it was declared for.",
        tags: ["background-modes", "info-plist", "app-review"],
        examples: [
            .triggering("fetch with no code using it", ExampleApp(modes: ["1️⃣fetch", "audio"]), "1️⃣"),
            .triggering("fetch in an app with CocoaPods, whose code doctor does not read", ExampleApp(modes: ["1️⃣fetch", "audio"]).with("Podfile", "pod 'Alamofire'\n"),
                        "1️⃣ MODE003 note"),
            .nonTriggering("fetch used by a refresh task", ExampleSources.cleanRefresh),
        ])
}
