import BggenCore
import Foundation

/// `bggen init`: answers → configuration → files → plan → (confirm) → write → report.
struct InitCommand {
    let console: any Console
    let fileSystem: any FileSystem
    let options: InitOptions

    func run() throws -> Int32 {
        let root = console.absolutePath(options.directory)
        if fileSystem.kind(of: root) == .file {
            throw PlanError.rootIsFile(options.directory)
        }
        // An existing folder is locked before anything in it is read; a new one once the questions are answered.
        let lock = LockHolder()
        defer { lock.held?.release() }
        if !options.dryRun && fileSystem.kind(of: root) == .directory {
            lock.held = try RepositoryLock.acquire(root: root, shownAs: options.directory, fileSystem: fileSystem)
        }
        let recorded = try readAnswersFile(root: root)
        let terminal = options.assumeDefaults ? nil : console.terminal
        let prompter = terminal.map { Prompter(terminal: $0, allowRawMode: console.environment["TERM"] != "dumb") }
        do {
            let project = try detectProject(root: root, prompter: prompter)
            return try generate(root: root, recorded: recorded, project: project, prompter: prompter, lock: lock)
        } catch let interruption as PromptInterruption {
            return reportInterruption(interruption)
        }
    }

    private func generate(root: String, recorded: AnswersFile.Contents?, project: ExistingProject?, prompter: Prompter?, lock: LockHolder) throws -> Int32 {
        if let project, !options.json {
            console.writeOutput(ProjectSummary.text(project))
        }
        let defaults = (recorded?.answers ?? Answers())
            .filling(from: project?.detectedAnswers ?? Answers())
            .filling(from: .defaults)
        let answers = try gatherAnswers(defaults: defaults, prompter: prompter)
        var configuration = try makeConfiguration(answers, defaults: defaults, recorded: recorded)
        var notes = configuration.notes
        if let project {
            let skipped = try tasksToSkip(project, configuration: configuration, prompter: prompter, notes: &notes)
            if !skipped.isEmpty {
                var reduced = configuration.answers
                reduced.tasks = configuration.tasks.filter { !skipped.contains($0) }
                guard reduced.tasks?.isEmpty == false else {
                    for note in notes { console.writeError("note: \(note)\n") }
                    console.writeOutput("Nothing to add: the app's own code already covers every chosen task.\n")
                    return ExitStatus.success
                }
                configuration = try makeConfiguration(reduced, defaults: defaults, recorded: recorded)
            }
        }
        let output = options.output ?? recorded?.output
        let outputFolder = try output.map { try OutputLocation.resolve(root: root, explicit: $0, fileSystem: fileSystem) }
            ?? project?.target?.outputFolder
            ?? OutputLocation.resolve(root: root, explicit: nil, fileSystem: fileSystem)
        let renderer = OutputRenderer()
        var files = try renderer.files(for: configuration, outputFolder: outputFolder)
        let generated = files.map(\.path)
        files.append(GeneratedFile(path: AnswersFile.name, contents: AnswersFile.encode(configuration, output: output, files: generated, disabledRules: recorded?.disabledRules ?? []), ownership: .record))
        let edits = try project?.edits(for: configuration, fileSystem: fileSystem, allowBinaryPlist: options.allowBinaryPlist) ?? ProjectEdits()
        files += edits.files
        if let note = project?.integrationNote(outputFolder: outputFolder) {
            notes.append(note)
        }
        for file in project?.namesakes(of: files) ?? [] {
            notes.append("\(file) is named like one of bggen's files and may declare the same type; if the build reports an invalid redeclaration, rename yours.")
        }
        if lock.held == nil && !options.dryRun {
            lock.held = try RepositoryLock.acquire(root: root, shownAs: options.directory, fileSystem: fileSystem)
        }
        let plan = try Planner(fileSystem: fileSystem).plan(
            root: root, outputFolder: outputFolder, files: files,
            previous: previouslyGenerated(recorded, root: root, outputFolder: outputFolder), force: options.force
        )
        let report = Report(plan: plan, configuration: configuration, style: console.textStyle, project: project, edits: edits)
        for note in notes + edits.notes + plan.notes where !options.json {
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
            guard try prompter.confirm("Write these files?", default: true) else {
                console.writeError("Nothing was written.\n")
                return ExitStatus.failure
            }
        }
        if let signal = try DeferredSignals.holding({ try PlanWriter(fileSystem: fileSystem).apply(plan) }) {
            console.writeError("Stopped by \(DeferredSignals.name(of: signal)) after every file was written.\n")
            return 128 + signal
        }
        if options.json {
            console.writeOutput(report.json(written: plan.hasChanges, dryRun: false))
        } else {
            let nextSteps = try renderer.nextSteps(for: configuration, outputFolder: outputFolder)
            console.writeOutput(report.afterWriting(nextSteps: nextSteps, directory: options.directory, repeatPlan: prompter == nil))
        }
        return ExitStatus.success
    }

    /// The files the last run generated, the only ones this run may delete. A record from before bggen listed
    /// them gets the files its recorded answers generate.
    private func previouslyGenerated(_ recorded: AnswersFile.Contents?, root: String, outputFolder: String) -> [String] {
        guard let recorded else { return [] }
        if let files = recorded.files { return files }
        let folder = recorded.output.flatMap { try? OutputLocation.resolve(root: root, explicit: $0, fileSystem: fileSystem) } ?? outputFolder
        guard let configuration = try? Configuration(answers: recorded.answers),
              let files = try? OutputRenderer().files(for: configuration, outputFolder: folder)
        else { return [] }
        return files.map(\.path)
    }

    /// The app bggen adds to, if `root` holds one. With several app targets and no `--target`, a person is
    /// asked; a script gets an error naming the targets.
    private func detectProject(root: String, prompter: Prompter?) throws -> ExistingProject? {
        guard fileSystem.kind(of: root) == .directory else { return try noProject(for: options.target) }
        do {
            return try ExistingProject.detect(root: root, targetName: options.target, fileSystem: fileSystem) ?? noProject(for: options.target)
        } catch AugmentError.severalAppTargets(let names) where prompter != nil {
            let picked = try prompter!.pickOne("Which app target should get the background work?", options: names, preselected: 0)
            return try ExistingProject.detect(root: root, targetName: names[picked], fileSystem: fileSystem)
        }
    }

    /// Without a project there is no target to choose, so a `--target` is a mistake worth saying.
    private func noProject(for target: String?) throws -> ExistingProject? {
        guard let target else { return nil }
        throw UsageError("--target '\(target)' was given, but '\(options.directory)' holds no Xcode project, project.yml, Project.swift or Package.swift with app targets; drop --target, or run bggen in the app's repository.")
    }

    /// Task kinds the app's own code already covers: skipped and said so, unless `--replace` or a person asks
    /// for them anyway.
    private func tasksToSkip(_ project: ExistingProject, configuration: Configuration, prompter: Prompter?, notes: inout [String]) throws -> [TaskKind] {
        var skipped: [TaskKind] = []
        for (kind, registered) in project.alreadyRegistered(configuration) {
            // Never negotiable: registering an identifier twice kills the app at launch.
            guard !options.replace else { throw AugmentError.identifierAlreadyRegistered(registered) }
            skipped.append(kind)
            notes.append("skipped \(kind.rawValue): the app already registers \(registered.identifier) at \(registered.file):\(registered.line).")
        }
        guard !options.replace else { return skipped }
        for (kind, finding) in project.existingCode(for: configuration.tasks) where !skipped.contains(kind) {
            let place = finding.line.map { "\(finding.file):\($0)" } ?? finding.file
            if let prompter, try prompter.confirm("\(place) already has \(kind.rawValue) code (\(finding.symbol)). Generate bggen's \(kind.rawValue) as well?", default: false) {
                continue
            }
            skipped.append(kind)
            notes.append("skipped \(kind.rawValue): the app's code at \(place) already covers it; pass --replace to generate it anyway.")
        }
        return skipped
    }

    /// A problem that the flags alone do not have came from `.bggen.json`, and the message says so.
    private func makeConfiguration(_ answers: Answers, defaults: Answers, recorded: AnswersFile.Contents?) throws -> Configuration {
        do {
            return try Configuration(answers: answers, defaults: defaults)
        } catch {
            if recorded != nil, (try? Configuration(answers: options.answers, defaults: .defaults)) != nil {
                throw UsageError("the answers recorded in \(answersFileDisplay) do not fit together with the flags given: \(error.description) Fix or delete \(answersFileDisplay), or pass flags that override it.")
            }
            throw UsageError(error.description)
        }
    }

    private var answersFileDisplay: String {
        options.directory == "." ? AnswersFile.name : "\(options.directory)/\(AnswersFile.name)"
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
        let display = answersFileDisplay
        do {
            return try AnswersFile.decode(try fileSystem.read(path), path: display)
        } catch let error as AnswersFileError {
            throw UsageError(error.description)
        } catch {
            throw PlanError.unreadable(path: display, reason: FileSystemError.cause(of: error))
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
}

/// The repository lock of one run, taken at the start or, for a folder that does not exist yet, just before
/// planning.
private final class LockHolder {
    var held: RepositoryLock?
}
