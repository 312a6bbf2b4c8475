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
        let project = try detectProject(root: root, prompter: prompter, output: options.output ?? recorded?.output)
        return try generate(root: root, recorded: recorded, project: project, prompter: prompter, lock: lock)
    }

    private func generate(root: String, recorded: AnswersFile.Contents?, project: ExistingProject?, prompter: Prompter?, lock: LockHolder) throws -> Int32 {
        if let project, !options.json {
            console.writeOutput(ProjectSummary.text(project))
        }
        let defaults = (recorded?.answers ?? Answers())
            .filling(from: project?.detectedAnswers ?? Answers())
            .filling(from: .defaults)
        if options.answers.deploymentTarget == nil, recorded?.answers.deploymentTarget == nil, let problem = project?.unusableDeploymentTarget {
            throw problem
        }
        let answers = try gatherAnswers(defaults: defaults, prompter: prompter)
        var configuration = try makeConfiguration(answers, defaults: defaults, recorded: recorded)
        var notes = configuration.notes
        if let project {
            let skipped = try tasksToSkip(project, configuration: configuration, prompter: prompter, notes: &notes)
            if !skipped.isEmpty {
                var reduced = configuration.answers
                reduced.tasks = configuration.tasks.filter { !skipped.contains($0) }
                guard reduced.tasks?.isEmpty == false else {
                    if options.json {
                        console.writeOutput(Report.nothingToAddJSON(notes: notes, dryRun: options.dryRun))
                        return ExitStatus.success
                    }
                    for note in notes { console.writeError("note: \(note)\n") }
                    console.writeOutput("Nothing to add: the app's own code already covers every chosen task.\n")
                    return ExitStatus.success
                }
                configuration = try makeConfiguration(reduced, defaults: defaults, recorded: recorded)
            }
        }
        if let project {
            configuration = try avoidingNameClashes(configuration, in: project, defaults: defaults, recorded: recorded, notes: &notes)
        }
        let output = options.output ?? recorded?.output
        let outputFolder = try output.map { try OutputLocation.resolve(root: root, explicit: $0, fileSystem: fileSystem) }
            ?? project?.target?.outputFolder
            ?? OutputLocation.resolve(root: root, explicit: nil, fileSystem: fileSystem)
        let renderer = OutputRenderer()
        var files = try renderer.files(for: configuration, outputFolder: outputFolder)
        let generated = files.map(\.path)
        files.append(GeneratedFile(path: AnswersFile.name, contents: AnswersFile.encode(configuration, output: output, files: generated, disabledRules: recorded?.disabledRules ?? []), ownership: .record))
        let sharing = try project.map { try targetsToPatchToo($0, outputFolder: outputFolder, prompter: prompter, notes: &notes) } ?? []
        let edits = try project?.edits(for: configuration, fileSystem: fileSystem, allowBinaryPlist: options.allowBinaryPlist,
                                       alsoFor: sharing) ?? ProjectEdits()
        files += edits.files
        if configuration.guardsPlatform, let target = project?.target {
            notes.append("\(target.name) also builds for platforms other than iOS, and macOS has no BackgroundTasks or UIKit: the generated files are compiled only where both exist (#if canImport(BackgroundTasks) && canImport(UIKit)); wrap your calls to them the same way.")
        }
        if let note = project?.integrationNote(outputFolder: outputFolder) {
            notes.append(note)
        }
        if lock.held == nil && !options.dryRun {
            lock.held = try RepositoryLock.acquire(root: root, shownAs: options.directory, fileSystem: fileSystem)
        }
        let plan = try Planner(fileSystem: fileSystem).plan(
            root: root, outputFolder: outputFolder, files: files,
            previous: previouslyGenerated(recorded, root: root, outputFolder: outputFolder), force: options.force
        )
        let allNotes = notes + edits.notes + plan.notes
        let report = Report(plan: plan, configuration: configuration, style: console.textStyle, project: project, edits: edits, notes: allNotes)
        for note in allNotes where !options.json {
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
            return ExitStatus.stopped(by: signal)
        }
        let nextSteps = try renderer.nextSteps(for: configuration, outputFolder: outputFolder, edits: edits)
        if options.json {
            console.writeOutput(report.json(written: plan.hasChanges, dryRun: false, nextSteps: plan.hasChanges ? nextSteps : nil))
        } else {
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
    /// asked; a script gets an error naming the targets. A folder holding an app bggen cannot read is an error,
    /// unless an output folder was chosen: then bggen only generates files and leaves the app alone.
    private func detectProject(root: String, prompter: Prompter?, output: String?) throws -> ExistingProject? {
        guard fileSystem.kind(of: root) == .directory else { return try noProject(for: options.target) }
        if let spec = options.spec, fileSystem.kind(of: "\(root)/\(spec)") != .file {
            throw UsageError("--spec names \(spec), which is not a file in \(options.directory); pass the XcodeGen spec's path relative to it.")
        }
        do {
            return try ExistingProject.detect(root: root, targetName: options.target, spec: options.spec, fileSystem: fileSystem)
                ?? noProject(for: options.target)
        } catch AugmentError.severalAppTargets(let names) where prompter != nil {
            let picked = try prompter!.pickOne("Which app target should get the background work?", options: names, preselected: 0)
            return try ExistingProject.detect(root: root, targetName: names[picked], spec: options.spec, fileSystem: fileSystem)
        } catch let error as ProjectError where output != nil && options.target == nil {
            switch error {
            case .unreadableApp, .noAppTargetRead: return nil
            default: throw error
            }
        }
    }

    /// Without a project there is no target to choose, so a `--target` is a mistake worth saying.
    private func noProject(for target: String?) throws -> ExistingProject? {
        guard let target else { return nil }
        throw UsageError("--target '\(target)' was given, but '\(options.directory)' holds no Xcode project, project.yml, Project.swift or Package.swift with app targets; drop --target, or run bggen in the app's repository.")
    }

    /// Other app targets compiling the same folder build the new code too, and it registers nothing in them unless
    /// their Info.plists get the keys: patched with `--all-targets` or when a person agrees, else said so.
    private func targetsToPatchToo(_ project: ExistingProject, outputFolder: String, prompter: Prompter?,
                                   notes: inout [String]) throws -> [AppTarget] {
        let sharing = project.targetsSharing(outputFolder)
        guard let target = project.target, !sharing.isEmpty else { return [] }
        let names = sharing.map(\.name).joined(separator: ", ")
        if options.allTargets { return sharing }
        if let prompter, try prompter.confirm("\(names) also compile \(outputFolder). Add the keys to their Info.plists too?", default: true) {
            return sharing
        }
        let plists = sharing.map { "\($0.name): \($0.infoPlist.path ?? "generated Info.plist")" }.joined(separator: ", ")
        notes.append("\(names) also compile \(outputFolder), but only \(target.name)'s Info.plist gets the keys, so the tasks fail to register in the others (\(plists)); pass --all-targets to add the keys there too.")
        return []
    }

    /// Task kinds the app's own code already covers: skipped and said so, unless `--replace` or a person asks
    /// for them anyway.
    private func tasksToSkip(_ project: ExistingProject, configuration: Configuration, prompter: Prompter?, notes: inout [String]) throws -> [TaskKind] {
        var skipped: [TaskKind] = []
        for (kind, registered, inferred) in project.alreadyRegistered(configuration) {
            // Never negotiable: registering an identifier twice kills the app at launch.
            guard !options.replace else { throw AugmentError.identifierAlreadyRegistered(registered) }
            skipped.append(kind)
            notes.append(inferred
                ? "skipped \(kind.rawValue): the Info.plist permits \(registered.identifier), and the app registers an identifier bggen cannot read at \(registered.file):\(registered.line) (\(registered.constant ?? "")), most likely that one."
                : "skipped \(kind.rawValue): the app already registers \(registered.identifier) at \(registered.file):\(registered.line).")
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

    /// Never a second type or Swift file of a name the app already has (an "invalid redeclaration" in every target
    /// that compiles both): a clash gives bggen's names a prefix, said so, and recorded for the next run.
    private func avoidingNameClashes(_ configuration: Configuration, in project: ExistingProject, defaults: Answers,
                                     recorded: AnswersFile.Contents?, notes: inout [String]) throws -> Configuration {
        let names = try OutputRenderer().generatedNames(for: configuration)
        let (prefix, clashes) = try project.typePrefix(for: names, chosen: configuration.typePrefix)
        guard prefix != configuration.typePrefix else { return configuration }
        var answers = configuration.answers
        answers.typePrefix = prefix
        let example = clashes[0].name
        notes.append("the app already declares \(clashes.map(\.description).joined(separator: ", ")), so bggen's types and Swift files get the prefix \(prefix) (\(example) becomes \(prefix)\(example)); pass --prefix to choose another.")
        return try makeConfiguration(answers, defaults: defaults, recorded: recorded)
    }

    /// A problem that the flags alone do not have came from `.bggen.json`, and the message says so.
    private func makeConfiguration(_ answers: Answers, defaults: Answers, recorded: AnswersFile.Contents?) throws -> Configuration {
        do {
            return try Configuration(answers: answers, defaults: defaults)
        } catch {
            if recorded != nil, (try? Configuration(answers: options.answers, defaults: .defaults)) != nil {
                throw ConfigurationError.doesNotFitRecordedAnswers(file: answersFileDisplay, problem: error)
            }
            throw error
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
        let text: String
        do {
            text = try fileSystem.read(path)
        } catch {
            throw PlanError.unreadable(path: display, reason: FileSystemError.cause(of: error))
        }
        return try AnswersFile.decode(text, path: display)
    }
}

/// The repository lock of one run, taken at the start or, for a folder that does not exist yet, just before
/// planning.
private final class LockHolder {
    var held: RepositoryLock?
}
