import BggenCore
import BggenFormats
import BggenModel
import Foundation

/// `bggen init`: gathers the options, supplies the questions on a terminal, and prints what `InitService` planned
/// and wrote.
struct InitCommand {
    let console: any Console
    let fileSystem: any FileSystem
    let options: InitOptions

    func run() throws -> Int32 {
        if options.showNextSteps { return try showNextSteps() }
        let terminal = options.request.assumeDefaults ? nil : console.terminal
        let prompter = terminal.map { Prompter(terminal: $0, allowRawMode: console.environment["TERM"] != "dumb") }
        let service = InitService(fileSystem: fileSystem)
        var request = request
        // A dry run writes nothing, so with no one to ask it previews what --yes would do instead of refusing.
        let previewsDefaults = request.dryRun && terminal == nil && !request.assumeDefaults
        request.assumeDefaults = request.assumeDefaults || previewsDefaults
        let watch = DumpWatch(console: console, root: request.root, showsProgress: console.errorIsTerminal && !options.display.quiet)
        request.wrapDumper = watch.wrapper
        return try service.run(request, questions: questions(prompter, watch: watch)) { outcome in
            switch outcome {
            case .nothingToAdd(let notes):
                if options.json {
                    console.writeOutput(Report.nothingToAddJSON(notes: notes, dryRun: options.request.dryRun))
                } else {
                    for note in notes where !options.display.quiet { console.writeError("note: \(TerminalText.escaped(note))\n") }
                    console.writeOutput(HelpLayout.fill("Nothing to add: the app's own code already covers every chosen task.", indent: 0, width: console.helpWidth).joined(separator: "\n") + "\n")
                }
                return ExitStatus.success
            case .planned(let planned):
                let assumed = previewsDefaults ? options.request.answers.filling(from: planned.project?.detectedAnswers ?? Answers()).missingFlags : []
                let note = assumed.isEmpty ? [] : ["with no terminal to ask on, this dry run takes the defaults for \(assumed.joined(separator: ", ")), as --yes would; a real run needs --yes or those flags."]
                return try finish(planned, notes: note + planned.notes, service: service, prompter: prompter)
            }
        }
    }

    /// What the options ask of `InitService`; `bggen mcp` builds its requests here too.
    var request: InitRequest {
        var request = options.request
        request.root = console.absolutePath(options.directory)
        request.shownAs = options.directory
        request.environment = console.environment
        return request
    }

    /// The questions a person answers on a terminal; without one, none (a script's run never waits).
    private func questions(_ prompter: Prompter?, watch: DumpWatch) -> InitQuestions {
        var questions = InitQuestions()
        let detected = DetectedAnswers()
        let printsSummary = !options.json && !options.display.quiet
        let verbose = options.display.verbose
        questions.projectDetected = { [console] project in
            detected.answers = project.detectedAnswers
            if printsSummary { console.writeOutput(ProjectSummary.text(project, width: console.helpWidth)) }
            if verbose {
                for line in watch.verboseLines { console.writeError(line) }
                console.writeError(DumpWatch.readLine(project.report.projectFiles))
            }
        }
        guard let prompter else { return questions }
        questions.answers = { given, defaults in
            var questionnaire = Questionnaire(prompter: prompter)
            questionnaire.detected = detected.answers
            return try questionnaire.ask(given: given, defaults: defaults)
        }
        questions.pickTarget = { names in
            names[try prompter.pickOne("Which app target should get the background work?", options: names, preselected: 0)]
        }
        questions.generateDespiteExistingCode = { kind, place, symbol in
            try prompter.confirm("\(place) already has \(kind.rawValue) code (\(symbol)). Generate bggen's \(kind.rawValue) as well?", default: false)
        }
        questions.migrateBackgroundFetch = { switchedOff in
            try prompter.confirm("The keys bggen adds switch off the app's legacy background fetch (\(switchedOff)). Generate refresh to replace it?", default: false)
        }
        questions.patchSharingTargets = { names, folder in
            try prompter.confirm("\(names) also compile \(folder). Add the keys to their Info.plists too?", default: true)
        }
        questions.writeRehearsalTests = { target in
            try prompter.confirm("Write rehearsal tests into \(target)?", default: true)
        }
        return questions
    }

    /// Prints the plan; on a terminal asks before writing; writes with stop signals held; reports.
    private func finish(_ planned: InitPlan, notes: [String], service: InitService, prompter: Prompter?) throws -> Int32 {
        let plan = planned.plan
        let report = Report(plan: plan, configuration: planned.configuration, style: console.textStyle(options.display.color), project: planned.project,
                            edits: planned.edits, notes: notes, width: console.helpWidth)
        for note in notes where !options.json && !options.display.quiet {
            console.writeError("note: \(TerminalText.escaped(note))\n")
        }
        if options.request.dryRun {
            console.writeOutput(options.json ? report.json(written: false, dryRun: true, nextSteps: planned.nextSteps)
                                             : report.dryRun(nextSteps: planned.nextSteps, verbose: options.display.verbose))
            return plan.conflicts.isEmpty ? ExitStatus.success : ExitStatus.failure
        }
        guard plan.conflicts.isEmpty else {
            if !options.json { console.writeOutput(report.planSummary()) }
            throw PlanError.conflicts(plan.conflicts.map(\.path))
        }
        if let prompter, plan.hasChanges {
            prompter.say("\n" + report.planSummary() + "\n" + report.identifierSummary() + "\n")
            // Declining is an answer, not a failure.
            guard try prompter.confirm("Write these files?", default: true) else {
                console.writeError("Nothing was written.\n")
                return ExitStatus.success
            }
        }
        if let signal = try DeferredSignals.holding({ try service.write(planned) }) {
            console.writeError("Stopped by \(DeferredSignals.name(of: signal)) after every file was written.\n")
            return ExitStatus.stopped(by: signal)
        }
        if options.json {
            console.writeOutput(report.json(written: plan.hasChanges, dryRun: false, nextSteps: planned.nextSteps))
        } else if options.display.quiet {
            // The result alone: what changed, as a script's log wants it.
            console.writeOutput(plan.hasChanges ? report.planSummary() : report.afterWriting(nextSteps: planned.nextSteps, directory: options.directory))
        } else {
            console.writeOutput(report.afterWriting(nextSteps: planned.nextSteps, directory: options.directory, repeatPlan: prompter == nil))
        }
        return ExitStatus.success
    }

    /// `--next-steps`: what `bggen/NEXT_STEPS.md` says; without the file (deleted, or before the first run), the
    /// steps a run would write, planned without writing or asking.
    private func showNextSteps() throws -> Int32 {
        let root = console.absolutePath(options.directory)
        if let text = try? fileSystem.read("\(root)/\(NextSteps.path)"), let shown = NextSteps.shown(fromFile: text) {
            console.writeOutput(options.json ? Report.stepsJSON(NextSteps(markdown: String(shown.drop { $0 == "#" || $0 == " " }))) : shown)
            return ExitStatus.success
        }
        var request = request
        request.dryRun = true
        request.assumeDefaults = true
        return try InitService(fileSystem: fileSystem).run(request, questions: InitQuestions()) { outcome in
            switch outcome {
            case .nothingToAdd:
                console.writeOutput("Nothing to add, so no next steps: the app's own code already covers every chosen task.\n")
            case .planned(let planned):
                console.writeOutput(options.json ? Report.stepsJSON(planned.nextSteps) : planned.nextSteps.markdown)
            }
            return ExitStatus.success
        }
    }
}

/// The answers the project gave, handed from the detection callback to the questions asked after it.
private final class DetectedAnswers {
    var answers = Answers()
}
