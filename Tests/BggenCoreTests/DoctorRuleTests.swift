import BggenCore
import BggenTestSupport
import Testing

/// What applies to every rule rather than to one: suppression by comment and by `.bggen.json`. Each rule's own
/// cases are its examples (`Sources/BggenCore/Doctor/Rules/`), run by `RuleExampleTests`.
@Suite("Doctor rules")
struct DoctorRuleTests {
    private func findings(_ repository: DoctorRepository, disabled: Set<String> = []) throws -> [String] {
        try Doctor(fileSystem: repository.fileSystem).audit(root: DoctorRepository.root, settings: DoctorSettings(disabled: disabled)).findings.map {
            "\($0.rule.id) \($0.severity.rawValue) \($0.location.file):\($0.location.line)"
        }
    }

    /// A refresh app registering at launch, whose `App/Sync.swift` registers the identifier again (line 6) after `comment`.
    private func registeredTwice(_ comment: String) -> DoctorRepository {
        let twice = "import BackgroundTasks\n\nenum Again {\n    static func go() {\n        \(comment)\n        BGTaskScheduler.shared.register(forTaskWithIdentifier: \"com.example.app.refresh\", using: nil) { _ in }\n    }\n}\n"
        return DoctorRepository(permitted: ["com.example.app.refresh"], modes: ["fetch"])
            .with("App/Sync.swift", twice).launching("""
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
                        Again.go()
                """)
    }

    @Test func anIgnoreCommentOnTheLineOrAboveDropsThatRuleOnly() throws {
        let report = try Doctor(fileSystem: registeredTwice("// bggen:ignore BG005").fileSystem).audit(root: DoctorRepository.root)
        #expect(report.findings.isEmpty)
        #expect(report.suppressedCount == 1)
        // The comment names the wrong rule: the finding stays, and the comment, which suppresses nothing, is said.
        #expect(try findings(registeredTwice("// bggen:ignore BG001")) == ["IGNORE001 warning App/Sync.swift:5", "BG005 error App/Sync.swift:6"])
    }

    @Test func aDisabledRuleIsSkippedEverywhere() throws {
        let repository = DoctorRepository(modes: ["fetch"])
        #expect(try findings(repository) == ["MODE003 warning App/Info.plist:9"])
        #expect(try findings(repository, disabled: ["MODE003"]) == [])
    }
}
