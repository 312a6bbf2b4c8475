import BggenCore
import BggenModel

/// bggen's questions, asked only for answers no flag gave and the project did not tell, and only those the
/// chosen tasks use, each offering the recorded or default answer.
struct Questionnaire {
    let prompter: Prompter
    /// What the app's project already says (its style, deployment target, bundle identifier): never asked.
    var detected = Answers()

    static let intervalChoices: [(label: String, interval: Interval)] = [
        ("hourly (the system decides the exact time)", .hourly),
        ("every few hours (recommended for most apps)", .fewHours),
        ("daily", .daily),
        ("on content change, via silent push", .onPush),
    ]

    func ask(given: Answers, defaults: Answers) throws(PromptInterruption) -> Answers {
        var answers = given
        let allTasks = TaskKind.allCases
        if answers.tasks == nil {
            let preselected = Set((defaults.tasks ?? []).compactMap { allTasks.firstIndex(of: $0) })
            let picked = try prompter.pickSeveral(
                "What background work do you need?", options: allTasks.map(\.summary), preselected: preselected
            )
            answers.tasks = picked.map { allTasks[$0] }
            prompter.say("  → \(answers.tasks!.map(\.rawValue).joined(separator: ", "))\n")
        }
        // Only refresh and processing run periodically; on-push is offered as long as silent push can be added.
        let periodic = answers.tasks.map { $0.contains(.refresh) || $0.contains(.processing) } ?? true
        if answers.interval == nil && periodic {
            var choices = Self.intervalChoices
            if case .every = defaults.interval, let recorded = defaults.interval {
                choices.append(("every \(recorded) (your last answer)", recorded))
            }
            let preselected = choices.firstIndex { $0.interval == defaults.interval } ?? 1
            let picked = try prompter.pickOne("How often should it run?", options: choices.map(\.label), preselected: preselected)
            answers.interval = choices[picked].interval
            prompter.say("  → \(choices[picked].interval)\n")
        }
        if answers.interval == .onPush, let tasks = answers.tasks,
           let (adjusted, notes) = try? Configuration.onPush(tasks, refreshMayBeDropped: given.tasks == nil) {
            answers.tasks = adjusted
            for note in notes { prompter.say("  \(note)\n") }
        }
        if answers.tasks?.contains(.processing) == true {
            if answers.requiresNetwork == nil {
                answers.requiresNetwork = try prompter.confirm(
                    "Does the processing task need network access?", default: defaults.requiresNetwork ?? false
                )
            }
            if answers.requiresPower == nil {
                answers.requiresPower = try prompter.confirm(
                    "Should it run only on external power?", default: defaults.requiresPower ?? false
                )
            }
            if answers.checkpoint == nil {
                answers.checkpoint = try prompter.confirm(
                    "Should long processing save its progress and resume from it next time?", default: defaults.checkpoint ?? false
                )
            }
            if given.nightlyAt == nil {
                let fallback = defaults.nightlyAt?.description ?? "none"
                answers.nightlyAt = try prompter.value("Start processing at a fixed local time each night (HH:MM, or none)", fallback: fallback, parse: NightlyStart.init)
            }
        }
        if answers.tasks?.contains(.continuedProcessing) == true {
            if answers.strategy == nil {
                let strategies = ContinuedStrategy.allCases
                let labels = ["queue: wait until the system can run it", "fail: refuse at once, so the app can tell the user"]
                let preselected = strategies.firstIndex(of: defaults.strategy ?? .queue) ?? 0
                answers.strategy = strategies[try prompter.pickOne("If a job cannot start right away, should it…", options: labels, preselected: preselected)]
                prompter.say("  → \(answers.strategy!.rawValue)\n")
            }
            if answers.gpu == nil {
                answers.gpu = try prompter.confirm("Should jobs use the GPU where the device allows it?", default: defaults.gpu ?? false)
            }
        }
        if answers.style == nil && detected.style == nil {
            let styles = AppStyle.allCases
            let labels = ["a UIKit app delegate", "a SwiftUI App"]
            let preselected = styles.firstIndex(of: defaults.style ?? .appDelegate) ?? 0
            answers.style = styles[try prompter.pickOne("How does your app start?", options: labels, preselected: preselected)]
            prompter.say("  → \(answers.style!.rawValue)\n")
        }
        if answers.bundleIdentifier == nil && detected.bundleIdentifier == nil {
            answers.bundleIdentifier = try prompter.value(
                "Bundle identifier prefix", fallback: defaults.bundleIdentifier?.description, parse: BundleIdentifier.init
            )
        }
        if answers.deploymentTarget == nil && detected.deploymentTarget == nil {
            answers.deploymentTarget = try prompter.value(
                "Lowest iOS version the app runs on (deployment target)", fallback: (defaults.deploymentTarget ?? .standard).description,
                parse: DeploymentTarget.init
            )
        }
        return answers
    }
}
