import BggenCore
import BggenTestSupport
import Testing

/// A terminal's questions come from the answers' declarations: which are asked, in what order and with which tasks,
/// so an answer with a question is one declaration.
@Suite("Questions from the answers' declarations")
struct QuestionOrderTests {
    /// The questions `specs` ask for `given`, each answered with what it offers (Enter), or with `typed` for free
    /// text; the answers they end with and the notes said on the way.
    private static func walk(_ specs: [AnyAnswerSpec] = AnswerSpecs.all, given: Answers, detected: Answers = Answers(),
                             typed: [String: String] = [:]) throws -> (asked: [String], answers: Answers, notes: [String]) {
        var asked: [String] = []
        var notes: [String] = []
        let answers = try AnswerSpecs.ask(specs, given: given, detected: detected, defaults: .defaults, put: { question throws(ConfigurationError) in
            asked.append(question.text)
            switch question.form {
            case .several(_, let preselected, let choose): return choose(preselected.sorted())
            case .one(_, let preselected, let choose): return choose(preselected)
            case .yesNo(let fallback, let choose): return choose(fallback)
            case .text(let fallback, let parse): return try parse(typed[question.text] ?? fallback ?? "")
            }
        }, note: { notes.append($0) })
        return (asked, answers, notes)
    }

    /// What the declarations say is asked: each answer with a question, in `all`'s order, that no flag gave and
    /// whose tasks are among those chosen (the flags', or the preselected defaults that Enter keeps).
    private static func declaredQuestions(given: Answers) -> [String] {
        let tasks = given.tasks ?? Answers.defaults.tasks ?? []
        return AnswerSpecs.all.filter { spec in
            !spec.isGiven(in: given) && (spec.askedWith.isEmpty || tasks.contains(where: spec.askedWith.contains))
        }.compactMap(\.question)
    }

    /// The words of the named answers' questions, in the order named.
    private static func questions(_ names: String...) -> [String] {
        names.compactMap { AnswerSpecs.named($0)?.question }
    }

    @Test(arguments: Scenarios.all)
    func everyScenarioIsAskedTheQuestionsItsDeclarationsSayInTheirOrder(scenario: Scenario) throws {
        let given = try AnswerSpecs.answers(fromFlags: scenario.flags)
        #expect(try Self.walk(given: given).asked == Self.declaredQuestions(given: given))
    }

    @Test func withNothingGivenAndEveryTaskChosenEveryQuestionIsAskedInAllsOrder() throws {
        let asked = try Self.walk(given: Answers(tasks: TaskKind.allCases)).asked
        #expect(asked == AnswerSpecs.all.dropFirst().compactMap(\.question))
        #expect(asked.count == 10, "interval, four for processing, two for continued processing, style, bundle ID, iOS")
        #expect(try Self.walk(given: Answers()).asked.first == AnswerSpecs.tasks.question)
    }

    @Test func aQuestionIsAskedOnlyWithItsTasksAndNeverWhenGivenOrDetected() throws {
        let refresh = try Self.walk(given: Answers(tasks: [.refresh])).asked
        #expect(refresh == Self.questions("interval", "style", "bundle-id", "ios"))
        let push = try Self.walk(given: Answers(tasks: [.silentPush])).asked
        #expect(!push.contains(AnswerSpecs.interval.question!), "silent push alone runs nothing periodically")
        var detected = Answers()
        detected[AnswerSpecs.style] = .swiftUI
        detected[AnswerSpecs.ios] = DeploymentTarget(major: 17, minor: 0)
        let withProject = try Self.walk(given: Answers(tasks: [.refresh], flags: "--interval daily"), detected: detected)
        #expect(withProject.asked == Self.questions("bundle-id"))
        #expect(withProject.answers[AnswerSpecs.style] == nil, "what the project tells is not answered for it")
    }

    /// An answer given or asked changes the later questions: on-push drops the refresh for silent push, so the
    /// processing questions still come and none is asked twice.
    @Test func onPushSettlesTheTasksBeforeTheLaterQuestions() throws {
        let walked = try Self.walk(given: Answers(flags: "--interval on-push"))
        #expect(walked.answers.tasks == [.processing, .silentPush])
        #expect(walked.notes == ["on-push replaces the periodic refresh with silent push.",
                                 "on-push is triggered by silent push, so silent-push was added to the tasks."])
        #expect(walked.asked.contains(AnswerSpecs.network.question!))
        #expect(!walked.asked.contains(AnswerSpecs.interval.question!))
    }

    /// A new answer with a question is its declaration: listed among the specs, it is asked in its place, with its
    /// tasks only, and its typed answer is kept, with no field of its own in `Answers`.
    @Test func aNewDeclarationIsAskedWhereItIsListedWithItsTasks() throws {
        let flavorSpec = AnswerSpec<String>.value(
            "flavor", placeholder: "NAME", example: "mint", default: "", question: .text("Which flavor?"),
            askedWith: [.downloads], parse: { $0 }, record: { _ in nil }, replay: { _ in nil }, "a flavor, asked in this test only"
        )
        let flavor = AnyAnswerSpec(flavorSpec)
        let styleIndex = try #require(AnswerSpecs.all.firstIndex { $0.name == AnswerSpecs.style.name })
        var listed = AnswerSpecs.all
        listed.insert(flavor, at: styleIndex + 1)
        let typed = ["Which flavor?": "mint"]
        let downloads = try Self.walk(listed, given: Answers(tasks: [.downloads]), typed: typed)
        #expect(downloads.asked == Self.questions("style") + ["Which flavor?"] + Self.questions("bundle-id", "ios"))
        #expect(downloads.answers[flavorSpec] == "mint")
        #expect(try !Self.walk(listed, given: Answers(tasks: [.refresh])).asked.contains("Which flavor?"))
        var given = Answers(tasks: [.downloads])
        given[flavorSpec] = "lime"
        #expect(try !Self.walk(listed, given: given).asked.contains("Which flavor?"))
    }
}
