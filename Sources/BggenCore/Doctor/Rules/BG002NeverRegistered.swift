import BggenFormats
extension DoctorRule {
    public static let neverRegistered = DoctorRule(
        id: "BG002", severity: .warning,
        summary: "A permitted task identifier that no code registers.",
        finds: "a permitted identifier nothing registers (a note when the app pulls in code doctor does not read)",
        why: "Every permitted identifier needs a handler registered at launch; a dead entry usually means the code and the Info.plist disagree on a name, so the task the entry was meant for never runs.",
        fix: "Register the identifier in `application(_:didFinishLaunchingWithOptions:)`, correct its spelling, or remove the entry from `BGTaskSchedulerPermittedIdentifiers`.",
        tags: ["background-tasks", "info-plist"],
        check: findNeverRegistered,
        examples: [
            .nonTriggering("an identifier registered and submitted through the app's scheduler declared in another file",
                           ExampleSources.callingScheduler()),
            .triggering("a permitted identifier nothing registers",
                        ExampleSources.cleanRefresh.with("App/Info.plist", ExampleApp(permitted: ["com.example.app.refresh", "1️⃣com.example.app.gone"], modes: ["fetch"]).renderedFiles["App/Info.plist"]!),
                        "1️⃣"),
            .nonTriggering("every permitted identifier is registered", ExampleSources.cleanRefresh),
            .nonTriggering("an identifier built at run time may be any entry",
                           ExampleApp(permitted: ["com.example.app.refresh", "com.example.app.other"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.\(name)""#, registerMarker: "1️⃣")),
                           "1️⃣ CHECK001"),
            .nonTriggering("an identifier registered through a Flutter plugin's wrapper",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("pubspec.yaml", "name: example\n").with("App/AppDelegate.swift", """
                               import Flutter
                               import UIKit
                               import workmanager

                               @main
                               @objc class AppDelegate: FlutterAppDelegate {
                                   override func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                                       WorkmanagerPlugin.registerPeriodicTask(withIdentifier: "com.example.app.refresh", frequency: NSNumber(value: 20 * 60))
                                       return super.application(application, didFinishLaunchingWithOptions: launchOptions)
                                   }
                               }

                               """)),
        ])
}

extension DoctorRule {
    /// A permitted identifier no registration in the repository names; nothing is said while some registration's
    /// identifier cannot be read.
    fileprivate static func findNeverRegistered(_ audit: inout RuleAudit) {
        guard let target = audit.target, let plist = audit.plist, !audit.context.someRegistrationUnresolved else { return }
        // Only identifiers with a build setting are expanded for this target; the rest are the same for every target.
        let expanded = Set(audit.context.registeredWithSettings.map { audit.expanded($0) ?? $0 })
        for (entry, values) in plist.expandedEntries(in: target) where !entry.text.hasSuffix(".*") {
            guard let values, !values.contains(where: { audit.context.registeredLiterals.contains($0) || expanded.contains($0) }) else { continue }
            let unread = audit.context.dependenciesUnread
            audit.add(.neverRegistered, severity: unread ? .note : nil, at: entry.location,
                      "\(plist.path) permits \(RepositoryText.quoted(entry.text)), but no code in the repository registers it\(unread ? " (dependencies such as Pods or remote packages were not read)" : "").",
                      why: "Every permitted identifier needs a handler registered at launch; a dead entry usually means the code and the Info.plist disagree on a name.",
                      fix: "Register \(RepositoryText.quoted(entry.text)) before launch finishes, or remove it from \(BackgroundModes.permittedIdentifiersKey).")
        }
    }
}
