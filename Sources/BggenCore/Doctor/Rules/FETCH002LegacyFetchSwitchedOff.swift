extension DoctorRule {
    public static let legacyFetchSwitchedOff = DoctorRule(
        id: "FETCH002", severity: .error,
        summary: "Legacy background fetch in an app whose Info.plist has BGTaskSchedulerPermittedIdentifiers, which switches it off.",
        finds: "`performFetchWithCompletionHandler` or `setMinimumBackgroundFetchInterval` in an app whose Info.plist lists `BGTaskSchedulerPermittedIdentifiers`",
        why: "From iOS 13, adding `BGTaskSchedulerPermittedIdentifiers` to the Info.plist disables both methods (Apple, \"Using background tasks to update your app\"): the fetch is dead code the app still relies on.",
        fix: "Move the fetch's work into a `BGAppRefreshTask` (`bggen init --tasks refresh --migrate-background-fetch` writes one and says what to move), then delete the two calls.",
        tags: ["background-fetch", "reliability"],
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
