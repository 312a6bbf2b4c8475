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
}
