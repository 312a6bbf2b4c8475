extension DoctorRule {
    public static let pushWithoutEntitlement = DoctorRule(
        id: "PUSH004", severity: .error,
        summary: "Silent push without aps-environment in the app's entitlements.",
        finds: "silent push without `aps-environment` in the app's entitlements",
        why: "Without `aps-environment` the app gets no device token, so no push, silent or not, ever arrives.",
        fix: "Add the Push Notifications capability to the app target in Xcode (`bggen doctor --fix` adds `aps-environment`).",
        tags: ["push", "entitlements"],
        check: findPushWithoutEntitlement,
        examples: [
            .triggering("remote-notification and a handler, no aps-environment",
                        ExampleApp(modes: ["remote-notification"], entitlementsMarker: "1️⃣").with("App/AppDelegate.swift", ExampleSources.pushDelegate()), "1️⃣"),
            .nonTriggering("aps-environment present", ExampleApp(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate())),
        ])
}

extension DoctorRule {
    fileprivate static func findPushWithoutEntitlement(_ audit: inout RuleAudit) {
        audit.require(.aps)
    }
}

extension EntitlementNeed {
    static let aps = EntitlementNeed(
        rule: .pushWithoutEntitlement, neededAt: silentPush, key: "aps-environment", value: "development", use: "uses silent push", capability: "Push Notifications",
        why: "Without aps-environment the app gets no device token, so no push, silent or not, ever arrives.",
        edit: .addString(key: "aps-environment", value: "development"))

    /// A silent-push handler the target compiles needs aps-environment. The remote-notification mode alone does
    /// not say the app uses push: with no handler that mode is unused, which MODE003 reports.
    private static func silentPush(in audit: RuleAudit) -> FindingLocation? {
        audit.owned.flatMap(\.silentPushHandlers).first?.location
    }
}
