import BggenFormats
extension DoctorRule {
    public static let registeredTwice = DoctorRule(
        id: "BG005", severity: .error,
        summary: "The same task identifier is registered at more than one place; the second registration kills the app.",
        finds: "one identifier registered at two places (`#if` branches excepted), including a SwiftUI `.backgroundTask` beside a `register` call, and a continued-processing task registered with a fixed identifier in the function that submits it or in one a button's action reaches (every run after the first registers it again)",
        why: "BGTaskScheduler raises an exception on the second registration of the same identifier, and the app crashes at launch.",
        fix: "Keep one registration per identifier, in one place that runs once at launch.",
        tags: ["background-tasks", "launch", "crash"],
        check: findRegisteredTwice,
        examples: [
            .triggering("one identifier registered twice",
                        ExampleSources.cleanRefresh.launching("Again.go()").with("App/Sync.swift", """
                            import BackgroundTasks

                            enum Again {
                                static func go() {
                                    BGTaskScheduler.shared.1️⃣register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { _ in }
                                }
                            }

                            """), "1️⃣"),
            .triggering("a SwiftUI backgroundTask and a register call for one identifier",
                        ExampleSources.cleanRefresh.with("App/TheApp.swift", """
                            import SwiftUI

                            @main struct TheApp: App {
                                var body: some Scene {
                                    WindowGroup { Text("") }
                                        .backgroundTask(.1️⃣appRefresh("com.example.app.refresh")) { }
                                }
                            }

                            """), "1️⃣"),
            .triggering("a continued-processing task registered in the function that submits it, once per upload (CommonsFinder before e98f256)",
                        ExampleApp(permitted: ["com.example.app.*"]).with("App/Uploads.swift", """
                            import BackgroundTasks

                            final class Uploads {
                                func upload(_ name: String) {
                                    let request = BGContinuedProcessingTaskRequest(identifier: "com.example.app.upload", title: "Upload", subtitle: name)
                                    BGTaskScheduler.shared.1️⃣register(forTaskWithIdentifier: "com.example.app.upload", using: nil) { task in
                                        task.setTaskCompleted(success: true)
                                    }
                                    try? BGTaskScheduler.shared.submit(request)
                                }
                            }

                            """), "1️⃣"),
            .triggering("a continued-processing task registered with a fixed identifier in a function a button's action reaches, once per tap",
                        ExampleSources.uploads(registerMarker: "1️⃣").with("App/ContentView.swift", ExampleSources.view(".overlay { Button(\"Upload\") { Uploads().prepare(); Uploads().upload(\"a\") } }"))
                            .with("App/Model.swift", ExampleSources.model), "1️⃣"),
            .nonTriggering("a continued-processing task registered at launch and submitted from a button's action",
                           ExampleSources.uploads().launching("Uploads().prepare()")
                               .with("App/ContentView.swift", ExampleSources.view(".overlay { Button(\"Upload\") { Uploads().upload(\"a\") } }"))
                               .with("App/Model.swift", ExampleSources.model)),
            .nonTriggering("a continued-processing task registered and submitted by main.swift's top-level code, which runs once a launch",
                           ExampleApp(permitted: ["com.example.app.*"]).with("App/main.swift", ExampleSources.mainSwift("""
                               import BackgroundTasks

                               BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.export", using: nil) { task in
                                   task.setTaskCompleted(success: true)
                               }
                               try? BGTaskScheduler.shared.submit(BGContinuedProcessingTaskRequest(identifier: "com.example.app.export", title: "Export", subtitle: "Resumed"))

                               """))),
            .nonTriggering("a continued-processing task registered once, apart from the function that submits it",
                           ExampleApp(permitted: ["com.example.app.*"]).with("App/Uploads.swift", """
                               import BackgroundTasks

                               final class Uploads {
                                   func registerOnce() {
                                       BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.upload", using: nil) { task in
                                           task.setTaskCompleted(success: true)
                                       }
                                   }

                                   func upload(_ name: String) {
                                       let request = BGContinuedProcessingTaskRequest(identifier: "com.example.app.upload", title: "Upload", subtitle: name)
                                       try? BGTaskScheduler.shared.submit(request)
                                   }
                               }

                               """)),
            .nonTriggering("two identifiers built from the bundle identifier with different suffixes, each registered once",
                           ExampleApp(permitted: ["$(PRODUCT_BUNDLE_IDENTIFIER).exposure-notification", "$(PRODUCT_BUNDLE_IDENTIFIER).results"], modes: ["processing"])
                               .with("App/Tasks.swift", """
                                   import BackgroundTasks
                                   import UIKit

                                   final class AppDelegate: UIResponder, UIApplicationDelegate {
                                       static let exposure = Bundle.main.bundleIdentifier! + ".exposure-notification"
                                       static let results = "\\(Bundle.main.bundleIdentifier!).results"

                                       func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                                           BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.exposure, using: nil) { task in task.setTaskCompleted(success: true) }
                                           BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.results, using: nil) { task in task.setTaskCompleted(success: true) }
                                           try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: Self.exposure))
                                           try? BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: Self.results))
                                           return true
                                       }
                                   }

                                   """)),
            .nonTriggering("registrations in the branches of an #if",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Again.go()").with("App/Branches.swift", """
                               import BackgroundTasks

                               enum Again {
                                   static func go() {
                               #if DEBUG
                                       BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { _ in }
                               #else
                                       BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { _ in }
                               #endif
                                   }
                               }

                               """).with("App/Schedule.swift", ExampleSources.schedule)),
            .nonTriggering("a SwiftUI backgroundTask alone",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/TheApp.swift", """
                               import SwiftUI

                               @main struct TheApp: App {
                                   var body: some Scene {
                                       WindowGroup { Text("") }
                                           .backgroundTask(.appRefresh("com.example.app.refresh")) { }
                                   }
                               }

                               """).with("App/Schedule.swift", ExampleSources.schedule)),
        ])
}

extension ExampleSources {
    /// Continued-processing uploads: `prepare()` registers `com.example.app.upload` (line 5, `registerMarker` before
    /// `register`), `upload(_:)` submits it.
    static func uploads(registerMarker: String = "") -> ExampleApp {
        ExampleApp(permitted: ["com.example.app.*"]).with("App/Uploads.swift", """
            import BackgroundTasks

            final class Uploads {
                func prepare() {
                    BGTaskScheduler.shared.\(registerMarker)register(forTaskWithIdentifier: "com.example.app.upload", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                }

                func upload(_ name: String) {
                    try? BGTaskScheduler.shared.submit(BGContinuedProcessingTaskRequest(identifier: "com.example.app.upload", title: "Upload", subtitle: name))
                }
            }

            """)
    }

    /// A function submitting a refresh request for `com.example.app.refresh`.
    static let schedule = """
        import BackgroundTasks

        func schedule() {
            try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
        }

        """
}

extension DoctorRule {
    /// The second registration of an identifier kills the app; `#if` branches may each hold one. A
    /// continued-processing task registered with a fixed identifier in the function that submits it is registered
    /// again each time that function runs again (CommonsFinder before e98f256, one run per upload).
    fileprivate static func findRegisteredTwice(_ audit: inout RuleAudit) {
        let registrations = audit.uses.filter { $0.isRegistration && $0.value != nil && !$0.isConditional }
        var twice = Set<FindingLocation>()
        for (value, sites) in Dictionary(grouping: registrations, by: { $0.value! }) where sites.count > 1 {
            let sorted = sites.sorted { $0.location < $1.location }
            let first = sorted[0].location
            for site in sorted.dropFirst() {
                twice.insert(site.location)
                audit.add(.registeredTwice, at: site.location, "\(TaskIdentifierText.described(value)) is registered here and at \(first.file):\(first.line).",
                          why: "BGTaskScheduler kills the app on the second registration of the same identifier.",
                          fix: "Keep one registration of \(TaskIdentifierText.described(value)) (\(site.role == .swiftUIRefresh || sorted[0].role == .swiftUIRefresh ? "SwiftUI's .backgroundTask(.appRefresh) already registers it" : "at launch")) and remove the other.")
            }
        }
        let continuedRequests = audit.uses.filter { $0.role == .request(.continuedProcessing) && $0.value != nil }
        for site in registrations where site.role == .register && !twice.contains(site.location) {
            // The program's start runs once a launch: it registers once, whatever it submits.
            guard case .function(let key) = site.launch, key != LaunchPaths.programStart, let value = site.value,
                  continuedRequests.contains(where: { $0.value == value && $0.launch == site.launch && $0.location.file == site.location.file })
            else { continue }
            twice.insert(site.location)
            audit.add(.registeredTwice, at: site.location, "\(TaskIdentifierText.described(value)) is registered in \(key), which also submits it: every run of \(key) after the first registers \(TaskIdentifierText.described(value)) again.",
                      why: perOperationWhy, fix: perOperationFix(value))
        }
        // A continued-processing task (exempt from BG004) registered with a fixed identifier in a function a user's
        // action reaches: each tap registers it again.
        let continued = Set(continuedRequests.compactMap(\.value))
        for site in registrations where site.role == .register && !twice.contains(site.location) {
            guard case .function(let key) = site.launch, let value = site.value, continued.contains(value),
                  let path = audit.context.afterLaunchPath(to: site), let entry = path.first?.entry, entry.isPerOperation else { continue }
            audit.add(.registeredTwice, at: site.location, "\(TaskIdentifierText.described(value)) is registered each time \(LaunchPaths.describe(path, to: key)) runs: every run after the first registers \(TaskIdentifierText.described(value)) again.",
                      why: perOperationWhy, fix: perOperationFix(value))
        }
    }

    private static let perOperationWhy = "BGTaskScheduler raises an exception (\"Launch handler for task with identifier … has already been registered\") on the second registration of an identifier, so the second continued-processing task crashes the app."

    private static func perOperationFix(_ value: String) -> String {
        "Register \(TaskIdentifierText.described(value)) once, or give each request its own identifier under a wildcard: " + (TaskIdentifierText.isReverseDNS(value)
            ? "permit '\(value).*' and register and submit '\(value).\\(id)'." : "permit a reverse-DNS prefix followed by .* and register and submit that prefix with each request's id.")
    }
}
