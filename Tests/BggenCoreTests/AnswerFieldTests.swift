import BggenCore
import Foundation
import Testing

@Suite("One parser per answer: flags, the answers file and scenarios")
struct AnswerFieldTests {
    @Test func flagsAsScenariosWriteThemGiveTypedAnswers() throws {
        let answers = try AnswerField.answers(fromFlags: ["--tasks", "processing,refresh", "--no-network", "--power", "--bundle-id", "org.x.app", "--ios", "17.0", "--objc"])
        #expect(answers.tasks == [.refresh, .processing])
        #expect(answers.requiresNetwork == false && answers.requiresPower == true)
        #expect(answers.bundleIdentifier == (try BundleIdentifier("org.x.app")))
        #expect(answers.deploymentTarget == DeploymentTarget(major: 17, minor: 0))
        #expect(answers.objectiveC == true)
    }

    @Test func theFileAndTheFlagsRefuseTheSameValueWithTheSameMessage() throws {
        var fromFlags = Answers()
        let flagError = #expect(throws: ConfigurationError.self) { try AnswerField.ios.set("11.0", in: &fromFlags) }
        let fileError = #expect(throws: AnswersFileError.self) { try AnswersFile.decode(#"{"ios": "11.0"}"#, path: "x.json") }
        #expect(fileError?.problem == flagError?.description)
        #expect(throws: ConfigurationError.notAValue(flag: "--network")) { try AnswerField.network.set("yes", in: &fromFlags) }
        #expect(throws: ConfigurationError.notAValue(flag: "--nope")) { try AnswerField.answers(fromFlags: ["--nope"]) }
    }

    @Test func aRecordDecodesToTheAnswersItWasEncodedFrom() throws {
        let configuration = try Configuration(answers: AnswerField.answers(fromFlags: ["--tasks", "processing,continued-processing", "--checkpoint", "--at", "02:30", "--gpu", "--prefix", "Acme", "--strategy", "fail"]))
        let text = AnswersFile.encode(configuration, output: "Code/Bg", files: ["b.swift", "a.swift"], disabledRules: ["BG002"])
        #expect(text.contains(#"  "doctor": {"disabled": ["BG002"]},"#), "\(text)")
        #expect(text.contains("  \"files\": [\n    \"a.swift\",\n    \"b.swift\"\n  ],"), "\(text)")
        let decoded = try AnswersFile.decode(text, path: ".bggen.json")
        #expect(try Configuration(answers: decoded.answers) == configuration)
        #expect(decoded.output == "Code/Bg" && decoded.files == ["a.swift", "b.swift"] && decoded.disabledRules == ["BG002"])
    }

    @Test func theOnPushRuleDropsRefreshOnlyWhereTheUserDidNotChooseIt() throws {
        #expect(try Configuration.onPush([.refresh, .processing], refreshMayBeDropped: true).tasks == [.processing, .silentPush])
        #expect(throws: ConfigurationError.refreshWithOnPush) { try Configuration.onPush([.refresh], refreshMayBeDropped: false) }
        #expect(try Configuration.onPush([.silentPush], refreshMayBeDropped: false).notes.isEmpty)
    }
}
