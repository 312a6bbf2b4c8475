@testable import BggenCore
import Testing

@Suite("Answers are validated before they reach a template")
struct ConfigurationTests {
    @Test func defaultsMatchTheDocumentedOnes() throws {
        let configuration = try Configuration(answers: Answers())
        #expect(configuration.tasks == [.refresh, .processing])
        #expect(configuration.interval == .fewHours)
        #expect(configuration.requiresNetwork == false && configuration.requiresPower == false)
        #expect(configuration.bundleIdentifier.description == "com.example.app")
        #expect(configuration.deploymentTarget.description == "16.0")
    }

    @Test(arguments: [
        "com.acme\"; exit(1); \"", "com", "com..app", ".com.app", "com.app.", "1com.app", "com.a pp", "com.app\n",
        "com.ex@mple", "", "com.ex/ample", "com.<x>",
    ])
    func injectedOrInvalidBundleIdentifiersAreRejected(_ text: String) {
        #expect(throws: ConfigurationError.invalidBundleIdentifier(text)) { try BundleIdentifier(text) }
    }

    @Test(arguments: ["com.example.app", "org.sample.photos-beta", "io.x9.A1"])
    func validBundleIdentifiersAreAccepted(_ text: String) throws {
        #expect(try BundleIdentifier(text).description == text)
    }

    @Test func intervalsMapToSeconds() throws {
        #expect(try Interval.parse("hourly").seconds == 3600)
        #expect(try Interval.parse("few-hours").seconds == 4 * 3600)
        #expect(try Interval.parse("daily").seconds == 86_400)
        #expect(try Interval.parse("on-push").seconds == nil)
        #expect(try Interval.parse("30m").seconds == 1800)
        #expect(try Interval.parse("6h").seconds == 6 * 3600)
        #expect(try Interval.parse("1d").seconds == 86_400)
        #expect(try Interval.parse("15m").seconds == 900)
    }

    @Test(arguments: ["14m", "1m", "0h"])
    func intervalsUnderFifteenMinutesAreRejected(_ text: String) {
        #expect(throws: (any Error).self) { try Interval.parse(text) }
        if text != "0h" {
            #expect(throws: ConfigurationError.intervalTooShort(text)) { try Interval.parse(text) }
        }
    }

    @Test(arguments: ["weekly", "5", "h", "-1h", "1.5h", "1w", ""])
    func unknownIntervalsAreRejected(_ text: String) {
        #expect(throws: ConfigurationError.invalidInterval(text)) { try Interval.parse(text) }
    }

    @Test func taskListsParseInCanonicalOrder() throws {
        #expect(try TaskKind.parseList("silent-push, refresh,refresh") == [.refresh, .silentPush])
        #expect(throws: ConfigurationError.emptyTaskList) { try TaskKind.parseList(" , ") }
        #expect(throws: ConfigurationError.unknownTask("fetch")) { try TaskKind.parseList("refresh,fetch") }
    }

    @Test func deploymentTargets() throws {
        #expect(try DeploymentTarget("13").description == "13.0")
        #expect(try DeploymentTarget("17.4").description == "17.4")
        #expect(try DeploymentTarget("12.4").description == "12.4", "an iOS 12 app gets guarded code")
        #expect(throws: ConfigurationError.deploymentTargetTooOld("11.4")) { try DeploymentTarget("11.4") }
        #expect(throws: ConfigurationError.invalidDeploymentTarget("sixteen")) { try DeploymentTarget("sixteen") }
        #expect(throws: ConfigurationError.invalidDeploymentTarget("16.")) { try DeploymentTarget("16.") }
    }

    @Test func onPushReplacesTheDefaultRefreshAndAddsSilentPush() throws {
        let configuration = try Configuration(answers: Answers(flags: "--interval on-push"))
        #expect(configuration.tasks == [.processing, .silentPush])
        #expect(configuration.processingSeconds == nil)
        #expect(configuration.notes.count == 2)
    }

    @Test func onPushWithAnExplicitRefreshIsAnError() {
        #expect(throws: ConfigurationError.refreshWithOnPush) {
            try Configuration(answers: Answers(tasks: [.refresh], flags: "--interval on-push"))
        }
    }

    @Test func processingIntervalIsRaisedToAnHour() throws {
        let configuration = try Configuration(answers: Answers(tasks: [.refresh, .processing], flags: "--interval 30m"))
        #expect(configuration.refreshSeconds == 1800)
        #expect(configuration.processingSeconds == 3600)
        #expect(configuration.notes.contains { $0.contains("raised") })
    }

    @Test func processingFlagsWithoutProcessingAreErrors() {
        #expect(throws: ConfigurationError.optionWithoutTask(flag: "--network", task: .processing)) {
            try Configuration(answers: Answers(tasks: [.refresh], flags: "--network"))
        }
    }

    @Test func nightlyStartTimes() throws {
        #expect(try TimeOfDay("02:30").description == "02:30")
        #expect(try TimeOfDay("7:05").description == "07:05")
        for bad in ["24:00", "12:60", "2", "02:3", "aa:bb", "-1:00", "02:30:00"] {
            #expect(throws: ConfigurationError.invalidTimeOfDay(bad)) { try TimeOfDay(bad) }
        }
        let nightly = try Configuration(answers: Answers(tasks: [.processing], flags: "--at 02:30"))
        #expect(nightly.processingSeconds == nil, "the nightly time replaces the interval")
        let cleared = try Configuration(answers: Answers(flags: "--at none"), defaults: Answers(flags: "--at 03:00").filling(from: .defaults))
        #expect(cleared.nightlyAt == nil, "none overrides a recorded time")
        #expect(throws: ConfigurationError.optionWithoutTask(flag: "--at", task: .processing)) {
            try Configuration(answers: Answers(tasks: [.refresh], flags: "--at 02:30"))
        }
        #expect(throws: ConfigurationError.optionWithoutTask(flag: "--checkpoint", task: .processing)) {
            try Configuration(answers: Answers(tasks: [.downloads], flags: "--checkpoint"))
        }
    }

    @Test func identifiersAndModesFollowTheTasks() throws {
        let configuration = try Configuration(answers: Answers(tasks: TaskKind.allCases, flags: "--bundle-id org.sample.photos"))
        let identifiers = Identifiers(configuration)
        #expect(identifiers.permittedTaskIdentifiers == ["org.sample.photos.refresh", "org.sample.photos.processing", "org.sample.photos.export.*"])
        #expect(identifiers[.downloads] == "org.sample.photos.background-downloads")
        #expect(backgroundModes(for: configuration) == ["fetch", "processing", "remote-notification"])
    }
}
