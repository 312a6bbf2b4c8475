@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("One declaration per answer: flags, the answers file, defaults and scenarios")
struct AnswerSpecTests {
    @Test func flagsAsScenariosWriteThemGiveTypedAnswers() throws {
        let answers = try AnswerSpecs.answers(fromFlags: ["--tasks", "processing,refresh", "--no-network", "--power", "--bundle-id", "org.x.app", "--ios", "17.0", "--objc", "--no-tests"])
        #expect(answers.tasks == [.refresh, .processing])
        #expect(answers[AnswerSpecs.network] == false && answers[AnswerSpecs.power] == true)
        #expect(answers[AnswerSpecs.bundleID] == (try BundleIdentifier("org.x.app")))
        #expect(answers[AnswerSpecs.ios] == DeploymentTarget(major: 17, minor: 0))
        #expect(answers[AnswerSpecs.objc] == true)
        #expect(answers[AnswerSpecs.tests] == false)
    }

    @Test func theFileAndTheFlagsRefuseTheSameValueWithTheSameMessage() throws {
        var fromFlags = Answers()
        let flagError = #expect(throws: ConfigurationError.self) { try AnswerSpecs.named("ios")!.set("11.0", in: &fromFlags) }
        let fileError = #expect(throws: AnswersFileError.self) { try AnswersFile.decode(#"{"ios": "11.0"}"#, path: "x.json") }
        #expect(fileError?.problem == flagError?.description)
        #expect(throws: ConfigurationError.notAValue(flag: "--network")) { try AnswerSpecs.named("network")!.set("yes", in: &fromFlags) }
        #expect(throws: ConfigurationError.notAValue(flag: "--nope")) { try AnswerSpecs.answers(fromFlags: ["--nope"]) }
    }

    @Test func aRecordDecodesToTheAnswersItWasEncodedFrom() throws {
        let configuration = try Configuration(answers: AnswerSpecs.answers(fromFlags: ["--tasks", "processing,continued-processing", "--checkpoint", "--at", "02:30", "--gpu", "--prefix", "Acme", "--strategy", "fail"]))
        // The team's doctor settings are kept as written, comments included.
        let doctor = "{\n    // The legacy sync is being rewritten.\n    \"excluded\": [\"Legacy\"],\n    \"disabled\": [\"BG002\"]\n  }"
        let text = AnswersFile.encode(configuration, output: "Code/Bg", files: ["b.swift", "a.swift"], doctorSource: doctor)
        #expect(text.contains("  \"doctor\": \(doctor),\n"), "\(text)")
        #expect(text.contains("  \"files\": [\n    \"a.swift\",\n    \"b.swift\"\n  ],"), "\(text)")
        let decoded = try AnswersFile.decode(text, path: ".bggen.json")
        #expect(try Configuration(answers: decoded.answers) == configuration)
        #expect(decoded.output == "Code/Bg" && decoded.files == ["a.swift", "b.swift"] && decoded.doctorSource == doctor)
    }

    /// `Configuration.answers` is made from each declaration's replay: it configures the same again (the same
    /// record; on-push's notes are not repeated, its tasks being settled already), and every answer the record holds
    /// is among them, so a declaration whose replay forgets its answer fails here.
    @Test(arguments: Scenarios.all)
    func everyAnswerIsReplayedFromItsDeclaration(scenario: Scenario) throws {
        let configuration = try scenario.configuration
        let replayed = configuration.answers
        let again = try Configuration(answers: replayed)
        #expect(again.answers == replayed)
        #expect(AnswersFile.encode(again, output: nil, files: []) == AnswersFile.encode(configuration, output: nil, files: []))
        for spec in AnswerSpecs.all where spec.recorded(for: configuration) != nil {
            #expect(spec.isGiven(in: replayed), "\(spec.flag) is recorded but not replayed")
        }
    }

    /// An answer is read through its declaration, as the rules left it: on-push's tasks, the prefix, `--objc`.
    @Test func aConfigurationGivesEachAnswerThroughItsDeclaration() throws {
        let onPush = try Configuration(answers: Answers(flags: "--interval on-push --style app-delegate --prefix Acme --objc"))
        #expect(onPush[AnswerSpecs.tasks] == [.processing, .silentPush] && onPush[AnswerSpecs.tasks] == onPush.tasks)
        #expect(onPush[AnswerSpecs.prefix] == "Acme" && onPush[AnswerSpecs.objc])
        // Given without continued processing, its answers would be a conflict; from the defaults they are ignored.
        let ignored = try Configuration(answers: Answers(tasks: [.refresh]), defaults: Answers(flags: "--strategy fail --gpu"))
        #expect(ignored[AnswerSpecs.strategy] == .queue && !ignored[AnswerSpecs.gpu] && !ignored.gpu)
        let continued = try Configuration(answers: Answers(tasks: [.continuedProcessing], flags: "--gpu"))
        #expect(continued[AnswerSpecs.gpu] && continued.gpu)
    }

    /// A true-or-false answer reaches the templates under its declaration's name, as the configuration resolved it
    /// (`--objc` with a SwiftUI style would be a conflict; `--gpu` without continued processing is its default).
    @Test(arguments: Scenarios.all)
    func everyTrueOrFalseAnswerIsATemplateFlagUnderItsName(scenario: Scenario) throws {
        let configuration = try scenario.configuration
        let values = RenderContext(configuration).values
        let toggles = AnswerSpecs.all.filter(\.isToggle)
        #expect(toggles.map(\.name) == ["network", "power", "checkpoint", "gpu", "objc", "tests"])
        for spec in toggles {
            let on = try #require(spec.isOn(in: configuration) as Bool?, "\(spec.flag)")
            #expect(values[spec.name] == .bool(on), "\(spec.flag)")
        }
        #expect(AnswerSpecs.all.filter { !$0.isToggle }.allSatisfy { $0.isOn(in: configuration) == nil })
    }

    /// Answers are kept under their declarations: equal when the same values are given in any order, and a value
    /// set back to nil is as if never given.
    @Test func answersAreEqualWhateverTheOrderTheyWereGivenIn() throws {
        var first = Answers()
        first[AnswerSpecs.gpu] = true
        first[AnswerSpecs.strategy] = .fail
        var second = Answers()
        second[AnswerSpecs.strategy] = .fail
        second[AnswerSpecs.gpu] = true
        #expect(first == second)
        second[AnswerSpecs.gpu] = false
        #expect(first != second)
        second[AnswerSpecs.gpu] = nil
        first[AnswerSpecs.gpu] = nil
        #expect(first == second && first[AnswerSpecs.gpu] == nil)
        #expect(try first == Answers(flags: "--strategy fail"))
    }

    /// An answer about one task is its default without that task, whatever was given (the conflict says so).
    @Test func anAnswerAboutATaskIsItsDefaultWithoutIt() throws {
        let given = try Answers(flags: "--network --checkpoint --strategy fail --gpu")
        #expect(AnswerSpecs.network.resolved(given, defaults: .defaults, tasks: [.refresh]) == false)
        #expect(AnswerSpecs.network.resolved(given, defaults: .defaults, tasks: [.processing]) == true)
        #expect(AnswerSpecs.strategy.resolved(given, defaults: .defaults, tasks: [.processing]) == .queue)
        #expect(AnswerSpecs.strategy.resolved(given, defaults: .defaults, tasks: [.continuedProcessing]) == .fail)
    }

    /// The bytes bggen has always written: every key sorted, one a line, for the defaults.
    @Test func theDefaultRecordIsByteForByteWhatBggenWrote() throws {
        let text = AnswersFile.encode(try Configuration(answers: Answers()), output: nil, files: [])
        #expect(text == """
        {
          "bundleId": "com.example.app",
          "files": [],
          "interval": "few-hours",
          "ios": "16.0",
          "network": false,
          "power": false,
          "style": "app-delegate",
          "tasks": ["refresh", "processing"],
          "version": 1
        }

        """)
    }

    @Test func noTestsIsRecordedAsFalseAndReplayed() throws {
        let declined = try Configuration(answers: AnswerSpecs.answers(fromFlags: ["--no-tests"]))
        #expect(!declined.tests && declined.testsDeclined)
        let text = AnswersFile.encode(declined, output: nil, files: [])
        #expect(text.contains("  \"tests\": false,\n"), "\(text)")
        #expect(try AnswersFile.decode(text, path: ".bggen.json").answers[AnswerSpecs.tests] == false)
        #expect(!AnswersFile.encode(try Configuration(answers: Answers()), output: nil, files: []).contains("tests"))
    }

    @Test func everyAnswerHasAFlagAKeyADefaultAndHelp() throws {
        #expect(Set(AnswerSpecs.all.map(\.name)).count == AnswerSpecs.all.count)
        #expect(Set(AnswerSpecs.all.map(\.fileKey)).count == AnswerSpecs.all.count)
        for spec in AnswerSpecs.all {
            #expect(!spec.name.isEmpty && !spec.fileKey.isEmpty && !spec.summary.isEmpty, "\(spec.name)")
            #expect(spec.isToggle == spec.placeholder.isEmpty, "\(spec.name): a value needs a placeholder in help")
            // The example parses, in the file as on the command line.
            var answers = Answers()
            if spec.isToggle { spec.set(true, in: &answers) } else { try spec.set(spec.example, in: &answers) }
            #expect(answers != Answers(), "\(spec.name): setting it changes nothing")
        }
        // `--yes` takes each answer's one default, and with every default taken nothing is missing.
        #expect(try Answers.defaults == Answers(tasks: [.refresh, .processing],
                                                    flags: "--interval few-hours --no-network --no-power --bundle-id \(BundleIdentifier.example) --ios \(DeploymentTarget.standard)"))
        #expect(Answers.defaults.missingFlags.isEmpty)
        #expect(Answers().missingFlags == ["--tasks", "--interval", "--network/--no-network", "--power/--no-power", "--bundle-id", "--ios"])
        #expect(Answers(tasks: [.refresh]).missingFlags == ["--interval", "--bundle-id", "--ios"])
    }

    @Test func everyAnswerAskedOnATerminalHasItsQuestion() {
        let asked: [String?] = [AnswerSpecs.tasks.question, AnswerSpecs.interval.question, AnswerSpecs.network.question, AnswerSpecs.power.question,
                                AnswerSpecs.checkpoint.question, AnswerSpecs.at.question, AnswerSpecs.strategy.question, AnswerSpecs.gpu.question,
                                AnswerSpecs.style.question, AnswerSpecs.bundleID.question, AnswerSpecs.ios.question]
        #expect(asked.allSatisfy { $0?.isEmpty == false })
        #expect(AnswerSpecs.strategy.offers.map(\.value) == ContinuedStrategy.allCases)
        #expect(AnswerSpecs.style.offers.map(\.value) == AppStyle.allCases)
        #expect(AnswerSpecs.interval.offers.map(\.value.description) == Interval.keywords)
    }

    @Test func everyConflictIsReportedTogetherOneLineEach() throws {
        let answers = try AnswerSpecs.answers(fromFlags: ["--tasks", "refresh", "--network", "--at", "02:30", "--gpu", "--style", "swiftui", "--objc", "--ios", "13.0"])
        let error = #expect(throws: ConfigurationError.self) { try Configuration(answers: answers) }
        #expect(error?.problems == [
            .optionWithoutTask(flag: "--network", task: .processing), .optionWithoutTask(flag: "--at", task: .processing),
            .optionWithoutTask(flag: "--gpu", task: .continuedProcessing), .objectiveCWithSwiftUI, .swiftUIRequiresIOS14("13.0"),
        ])
        #expect(error?.lines.count == 5)
        #expect(error?.lines.first == "--network applies only to the processing task; add processing to --tasks or drop --network.")
        #expect(error?.description.split(separator: "\n").count == 5)
        // One conflict is that conflict, as before.
        #expect(throws: ConfigurationError.objectiveCWithSwiftUI) {
            try Configuration(answers: AnswerSpecs.answers(fromFlags: ["--style", "swiftui", "--objc"]))
        }
        // Conflicts with a recorded file say so on every line.
        let recorded = ConfigurationError.doesNotFitRecordedAnswers(file: ".bggen.json", problem: error!)
        #expect(recorded.lines.count == 5 && recorded.lines.allSatisfy { $0.hasPrefix("the answers recorded in .bggen.json") })
    }

    @Test func theOnPushRuleDropsRefreshOnlyWhereTheUserDidNotChooseIt() throws {
        #expect(try Configuration.onPush([.refresh, .processing], refreshMayBeDropped: true).tasks == [.processing, .silentPush])
        #expect(throws: ConfigurationError.refreshWithOnPush) { try Configuration.onPush([.refresh], refreshMayBeDropped: false) }
        #expect(try Configuration.onPush([.silentPush], refreshMayBeDropped: false).notes.isEmpty)
    }
}
