import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("Nothing newer than the deployment target")
struct AvailabilityTests {
    @Test(arguments: Scenarios.all)
    func generatedCodeFitsTheDeploymentTarget(_ scenario: Scenario) throws {
        let target = try scenario.configuration.deploymentTarget
        let version = Double(target.major) + Double(target.minor) / 10
        let swift = try scenario.renderedFiles().filter { $0.path.hasSuffix(".swift") }
        let declared = AvailabilityLint.declaredAPIs(in: swift.map(\.contents))
        for file in swift {
            let findings = AvailabilityLint.findings(in: file.contents, target: version, declared: declared)
            #expect(findings.isEmpty, "\(file.path) for iOS \(target): \(findings)")
        }
        let example = AvailabilityLint.findings(in: try scenario.appDelegateExample(), target: version, declared: declared)
        #expect(example.isEmpty, "app delegate example: \(example)")
    }

    /// A generated file never deprecates its own names: user files bggen wrote earlier call them and are never
    /// rewritten, so a deprecation would give a clean app its first warning on the next `bggen init`.
    @Test(arguments: Scenarios.all)
    func generatedCodeDeprecatesNothingItsUserFilesMayCall(_ scenario: Scenario) throws {
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            let deprecations = file.contents.split(separator: "\n").filter { $0.contains("@available(") && $0.contains("deprecated") }
            #expect(deprecations.isEmpty, "\(file.path): \(deprecations)")
        }
    }

    /// Below iOS 27 the SDK chooses how to submit (`IOS27SDK.condition`): what an earlier SDK compiles, the text
    /// outside those blocks, names no `submitTaskRequest`, which only the iOS 27 SDK has, and every file that
    /// submits with `submit(_:)` also has the iOS 27 SDK's route. On Linux the condition is always false, so the
    /// compile checks cannot see a use of the iOS 27 SDK's API outside it (the stubs have it either way).
    @Test(arguments: Scenarios.all)
    func onlyTheIOS27SDKsCodeNamesItsSubmission(_ scenario: Scenario) throws {
        let target = try scenario.configuration.deploymentTarget
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            guard target < DeploymentTarget(major: 27, minor: 0) else {
                #expect(!file.contents.contains(IOS27SDK.condition), "\(file.path)")
                continue
            }
            let earlierSDK = Self.code(of: file.contents, outside: IOS27SDK.condition)
            #expect(!earlierSDK.contains { $0.contains("submitTaskRequest(") }, "\(file.path) for iOS \(target)")
            if earlierSDK.contains(where: { $0.contains(".submit(") }) {
                #expect(file.contents.contains("\n\(IOS27SDK.condition)\n"), "\(file.path) for iOS \(target)")
            }
        }
    }

    /// The lines of `source` that are code (not comments) and outside every `#if` block opened by `condition`.
    static func code(of source: String, outside condition: String) -> [String] {
        var kept: [String] = []
        var depth = 0
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if depth > 0 {
                if trimmed.hasPrefix("#if") { depth += 1 } else if trimmed.hasPrefix("#endif") { depth -= 1 }
            } else if trimmed == condition {
                depth = 1
            } else if !trimmed.hasPrefix("//") {
                kept.append(String(line))
            }
        }
        return kept
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

    @Test func iOS12OutputMarksEveryTypeAndGuardsEveryPrintedCall() throws {
        let scenario = Scenarios.named("ios12-app-delegate")
        let files = try scenario.renderedFiles().filter { $0.path.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let declared = AvailabilityLint.declaredAPIs(in: files.map(\.contents))
        #expect(declared.contains { $0.pattern == #"\bBackgroundLog\b"# && $0.introduced == 13.0 })
        var caught: [String] = []
        for file in files {
            #expect(AvailabilityLint.findings(in: file.contents, target: 12.4, declared: declared).isEmpty, "\(file.path)")
            // The lint is what catches a file whose types lost the attribute: it uses an iOS 13 API or a type
            // another file declares for iOS 13 only.
            let stripped = file.contents.replacingOccurrences(of: "@available(iOS 13.0, *) ", with: "")
            let others = AvailabilityLint.declaredAPIs(in: files.filter { $0.path != file.path }.map(\.contents))
            if !AvailabilityLint.findings(in: stripped, target: 12.4, declared: others).isEmpty {
                caught.append((file.path as NSString).lastPathComponent)
            }
        }
        let marked = files.filter { $0.contents.contains("@available(iOS 13.0, *) ") }.map { ($0.path as NSString).lastPathComponent }
        #expect(marked.count > 8)
        #expect(Set(caught) == Set(marked).subtracting(["BackgroundTaskConfiguration.swift"]),
                "only the identifiers' enum uses nothing newer than iOS 12")
        let example = try scenario.appDelegateExample()
        #expect(example.contains("        if #available(iOS 13.0, *) {\n            // Before launch finishes"))
        #expect(example.contains("if #available(iOS 13.0, *), BackgroundDownloadManager.shared.setCompletionHandler"))
        #expect(example.contains("@available(iOS 13.0, *) final class SceneDelegate"))
        let unguarded = example.replacingOccurrences(of: "@available(iOS 13.0, *) ", with: "")
        #expect(!AvailabilityLint.findings(in: unguarded, target: 12.4).isEmpty, "the scene delegate needs iOS 13")
        let nextSteps = try scenario.nextSteps()
        #expect(nextSteps.contains("The app deploys to iOS 12.4, older than BGTaskScheduler"))
        #expect(!nextSteps.contains("on iOS 12 devices the app launches as before"), "a promise no Xcode that can ship keeps")
        // The prose examples too: a user pastes them as they are.
        let lines = nextSteps.components(separatedBy: "\n")
        let managerCalls = lines.indices.filter { lines[$0].contains(".shared.startDownload(") || lines[$0].contains(".shared.startUpload(") }
        #expect(managerCalls.count == 2)
        for index in managerCalls {
            #expect(index > 0 && lines[index - 1].hasSuffix("if #available(iOS 13.0, *) {"), "unguarded on iOS 12: \(lines[index])")
        }
        // An iOS 12 app usually has no scenes: its app delegate schedules, inside the same guard.
        let withoutScenes = try Scenario(name: "ios12-no-scenes", flags: [], answers: scenario.answers, appHasNoScenes: true).appDelegateExample()
        #expect(withoutScenes.contains("func applicationDidEnterBackground(_ application: UIApplication) {\n        if #available(iOS 13.0, *) {\n            BackgroundTaskManager.shared.scheduleAppRefresh()"))
        #expect(!withoutScenes.contains("SceneDelegate"))
        #expect(AvailabilityLint.findings(in: withoutScenes, target: 12.4, declared: declared).isEmpty)
        #expect(!AvailabilityLint.findings(in: withoutScenes.replacingOccurrences(of: "if #available(iOS 13.0, *) {", with: "do {"), target: 12.4, declared: declared).isEmpty)
        // Nothing changes for apps deploying to iOS 13 or later.
        for other in Scenarios.all where other.name != scenario.name {
            for file in try other.renderedFiles() {
                #expect(!file.contents.contains("@available(iOS 13.0"), "\(other.name): \(file.path)")
            }
            #expect(!(try other.nextSteps()).contains("#available(iOS 13.0"), "\(other.name)")
        }
    }

    @Test func belowIOS13TheUnguardableFormsAreRefusedWithTheFlagToPass() {
        var push = Answers()
        push.tasks = [.refresh, .silentPush]
        push[AnswerSpecs.ios] = DeploymentTarget(major: 12, minor: 4)
        #expect(throws: ConfigurationError.needsIOS13(feature: "silent-push", version: "12.4")) { try Configuration(answers: push) }
        var objC = Answers()
        objC.tasks = [.refresh]
        objC[AnswerSpecs.objc] = true
        objC[AnswerSpecs.ios] = DeploymentTarget(major: 12, minor: 0)
        #expect(throws: ConfigurationError.needsIOS13(feature: "an Objective-C app delegate", version: "12.0")) { try Configuration(answers: objC) }
    }

    @Test func iOS13OutputUsesOSLogAndNewerTargetsUseLogger() throws {
        let old = try Scenarios.named("ios13-all-tasks").renderedFiles().first { $0.path.hasSuffix("BackgroundSupport.swift") }!
        #expect(old.contents.contains("os_log(") && !old.contents.contains("Logger("))
        let new = try Scenarios.named("ios18-all-tasks").renderedFiles().first { $0.path.hasSuffix("BackgroundSupport.swift") }!
        #expect(new.contents.contains("Logger(") && !new.contents.contains("os_log("))
    }
}

/// Xcode 26 (needed for App Store uploads) supports deployment targets from iOS 15, and Xcode 27 refuses lower
/// ones: the next steps of a lower target say so where they give the app's code, and those of iOS 15 or later do not.
@Suite("A deployment target below Xcode's floor is warned about")
struct XcodeFloorTests {
    @Test(arguments: ["ios12-app-delegate", "ios13-all-tasks", "all-tasks"])
    func nextStepsWarnBelowIOS15(_ name: String) throws {
        let scenario = Scenarios.named(name)
        let target = try scenario.configuration.deploymentTarget
        let warning = try scenario.nextSteps().split(separator: "\n").first { $0.hasPrefix("   Warning: Xcode 26") }
        if target < DeploymentTarget(major: 15, minor: 0) {
            let line = try #require(warning, "no warning for iOS \(target)")
            #expect(line.contains("deployment targets from iOS 15"))
        } else {
            #expect(warning == nil, "iOS \(target) is within Xcode's range")
        }
    }
}
