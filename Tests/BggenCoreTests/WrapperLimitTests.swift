@testable import BggenCore
import BggenTestSupport
import Testing

/// A wrapper's name that more than `CodeModel.mostWrappersOfOneName` files declare is not followed (so the wrappers
/// each file sees stay few), and CHECK001 says which name and why rather than stopping silently (issue 39: "when the
/// budget runs out, the finding says what was not followed").
@Suite("Wrapper limit")
struct WrapperLimitTests {
    /// Four files declaring `schedule(_:)`: its call in another file is a submit, of an identifier not permitted.
    @Test func fourDeclaringFilesAreFollowed() throws {
        let findings = try findings(declaringFiles: 4)
        #expect(findings.map(\.rule.id).contains("BG001"), "\(findings.map(\.message))")
        #expect(!findings.contains { $0.message.contains("task wrapper") }, "\(findings.map(\.message))")
    }

    /// Five: the call is not read, and the note names the wrapper at its first declaration's submit.
    @Test func fiveDeclaringFilesAreSaid() throws {
        let findings = try findings(declaringFiles: 5)
        #expect(!findings.map(\.rule.id).contains("BG001"), "\(findings.map(\.message))")
        let note = findings.filter { $0.message.contains("task wrapper") }
        #expect(note.map(\.rule.id) == ["CHECK001"])
        #expect(note.first?.location.file == "App/Scheduler0.swift" && note.first?.location.line == 5, "\(note.map(\.location))")
        #expect(note.first?.message == "'schedule' is declared as a task wrapper in 5 files, more than the 4 a wrapper's name may be followed from, so its calls in other files were not read as registrations, submits or sessions.")
    }

    /// `count` files, each declaring a `schedule(_:)` that submits its parameter, and a file calling the first
    /// with an identifier the Info.plist does not permit.
    private func findings(declaringFiles count: Int) throws -> [DoctorFinding] {
        var repository = DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/Caller.swift", "enum Caller {\n    static func run() { Scheduler0().schedule(\"com.example.app.other\") }\n}\n")
        for index in 0..<count {
            repository = repository.with("App/Scheduler\(index).swift", """
                import BackgroundTasks

                final class Scheduler\(index) {
                    func schedule(_ identifier: String) {
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: identifier))
                    }
                }

                """)
        }
        return try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root).findings
    }
}
