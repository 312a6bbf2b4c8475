extension DoctorRule {
    public static let pushWithoutMode = DoctorRule(
        id: "PUSH001", severity: .warning,
        summary: "A silent-push handler without remote-notification in UIBackgroundModes.",
        finds: "a silent-push handler (`didReceiveRemoteNotification:fetchCompletionHandler:`) without `remote-notification`; a note when the handler does nothing in the background (its body only calls its completion handler, or it works only while `applicationState` is `.active`)",
        why: "iOS does not wake the app for a silent push, so the handler runs only while the app is in the foreground.",
        fix: "Add `remote-notification` to `UIBackgroundModes` (`bggen doctor --fix` does).",
        tags: ["push", "background-modes", "info-plist"],
        check: findPushWithoutMode,
        examples: [
            .triggering("a handler and no remote-notification", ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣")), "1️⃣"),
            .triggering("a handler that only calls its completion handler does nothing in the background: a note",
                        ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣", body: "completionHandler(.noData)")),
                        "1️⃣ PUSH001 note"),
            .triggering("a handler that returns unless the app is active: a note",
                        ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣", body: """
                            guard application.applicationState == .active else {
                                completionHandler(.noData)
                                return
                            }
                            Banner.show(userInfo)
                            completionHandler(.newData)
                            """)),
                        "1️⃣ PUSH001 note"),
            .triggering("a handler that returns if the app is not active: a note",
                        ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣", body: """
                            if (application.applicationState != .active) { completionHandler(.noData); return }
                            Banner.show(userInfo)
                            completionHandler(.newData)
                            """)),
                        "1️⃣ PUSH001 note"),
            .triggering("a handler that shows a banner only inside if UIApplication.shared.applicationState == .active: a note",
                        ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣", body: """
                            if UIApplication.shared.applicationState == .active {
                                Banner.show(userInfo)
                            }
                            completionHandler(.noData)
                            """)),
                        "1️⃣ PUSH001 note"),
            .triggering("an Objective-C handler that only calls its completion handler: a note",
                        ExampleApp(aps: true).with("App/AppDelegate.m", ExampleSources.objectiveCPushDelegate(
                            marker: "1️⃣", body: "completionHandler(UIBackgroundFetchResultNoData);")),
                        "1️⃣ PUSH001 note"),
            .triggering("an Objective-C handler that returns unless the app is active: a note",
                        ExampleApp(aps: true).with("App/AppDelegate.m", ExampleSources.objectiveCPushDelegate(marker: "1️⃣", body: """
                            if (application.applicationState != UIApplicationStateActive) {
                                completionHandler(UIBackgroundFetchResultNoData);
                                return;
                            }
                            [Banner show:userInfo];
                            completionHandler(UIBackgroundFetchResultNewData);
                            """)),
                        "1️⃣ PUSH001 note"),
            .triggering("an Objective-C handler working only inside if ([UIApplication sharedApplication].applicationState == UIApplicationStateActive): a note",
                        ExampleApp(aps: true).with("App/AppDelegate.m", ExampleSources.objectiveCPushDelegate(marker: "1️⃣", body: """
                            if ([UIApplication sharedApplication].applicationState == UIApplicationStateActive) {
                                [Banner show:userInfo];
                            }
                            completionHandler(UIBackgroundFetchResultNoData);
                            """)),
                        "1️⃣ PUSH001 note"),
            .triggering("a handler whose work runs before its foreground check works in the background",
                        ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣", body: """
                            Inbox.shared.markUnread(userInfo)
                            guard application.applicationState == .active else {
                                completionHandler(.newData)
                                return
                            }
                            Banner.show(userInfo)
                            completionHandler(.newData)
                            """)),
                        "1️⃣"),
            .triggering("a handler that works when the app is not active works in the background",
                        ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣", body: """
                            if application.applicationState == .active {
                                Banner.show(userInfo)
                            } else {
                                Inbox.shared.sync { completionHandler($0) }
                                return
                            }
                            completionHandler(.noData)
                            """)),
                        "1️⃣"),
            .triggering("an Objective-C handler whose check is the wrong way round (it returns when the app is active) works in the background",
                        ExampleApp(aps: true).with("App/AppDelegate.m", ExampleSources.objectiveCPushDelegate(marker: "1️⃣", body: """
                            if ([application applicationState] == UIApplicationStateActive) {
                                completionHandler(UIBackgroundFetchResultNoData);
                                return;
                            }
                            [Inbox syncWithCompletion:completionHandler];
                            """)),
                        "1️⃣"),
            .triggering("an async handler that only returns its result: a note",
                        ExampleApp(aps: true).with("App/AppDelegate.swift", """
                            import UIKit

                            final class AppDelegate: UIResponder, UIApplicationDelegate {
                                func application(_ application: UIApplication, 1️⃣didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
                                    return .noData
                                }
                            }

                            """),
                        "1️⃣ PUSH001 note"),
            .nonTriggering("a foreground-only handler with remote-notification",
                           ExampleApp(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(body: "completionHandler(.noData)"))),
            .nonTriggering("a handler with remote-notification", ExampleApp(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate())),
            .nonTriggering("a call of the handler is not a handler", ExampleApp(aps: true).with("App/Forwarder.swift", """
                final class Forwarder {
                    func forward(_ delegate: AppDelegate) {
                        delegate.application(app, didReceiveRemoteNotification: [:], fetchCompletionHandler: { _ in })
                    }
                }

                """)),
        ])
}

extension ExampleSources {
    /// An app delegate handling silent pushes (line 4, `marker` before the declaration) with `body`: by default it
    /// syncs, work that runs in the background.
    static func pushDelegate(marker: String = "", body: String = "Inbox.shared.sync { completionHandler($0) }") -> String {
        """
        import UIKit

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, \(marker)didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                             fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        \(body.split(separator: "\n").map { "        \($0)" }.joined(separator: "\n"))
            }
        }

        """
    }

    /// An Objective-C app delegate handling silent pushes, its first method (line 4, `marker` before the selector
    /// part), with `body`.
    static func objectiveCPushDelegate(marker: String = "", body: String) -> String {
        """
        #import "AppDelegate.h"

        @implementation AppDelegate
        - (void)application:(UIApplication *)application \(marker)didReceiveRemoteNotification:(NSDictionary *)userInfo
            fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
        \(body.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n"))
        }
        @end

        """
    }
}

extension DoctorRule {
    /// A handler that may work in the background needs the mode: a warning at the first such. When every handler
    /// does nothing in the background (it only completes, or works only while the app is active), the mode would
    /// wake the app for nothing: a note, with no `--fix` edit, since adding the mode is right only if the handler is
    /// meant to run in the background.
    fileprivate static func findPushWithoutMode(_ audit: inout RuleAudit) {
        let handlers = audit.owned.flatMap(\.silentPushHandlers)
        guard let target = audit.target, let plist = audit.plist, !plist.modes.contains("remote-notification"), let first = handlers.first else { return }
        guard let handler = handlers.first(where: { $0.reach == .background }) else {
            let does = first.reach == .nothing ? "only calls its completion handler, so it does nothing in the background"
                : "works only while applicationState is .active, so it does nothing in the background"
            audit.add(.pushWithoutMode, severity: .note, at: first.location,
                      "\(target.name)'s silent-push handler here \(does): \(plist.path) needs no 'remote-notification' in \(BackgroundModes.key) unless the handler should run in the background.",
                      why: "Without the mode iOS does not wake the app for a silent push; this handler would do nothing if it did.",
                      fix: "Nothing, if the handler is meant for the foreground only; otherwise make it do its work in the background too and add 'remote-notification' to \(BackgroundModes.key) in \(plist.path).")
            return
        }
        audit.add(.pushWithoutMode, at: handler.location, "\(target.name) handles silent pushes here, but \(plist.path) has no 'remote-notification' in \(BackgroundModes.key).",
                  why: "iOS does not wake the app for a silent push, so this handler runs only while the app is in the foreground.",
                  fix: "Add 'remote-notification' to \(BackgroundModes.key) in \(plist.path) (Background Modes > Remote notifications).",
                  edit: PlistFix(path: plist.path, edit: .addStrings(key: BackgroundModes.key, values: ["remote-notification"])))
    }
}
