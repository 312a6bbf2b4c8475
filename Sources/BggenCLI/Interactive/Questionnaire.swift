import BggenCore
import BggenModel

/// bggen's questions, asked only for answers no flag gave and the project did not tell, and only those the
/// chosen tasks use, each offering the recorded or default answer. Which are asked, in what order and when, is
/// the answers' declarations (`AnswerSpecs.ask`); this puts each on the terminal.
struct Questionnaire {
    let prompter: Prompter
    /// What the app's project already says (its style, deployment target, bundle identifier): never asked.
    var detected = Answers()

    func ask(given: Answers, defaults: Answers) throws(PromptInterruption) -> Answers {
        try AnswerSpecs.ask(given: given, detected: detected, defaults: defaults, put: put) { prompter.say("  \($0)\n") }
    }

    /// One question in its form; a pick is confirmed with its choice (`→ daily`).
    private func put(_ question: Question) throws(PromptInterruption) -> Question.Answered {
        let answered: Question.Answered
        switch question.form {
        case .several(let options, let preselected, let choose):
            answered = choose(try prompter.pickSeveral(question.text, options: options, preselected: preselected))
        case .one(let options, let preselected, let choose):
            answered = choose(try prompter.pickOne(question.text, options: options, preselected: preselected))
        case .yesNo(let fallback, let choose):
            answered = choose(try prompter.confirm(question.text, default: fallback))
        case .text(let fallback, let parse):
            answered = try prompter.value(question.text, fallback: fallback, parse: parse)
        }
        if let echo = answered.echo { prompter.say("  → \(echo)\n") }
        return answered
    }
}
