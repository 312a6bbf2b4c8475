import BggenCore
import BggenTestSupport
import Testing

/// Each doctor rule on the smallest repository that triggers it, and on its clean counterpart, which must give
/// no finding at all: a wrong finding teaches people to ignore the tool.
@Suite("Doctor rules")
struct DoctorRuleTests {
    private func findings(_ repository: DoctorRepository, disabled: Set<String> = []) throws -> [String] {
        try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root, disabled: disabled).findings.map {
            "\($0.rule.id) \($0.severity.rawValue) \($0.location.file):\($0.location.line)"
        }
    }

    /// An app delegate registering `registered` at launch (line 6) and submitting `request` for `submitted` (line 13).
    private func appDelegate(registered: String = "com.example.app.refresh", submitted: String = "com.example.app.refresh",
                             request: String = "BGAppRefreshTaskRequest") -> String {
        """
        import BackgroundTasks
        import UIKit

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: \(registered), using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
                return true
            }

            func schedule() {
                try? BGTaskScheduler.shared.submit(\(request)(identifier: \(submitted)))
            }
        }

        """
    }

    private func quoted(_ text: String) -> String { "\"\(text)\"" }

    private var cleanRefresh: DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: quoted("com.example.app.refresh"), submitted: quoted("com.example.app.refresh")))
    }

    @Test func aCleanRefreshAppHasNoFinding() throws {
        #expect(try findings(cleanRefresh) == [])
    }

    // MARK: BG001

    @Test func anIdentifierMissingFromThePermittedListIsAnError() throws {
        let repository = DoctorRepository(modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: quoted("com.example.app.refresh"), submitted: quoted("com.example.app.refresh")))
        #expect(try findings(repository) == ["BG001 error App/AppDelegate.swift:6"])
    }

    @Test func aWildcardPermitsContinuedProcessingOnly() throws {
        let continued = DoctorRepository(permitted: ["com.example.app.export.*"], modes: ["processing"])
            .with("App/Export.swift", appDelegate(registered: quoted("com.example.app.export.one"), submitted: quoted("com.example.app.export.one"),
                                                  request: "BGContinuedProcessingTaskRequest"))
        #expect(try findings(continued) == [])
        let refresh = DoctorRepository(permitted: ["com.example.app.*"], modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: quoted("com.example.app.refresh"), submitted: quoted("com.example.app.refresh")))
        #expect(try findings(refresh) == ["BG001 error App/AppDelegate.swift:6"])
        let outside = DoctorRepository(permitted: ["com.example.app.export.*"], modes: ["processing"])
            .with("App/Export.swift", appDelegate(registered: quoted("com.example.other.one"), submitted: quoted("com.example.other.one"),
                                                  request: "BGContinuedProcessingTaskRequest"))
        #expect(try findings(outside) == ["BG001 error App/Export.swift:6"])
    }

    @Test func aConstantInAnotherFileIsResolved() throws {
        let repository = DoctorRepository(modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: "TaskNames.refresh", submitted: "TaskNames.refresh"))
            .with("App/TaskNames.swift", "enum TaskNames {\n    static let refresh = \"com.example.app.refresh\"\n}\n")
        #expect(try findings(repository) == ["BG001 error App/AppDelegate.swift:6"])
        #expect(try findings(repository.with("App/Info.plist", cleanRefresh.files["App/Info.plist"]!)) == [])
    }

    @Test func anEntryWrittenWithABuildSettingIsComparedAfterExpansion() throws {
        func repository(permitting entry: String, registering identifier: String) -> DoctorRepository {
            DoctorRepository(permitted: [entry], modes: ["fetch"])
                .with("App/AppDelegate.swift", appDelegate(registered: quoted(identifier), submitted: quoted(identifier)))
        }
        // The synthetic target's PRODUCT_BUNDLE_IDENTIFIER is com.example.app.
        #expect(try findings(repository(permitting: "$(PRODUCT_BUNDLE_IDENTIFIER).refresh", registering: "com.example.app.refresh")) == [])
        #expect(try findings(repository(permitting: "${PRODUCT_BUNDLE_IDENTIFIER}.refresh", registering: "com.example.app.refresh")) == [])
        #expect(try findings(repository(permitting: "$(PRODUCT_BUNDLE_IDENTIFIER).refresh", registering: "com.example.other.refresh"))
            == ["BG001 error App/AppDelegate.swift:6", "BG002 warning App/Info.plist:9"])
        // A variable nothing in the repository defines (an uncommitted xcconfig) leaves it open: no finding either way.
        #expect(try findings(repository(permitting: "$(TEAM_APP_ID).refresh", registering: "com.example.other.refresh")) == [])
    }

    // MARK: BG002

    @Test func aPermittedIdentifierNothingRegistersIsAWarning() throws {
        let repository = cleanRefresh.with("App/Info.plist", DoctorRepository(permitted: ["com.example.app.refresh", "com.example.app.gone"], modes: ["fetch"]).files["App/Info.plist"]!)
        #expect(try findings(repository) == ["BG002 warning App/Info.plist:10"])
    }

    @Test func anIdentifierBuiltAtRunTimeIsANoteAndStopsTheDeadEntryCheck() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh", "com.example.app.other"], modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: "\"com.example.app.\\(name)\"", submitted: quoted("com.example.app.refresh")))
        #expect(try findings(repository) == ["CHECK001 note App/AppDelegate.swift:6"])
    }

    // MARK: BG003, MODE001, MODE002, MODE003

    @Test func aRefreshRequestWithoutFetchIsAnError() throws {
        let repository = cleanRefresh.with("App/Info.plist", DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["audio"]).files["App/Info.plist"]!)
        #expect(try findings(repository) == ["BG003 error App/AppDelegate.swift:13"])
    }

    @Test func processingWithoutPermittedIdentifiersIsRejectedAtUpload() throws {
        let repository = DoctorRepository(modes: ["processing"])
            .with("App/AppDelegate.swift", appDelegate(registered: quoted("com.example.app.clean"), submitted: quoted("com.example.app.clean"),
                                                       request: "BGProcessingTaskRequest"))
        #expect(try findings(repository) == ["BG001 error App/AppDelegate.swift:6", "MODE001 error App/Info.plist:9"])
    }

    @Test func anUnknownModeIsAnError() throws {
        let repository = cleanRefresh.with("App/Info.plist", DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch", "remove-notification", "com.example.app.refresh"]).files["App/Info.plist"]!)
        #expect(try findings(repository) == ["MODE002 error App/Info.plist:14", "MODE002 error App/Info.plist:15"])
    }

    @Test func aModeNoCodeUsesIsAWarningOrANoteWhenDependenciesAreUnread() throws {
        let repository = DoctorRepository(modes: ["fetch", "audio"])
        #expect(try findings(repository) == ["MODE003 warning App/Info.plist:9"])
        #expect(try findings(repository.with("Podfile", "pod 'Alamofire'\n")) == ["MODE003 note App/Info.plist:9"])
    }

    @Test func aRegistrationOfUnknownKindMayUseEitherMode() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.task"], modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: quoted("com.example.app.task"), submitted: "request", request: "makeRequest"))
        #expect(try findings(repository) == [])
    }

    // MARK: PUSH001, PUSH004

    private let pushDelegate = """
        import UIKit

        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                             fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                completionHandler(.noData)
            }
        }

        """

    @Test func aSilentPushHandlerWithoutTheModeIsAWarning() throws {
        let repository = DoctorRepository(aps: true).with("App/AppDelegate.swift", pushDelegate)
        #expect(try findings(repository) == ["PUSH001 warning App/AppDelegate.swift:4"])
        #expect(try findings(DoctorRepository(modes: ["remote-notification"], aps: true).with("App/AppDelegate.swift", pushDelegate)) == [])
    }

    @Test func silentPushWithoutApsEnvironmentIsAnError() throws {
        let repository = DoctorRepository(modes: ["remote-notification"]).with("App/AppDelegate.swift", pushDelegate)
        #expect(try findings(repository) == ["PUSH004 error App/App.entitlements:4"])
    }

    @Test func callingTheHandlerIsNotHandlingPushes() throws {
        let caller = "final class Forwarder {\n    func forward(_ delegate: AppDelegate) {\n        delegate.application(app, didReceiveRemoteNotification: [:], fetchCompletionHandler: { _ in })\n    }\n}\n"
        #expect(try findings(DoctorRepository(aps: true).with("App/Forwarder.swift", caller)) == [])
    }

    // MARK: CPT001

    /// A continued-processing export that asks for the GPU (line 10) where the device offers it.
    private func export(_ resources: String = "request.requiredResources = .gpu") -> DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.export.*"]).with("App/Export.swift", """
            import BackgroundTasks

            enum Export {
                static func start() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.export.one", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
                    let request = BGContinuedProcessingTaskRequest(identifier: "com.example.app.export.one", title: "Export", subtitle: "")
                    if BGTaskScheduler.supportedResources.contains(.gpu) {
                        \(resources)
                    }
                    try? BGTaskScheduler.shared.submit(request)
                }
            }

            """)
    }

    private func entitlements(gpu value: String) -> String {
        DoctorRepository.plist([(BackgroundModes.gpuEntitlementKey, value)])
    }

    @Test func theGPUWithoutItsEntitlementIsAnError() throws {
        #expect(try findings(export()) == ["CPT001 error App/App.entitlements:4"])
        #expect(try findings(export("request.requiredResources = [.gpu]")) == ["CPT001 error App/App.entitlements:4"])
        #expect(try findings(export("request.requiredResources.insert(.gpu)")) == ["CPT001 error App/App.entitlements:4"])
        #expect(try findings(export().with("App/App.entitlements", entitlements(gpu: "<false/>"))) == ["CPT001 error App/App.entitlements:4"])
    }

    @Test func theGPUWithItsEntitlementOrOnlyCheckingForItIsFine() throws {
        #expect(try findings(export().with("App/App.entitlements", entitlements(gpu: "<true/>"))) == [])
        #expect(try findings(export("print(request.requiredResources == .gpu)")) == [])
        #expect(try findings(export("request.requiredResources = []")) == [])
    }

    // MARK: BG005, BG006

    @Test func theSameIdentifierRegisteredTwiceIsAnError() throws {
        let twice = "import BackgroundTasks\n\nenum Again {\n    static func go() {\n        BGTaskScheduler.shared.register(forTaskWithIdentifier: \"com.example.app.refresh\", using: nil) { _ in }\n    }\n}\n"
        #expect(try findings(cleanRefresh.with("App/Sync.swift", twice).launching("Again.go()")) == ["BG005 error App/Sync.swift:5"])
    }

    @Test func swiftUIsBackgroundTaskAndARegisterForOneIdentifierAreTwoRegistrations() throws {
        let scene = "import SwiftUI\n\n@main struct TheApp: App {\n    var body: some Scene {\n        WindowGroup { Text(\"\") }\n            .backgroundTask(.appRefresh(\"com.example.app.refresh\")) { }\n    }\n}\n"
        #expect(try findings(cleanRefresh.with("App/TheApp.swift", scene)) == ["BG005 error App/TheApp.swift:6"])
        let alone = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/TheApp.swift", scene)
            .with("App/Schedule.swift", "import BackgroundTasks\n\nfunc schedule() {\n    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"com.example.app.refresh\"))\n}\n")
        #expect(try findings(alone) == [])
    }

    @Test func registrationsInOtherCompilationBranchesAreNotDuplicates() throws {
        let branches = "import BackgroundTasks\n\nenum Again {\n    static func go() {\n#if DEBUG\n        BGTaskScheduler.shared.register(forTaskWithIdentifier: \"com.example.app.refresh\", using: nil) { _ in }\n#else\n        BGTaskScheduler.shared.register(forTaskWithIdentifier: \"com.example.app.refresh\", using: nil) { _ in }\n#endif\n    }\n}\n"
        let schedule = "import BackgroundTasks\n\nfunc schedule() {\n    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"com.example.app.refresh\"))\n}\n"
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/Branches.swift", branches).with("App/Schedule.swift", schedule).launching("Again.go()")
        #expect(try findings(repository) == [])
    }

    @Test func aSubmittedIdentifierNothingRegistersIsAnError() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh", "com.example.app.later"], modes: ["fetch"])
            .with("App/AppDelegate.swift", appDelegate(registered: quoted("com.example.app.refresh"), submitted: quoted("com.example.app.later")))
        #expect(try findings(repository) == ["BG006 error App/AppDelegate.swift:13", "BG002 warning App/Info.plist:10"])
    }

    @Test func aWrapperThatPassesItsParameterRegistersAtEachCall() throws {
        let wrapper = """
            import BackgroundTasks

            final class Tasks {
                func registerAll() {
                    register(Names.refresh) { task in task.setTaskCompleted(success: true) }
                }

                private func register(_ identifier: String, handler: @escaping @Sendable (BGTask) -> Void) {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil, launchHandler: handler)
                }

                func schedule() {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: Names.refresh))
                }
            }

            enum Names {
                static let refresh = "com.example.app.refresh"
            }

            """
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Tasks.swift", wrapper).launching("Tasks().registerAll()")
        #expect(try findings(repository) == [])
        let unpermitted = DoctorRepository(modes: ["fetch"]).with("App/Tasks.swift", wrapper).launching("Tasks().registerAll()")
        #expect(try findings(unpermitted) == ["BG001 error App/Tasks.swift:5"])
    }

    // MARK: FETCH001, URL005, GEN001

    @Test func deprecatedBackgroundFetchIsAWarning() throws {
        let fetch = "import UIKit\n\nfunc start(_ application: UIApplication) {\n    application.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)\n}\n"
        #expect(try findings(DoctorRepository(modes: ["fetch"]).with("App/Fetch.swift", fetch)) == ["FETCH001 warning App/Fetch.swift:4"])
    }

    private let downloads = """
        import Foundation

        final class Downloads: NSObject, URLSessionDownloadDelegate {
            lazy var session = URLSession(configuration: .background(withIdentifier: "com.example.app.downloads"), delegate: self, delegateQueue: nil)
            func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {}
        }

        """

    @Test func aBackgroundSessionWithoutTheEventsHandlerIsAnError() throws {
        #expect(try findings(DoctorRepository().with("App/Downloads.swift", downloads)) == ["URL005 error App/Downloads.swift:4"])
        let handler = "import UIKit\n\nextension AppDelegate {\n    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {}\n}\n"
        #expect(try findings(DoctorRepository().with("App/Downloads.swift", downloads).with("App/Events.swift", handler)) == [])
    }

    @Test func anEditedGeneratedFileIsAWarning() throws {
        let body = "import BackgroundTasks\n\nenum Generated {}\n"
        let stamped = GeneratedMarker.stamp(body, path: "App/Generated.swift")
        #expect(try findings(DoctorRepository().with("App/Generated.swift", stamped)) == [])
        #expect(try findings(DoctorRepository().with("App/Generated.swift", stamped + "// mine\n")) == ["GEN001 warning App/Generated.swift:1"])
    }

    // MARK: Suppression

    @Test func anIgnoreCommentOnTheLineOrAboveDropsThatRuleOnly() throws {
        let twice = "import BackgroundTasks\n\nenum Again {\n    static func go() {\n        // bggen:ignore BG005\n        BGTaskScheduler.shared.register(forTaskWithIdentifier: \"com.example.app.refresh\", using: nil) { _ in }\n    }\n}\n"
        let report = try Doctor(fileSystem: cleanRefresh.with("App/Sync.swift", twice).launching("Again.go()").fileSystem).audit(root: DoctorRepository.root)
        #expect(report.findings.isEmpty)
        #expect(report.suppressedCount == 1)
        let other = twice.replacingOccurrences(of: "BG005", with: "BG001")
        #expect(try findings(cleanRefresh.with("App/Sync.swift", other).launching("Again.go()")) == ["BG005 error App/Sync.swift:6"])
    }

    @Test func aDisabledRuleIsSkippedEverywhere() throws {
        let repository = DoctorRepository(modes: ["fetch"])
        #expect(try findings(repository, disabled: ["MODE003"]) == [])
    }

    // MARK: BG007, BG010

    /// A handler registered in `context` (line 5) that hands its task to `refresh` (line 11), which does `work`.
    private func handler(context: String = "@MainActor final class Tasks", closure: String = "{ task in", using: String = "nil",
                         work: String = "Task { task.setTaskCompleted(success: true) }") -> String {
        """
        import BackgroundTasks

        \(context) {
            func registerAll() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: \(using)) \(closure)
                    self.refresh(task)
                }
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            func refresh(_ task: BGTask) {
                \(work)
            }
        }

        """
    }

    private var refreshPlist: DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"], settings: "SWIFT_VERSION = 6.0;").launching("Tasks().registerAll()")
    }

    @Test func aHandlerThatOutlivesItselfWithoutAnExpirationHandlerIsAnError() throws {
        let sendable = handler(closure: "{ @Sendable task in")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", sendable)) == ["BG007 error App/Tasks.swift:5"])
        let withExpiration = handler(closure: "{ @Sendable task in", work: "task.expirationHandler = { @Sendable in }\n        Task { task.setTaskCompleted(success: true) }")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", withExpiration)) == [])
        let synchronous = handler(closure: "{ @Sendable task in", work: "task.setTaskCompleted(success: true)")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", synchronous)) == [], "work that ends before the handler returns needs no expiration handler")
        let elsewhere = handler(closure: "{ @Sendable task in").replacingOccurrences(of: "self.refresh(task)", with: "Refresher.run(task)")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", elsewhere)) == [], "the task goes to code doctor does not follow")
        let onwards = handler(closure: "{ @Sendable task in", work: "Task { Refresher.run(task) }")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", onwards)) == [], "the task goes on from the function it was passed to")
    }

    @Test func aMainActorLaunchHandlerInSwift6IsAnError() throws {
        let synchronous = "task.setTaskCompleted(success: true)"
        #expect(try findings(refreshPlist.with("App/Tasks.swift", handler(work: synchronous))) == ["BG010 error App/Tasks.swift:5"])
        let delegate = handler(context: "final class AppDelegate: UIResponder, UIApplicationDelegate", work: synchronous)
        #expect(try findings(refreshPlist.with("App/Tasks.swift", delegate)) == ["BG010 error App/Tasks.swift:5"])
        let defaultIsolation = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"],
                                                settings: "SWIFT_VERSION = 6.0; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;").launching("Tasks().registerAll()")
        #expect(try findings(defaultIsolation.with("App/Tasks.swift", handler(context: "final class Tasks", work: synchronous))) == ["BG010 error App/Tasks.swift:5"])
    }

    @Test func aMainActorExpirationHandlerInSwift6IsAnError() throws {
        let expiration = handler(closure: "{ @Sendable task in", work: "task.expirationHandler = { task.setTaskCompleted(success: false) }\n        Task { task.setTaskCompleted(success: true) }")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", expiration)) == ["BG010 error App/Tasks.swift:12"])
        let sendable = expiration.replacingOccurrences(of: "expirationHandler = {", with: "expirationHandler = { @Sendable in")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", sendable)) == [])
    }

    @Test func aSendableOrMainQueueHandlerOrSwift5IsFine() throws {
        let synchronous = "task.setTaskCompleted(success: true)"
        #expect(try findings(refreshPlist.with("App/Tasks.swift", handler(closure: "{ @Sendable task in", work: synchronous))) == [])
        #expect(try findings(refreshPlist.with("App/Tasks.swift", handler(using: ".main", work: synchronous))) == [])
        #expect(try findings(refreshPlist.with("App/Tasks.swift", handler(context: "final class Tasks", work: synchronous))) == [])
        let swift5 = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"], settings: "SWIFT_VERSION = 5.0;").launching("Tasks().registerAll()")
        #expect(try findings(swift5.with("App/Tasks.swift", handler(work: synchronous))) == [])
        let nonisolated = handler(work: synchronous).replacingOccurrences(of: "    func registerAll", with: "    nonisolated func registerAll")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", nonisolated)) == [])
        let insideTask = handler(work: synchronous).replacingOccurrences(of: "func registerAll() {", with: "func registerAll() { Task {")
            .replacingOccurrences(of: "        try? BGTaskScheduler", with: "        }\n        try? BGTaskScheduler")
        let detached = insideTask.replacingOccurrences(of: "{ Task {", with: "{ Task.detached {")
        // A detached task runs on no actor, so its closures are not main-actor isolated; it still registers after launch.
        #expect(try findings(refreshPlist.with("App/Tasks.swift", detached)) == ["BG004 error App/Tasks.swift:5"])
        let sendableExpiration = handler(closure: "{ @Sendable task in\n            task.expirationHandler = { task.setTaskCompleted(success: false) }", work: synchronous)
        #expect(try findings(refreshPlist.with("App/Tasks.swift", sendableExpiration)) == [], "the expiration handler is written in a @Sendable closure")
    }

    @Test func aHandlerInANestedClosureTakesTheClosuresIsolation() throws {
        let synchronous = "task.setTaskCompleted(success: true)"
        let insideTask = handler(work: synchronous).replacingOccurrences(of: "func registerAll() {", with: "func registerAll() { Task {")
            .replacingOccurrences(of: "        try? BGTaskScheduler", with: "        }\n        try? BGTaskScheduler")
        // A Task {} inherits the main actor, and so does the handler written in it (which also registers after launch).
        #expect(try findings(refreshPlist.with("App/Tasks.swift", insideTask)) == ["BG004 error App/Tasks.swift:5", "BG010 error App/Tasks.swift:5"])
        let forEach = handler(work: synchronous).replacingOccurrences(of: "func registerAll() {", with: "func registerAll() { [0].forEach { _ in")
            .replacingOccurrences(of: "        try? BGTaskScheduler", with: "        }\n        try? BGTaskScheduler")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", forEach)) == ["BG010 error App/Tasks.swift:5"])
        let mainActorClosure = handler(context: "final class Tasks", work: synchronous)
            .replacingOccurrences(of: "func registerAll() {", with: "func registerAll() { run { @MainActor in")
            .replacingOccurrences(of: "        try? BGTaskScheduler", with: "        }\n        try? BGTaskScheduler")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", mainActorClosure)) == ["BG010 error App/Tasks.swift:5"])
        let otherCall = handler(work: synchronous).replacingOccurrences(of: "func registerAll() {", with: "func registerAll() { run {")
            .replacingOccurrences(of: "        try? BGTaskScheduler", with: "        }\n        try? BGTaskScheduler")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", otherCall)) == [], "a closure passed to an unknown function may be @Sendable")
        let expiration = handler(work: synchronous).replacingOccurrences(of: "            self.refresh(task)", with: "            task.expirationHandler = { }\n            self.refresh(task)")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", expiration)) == ["BG010 error App/Tasks.swift:5", "BG010 error App/Tasks.swift:6"],
                "an expiration handler written in a main-actor launch handler is main-actor isolated too")
    }

    @Test func aHandlerInAnExtensionOfAMainActorTypeIsAnError() throws {
        let synchronous = "task.setTaskCompleted(success: true)"
        let inExtension = handler(context: "extension Tasks", work: synchronous)
        #expect(try findings(refreshPlist.with("App/Tasks.swift", inExtension).with("App/Model.swift", "@MainActor\nfinal class Tasks {}\n"))
                == ["BG010 error App/Tasks.swift:5"])
        #expect(try findings(refreshPlist.with("App/Tasks.swift", inExtension + "\n@MainActor final class Tasks {}\n")) == ["BG010 error App/Tasks.swift:5"])
        #expect(try findings(refreshPlist.with("App/Tasks.swift", inExtension).with("App/Model.swift", "final class Tasks {}\n")) == [])
        #expect(try findings(refreshPlist.with("App/Tasks.swift", inExtension)) == [], "a type declared nowhere doctor reads")
        let sendable = handler(context: "extension Tasks", closure: "{ @Sendable task in", work: synchronous)
        #expect(try findings(refreshPlist.with("App/Tasks.swift", sendable).with("App/Model.swift", "@MainActor final class Tasks {}\n")) == [])
        let nonisolated = inExtension.replacingOccurrences(of: "    func registerAll", with: "    nonisolated func registerAll")
        #expect(try findings(refreshPlist.with("App/Tasks.swift", nonisolated).with("App/Model.swift", "@MainActor final class Tasks {}\n")) == [])
    }

    // MARK: BG008

    /// A refresh app whose launch handler (registered on line 6) runs `body` from line 7.
    private func completing(_ body: String, handler: String = "{ task in") -> DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/AppDelegate.swift", """
            import BackgroundTasks
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) \(handler)
                        \(body)
                    }
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                    return true
                }
            }

            """)
    }

    @Test func aHandlerThatReturnsBeforeCompletingItsTaskIsAnError() throws {
        let failedCast = "guard let task = task as? BGAppRefreshTask else { return }\n        task.setTaskCompleted(success: true)"
        #expect(try findings(completing(failedCast)) == ["BG008 warning App/AppDelegate.swift:7"], "only a task of another class takes this path")
        let early = "if ProcessInfo.processInfo.isLowPowerModeEnabled {\n            return\n        }\n        task.setTaskCompleted(success: true)"
        #expect(try findings(completing(early)) == ["BG008 error App/AppDelegate.swift:8"])
        #expect(try findings(completing("return")) == ["BG008 error App/AppDelegate.swift:7"])
        let function = completing("", handler: "{ _ in").with("App/Handler.swift", """
            import BackgroundTasks

            enum Handler {
                static func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.other", using: nil, launchHandler: handle)
                }

                static func handle(_ task: BGTask) {
                    guard task.identifier == "com.example.app.other" else { return }
                    task.setTaskCompleted(success: true)
                }
            }

            """).with("App/Info.plist", DoctorRepository(permitted: ["com.example.app.refresh", "com.example.app.other"], modes: ["fetch"]).files["App/Info.plist"]!)
            .launching("Handler.register()")
        #expect(try findings(function) == ["BG008 error App/Handler.swift:9"])
    }

    @Test func aReturnAfterCompletionOrWithADeferOrAHandedOnTaskIsFine() throws {
        let completes = "guard let task = task as? BGAppRefreshTask else { task.setTaskCompleted(success: false); return }\n        task.setTaskCompleted(success: true)"
        #expect(try findings(completing(completes)) == [])
        let deferred = "defer { task.setTaskCompleted(success: true) }\n        if ProcessInfo.processInfo.isLowPowerModeEnabled { return }"
        #expect(try findings(completing(deferred)) == [])
        let expiring = "task.expirationHandler = { @Sendable in task.setTaskCompleted(success: false) }\n        if ProcessInfo.processInfo.isLowPowerModeEnabled { return }\n        task.setTaskCompleted(success: true)"
        #expect(try findings(completing(expiring)) == [])
        let handedOn = "guard ProcessInfo.processInfo.isLowPowerModeEnabled else { Refresher.run(task); return }\n        task.setTaskCompleted(success: true)"
        #expect(try findings(completing(handedOn)) == [], "the task goes to code doctor does not read")
        let nested = "DispatchQueue.global().async { return }\n        task.setTaskCompleted(success: true)"
        #expect(try findings(completing(nested)) == ["BG007 error App/AppDelegate.swift:6"], "the return leaves the inner closure, not the handler (the work outlives the handler: BG007)")
    }

    // MARK: BG013

    /// Two identifiers whose handlers are `first` and `second` (lines 5 and 6), `handle` casting on line 10, and
    /// requests of `refreshRequest` and `cleanupRequest`.
    private func shared(first: String = "launchHandler: handle)", second: String = "launchHandler: handle)",
                        cast: String = "task as! BGProcessingTask", refreshRequest: String = "BGAppRefreshTaskRequest",
                        cleanupRequest: String = "BGProcessingTaskRequest") -> DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.refresh", "com.example.app.cleanup"], modes: ["fetch", "processing"])
            .with("App/Tasks.swift", """
                import BackgroundTasks

                enum Tasks {
                    static func registerAll() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil, \(first)
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.cleanup", using: nil, \(second)
                    }

                    static func handle(_ task: BGTask) {
                        let typed = \(cast)
                        typed.setTaskCompleted(success: true)
                    }

                    static func schedule() {
                        try? BGTaskScheduler.shared.submit(\(refreshRequest)(identifier: "com.example.app.refresh"))
                        try? BGTaskScheduler.shared.submit(\(cleanupRequest)(identifier: "com.example.app.cleanup"))
                    }
                }

                """).launching("Tasks.registerAll()")
    }

    @Test func aForceCastInAHandlerSharedByTwoRequestClassesIsAnError() throws {
        #expect(try findings(shared()) == ["BG013 error App/Tasks.swift:10"])
        #expect(try findings(shared(first: "launchHandler: { task in handle(task) })")) == ["BG013 error App/Tasks.swift:10"])
        #expect(try findings(shared(first: "launchHandler: Tasks.handle(_:))")) == ["BG013 error App/Tasks.swift:10"])
    }

    @Test func aForceCastInAClosureForAnIdentifierSubmittedWithAnotherClassIsAnError() throws {
        let closure = "launchHandler: { task in (task as! BGProcessingTask).setTaskCompleted(success: true) })"
        #expect(try findings(shared(first: closure, second: "launchHandler: { task in task.setTaskCompleted(success: true) })"))
                == ["BG013 error App/Tasks.swift:5"])
    }

    @Test func aForceCastThatMatchesEveryRequestOrAConditionalCastIsFine() throws {
        #expect(try findings(shared(refreshRequest: "BGProcessingTaskRequest")) == ["MODE003 warning App/Info.plist:14"], "both are processing tasks, so only fetch is unused")
        #expect(try findings(shared(second: "launchHandler: { task in task.setTaskCompleted(success: true) })", cast: "task as? BGProcessingTask"))
                .filter { $0.hasPrefix("BG013") } == [])
        let own = "launchHandler: { task in (task as! BGAppRefreshTask).setTaskCompleted(success: true) })"
        #expect(try findings(shared(first: own, second: "launchHandler: { task in task.setTaskCompleted(success: true) })")) == [],
                "one identifier, submitted only as the class it is cast to")
        let runTime = shared().with("App/Tasks.swift", shared().files["App/Tasks.swift"]!
            .replacingOccurrences(of: "\"com.example.app.cleanup\", using", with: "Names.cleanup(), using"))
        #expect(try findings(runTime).filter { $0.hasPrefix("BG013") } == [], "an identifier doctor cannot read: the handler's other task is unknown")
    }

    // MARK: URL001, URL002, URL004

    /// A transfer class whose `session` (line 4) is background, calling `call` on line 8; the app handles events.
    private func transfers(_ call: String, configuration: String = ".background(withIdentifier: \"com.example.app.transfers\")") -> DoctorRepository {
        DoctorRepository().with("App/Transfers.swift", """
            import Foundation

            final class Transfers: NSObject, URLSessionDelegate {
                lazy var session = URLSession(configuration: \(configuration), delegate: self, delegateQueue: nil)

                func start(_ request: URLRequest, body: Data, file: URL) async throws {
                    let url = request.url!
                    \(call)
                }
            }

            """).with("App/Events.swift", "import UIKit\n\nextension AppDelegate {\n    func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String, completionHandler: @escaping () -> Void) {}\n}\n")
    }

    @Test(arguments: [
        ("session.downloadTask(with: url) { location, response, error in }", "URL001 error App/Transfers.swift:8"),
        ("session.uploadTask(with: request, fromFile: file, completionHandler: { _, _, _ in }).resume()", "URL001 error App/Transfers.swift:8"),
        ("_ = try await session.data(for: request)", "URL001 error App/Transfers.swift:8"),
        ("_ = try await session.download(from: url)", "URL001 error App/Transfers.swift:8"),
        ("session.uploadTask(with: request, from: body).resume()", "URL002 error App/Transfers.swift:8"),
        ("session.dataTask(with: request).resume()", "URL002 warning App/Transfers.swift:8"),
    ])
    func unsupportedCallsOnABackgroundSession(call: String, expected: String) throws {
        #expect(try findings(transfers(call)) == [expected])
    }

    @Test func supportedCallsAndOtherSessionsAreFine() throws {
        #expect(try findings(transfers("session.downloadTask(with: url).resume()")) == [])
        #expect(try findings(transfers("session.uploadTask(with: request, fromFile: file).resume()")) == [])
        #expect(try findings(transfers("_ = try await session.data(for: request)", configuration: ".default")) == [])
        let named = transfers("session.dataTask(with: request).resume()", configuration: "configuration")
            .with("App/Configuration.swift", "import Foundation\n\nlet configuration = URLSessionConfiguration.default\n")
        #expect(try findings(named) == [])
    }

    @Test func oneSessionIdentifierConfiguredTwiceIsAWarning() throws {
        let again = "import Foundation\n\nlet other = URLSessionConfiguration.background(withIdentifier: \"com.example.app.transfers\")\n"
        let repository = transfers("session.downloadTask(with: url).resume()").with("App/Other.swift", again)
        #expect(try findings(repository) == ["URL004 warning App/Transfers.swift:4"])
    }

    /// `transfers` with an app extension `Ext` compiling `Ext/`, whose `Ext/Downloads.swift` configures `identifier` (line 3).
    /// With `secondApp`, another app target `Other` (compiling `Other/`) could be the one embedding the extension.
    private func withExtension(identifier: String, secondApp: Bool = false) -> DoctorRepository {
        var repository = transfers("session.downloadTask(with: url).resume()")
        let other = secondApp ? """
                        SYNC3 = {isa = PBXFileSystemSynchronizedRootGroup; path = Other; sourceTree = "<group>"; };
                        T3 = {isa = PBXNativeTarget; name = Other; productType = "com.apple.product-type.application"; fileSystemSynchronizedGroups = (SYNC3, ); buildConfigurationList = OL; };
                        OL = {isa = XCConfigurationList; buildConfigurations = (OR, ); };
                        OR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.other; }; name = Release; };

            """ : ""
        let project = repository.files["App.xcodeproj/project.pbxproj"]!
            .replacingOccurrences(of: "targets = (T1, );", with: secondApp ? "targets = (T1, T2, T3, );" : "targets = (T1, T2, );")
            .replacingOccurrences(of: "children = (SYNC, );", with: secondApp ? "children = (SYNC, SYNC2, SYNC3, );" : "children = (SYNC, SYNC2, );")
            .replacingOccurrences(of: "    };\n    rootObject", with: other + """
                        SYNC2 = {isa = PBXFileSystemSynchronizedRootGroup; path = Ext; sourceTree = "<group>"; };
                        T2 = {isa = PBXNativeTarget; name = Ext; productType = "com.apple.product-type.app-extension"; fileSystemSynchronizedGroups = (SYNC2, ); buildConfigurationList = EL; };
                        EL = {isa = XCConfigurationList; buildConfigurations = (ER, ); };
                        ER = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.app.ext; }; name = Release; };
                    };
                    rootObject
                """)
        #expect(project.contains("T2 = {"))
        repository.files["App.xcodeproj/project.pbxproj"] = project
        return repository.with("Ext/Downloads.swift", "import Foundation\n\nlet configuration = URLSessionConfiguration.background(withIdentifier: \"\(identifier)\")\n")
    }

    @Test func anExtensionUsingTheAppsSessionIdentifierIsAWarning() throws {
        #expect(try findings(withExtension(identifier: "com.example.app.transfers")) == ["URL004 warning Ext/Downloads.swift:3"])
        #expect(try findings(withExtension(identifier: "com.example.app.transfers.ext")) == [])
        #expect(try findings(withExtension(identifier: "com.example.app.transfers", secondApp: true)) == ["URL004 note Ext/Downloads.swift:3"],
                "with two apps, the extension may belong to the other one")
    }

    // MARK: BG004

    /// `registration` written at `place` in `App/Tasks.swift`; line 6 holds the register call.
    private func late(_ before: String, _ after: String = "}") -> DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Tasks.swift", """
            import BackgroundTasks
            import UIKit

            final class Screen: UIViewController {
                \(before)
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                \(after)
                func schedule() {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                }
            }

            """)
    }

    @Test func aRegistrationThatRunsAfterLaunchIsAnError() throws {
        #expect(try findings(late("override func viewDidLoad() {")) == ["BG004 error App/Tasks.swift:6"])
        #expect(try findings(late("func start() { Task {", "} }").launching("Screen().start()")) == ["BG004 error App/Tasks.swift:6"])
        #expect(try findings(late("func start() { DispatchQueue.main.async {", "} }").launching("Screen().start()")) == ["BG004 error App/Tasks.swift:6"])
        let scene = late("func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {")
        #expect(try findings(scene) == ["BG004 error App/Tasks.swift:6"])
    }

    @Test func aRegistrationReachedFromLaunchIsFineAndOneWithNoPathIsANote() throws {
        #expect(try findings(late("func start() {").launching("Screen().start()")) == [])
        #expect(try findings(late("func start() {").launching("Setup.run()").with("App/Setup.swift", "enum Setup {\n    static func run() { Screen().start() }\n}\n")) == [])
        let app = "import SwiftUI\n\n@main struct TheApp: App {\n    init() { Screen().start() }\n    var body: some Scene { WindowGroup { Text(\"\") } }\n}\n"
        #expect(try findings(late("func start() {").with("App/TheApp.swift", app)) == [])
        #expect(try findings(late("func start() {")) == ["CHECK001 note App/Tasks.swift:6"])
    }
}
