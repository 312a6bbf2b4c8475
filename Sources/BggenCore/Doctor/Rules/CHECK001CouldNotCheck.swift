import BggenFormats
extension DoctorRule {
    public static let couldNotCheck = DoctorRule(
        id: "CHECK001", severity: .note,
        summary: "Something doctor could not check: an identifier built at run time, a generated Info.plist.",
        finds: "something doctor could not check: an identifier built at run time, an Info.plist Xcode generates, a registration no path from launch reaches, an entitlements file that is not in the repository",
        why: "A finding there would be missed; doctor says so rather than guess.",
        fix: "Nothing to do when the code is right; a literal or a constant identifier lets doctor check it.",
        tags: ["coverage"],
        check: findUnchecked,
        examples: [
            .triggering("a registration through the app's scheduler in another file that no path from launch reaches",
                        ExampleSources.callingScheduler(marker: "1️⃣", launch: #"print("launched")"#), "1️⃣"),
            .triggering("an identifier built at run time",
                        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
                            .with("App/AppDelegate.swift", ExampleSources.appDelegate(registered: #""com.example.app.\(name)""#, registerMarker: "1️⃣")),
                        "1️⃣"),
            .triggering("a registration no path from launch was found to reach", ExampleSources.late("func start() {", marker: "1️⃣"), "1️⃣"),
            .nonTriggering("a registration main.swift's top-level code calls before UIApplicationMain",
                           ExampleSources.late("func start() {").with("App/main.swift", ExampleSources.mainSwift("Screen().start()\n"))),
            .nonTriggering("a registration in main.swift's top-level code itself",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/main.swift", ExampleSources.mainSwift("""
                               import BackgroundTasks

                               BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                               try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))

                               """))),
            .nonTriggering("a registration main.swift's top-level if calls before UIApplicationMain",
                           ExampleSources.late("func start() {").with("App/main.swift", ExampleSources.mainSwift("if CommandLine.argc > 0 {\n    Screen().start()\n}\n"))),
            .triggering("a registration only a closure main.swift stores reaches, which nothing runs",
                        ExampleSources.late("func start() {", marker: "1️⃣").with("App/main.swift", ExampleSources.mainSwift("let boot = {\n    Screen().start()\n}\n")), "1️⃣"),
            .nonTriggering("a registration an @main type's static main() calls before UIApplicationMain",
                           ExampleSources.late("func start() {").with("App/Main.swift", """
                               import UIKit

                               @main
                               enum Main {
                                   static func main() {
                                       Screen().start()
                                       UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)
                                   }
                               }

                               """)),
            .triggering("a registration only a function main.swift declares reaches, which nothing calls",
                        ExampleSources.late("func start() {", marker: "1️⃣").with("App/main.swift", ExampleSources.mainSwift("func boot() {\n    Screen().start()\n}\n")), "1️⃣"),
            .triggering("a registration in a method named main (an Operation's), which nothing calls, in an app main.swift starts",
                        ExampleSources.late("func main() {", marker: "1️⃣").with("App/main.swift", ExampleSources.mainSwift("")), "1️⃣"),
            .triggering("a registration in a free function named main in another file, which nothing calls, in an app main.swift starts",
                        ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/main.swift", ExampleSources.mainSwift("")).with("App/Boot.swift", """
                            import BackgroundTasks

                            func main() {
                                BGTaskScheduler.shared.1️⃣register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                            }

                            func schedule() {
                                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                            }

                            """), "1️⃣"),
            .nonTriggering("a registration in a method named main that main.swift's top-level code calls before UIApplicationMain",
                           ExampleSources.late("func main() {").with("App/main.swift", ExampleSources.mainSwift("Screen().main()\n"))),
            .nonTriggering("an Objective-C registration main() calls before UIApplicationMain", ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"])
                .with("App/Tasks.m", """
                    #import <BackgroundTasks/BackgroundTasks.h>

                    @implementation Tasks
                    + (void)registerTasks {
                        [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.app.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
                            [task setTaskCompletedWithSuccess:YES];
                        }];
                    }
                    @end

                    """)
                .with("App/main.m", """
                    #import <UIKit/UIKit.h>

                    int main(int argc, char *argv[]) {
                        @autoreleasepool {
                            [Tasks registerTasks];
                            return UIApplicationMain(argc, argv, nil, nil);
                        }
                    }

                    """)),
            .nonTriggering("an Objective-C registration in main() itself, before UIApplicationMain",
                           ExampleApp(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/main.m", ExampleSources.objectiveCMain("""
                               [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.app.refresh" usingQueue:nil launchHandler:^(BGTask *task) {
                                   [task setTaskCompletedWithSuccess:YES];
                               }];
                               [[BGTaskScheduler sharedScheduler] submitTaskRequest:[[BGAppRefreshTaskRequest alloc] initWithIdentifier:@"com.example.app.refresh"] error:nil];
                               """))),
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
            .triggering("silent push, signed with an entitlements file that is not in the repository",
                        ExampleApp(modes: ["remote-notification"], aps: true, settings: "CODE_SIGN_ENTITLEMENTS = App/Elsewhere.entitlements;")
                            .with("App/AppDelegate.swift", ExampleSources.pushDelegate(marker: "1️⃣")), "1️⃣"),
            .nonTriggering("silent push, signed with an entitlements file in the repository",
                           ExampleApp(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate())),
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

extension DoctorRule {
    /// What the other checks cannot decide: a target whose Info.plist or entitlements file is not in the repository,
    /// identifiers built at run time, a registration no path from launch reaches, a target whose files the project
    /// does not list. `Doctor` adds CHECK001 too, for files it could not read.
    fileprivate static func findUnchecked(_ audit: inout RuleAudit) {
        if let target = audit.target, audit.plist == nil,
           !audit.uses.isEmpty || audit.relevant.contains(where: { !$0.silentPushHandlers.isEmpty }) {
            let reason = target.infoPlist.path.map { "its Info.plist \($0) does not exist" }
                ?? "Xcode generates its Info.plist from build settings, which cannot hold BGTaskSchedulerPermittedIdentifiers or UIBackgroundModes"
            audit.add(.couldNotCheck, at: FindingLocation(file: target.definedIn), "\(target.name): \(reason), so its identifiers and background modes were not checked.",
                      why: "Without BGTaskSchedulerPermittedIdentifiers and UIBackgroundModes in the Info.plist, every register returns false and every submit fails with notPermitted.",
                      fix: "Point INFOPLIST_FILE at an Info.plist that holds the keys (Xcode merges it with the generated one).")
        }
        // A new UUID is certain never to be permitted: BG001 says so.
        for use in audit.uses where use.value == nil && !use.inBggenOutput && use.isTaskIdentifier && !TaskIdentifierText.isFreshUUID(use.expression) {
            let because = use.unresolvedBecause.map { "is \($0)" } ?? "is built at run time or defined where doctor cannot see it"
            audit.add(.couldNotCheck, at: use.location, "The task identifier \(RepositoryText.quoted(use.expression)) \(because), so it was not checked.",
                      why: "If it is not in BGTaskSchedulerPermittedIdentifiers, register returns false and submit fails with notPermitted.",
                      fix: "Use a string literal or a constant, or add '// bggen:ignore CHECK001' once you have checked it.")
        }
        // BG004 checks the registrations that launch, or code after it, reaches.
        let context = audit.context
        for use in audit.launchRegistrations {
            guard case .function(let key) = use.launch, !context.isReachedFromLaunch(use), context.afterLaunchPath(to: use) == nil else { continue }
            let cut = context.code.callerSearchCut.map { " (\($0))" } ?? ""
            audit.add(.couldNotCheck, at: use.location, "No path from application(_:didFinishLaunchingWithOptions:) or App.init to this registration was found\(cut), so whether it happens before launch finishes was not checked.",
                      why: "A registration after launch finishes is refused and the task never runs.",
                      fix: "Check that \(key.replacingOccurrences(of: ".init", with: " init")) is called synchronously at launch, or add '// bggen:ignore CHECK001'.")
        }
        if let target = audit.target {
            for need in EntitlementNeed.all {
                guard let place = need.neededAt(audit) else { continue }
                for (file, facts) in audit.entitlements where facts == nil {
                    audit.add(.couldNotCheck, at: place, "\(target.name) signs with \(file.path), which is not in the repository, so \(need.key) was not checked.",
                              why: need.why, fix: "Check that \(file.path) holds \(need.key).")
                }
            }
        }
        // A target whose files the project does not list is audited from the files in its folder, or not at all.
        if let target = audit.target, audit.context.code.targets.isUndetermined(target) {
            let fromFolder = target.sourceFolder.map { " (the files in \($0) were taken for its own)" } ?? ""
            audit.add(.couldNotCheck, at: FindingLocation(file: target.definedIn),
                      "Which files \(target.name) compiles could not be read from \(target.definedIn): it has no sources phase, synchronized folder or generator sources\(fromFolder), so its code checks may be incomplete.",
                      why: "Registrations, handlers and sessions in files doctor does not attribute to the target are not checked against its Info.plist.",
                      fix: "Check that \(target.name) lists its sources in the project, or add '// bggen:ignore CHECK001' once you have checked them.")
        }
    }
}
