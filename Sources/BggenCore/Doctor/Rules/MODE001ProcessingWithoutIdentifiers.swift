extension DoctorRule {
    public static let processingWithoutIdentifiers = DoctorRule(
        id: "MODE001", severity: .error,
        summary: "processing in UIBackgroundModes with no BGTaskSchedulerPermittedIdentifiers (ITMS-90771).",
        finds: "`processing` with no permitted identifiers (ITMS-90771 at upload)",
        why: "App Store Connect rejects the upload with ITMS-90771.",
        fix: "Add `BGTaskSchedulerPermittedIdentifiers` listing the identifiers the app registers, or remove `processing` from `UIBackgroundModes`.",
        tags: ["background-modes", "info-plist", "upload"],
        check: findProcessingWithoutIdentifiers,
        examples: [
            .triggering("processing and no permitted identifiers",
                        ExampleApp(modes: ["1️⃣processing"]).with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.clean""#, submitted: #""com.example.app.clean""#,
                                                                                                             request: "BGProcessingTaskRequest", registerMarker: "2️⃣")),
                        "1️⃣", "2️⃣ BG001"),
            .nonTriggering("processing with its permitted identifier",
                           ExampleApp(permitted: ["com.example.app.clean"], modes: ["processing"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.clean""#, submitted: #""com.example.app.clean""#,
                                                                                    request: "BGProcessingTaskRequest"))),
        ])
}

extension DoctorRule {
    fileprivate static func findProcessingWithoutIdentifiers(_ audit: inout RuleAudit) {
        guard let plist = audit.plist, let processing = plist.backgroundModes?.first(where: { $0.text == "processing" }),
              (plist.permittedIdentifiers ?? []).isEmpty else { return }
        audit.add(.processingWithoutIdentifiers, at: processing.location,
                  "\(plist.path) declares the 'processing' background mode but lists no \(BackgroundModes.permittedIdentifiersKey).",
                  why: "App Store Connect rejects the upload with ITMS-90771.",
                  fix: "List the processing task identifiers the app registers in \(BackgroundModes.permittedIdentifiersKey), or remove 'processing'.")
    }
}
