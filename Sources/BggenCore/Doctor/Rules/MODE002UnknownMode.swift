import BggenFormats

extension DoctorRule {
    public static let unknownMode = DoctorRule(
        id: "MODE002", severity: .error,
        summary: "A UIBackgroundModes value iOS does not know (a typo, or a task identifier in the wrong array).",
        finds: "a `UIBackgroundModes` value iOS does not know (a typo, or a task identifier)",
        why: "iOS ignores the value, so the background work it was meant to allow is not allowed.",
        fix: "Correct the value (`fetch`, `processing`, `remote-notification`, `audio`, `location`, `voip`, …); a task identifier belongs in `BGTaskSchedulerPermittedIdentifiers`.",
        tags: ["background-modes", "info-plist"],
        check: findUnknownMode,
        examples: [
            .triggering("a misspelt mode and a task identifier among the modes",
                        ExampleSources.cleanRefresh.with("App/Info.plist", ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch", "1️⃣remove-notification", "2️⃣com.example.app.refresh"]).renderedFiles["App/Info.plist"]!),
                        "1️⃣", "2️⃣"),
            .nonTriggering("modes iOS knows", ExampleSources.cleanRefresh),
        ])
}

extension DoctorRule {
    fileprivate static func findUnknownMode(_ audit: inout RuleAudit) {
        guard let plist = audit.plist else { return }
        for value in plist.backgroundModes ?? [] where !BackgroundModes.valid.contains(value.text) {
            let looksLikeIdentifier = value.text.contains(".")
            let meant = NearMiss.closest(to: value.text, among: BackgroundModes.valid.sorted())
            audit.add(.unknownMode, at: value.location, "\(plist.path) lists \(RepositoryText.quoted(value.text)) in \(BackgroundModes.key), which iOS does not know.",
                      why: "iOS ignores the value, so the background work it was meant to allow is not allowed.",
                      fix: looksLikeIdentifier ? "Move \(RepositoryText.quoted(value.text)) to \(BackgroundModes.permittedIdentifiersKey)."
                          : meant.map { "Did you mean '\($0)'? Replace it with that." }
                          ?? "Replace it with a valid mode (\(BackgroundModes.valid.sorted().joined(separator: ", "))).")
        }
    }
}
