extension DoctorRule {
    public static let legacyFetchSwitchedOff = DoctorRule(
        id: "FETCH002", severity: .error,
        summary: "Legacy background fetch in an app whose Info.plist has BGTaskSchedulerPermittedIdentifiers, which switches it off.",
        finds: "`performFetchWithCompletionHandler` or `setMinimumBackgroundFetchInterval` in an app whose Info.plist lists `BGTaskSchedulerPermittedIdentifiers`",
        why: "From iOS 13, adding `BGTaskSchedulerPermittedIdentifiers` to the Info.plist disables both methods (Apple, \"Using background tasks to update your app\"): the fetch is dead code the app still relies on. iOS 12 ignores the key, so an app deploying below iOS 13 still gets the fetch there; kept for iOS 12 beside a refresh task, it is no finding.",
        fix: "Move the fetch's work into a `BGAppRefreshTask` (`bggen init --tasks refresh --migrate-background-fetch` writes one and says what to move), then delete the two calls.",
        tags: ["background-fetch", "reliability"],
        check: findLegacyFetchSwitchedOff,
        examples: [
            .triggering("the interval set while the plist permits a refresh task", ExampleSources.cleanRefresh.with("App/Fetch.swift", ExampleSources.legacyFetchInterval(marker: "1️⃣")), "1️⃣"),
            .triggering("an app deploying to iOS 12 with the key and no refresh task", ExampleSources.cleanProcessing.deploying(to: "12.0")
                .with("App/Fetch.swift", ExampleSources.legacyFetchInterval(marker: "1️⃣")), "1️⃣"),
            .nonTriggering("a refresh task and no legacy fetch", ExampleSources.cleanRefresh),
            .nonTriggering("an app deploying to iOS 12 that keeps the fetch for iOS 12 beside its refresh task",
                           ExampleSources.cleanRefresh.deploying(to: "12.0").with("App/Fetch.swift", ExampleSources.legacyFetchInterval())),
        ])
}

extension ExampleSources {
    /// A processing app with nothing wrong, `fetch` on for the legacy fetch an example adds.
    static var cleanProcessing: ExampleApp {
        ExampleApp(permitted: ["com.example.app.processing"], modes: ["fetch", "processing"]).with("App/AppDelegate.swift", appDelegate(
            registered: #""com.example.app.processing""#, submitted: #""com.example.app.processing""#, request: "BGProcessingTaskRequest"))
    }

    /// A launch function setting the legacy fetch interval (line 4, `marker` before the call).
    static func legacyFetchInterval(marker: String = "") -> String {
        """
        import UIKit

        func start(_ application: UIApplication) {
            application.\(marker)setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
        }

        """
    }
}

extension ExampleApp {
    /// The same app with `IPHONEOS_DEPLOYMENT_TARGET` set to `version`.
    func deploying(to version: String) -> ExampleApp {
        var copy = self
        copy.settings += " IPHONEOS_DEPLOYMENT_TARGET = \(version);"
        return copy
    }
}

extension DoctorRule {
    /// Adding BGTaskSchedulerPermittedIdentifiers switches legacy background fetch off on iOS 13 and later: with the
    /// key in any of the target's Info.plists, in any configuration, the fetch never runs there. iOS 12 has no
    /// BGTaskScheduler and ignores the key, so an app deploying below iOS 13 still gets the fetch on iOS 12; kept
    /// there beside a refresh task that replaces it from iOS 13, it is the right thing and no finding.
    fileprivate static func findLegacyFetchSwitchedOff(_ audit: inout RuleAudit) {
        guard let target = audit.target, let keyed = audit.plistListingIdentifiers else { return }
        let configurations = target.infoPlist.configurations[keyed.path]?.sorted().joined(separator: ", ")
        let refreshes = audit.uses.contains { $0.role == .request(.refresh) || $0.role == .swiftUIRefresh }
        if target.deploysBelowIOS13 && refreshes { return }
        for (symbol, location) in audit.relevant.flatMap(\.legacyFetch) {
            var which = keyed.path
            if keyed.path != audit.plist?.path, let configurations { which += ", the Info.plist of \(configurations)," }
            let lists = "it lists \(BackgroundModes.permittedIdentifiersKey)."
            guard target.deploysBelowIOS13, let deployment = target.deploymentTarget else {
                audit.add(.legacyFetchSwitchedOff, at: location, "\(symbol) is legacy background fetch, which \(which) switches off: \(lists)",
                          why: "Since iOS 13 an Info.plist with BGTaskSchedulerPermittedIdentifiers disables performFetchWithCompletionHandler and setMinimumBackgroundFetchInterval: the fetch the app relies on never runs.",
                          fix: legacyFetchFix)
                continue
            }
            audit.add(.legacyFetchSwitchedOff, at: location,
                      "\(symbol) is legacy background fetch, which \(which) switches off on iOS 13 and later: \(lists) The app deploys to iOS \(deployment), so the fetch runs only on iOS 12.",
                      why: "From iOS 13 an Info.plist with BGTaskSchedulerPermittedIdentifiers disables performFetchWithCompletionHandler and setMinimumBackgroundFetchInterval, and the app registers no refresh task to replace them: on iOS 13 and later nothing refreshes it in the background. iOS 12, which has no BGTaskScheduler, ignores the key and still runs the fetch.",
                      fix: legacyFetchFixKeepingIOS12)
        }
    }
}
