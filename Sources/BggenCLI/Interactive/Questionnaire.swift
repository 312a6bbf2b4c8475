import BggenCore
import BggenModel

/// bggen's questions, asked only for answers no flag gave and the project did not tell, and only those the
/// chosen tasks use, each offering the recorded or default answer.
struct Questionnaire {
    let prompter: Prompter
    /// What the app's project already says (its style, deployment target, bundle identifier): never asked.
    var detected = Answers()

    func ask(given: Answers, defaults: Answers) throws(PromptInterruption) -> Answers {
        var answers = given
        let allTasks = TaskKind.allCases
        if answers.tasks == nil {
            let preselected = Set((defaults.tasks ?? []).compactMap { allTasks.firstIndex(of: $0) })
            let picked = try prompter.pickSeveral(
                AnswerSpecs.tasks.question!, options: allTasks.map(\.summary), preselected: preselected
            )
            answers.tasks = picked.map { allTasks[$0] }
            prompter.say("  → \(answers.tasks!.map(\.rawValue).joined(separator: ", "))\n")
        }
        // Only refresh and processing run periodically; on-push is offered as long as silent push can be added.
        let periodic = answers.tasks.map { $0.contains(.refresh) || $0.contains(.processing) } ?? true
        if answers.interval == nil && periodic {
            let spec = AnswerSpecs.interval
            var choices = spec.offers.map { (label: $0.label, interval: $0.value) }
            if case .every = defaults.interval, let recorded = defaults.interval {
                choices.append(("every \(recorded) (your last answer)", recorded))
            }
            let fallback = spec.resolved(Answers(), defaults: defaults)
            let preselected = choices.firstIndex { $0.interval == fallback } ?? 0
            let picked = try prompter.pickOne(spec.question!, options: choices.map(\.label), preselected: preselected)
            answers.interval = choices[picked].interval
            prompter.say("  → \(choices[picked].interval)\n")
        }
        if answers.interval == .onPush, let tasks = answers.tasks,
           let (adjusted, notes) = try? Configuration.onPush(tasks, refreshMayBeDropped: given.tasks == nil) {
            answers.tasks = adjusted
            for note in notes { prompter.say("  \(note)\n") }
        }
        if answers.tasks?.contains(.processing) == true {
            try confirm(AnswerSpecs.network, &answers, defaults: defaults)
            try confirm(AnswerSpecs.power, &answers, defaults: defaults)
            try confirm(AnswerSpecs.checkpoint, &answers, defaults: defaults)
            if given.nightlyAt == nil {
                answers.nightlyAt = try value(AnswerSpecs.at, defaults: defaults)
            }
        }
        if answers.tasks?.contains(.continuedProcessing) == true {
            if answers.strategy == nil {
                answers.strategy = try pickOne(AnswerSpecs.strategy, defaults: defaults)
                prompter.say("  → \(answers.strategy!.rawValue)\n")
            }
            try confirm(AnswerSpecs.gpu, &answers, defaults: defaults)
        }
        if answers.style == nil && detected.style == nil {
            answers.style = try pickOne(AnswerSpecs.style, defaults: defaults)
            prompter.say("  → \(answers.style!.rawValue)\n")
        }
        if answers.bundleIdentifier == nil && detected.bundleIdentifier == nil {
            answers.bundleIdentifier = try prompter.value(
                AnswerSpecs.bundleID.question!, fallback: defaults.bundleIdentifier?.description, parse: BundleIdentifier.init
            )
        }
        if answers.deploymentTarget == nil && detected.deploymentTarget == nil {
            answers.deploymentTarget = try value(AnswerSpecs.ios, defaults: defaults)
        }
        return answers
    }

    /// A yes-or-no answer not yet given, offering the recorded or default answer.
    private func confirm(_ spec: AnswerSpec<Bool>, _ answers: inout Answers, defaults: Answers) throws(PromptInterruption) {
        guard answers[keyPath: spec.path] == nil, let question = spec.question else { return }
        answers[keyPath: spec.path] = try prompter.confirm(question, default: spec.resolved(Answers(), defaults: defaults))
    }

    /// One of the answer's offers, the recorded or default one preselected.
    private func pickOne<Value: Equatable>(_ spec: AnswerSpec<Value>, defaults: Answers) throws(PromptInterruption) -> Value {
        let fallback = spec.resolved(Answers(), defaults: defaults)
        let preselected = spec.offers.firstIndex { $0.value == fallback } ?? 0
        return spec.offers[try prompter.pickOne(spec.question!, options: spec.offers.map(\.label), preselected: preselected)].value
    }

    /// Free text parsed as the answer, Enter taking the recorded or default one.
    private func value<Value: CustomStringConvertible>(_ spec: AnswerSpec<Value>, defaults: Answers) throws(PromptInterruption) -> Value {
        try prompter.value(spec.question!, fallback: spec.resolved(Answers(), defaults: defaults).description, parse: spec.parse!)
    }
}
