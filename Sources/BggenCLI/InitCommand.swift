import BggenCore
import Foundation

/// `bggen init`: answers → configuration → files → plan → (confirm) → write → report.
struct InitCommand {
    let console: any Console
    let fileSystem: any FileSystem
    let options: InitOptions

    func run() throws -> Int32 {
        let root = absolutePath(options.directory)
        if fileSystem.kind(of: root) == .file {
            throw PlanError.rootIsFile(options.directory)
        }
        let recorded = try readAnswersFile(root: root)
        let defaults = (recorded?.answers ?? Answers()).filling(from: .defaults)
        let terminal = options.assumeDefaults ? nil : console.terminal
        let prompter = terminal.map { Prompter(terminal: $0, allowRawMode: console.environment["TERM"] != "dumb") }

        let answers: Answers
        do {
            answers = try gatherAnswers(defaults: defaults, prompter: prompter)
        } catch let interruption as PromptInterruption {
            return reportInterruption(interruption)
        }
        let configuration: Configuration
        do {
            configuration = try Configuration(answers: answers, defaults: defaults)
        } catch {
            throw UsageError(error.description)
        }
        let output = options.output ?? recorded?.output
        let outputFolder = try OutputLocation.resolve(root: root, explicit: output, fileSystem: fileSystem)
        let renderer = OutputRenderer()
        var files = try renderer.files(for: configuration, outputFolder: outputFolder)
        files.append(GeneratedFile(path: AnswersFile.name, contents: AnswersFile.encode(configuration, output: output), ownership: .record))
        let plan = try Planner(fileSystem: fileSystem).plan(
            root: root, outputFolder: outputFolder, files: files, force: options.force
        )
        let report = Report(plan: plan, configuration: configuration, style: style)
        for note in configuration.notes + plan.notes where !options.json {
            console.writeError("note: \(note)\n")
        }
        if options.dryRun {
            console.writeOutput(options.json ? report.json(written: false, dryRun: true) : report.dryRun())
            return plan.conflicts.isEmpty ? ExitStatus.success : ExitStatus.failure
        }
        guard plan.conflicts.isEmpty else {
            if !options.json { console.writeOutput(report.planSummary()) }
            throw PlanError.conflicts(plan.conflicts.map(\.path))
        }
        if let prompter, plan.hasChanges {
            prompter.say("\n" + report.planSummary() + "\n" + report.identifierSummary() + "\n")
            do {
                guard try prompter.confirm("Write these files?", default: true) else {
                    console.writeError("Nothing was written.\n")
                    return ExitStatus.failure
                }
            } catch {
                return reportInterruption(error)
            }
        }
        try PlanWriter(fileSystem: fileSystem).apply(plan)
        if options.json {
            console.writeOutput(report.json(written: plan.hasChanges, dryRun: false))
        } else {
            let nextSteps = try renderer.nextSteps(for: configuration, outputFolder: outputFolder)
            console.writeOutput(report.afterWriting(nextSteps: nextSteps, directory: options.directory))
        }
        return ExitStatus.success
    }

    /// Flags first; then the questions on a terminal, or the defaults with `--yes`; never a silent guess.
    private func gatherAnswers(defaults: Answers, prompter: Prompter?) throws -> Answers {
        if options.assumeDefaults {
            return options.answers
        }
        if let prompter {
            return try Questionnaire(prompter: prompter).ask(given: options.answers, defaults: defaults)
        }
        let missing = options.answers.missingFlags
        if !missing.isEmpty {
            throw UsageError(
                "bggen init needs answers it cannot ask for without a terminal: pass --yes to take the defaults (or the answers recorded in \(AnswersFile.name)), or give \(missing.joined(separator: ", "))."
            )
        }
        return options.answers
    }

    private func readAnswersFile(root: String) throws -> AnswersFile.Contents? {
        let path = "\(root)/\(AnswersFile.name)"
        guard fileSystem.kind(of: path) == .file else { return nil }
        let display = options.directory == "." ? AnswersFile.name : "\(options.directory)/\(AnswersFile.name)"
        do {
            return try AnswersFile.decode(try fileSystem.read(path), path: display)
        } catch let error as AnswersFileError {
            throw UsageError(error.description)
        } catch {
            throw PlanError.unreadable(path: display, reason: error.localizedDescription)
        }
    }

    private func reportInterruption(_ interruption: PromptInterruption) -> Int32 {
        switch interruption {
        case .interrupted:
            console.writeError("\nInterrupted; nothing was written.\n")
            return 130
        case .endOfInput:
            console.writeError("Input ended before every question was answered; nothing was written.\n")
            return ExitStatus.failure
        }
    }

    private var style: TextStyle {
        console.outputIsTerminal && console.environment["NO_COLOR"] == nil && console.environment["TERM"] != "dumb"
            ? .color : .plain
    }

    private func absolutePath(_ path: String) -> String {
        let base = URL(fileURLWithPath: console.currentDirectory, isDirectory: true)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path, relativeTo: base)
        var standardized = url.standardizedFileURL.path
        while standardized.count > 1 && standardized.hasSuffix("/") { standardized.removeLast() }
        return standardized
    }
}
