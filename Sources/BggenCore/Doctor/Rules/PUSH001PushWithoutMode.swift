extension DoctorRule {
    public static let pushWithoutMode = DoctorRule(
        id: "PUSH001", severity: .warning,
        summary: "A silent-push handler without remote-notification in UIBackgroundModes.",
        finds: "a silent-push handler (`didReceiveRemoteNotification:fetchCompletionHandler:`) without `remote-notification`",
        why: "iOS does not wake the app for a silent push, so the handler runs only while the app is in the foreground.",
        fix: "Add `remote-notification` to `UIBackgroundModes` (`bggen doctor --fix` does).",
        tags: ["push", "background-modes", "info-plist"],
        check: findPushWithoutMode,
        examples: [
            .triggering("a handler and no remote-notification", ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣")), "1️⃣"),
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
    /// An app delegate handling silent pushes (line 4, `marker` before the declaration).
    static func pushDelegate(marker: String = "") -> String {
        """
        import UIKit

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, \(marker)didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                             fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                completionHandler(.noData)
            }
        }

        """
    }
}

extension DoctorRule {
    fileprivate static func findPushWithoutMode(_ audit: inout RuleAudit) {
        guard let target = audit.target, let plist = audit.plist, !plist.modes.contains("remote-notification"),
              let handler = audit.owned.flatMap(\.silentPushHandlers).first else { return }
        audit.add(.pushWithoutMode, at: handler, "\(target.name) handles silent pushes here, but \(plist.path) has no 'remote-notification' in \(BackgroundModes.key).",
                  why: "iOS does not wake the app for a silent push, so this handler runs only while the app is in the foreground.",
                  fix: "Add 'remote-notification' to \(BackgroundModes.key) in \(plist.path) (Background Modes > Remote notifications).",
                  edit: PlistFix(path: plist.path, edit: .addStrings(key: BackgroundModes.key, values: ["remote-notification"])))
    }
}
