@testable import BggenCore
import BggenTestSupport
import Testing

/// The search for a registration's callers follows names back towards launch, reading the skipped files that
/// mention them. A name as common as `register` is called from dozens of functions: following all of their names,
/// and theirs, read most of home-assistant-iOS in eight rounds (400 names by the fourth).
@Suite("Caller search")
struct CallerSearchTests {
    /// `Tasks.register()` called from 40 functions of 40 names in 40 files, each of those called from a function of one more
    /// file; launch calls the first caller. The search reads the 40 callers and stops there: 40 names are more than
    /// a call chain from launch has, so their 40 callers are not read, and the path through the launch file, which
    /// the first pass read whole, is still found.
    @Test func aRoundOfMoreCallersThanAChainHasEndsTheSearch() throws {
        let repository = fortyCallers(of: DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .launching("Caller0.call0()"))
        let (_, code) = try ProjectDetector.read(root: DoctorRepository.root, fileSystem: repository.fileSystem, stopsAtUnreadableCode: false)
        #expect(code.rereadCount == 40)
        let findings = try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
        #expect(findings.map(\.rule.id) == [], "\(findings.map(\.message))")
    }

    /// The same 40 callers with no launch calling any: the search stops at their 40 names, and the note on the
    /// registration says so rather than only that no path was found.
    @Test func theNoteSaysWhereTheSearchStopped() throws {
        let repository = fortyCallers(of: DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]))
        let findings = try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
        #expect(findings.map(\.rule.id) == ["CHECK001"])
        #expect(findings.first?.message.contains("its search for callers stopped in round 1, at 40 names of callers (more than 32), whose callers it did not read") == true,
                "\(findings.map(\.message))")
    }

    /// The same 40 callers, and a view's `.onAppear` calling `Tasks.register()`: the registration is made after
    /// launch, and the error says a path from launch may pass through the callers the search did not read.
    @Test func aLateRegistrationSaysWhereTheSearchStopped() throws {
        let repository = fortyCallers(of: DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]))
            .with("App/ContentView.swift", "import SwiftUI\n\nstruct ContentView: View {\n    var body: some View {\n        Text(\"\").onAppear { Tasks.register() }\n    }\n}\n")
        let findings = try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
        #expect(findings.map(\.rule.id) == ["BG004"])
        #expect(findings.first?.message.hasSuffix(" A path from launch may pass through callers doctor did not read: its search for callers stopped in round 1, at 40 names of callers (more than 32), whose callers it did not read.") == true,
                "\(findings.map(\.message))")
    }

    /// Launch reaches `Tasks.register()` through `depth` functions, each in a file of its own that only the search
    /// for callers reads, one round per hop: 8 rounds find launch, and a 9th hop is past the search.
    @Test func eightRoundsOfCallersAreFollowed() throws {
        #expect(try findings(throughHops: 8).map(\.rule.id) == [])
        let cut = try findings(throughHops: 9)
        #expect(cut.map(\.rule.id) == ["CHECK001"])
        #expect(cut.first?.message.contains("its search for callers stopped after 8 rounds with 1 name of a caller still to follow") == true, "\(cut.map(\.message))")
    }

    /// The 40 callers in files the first pass reads whole (their names mark background code), so the registration's
    /// callers there are 41 names before any file is read for them: the search stops before its first round, and
    /// the 40 files calling them are not read (home-assistant's `register` read 939 of its 1,625 files this way).
    @Test func moreCallersThanAChainHasInTheFilesReadWholeEndTheSearchBeforeItsFirstRound() throws {
        var repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Tasks.swift", Self.tasks)
        for index in 0..<40 {
            repository = repository
                .with("App/Callers/BackgroundTaskCaller\(index).swift", "enum Caller\(index) {\n    static func call\(index)() { Tasks.register() }\n}\n")
                .with("App/Outer/Outer\(index).swift", "enum Outer\(index) {\n    static func run() { Caller\(index).call\(index)() }\n}\n")
        }
        let (_, code) = try ProjectDetector.read(root: DoctorRepository.root, fileSystem: repository.fileSystem, stopsAtUnreadableCode: false)
        #expect(code.rereadCount == 0)
        let findings = try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
        #expect(findings.map(\.rule.id) == ["CHECK001"])
        #expect(findings.first?.message.contains("its search for callers stopped before its first round, at 41 names of callers (more than 32) in the files read whole, whose callers it did not read") == true,
                "\(findings.map(\.message))")
    }

    /// The 9th hop and a second caller of the 7th: two names (`call8`, `call`) are left, and the note counts them in the plural.
    @Test func theNoteCountsTheNamesLeftInTheirNumber() throws {
        let cut = try findings(throughHops: 9, alsoCallingHop7: true)
        #expect(cut.map(\.rule.id) == ["CHECK001"])
        #expect(cut.first?.message.contains("its search for callers stopped after 8 rounds with 2 names of callers still to follow") == true, "\(cut.map(\.message))")
    }

    /// `alsoCallingHop7`: another file's `Other.call()` calls `Hop7.call7()` too, so the 8th round meets two callers.
    private func findings(throughHops depth: Int, alsoCallingHop7: Bool = false) throws -> [DoctorFinding] {
        var repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).launching("Hop\(depth).call\(depth)()")
            .with("App/Tasks.swift", Self.tasks)
        if alsoCallingHop7 {
            repository = repository.with("App/Other.swift", "enum Other {\n    static func call() { Hop7.call7() }\n}\n")
        }
        for index in 1...depth {
            let next = index == 1 ? "Tasks.register()" : "Hop\(index - 1).call\(index - 1)()"
            repository = repository.with("App/Hops/Hop\(index).swift", "enum Hop\(index) {\n    static func call\(index)() { \(next) }\n}\n")
        }
        return try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
    }

    /// A file read for callers (`Setup.swift`, calling `Tasks.register()`) gets the facts only some files use, its
    /// task helpers and its calls of closures kept in properties, when a file read whole uses them: a launch handler
    /// handing its task to a function, a completion handler kept in a property. Otherwise they are not read.
    @Test func aFileReadForCallersGetsTheFactsOnlySomeFilesUseWhenAFileReadWholeUsesThem() throws {
        let setup = """
            import UIKit

            enum Setup {
                static var done: ((UIBackgroundFetchResult) -> Void)?

                static func run() {
                    Tasks.register()
                    done?(.newData)
                }

                static func finish(_ task: BGTask) {
                    task.setTaskCompleted(success: true)
                }
            }

            """
        let base = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"]).with("App/Setup.swift", setup)
        let unused = try facts(of: "App/Setup.swift", in: base.with("App/Tasks.swift", Self.tasks))
        #expect(!unused.isFull)
        #expect(unused.taskHelpers.isEmpty)
        #expect(unused.closurePropertyCalls.isEmpty)
        let handing = Self.tasks.replacingOccurrences(of: "task.expirationHandler = {}\n            task.setTaskCompleted(success: true)", with: "Setup.finish(task)")
        let delegate = """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
                    Setup.done = completionHandler
                }
            }

            """
        let used = try facts(of: "App/Setup.swift", in: base.with("App/Tasks.swift", handing).with("App/AppDelegate.swift", delegate))
        #expect(!used.isFull)
        #expect(used.taskHelpers.map(\.name) == ["finish"])
        #expect(used.closurePropertyCalls.map(\.property) == ["done"])
    }

    /// The facts the code model keeps of `file`.
    private func facts(of file: String, in repository: DoctorRepository) throws -> FileFacts {
        let (_, code) = try ProjectDetector.read(root: DoctorRepository.root, fileSystem: repository.fileSystem, stopsAtUnreadableCode: false)
        return try #require(code.files.first { $0.file == file })
    }

    /// `repository` with `Tasks.register()` and the 40 callers and 40 outer callers both tests above search.
    private func fortyCallers(of repository: DoctorRepository) -> DoctorRepository {
        var repository = repository.with("App/Tasks.swift", Self.tasks)
        for index in 0..<40 {
            repository = repository
                .with("App/Callers/Caller\(index).swift", "enum Caller\(index) {\n    static func call\(index)() { Tasks.register() }\n}\n")
                .with("App/Outer/Outer\(index).swift", "enum Outer\(index) {\n    static func run() { Caller\(index).call\(index)() }\n}\n")
        }
        return repository
    }

    /// `Tasks.register()`, which registers the refresh task.
    private static let tasks = """
        import BackgroundTasks

        enum Tasks {
            static func register() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in
                    task.expirationHandler = {}
                    task.setTaskCompleted(success: true)
                }
            }
        }

        """
}
