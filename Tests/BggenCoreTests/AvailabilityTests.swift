import BggenCore
import BggenTestSupport
import Testing

@Suite("Nothing newer than the deployment target")
struct AvailabilityTests {
    @Test(arguments: Scenarios.all)
    func generatedCodeFitsTheDeploymentTarget(_ scenario: Scenario) throws {
        let target = try scenario.configuration.deploymentTarget
        let version = Double(target.major) + Double(target.minor) / 10
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            let findings = AvailabilityLint.findings(in: file.contents, target: version)
            #expect(findings.isEmpty, "\(file.path) for iOS \(target): \(findings)")
        }
        let example = AvailabilityLint.findings(in: try scenario.appDelegateExample(), target: version)
        #expect(example.isEmpty, "app delegate example: \(example)")
    }

    @Test func theLintFlagsUnguardedNewerAPIsAndAcceptsGuardedOnes() {
        let unguarded = "let log = Logger(subsystem: \"a\", category: \"b\")\n"
        #expect(AvailabilityLint.findings(in: unguarded, target: 13.0).map(\.introduced) == [14.0])
        #expect(AvailabilityLint.findings(in: unguarded, target: 14.0).isEmpty)

        let guarded = """
            if #available(iOS 16.0, *) {
                let lock = OSAllocatedUnfairLock()
            }
            let other = OSAllocatedUnfairLock()
            """
        #expect(AvailabilityLint.findings(in: guarded, target: 15.0).map(\.line) == [4])

        let annotated = """
            @available(iOS 26.0, *)
            func export(_ task: BGContinuedProcessingTask) {
                task.updateTitle("x", subtitle: "y")
            }
            """
        #expect(AvailabilityLint.findings(in: annotated, target: 16.0).isEmpty)
        #expect(AvailabilityLint.findings(in: "// Logger is iOS 14\nlet s = \"Logger\"\n", target: 13.0).isEmpty)
    }

    @Test func iOS13OutputUsesOSLogAndNewerTargetsUseLogger() throws {
        let old = try Scenarios.named("ios13-all-tasks").renderedFiles().first { $0.path.hasSuffix("BackgroundSupport.swift") }!
        #expect(old.contents.contains("os_log(") && !old.contents.contains("Logger("))
        let new = try Scenarios.named("ios18-all-tasks").renderedFiles().first { $0.path.hasSuffix("BackgroundSupport.swift") }!
        #expect(new.contents.contains("Logger(") && !new.contents.contains("os_log("))
    }
}
