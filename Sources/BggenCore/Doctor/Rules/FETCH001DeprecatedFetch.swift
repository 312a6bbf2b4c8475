extension DoctorRule {
    public static let deprecatedFetch = DoctorRule(
        id: "FETCH001", severity: .warning,
        summary: "Deprecated background fetch (setMinimumBackgroundFetchInterval, performFetchWithCompletionHandler).",
        finds: "deprecated background fetch (`setMinimumBackgroundFetchInterval` called on the application, the app delegate's `performFetchWithCompletionHandler`)",
        why: "Deprecated since iOS 13; iOS may stop calling it, and it runs less often than a `BGAppRefreshTask`.",
        fix: "Move the work to a `BGAppRefreshTask` (`bggen init --tasks refresh --migrate-background-fetch` writes one and says what to move and delete).",
        tags: ["background-fetch", "deprecated"],
        check: findDeprecatedFetch,
        examples: [
            .triggering("setMinimumBackgroundFetchInterval", ExampleApp(modes: ["fetch"]).with("App/Fetch.swift", """
                import UIKit

                func start(_ application: UIApplication) {
                    application.1️⃣setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
                }

                """), "1️⃣"),
            .nonTriggering("a refresh task", ExampleSources.cleanRefresh),
            .nonTriggering("another class's method of the same name", ExampleSources.cleanRefresh.with("App/Throttle.swift", """
                final class Throttle {
                    func setMinimumBackgroundFetchInterval(_ interval: Double) {}
                }

                func configure(_ throttle: Throttle) {
                    throttle.setMinimumBackgroundFetchInterval(60)
                }

                """)),
        ])
}

extension DoctorRule {
    /// Legacy fetch the target's Info.plists leave on (where they switch it off, FETCH002 says so instead), or in
    /// code no app target compiles.
    fileprivate static func findDeprecatedFetch(_ audit: inout RuleAudit) {
        guard audit.plistListingIdentifiers == nil else { return }
        // Below iOS 13 there is no BGTaskScheduler: deleting the fetch would leave iOS 12 without background refresh.
        let fix = audit.target?.deploysBelowIOS13 == true ? legacyFetchFixKeepingIOS12 : legacyFetchFix
        for (symbol, location) in audit.relevant.flatMap(\.legacyFetch) {
            audit.add(.deprecatedFetch, at: location, "\(symbol) is deprecated background fetch (iOS 13).", why: legacyFetchWhy, fix: fix)
        }
    }

    static let legacyFetchWhy = "iOS may stop calling it, and it stops the day the Info.plist gets BGTaskSchedulerPermittedIdentifiers (Apple: adding the key disables performFetchWithCompletionHandler and setMinimumBackgroundFetchInterval)."
    static let legacyFetchFixKeepingIOS12 = "Move the fetch's work into a BGAppRefreshTask for iOS 13 and later: register its handler at launch and submit a BGAppRefreshTaskRequest where the app sets the fetch interval, both inside if #available(iOS 13.0, *). Keep the legacy fetch for iOS 12 only: the app deploys below iOS 13, and iOS 12 has no BGTaskScheduler."
    static let legacyFetchFix = "Move the fetch's work into a BGAppRefreshTask in one step: register its handler at launch and submit a BGAppRefreshTaskRequest where the app sets the fetch interval, then delete application(_:performFetchWithCompletionHandler:) and the setMinimumBackgroundFetchInterval call."
}
