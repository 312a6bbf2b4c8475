extension DoctorRule {
    public static let deprecatedFetch = DoctorRule(
        id: "FETCH001", severity: .warning,
        summary: "Deprecated background fetch (setMinimumBackgroundFetchInterval, performFetchWithCompletionHandler).",
        finds: "deprecated background fetch (`setMinimumBackgroundFetchInterval` called on the application, the app delegate's `performFetchWithCompletionHandler`)",
        why: "Deprecated since iOS 13; iOS may stop calling it, and it runs less often than a `BGAppRefreshTask`.",
        fix: "Move the work to a `BGAppRefreshTask` (`bggen init --tasks refresh --migrate-background-fetch` writes one and says what to move and delete).",
        tags: ["background-fetch", "deprecated"],
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
