extension DoctorRule {
    public static let couldNotCheck = DoctorRule(
        id: "CHECK001", severity: .note,
        summary: "Something doctor could not check: an identifier built at run time, a generated Info.plist.",
        finds: "something doctor could not check: an identifier built at run time, an Info.plist Xcode generates, a registration no path from launch reaches",
        why: "A finding there would be missed; doctor says so rather than guess.",
        fix: "Nothing to do when the code is right; a literal or a constant identifier lets doctor check it.",
        tags: ["coverage"],
        examples: [
            .triggering("a registration through the app's scheduler in another file that no path from launch reaches",
                        ExampleSources.callingScheduler(marker: "1️⃣", launch: #"print("launched")"#), "1️⃣"),
            .triggering("an identifier built at run time",
                        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.\(name)""#, registerMarker: "1️⃣")),
                        "1️⃣"),
            .triggering("a registration no path from launch was found to reach", ExampleSources.late("func start() {", marker: "1️⃣"), "1️⃣"),
            .triggering("a registration in a singleton's init that only a view controller's stored property makes",
                        singleton(holder: "final class Screen: UIViewController", marker: "1️⃣"), "1️⃣"),
            .nonTriggering("a registration in a singleton's init that the app delegate's stored property makes",
                           singleton(holder: "@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate")),
            .nonTriggering("literal identifiers reached from launch", ExampleSources.cleanRefresh),
            .nonTriggering("an identifier returned as a literal from a computed property",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
                               .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: "Names.refresh", submitted: "Names.refresh"))
                               .with("App/Names.swift", "enum Names {\n    static var refresh: String { \"com.example.app.refresh\" }\n}\n")),
            .nonTriggering("a constant named with its types, beside another type's property of that name in another file (pocket-casts)",
                           ExampleSources.qualifiedConstant()),
            .nonTriggering("a member a switch over self gives each case of an enum declared elsewhere (duckduckgo)",
                           ExampleSources.switchedMember(permitted: ["com.example.app.hashes", "com.example.app.filters"])),
            .nonTriggering("identifiers a String enum's computed property builds per case from the bundle identifier and the raw value, through enum-typed parameters",
                           ExampleSources.taskEnum()),
            .nonTriggering("an identifier a String enum's computed property builds for the case named with a leading dot",
                           ExampleSources.taskEnum(submitted: ".cleanup.identifier")),
            .triggering("a local that shadows an enum-typed parameter, bound at run time",
                        ExampleSources.taskEnum(submitMarker: "1️⃣", prelude: "let task = UserDefaults.standard.string(forKey: \"next\") ?? \"\"\n        "), "1️⃣"),
        ])

    /// Corona-Warn-App's shape: `holder`'s stored property takes `Scheduler.shared`, whose private `init` registers
    /// (`marker` before the `register`); the app delegate's `didFinishLaunching` names only the property.
    private static func singleton(holder: String, marker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Holder.swift", """
            import UIKit

            \(holder) {
                let scheduler: Scheduler = Scheduler.shared

                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    scheduler.schedule()
                    return true
                }
            }

            """).with("App/Scheduler.swift", """
            import BackgroundTasks

            final class Scheduler {
                static let shared = Scheduler()

                private init() {
                    registerTasks()
                }

                private func registerTasks() {
                    BGTaskScheduler.shared.\(marker)register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                }

                func schedule() {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                }
            }

            """)
    }
}
