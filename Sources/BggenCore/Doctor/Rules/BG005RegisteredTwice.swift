extension DoctorRule {
    public static let registeredTwice = DoctorRule(
        id: "BG005", severity: .error,
        summary: "The same task identifier is registered at more than one place; the second registration kills the app.",
        finds: "one identifier registered at two places (`#if` branches excepted), including a SwiftUI `.backgroundTask` beside a `register` call, and a continued-processing task registered with a fixed identifier in the function that submits it (every run after the first registers it again)",
        why: "BGTaskScheduler raises an exception on the second registration of the same identifier, and the app crashes at launch.",
        fix: "Keep one registration per identifier, in one place that runs once at launch.",
        tags: ["background-tasks", "launch", "crash"],
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
                        ExampleApp(permitted: ["com.example.app.upload"]).with("App/Uploads.swift", """
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
            .nonTriggering("a continued-processing task registered once, apart from the function that submits it",
                           ExampleApp(permitted: ["com.example.app.upload"]).with("App/Uploads.swift", """
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
    /// A function submitting a refresh request for `com.example.app.refresh`.
    static let schedule = """
        import BackgroundTasks

        func schedule() {
            try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
        }

        """
}
