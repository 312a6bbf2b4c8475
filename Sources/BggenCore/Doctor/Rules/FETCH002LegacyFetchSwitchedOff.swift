extension DoctorRule {
    public static let legacyFetchSwitchedOff = DoctorRule(
        id: "FETCH002", severity: .error,
        summary: "Legacy background fetch in an app whose Info.plist has BGTaskSchedulerPermittedIdentifiers, which switches it off.",
        finds: "`performFetchWithCompletionHandler` or `setMinimumBackgroundFetchInterval` in an app whose Info.plist lists `BGTaskSchedulerPermittedIdentifiers`",
        why: "From iOS 13, adding `BGTaskSchedulerPermittedIdentifiers` to the Info.plist disables both methods (Apple, \"Using background tasks to update your app\"): the fetch is dead code the app still relies on.",
        fix: "Move the fetch's work into a `BGAppRefreshTask` (`bggen init --tasks refresh --migrate-background-fetch` writes one and says what to move), then delete the two calls.",
        tags: ["background-fetch", "reliability"],
        check: findLegacyFetchSwitchedOff,
        examples: [
            .triggering("the interval set while the plist permits a refresh task", ExampleSources.cleanRefresh.with("App/Fetch.swift", """
                import UIKit

                func start(_ application: UIApplication) {
                    application.1️⃣setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
                }

                """), "1️⃣"),
            .nonTriggering("a refresh task and no legacy fetch", ExampleSources.cleanRefresh),
        ])
}

extension DoctorRule {
    /// Adding BGTaskSchedulerPermittedIdentifiers switches legacy background fetch off: with the key in any of the
    /// target's Info.plists, in any configuration, the fetch the app relies on never runs there.
    fileprivate static func findLegacyFetchSwitchedOff(_ audit: inout RuleAudit) {
        guard let target = audit.target, let keyed = audit.plistListingIdentifiers else { return }
        let configurations = target.infoPlist.configurations[keyed.path]?.sorted().joined(separator: ", ")
        for (symbol, location) in audit.relevant.flatMap(\.legacyFetch) {
            var which = keyed.path
            if keyed.path != audit.plist?.path, let configurations { which += ", the Info.plist of \(configurations)," }
            audit.add(.legacyFetchSwitchedOff, at: location,
                      "\(symbol) is legacy background fetch, which \(which) switches off: it lists \(BackgroundModes.permittedIdentifiersKey).",
                      why: "Since iOS 13 an Info.plist with BGTaskSchedulerPermittedIdentifiers disables performFetchWithCompletionHandler and setMinimumBackgroundFetchInterval: the fetch the app relies on never runs.",
                      fix: legacyFetchFix)
        }
    }
}
