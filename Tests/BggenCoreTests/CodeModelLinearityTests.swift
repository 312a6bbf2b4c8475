import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Doctor's reading of the code is linear in its size (issue 20, item 7): each input of the attack, at a size and
/// at four times that size, must take at most about four times as long. The quadratic readers this replaced took
/// 16 times as long (64 for the three layers of calls); `Tests/Benchmarks/code-model-benchmark.sh` has the full sizes.
@Suite("Code model: linear in the code's size", .serialized, .tags(.slow))
struct CodeModelLinearityTests {
    /// `input(n)` at `small` and at four times `small` (see `LinearTime`).
    private func expectLinear(small: Int, sourceLocation: SourceLocation = #_sourceLocation, _ input: (Int) -> DoctorRepository) throws {
        try LinearTime.expectLinear(small: small, sourceLocation: sourceLocation) { count in
            let fileSystem = input(count).fileSystem
            return { _ = try Doctor(fileSystem: fileSystem).audit(root: DoctorRepository.root) }
        }
    }

    static func handler(_ body: String) -> String {
        """
        import BackgroundTasks

        enum Tasks {
            static func register() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                    \(body)
                }
            }
        }

        """
    }

    /// The task handed through three layers of functions, each calling the next `count` times.
    static func layers(_ count: Int) -> DoctorRepository {
        let calls = { (name: String) in Array(repeating: "\(name)(task)", count: count).joined(separator: "\n        ") }
        let text = handler(calls("first")) + """

            func first(_ task: BGTask) {
                \(calls("second"))
            }

            func second(_ task: BGTask) {
                \(calls("third"))
            }

            func third(_ task: BGTask) {
                task.setTaskCompleted(success: true)
            }

            """
        return DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks.register()").with("App/Tasks.swift", text)
    }

    @Test func threeLayersOfCalls() throws {
        try expectLinear(small: 20, Self.layers)
    }

    @Test func deeplyNestedClosures() throws {
        try expectLinear(small: 500) { depth in
            let text = String(repeating: "x({\n", count: depth) + Self.handler("task.setTaskCompleted(success: true)")
                .replacingOccurrences(of: "import BackgroundTasks\n", with: "") + String(repeating: "})\n", count: depth)
            return DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Nested.swift", "import BackgroundTasks\n" + text)
        }
    }

    /// A generated table of `count` stored properties in one type (home-assistant's 7,455 icons), in the file that
    /// defines the identifier the registration names, so the model reads it for that constant and for its callers:
    /// each property's initial value was read to its type's closing brace before its line's end was looked for.
    static func manyStoredProperties(_ count: Int) -> DoctorRepository {
        let properties = (0..<count).map { "    static let icon\($0) = Icon(name: \"icon-\($0)\", code: 0x\($0))" }.joined(separator: "\n")
        return DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks.register()")
            .with("App/Tasks.swift", handler("task.setTaskCompleted(success: true)")
                .replacingOccurrences(of: "\"com.example.app.refresh\"", with: "Icons.identifier"))
            .with("App/Icons.swift", "struct Icons {\n    static let identifier = \"com.example.app.refresh\"\n\(properties)\n}\n")
    }

    @Test func manyStoredPropertiesInOneType() throws {
        try expectLinear(small: 250, Self.manyStoredProperties)
    }

    /// A function of `count` parameters binding `count` locals, in the registering file: each `let` is asked whether
    /// it is a stored property of a type, which read its function's whole header again for every local.
    static func localsOfAFunctionOfManyParameters(_ count: Int) -> DoctorRepository {
        let parameters = (0..<count).map { "p\($0): Int" }.joined(separator: ", ")
        let locals = (0..<count).map { "        let l\($0) = p\($0)" }.joined(separator: "\n")
        return DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks.register()")
            .with("App/Tasks.swift", handler("task.setTaskCompleted(success: true)")
                + "enum Sum {\n    static func total(\(parameters)) -> Int {\n\(locals)\n        return 0\n    }\n}\n")
    }

    @Test func manyLocalsOfAFunctionOfManyParameters() throws {
        try expectLinear(small: 500, Self.localsOfAFunctionOfManyParameters)
    }

    /// The repository `manyRegistrationsInOneFile` reads: `count` registrations, each with its request.
    static func registrations(_ count: Int) -> DoctorRepository {
        let registrations = (0..<count).map { index in
            """
            BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.task\(index)", using: nil) { task in
                        task.setTaskCompleted(success: true)
                    }
            """
        }.joined(separator: "\n        ")
        let requests = (0..<count).map { "try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"com.example.app.task\($0)\"))" }
            .joined(separator: "\n        ")
        return DoctorRepository(permitted: ["com.example.app.task0"], modes: ["fetch"]).launching("Tasks.register()")
            .with("App/Tasks.swift", handler("task.setTaskCompleted(success: true)")
                .replacingOccurrences(of: "static func register() {", with: "static func register() {\n        \(registrations)\n        \(requests)"))
    }

    @Test func manyRegistrationsInOneFile() throws {
        try expectLinear(small: 250, Self.registrations)
    }

    /// What `init` asks of the same model (which task kinds existing code covers) is linear too: it looked up
    /// each registration's file among all the code's findings before, quadratic in the number of files.
    @Test func initsCoverageOfManyRegistrations() throws {
        try LinearTime.expectLinear(small: 500) { count in
            let fileSystem = Self.filesWithOneRegistrationEach(count).fileSystem
            let project = try #require(try ExistingProject.detect(root: DoctorRepository.root, targetName: nil, fileSystem: fileSystem))
            return { #expect(project.existingCode(for: TaskKind.allCases).contains { $0.kind == .refresh }) }
        }
    }

    /// `count` files, each registering its own identifier and calling the next file's `register()`.
    static func filesWithOneRegistrationEach(_ count: Int) -> DoctorRepository {
        var repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks0.register()")
        for index in 0..<count {
            repository = repository.with("App/Tasks\(index).swift", """
                import BackgroundTasks

                enum Tasks\(index) {
                    static let identifier = "com.example.app.task\(index)"

                    static func register() {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { @Sendable task in
                            task.expirationHandler = { @Sendable in }
                            Task { task.setTaskCompleted(success: true) }
                        }
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                        Tasks\(index + 1).register()
                    }
                }

                """)
        }
        return repository
    }

    @Test func manyFilesWithOneRegistrationEach() throws {
        try expectLinear(small: 100, Self.filesWithOneRegistrationEach)
    }

    /// `count` files, each calling the scheduler's wrapper of `App/TaskScheduler.swift` with its own identifier and
    /// the next file's `registerAll()`, and naming nothing of BackgroundTasks itself: each is read again once, with
    /// the wrappers it calls (issue 25, wrappers across files).
    static func filesCallingAWrapperOfAnotherFile(_ count: Int) -> DoctorRepository {
        var repository = DoctorRepository(permitted: ["com.example.app.task0"], modes: ["fetch"]).launching("Tasks0().registerAll()")
            .with("App/TaskScheduler.swift", """
                import BackgroundTasks

                final class TaskScheduler {
                    func registerHandler(id: String, handler: @escaping @Sendable (BGTask) -> Void) {
                        BGTaskScheduler.shared.register(forTaskWithIdentifier: id, using: nil, launchHandler: handler)
                    }
                }

                """)
        for index in 0..<count {
            repository = repository.with("App/Tasks\(index).swift", """
                final class Tasks\(index) {
                    let scheduler = TaskScheduler()

                    func registerAll() {
                        scheduler.registerHandler(id: "com.example.app.task\(index)") { task in
                            task.setTaskCompleted(success: true)
                        }
                        Tasks\(index + 1)().registerAll()
                    }
                }

                """)
        }
        return repository
    }

    @Test func manyFilesCallingAWrapperOfAnotherFile() throws {
        let audit = try Doctor(fileSystem: Self.filesCallingAWrapperOfAnotherFile(3).fileSystem).audit(root: DoctorRepository.root)
        // Every call is a registration: the two identifiers the Info.plist does not list are not permitted.
        #expect(audit.findings.filter { $0.rule.id == "BG001" }.map(\.location.file) == ["App/Tasks1.swift", "App/Tasks2.swift"])
        try expectLinear(small: 100, Self.filesCallingAWrapperOfAnotherFile)
    }

    /// `count` calls of `cancelAllTaskRequests()` in the function launch calls, after `count` other statements:
    /// whether the function returns before a call is read once per function, not once per call (BG016).
    static func cancelAllCalls(_ count: Int) -> DoctorRepository {
        let lines = (0..<count).map { "        UserDefaults.standard.set(\($0), forKey: \"k\($0)\")\n        BGTaskScheduler.shared.cancelAllTaskRequests()" }
        return DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Reset.all()").with("App/Reset.swift", """
            import BackgroundTasks
            import Foundation

            enum Reset {
                static func all() {
            \(lines.joined(separator: "\n"))
                }
            }

            """)
    }

    /// A silent-push handler whose body is `count` foreground-guarded blocks, each followed by a completion call:
    /// read from the top once (PUSH001's note), with each block passed by its brace's partner.
    static func foregroundPushHandler(_ count: Int) -> DoctorRepository {
        let blocks = (0..<count).map { "if application.applicationState == .active { Banner.show(\($0)) }\n        completionHandler(.noData)" }
        return DoctorRepository(aps: true).with("App/AppDelegate.swift", """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
                                 fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                    \(blocks.joined(separator: "\n        "))
                }
            }

            """)
    }

    @Test func aSilentPushHandlerOfManyForegroundBlocks() throws {
        let audit = try Doctor(fileSystem: Self.foregroundPushHandler(3).fileSystem).audit(root: DoctorRepository.root)
        #expect(audit.findings.filter { $0.rule.id == "PUSH001" }.map(\.severity) == [.note])
        try expectLinear(small: 200, Self.foregroundPushHandler)
    }

    @Test func manyCancelAllCallsInOneFunction() throws {
        let audit = try Doctor(fileSystem: Self.cancelAllCalls(3).fileSystem).audit(root: DoctorRepository.root)
        #expect(audit.findings.filter { $0.rule.id == "BG016" }.map(\.location.line) == [7, 9, 11])
        try expectLinear(small: 400, Self.cancelAllCalls)
    }

    /// `count` views, each calling `register()` from `.onAppear` on `Env<i>.sensors<i>`, a global and a property of
    /// an extension its file declares, on `feature<i>.inherited<i>`, a property `Feature<i>` inherits from
    /// `Base<i>` of another file (and on `self.inherited<i>` inside `Feature<i>`), and on what `makeSensors<i>()` and
    /// `Factory<i>.make()` of another file return (with `try? await` before the one), beside the task registered at launch in `Tasks.register()`: every file's
    /// declarations go into one table, and each call's receiver is typed in a few lookups (`PropertyTable`).
    static func receiversThroughOtherFilesProperties(_ count: Int) -> DoctorRepository {
        var repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks.register()")
            .with("App/Tasks.swift", handler("task.expirationHandler = {}\n            task.setTaskCompleted(success: true)"))
        for index in 0..<count {
            repository = repository
                .with("App/Sensors\(index).swift", "final class Environment\(index) {}\n\nfinal class Sensors\(index) {\n    func register() {}\n}\n\nclass Base\(index) {\n    let inherited\(index) = Sensors\(index)()\n}\n\nfunc makeSensors\(index)() -> Sensors\(index) {\n    Sensors\(index)()\n}\n\nenum Factory\(index) {\n    static func make() -> Sensors\(index) {\n        Sensors\(index)()\n    }\n}\n")
                .with("App/View\(index).swift", """
                    import SwiftUI

                    var Env\(index) = Environment\(index)()

                    extension Environment\(index) {
                        var sensors\(index): Sensors\(index) { Sensors\(index)() }
                    }

                    final class Feature\(index): Base\(index) {
                        func boot() { self.inherited\(index).register() }
                    }

                    struct View\(index): View {
                        let feature\(index) = Feature\(index)()

                        var body: some View {
                            Text("\(index)").onAppear { Env\(index).sensors\(index).register(); feature\(index).inherited\(index).register(); let made\(index) = makeSensors\(index)(); made\(index).register(); feature\(index).boot(); let built\(index) = Factory\(index).make(); built\(index).register(); let awaited\(index) = try? await makeSensors\(index)(); awaited\(index)?.register() }
                        }
                    }

                    """)
        }
        return repository
    }

    @Test func manyReceiversTypedThroughOtherFilesProperties() throws {
        let audit = try Doctor(fileSystem: Self.receiversThroughOtherFilesProperties(3).fileSystem).audit(root: DoctorRepository.root)
        #expect(!audit.findings.contains { $0.rule.id == "BG004" }, "\(audit.findings.map(\.message))")
        try expectLinear(small: 100, Self.receiversThroughOtherFilesProperties)
    }

    /// `.onAppear` calling `register()` on `Current` through a chain of `count` properties, each an `Environment`,
    /// then its `Sensors`: one chain of any length is read once and typed in one lookup per name.
    static func longReceiverChain(_ count: Int) -> DoctorRepository {
        DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Tasks.register()")
            .with("App/Tasks.swift", handler("task.expirationHandler = {}\n            task.setTaskCompleted(success: true)"))
            .with("App/Environment.swift", "var Current = Environment()\n\nfinal class Environment {\n    var link: Environment { self }\n    let sensors = Sensors()\n}\n\nfinal class Sensors {\n    func register() {}\n}\n")
            .with("App/ContentView.swift", """
                import SwiftUI

                struct ContentView: View {
                    var body: some View {
                        Text("").onAppear { Current\(String(repeating: ".link", count: count)).sensors.register() }
                    }
                }

                """)
    }

    @Test func aLongReceiverChain() throws {
        let audit = try Doctor(fileSystem: Self.longReceiverChain(6).fileSystem).audit(root: DoctorRepository.root)
        #expect(!audit.findings.contains { $0.rule.id == "BG004" }, "\(audit.findings.map(\.message))")
        try expectLinear(small: 2_000, Self.longReceiverChain)
    }

    /// `count` functions of one file, each registering an identifier built at run time whose handler casts to
    /// `BGProcessingTask` and submitting a processing request of that name: each cast is answered by a lookup of the
    /// name and function (BG008), and each request's function is found once per scope.
    static func jobsBuiltAtRunTime(_ count: Int) -> DoctorRepository {
        let functions = (0..<count).map { index in
            """
                func start\(index)(id: String) throws {
                    let identifier = "com.example.app.export.\\(id)"
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
                        guard let task = task as? BGProcessingTask else { return }
                        task.setTaskCompleted(success: true)
                    }
                    try BGTaskScheduler.shared.submit(BGProcessingTaskRequest(identifier: identifier))
                }
            """
        }
        return DoctorRepository(permitted: ["com.example.app.export.*"], modes: ["processing"])
            .with("App/Exporter.swift", "import BackgroundTasks\n\nfinal class Exporter {\n\(functions.joined(separator: "\n"))\n}\n")
    }

    @Test func manyJobsBuiltAtRunTimeInOneFile() throws {
        let audit = try Doctor(fileSystem: Self.jobsBuiltAtRunTime(3).fileSystem).audit(root: DoctorRepository.root)
        #expect(!audit.findings.contains { $0.rule.id == "BG008" }, "\(audit.findings.map(\.message))")
        try expectLinear(small: 25, Self.jobsBuiltAtRunTime)
    }

    /// One function making `count` background session configurations, then starting an upload: its transfer calls are
    /// read once per function, not once per configuration (URL004's session made on every call).
    static func sessionsMadeInOneFunction(_ count: Int) -> DoctorRepository {
        let lines = (0..<count).map { "        let c\($0) = URLSessionConfiguration.background(withIdentifier: \"com.example.app.s\($0)\")" }
        return DoctorRepository().with("App/Uploader.swift", """
            import Foundation

            final class Uploader {
                func upload(_ file: URL, to request: URLRequest) {
            \(lines.joined(separator: "\n"))
                    URLSession(configuration: c0).uploadTask(with: request, fromFile: file).resume()
                }
            }

            """)
    }

    @Test func manySessionsMadeInOneFunction() throws {
        let audit = try Doctor(fileSystem: Self.sessionsMadeInOneFunction(2).fileSystem).audit(root: DoctorRepository.root)
        #expect(audit.findings.filter { $0.rule.id == "URL004" }.map(\.location.line) == [5, 6])
        try expectLinear(small: 400, Self.sessionsMadeInOneFunction)
    }
}
