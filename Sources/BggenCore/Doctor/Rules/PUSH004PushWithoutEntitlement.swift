extension DoctorRule {
    public static let pushWithoutEntitlement = DoctorRule(
        id: "PUSH004", severity: .error,
        summary: "Silent push without aps-environment in the app's entitlements.",
        finds: "silent push without `aps-environment` in the app's entitlements",
        why: "Without `aps-environment` the app gets no device token, so no push, silent or not, ever arrives.",
        fix: "Add the Push Notifications capability to the app target in Xcode (`bggen doctor --fix` adds `aps-environment`).",
        tags: ["push", "entitlements"],
        examples: [
            .triggering("remote-notification and a handler, no aps-environment",
                        ExampleApp(modes: ["remote-notification"], entitlementsMarker: "1️⃣").with("App/AppDelegate.swift", ExampleSources.pushDelegate()), "1️⃣"),
            .nonTriggering("aps-environment present", ExampleApp(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate())),
        ])
}
