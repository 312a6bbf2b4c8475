@testable import BggenCore
import BggenTestSupport
import Testing

/// The files that call another file's task wrapper are read again with it (`CodeModel.readWrapperCalls`) from what
/// the first pass kept: a file read for every fact with its first reading, a skipped one with its text, where reading
/// them from the disk again read, checked and lexed each a second time.
@Suite("Wrapper calls read from the first pass")
struct WrapperCallReadingTests {
    /// A wrapper's calls in a file read for every fact (its name marks background code) and in a skipped file are
    /// both submits of identifiers the Info.plist does not permit, each found on its own file's line, and no source
    /// file is read from the disk twice.
    @Test func callersAreReadOnceAndEachFromItsOwnText() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/Caller.swift", "enum Caller {\n    static func run() { Scheduler().schedule(\"com.example.app.other\") }\n}\n")
            .with("App/BackgroundTaskRunner.swift", "enum Runner {\n\n    static func run() {\n        Scheduler().schedule(\"com.example.app.third\")\n    }\n}\n")
            .with("App/Scheduler.swift", """
                import BackgroundTasks

                final class Scheduler {
                    func schedule(_ identifier: String) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                }

                """)
        let disk = RecordingFileSystem(repository.fileSystem)
        let findings = try Doctor(fileSystem: disk).audit(root: DoctorRepository.root).findings.filter { $0.rule.id == "BG001" }
        #expect(findings.map { "\($0.location.file):\($0.location.line)" }.sorted() == ["App/BackgroundTaskRunner.swift:4", "App/Caller.swift:2"],
                "\(findings.map(\.message))")
        let sources = disk.reads.filter { $0.hasSuffix(".swift") }
        #expect(sources.count == Set(sources).count && !sources.isEmpty, "\(sources.sorted())")
    }

    /// A call spells every label of the wrapper's parameters without a default before the last such one: a skipped
    /// file that names the wrapper but not `at` cannot call `schedule(at:every:)` and is not lexed for it, while the
    /// call that spells it is still found.
    @Test func aFileThatDoesNotSpellTheWrappersLabelsIsNotReadForIt() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/Caller.swift", "enum Caller {\n    static func run() { Scheduler().schedule(at: \"com.example.app.other\", every: 60) }\n}\n")
            .with("App/Clock.swift", "enum Clock {\n    static func run(_ ticker: Ticker) { ticker.schedule(every: 60) }\n}\n")
            .with("App/Scheduler.swift", """
                import BackgroundTasks

                final class Scheduler {
                    func schedule(at identifier: String, every interval: Double) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                }

                """)
        let (_, code) = try ProjectDetector.read(root: DoctorRepository.root, fileSystem: repository.fileSystem, stopsAtUnreadableCode: false)
        #expect(code.files.map(\.file).sorted() == ["App/Caller.swift", "App/Scheduler.swift"])
        let findings = try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings.filter { $0.rule.id == "BG001" }
        #expect(findings.map { "\($0.location.file):\($0.location.line)" } == ["App/Caller.swift:2"], "\(findings.map(\.message))")
    }

    /// The labels asked for: those without a default before the last one without, never `_`.
    @Test func theLabelsEveryCallOfAWrapperSpells() throws {
        let repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/Scheduler.swift", """
                import BackgroundTasks

                final class Scheduler {
                    func first(_ identifier: String, at delay: Double, every interval: Double) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                    func second(at delay: Double = 0, identifier: String) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                    func third(identifier: String, after delay: Double = 0) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                    func fourth(for identifier: String, after delay: Double, then done: () -> Void) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                }

                """)
        let (_, code) = try ProjectDetector.read(root: DoctorRepository.root, fileSystem: repository.fileSystem, stopsAtUnreadableCode: false)
        let labels = Dictionary(code.files.flatMap(\.wrappers).map { ($0.name, $0.labelsEveryCallSpells) }, uniquingKeysWith: { first, _ in first })
        #expect(labels["first"] == ["at"])
        #expect(labels["second"] == [])
        #expect(labels["third"] == [])
        #expect(labels["fourth"] == ["for", "after"])
    }
}
