/// `bggen init` without a terminal: defaults → answers → configuration → tasks the app already covers → names →
/// output folder → files → edits to the app's files → notes → plan. The command supplies the questions and prints.
public struct InitService {
    let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// Plans the run and hands the outcome to `finish` while the repository is locked, so what `finish` writes is
    /// what was planned. An existing folder is locked before anything in it is read; a new one just before planning.
    public func run<Result>(_ request: InitRequest, questions: InitQuestions, then finish: (InitOutcome) throws -> Result) throws -> Result {
        guard fileSystem as? RepositoryFileSystem == nil else { return try runContained(request, questions: questions, then: finish) }
        return try InitService(fileSystem: fileSystem.contained(in: request.root)).runContained(request, questions: questions, then: finish)
    }

    /// Every read and write of the run stays inside the repository.
    private func runContained<Result>(_ request: InitRequest, questions: InitQuestions, then finish: (InitOutcome) throws -> Result) throws -> Result {
        if fileSystem.kind(of: request.root) == .file {
            throw PlanError.rootIsFile(request.shownAs)
        }
        var lock: RepositoryLock?
        defer { lock?.release() }
        if !request.dryRun && fileSystem.kind(of: request.root) == .directory {
            lock = try RepositoryLock.acquire(root: request.root, shownAs: request.shownAs, fileSystem: fileSystem)
        }
        let outcome = try plan(request, questions: questions) {
            if lock == nil && !request.dryRun {
                lock = try RepositoryLock.acquire(root: request.root, shownAs: request.shownAs, fileSystem: fileSystem)
            }
        }
        return try finish(outcome)
    }

    /// Writes a plan `run` made, all or nothing.
    public func write(_ planned: InitPlan) throws {
        try PlanWriter(fileSystem: fileSystem).apply(planned.plan)
    }

    private func plan(_ request: InitRequest, questions: InitQuestions, lockBeforePlanning: () throws -> Void) throws -> InitOutcome {
        let recorded = try readAnswersFile(request)
        let project = try detectProject(request, questions: questions, output: request.output ?? recorded?.output)
        if let project { questions.projectDetected(project) }
        let defaults = (recorded?.answers ?? Answers())
            .filling(from: project?.detectedAnswers ?? Answers())
            .filling(from: .defaults)
        if request.answers.deploymentTarget == nil, recorded?.answers.deploymentTarget == nil, let problem = project?.unusableDeploymentTarget {
            throw problem
        }
        let answers = try gatherAnswers(request, defaults: defaults, questions: questions)
        var configuration = try makeConfiguration(answers, defaults: defaults, request: request, recorded: recorded)
        var notes = configuration.notes
        if let project {
            let skipped = try tasksToSkip(project, configuration: configuration, request: request, questions: questions, notes: &notes)
            if !skipped.isEmpty {
                var reduced = configuration.answers
                reduced.tasks = configuration.tasks.filter { !skipped.contains($0) }
                guard reduced.tasks?.isEmpty == false else { return .nothingToAdd(notes: notes) }
                configuration = try makeConfiguration(reduced, defaults: defaults, request: request, recorded: recorded)
            }
            configuration = try avoidingNameClashes(configuration, in: project, defaults: defaults, request: request, recorded: recorded, notes: &notes)
        }
        let output = request.output ?? recorded?.output
        let outputFolder = try output.map { try OutputLocation.resolve(root: request.root, explicit: $0, fileSystem: fileSystem) }
            ?? project?.target?.outputFolder
            ?? OutputLocation.resolve(root: request.root, explicit: nil, fileSystem: fileSystem)
        let sharing = try project.map { try targetsToPatchToo($0, outputFolder: outputFolder, request: request, questions: questions, notes: &notes) } ?? []
        let edits = try project?.edits(for: configuration, fileSystem: fileSystem, allowBinaryPlist: request.allowBinaryPlist,
                                       alsoFor: sharing) ?? ProjectEdits()
        // Rendered after the edits: the fragment and the next steps say what the edits kept (a production
        // aps-environment, an app without scenes).
        let renderer = OutputRenderer()
        var files = try renderer.files(for: configuration, outputFolder: outputFolder, edits: edits)
        let generated = files.map(\.path)
        files.append(GeneratedFile(path: AnswersFile.name, contents: AnswersFile.encode(configuration, output: output, files: generated, disabledRules: recorded?.disabledRules ?? []), ownership: .record))
        files += edits.files
        if configuration.guardsPlatform, let target = project?.target {
            notes.append("\(target.name) also builds for platforms other than iOS, and macOS has no BackgroundTasks or UIKit: the generated files are compiled only where both exist (#if canImport(BackgroundTasks) && canImport(UIKit)); wrap your calls to them the same way.")
        }
        if let note = project?.integrationNote(outputFolder: outputFolder) {
            notes.append(note)
        }
        try lockBeforePlanning()
        let plan = try Planner(fileSystem: fileSystem).plan(
            root: request.root, outputFolder: outputFolder, files: files,
            previous: previouslyGenerated(recorded, root: request.root, outputFolder: outputFolder), force: request.force
        )
        return .planned(InitPlan(
            configuration: configuration, plan: plan, project: project, edits: edits, notes: notes + edits.notes + plan.notes,
            nextSteps: try renderer.nextSteps(for: configuration, outputFolder: outputFolder, edits: edits)
        ))
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

    /// The app bggen adds to, if the folder holds one. With several app targets and no `--target`, a person is
    /// asked; a script gets an error naming the targets. A folder holding an app bggen cannot read is an error,
    /// unless an output folder was chosen: then bggen only generates files and leaves the app alone.
    private func detectProject(_ request: InitRequest, questions: InitQuestions, output: String?) throws -> ExistingProject? {
        let root = request.root
        guard fileSystem.kind(of: root) == .directory else { return try noProject(request) }
        if let spec = request.spec, fileSystem.kind(of: "\(root)/\(spec)") != .file {
            throw AugmentError.specNotFound(spec, folder: request.shownAs)
        }
        do {
            return try ExistingProject.detect(root: root, targetName: request.target, spec: request.spec, fileSystem: fileSystem,
                                             dumper: request.useGenerators ? ProcessProjectDumper() : nil)
                ?? noProject(request)
        } catch AugmentError.severalAppTargets(let names) where questions.pickTarget != nil {
            let picked = try questions.pickTarget!(names)
            return try ExistingProject.detect(root: root, targetName: picked, spec: request.spec, fileSystem: fileSystem,
                                             dumper: request.useGenerators ? ProcessProjectDumper() : nil)
        } catch let error as ProjectError where output != nil && request.target == nil {
            switch error {
            case .unreadableApp, .noAppTargetRead: return nil
            default: throw error
            }
        }
    }

    /// Without a project there is no target to choose, so a `--target` is a mistake worth saying.
    private func noProject(_ request: InitRequest) throws -> ExistingProject? {
        guard let target = request.target else { return nil }
        throw AugmentError.targetWithoutProject(target, folder: request.shownAs)
    }

    /// Other app targets compiling the same folder build the new code too, and it registers nothing in them unless
    /// their Info.plists get the keys: patched with `--all-targets` or when a person agrees, else said so.
    private func targetsToPatchToo(_ project: ExistingProject, outputFolder: String, request: InitRequest, questions: InitQuestions,
                                   notes: inout [String]) throws -> [AppTarget] {
        let sharing = project.targetsSharing(outputFolder)
        guard let target = project.target, !sharing.isEmpty else { return [] }
        let names = sharing.map(\.name).joined(separator: ", ")
        if request.allTargets { return sharing }
        if let ask = questions.patchSharingTargets, try ask(names, outputFolder) {
            return sharing
        }
        let plists = sharing.map { "\($0.name): \($0.infoPlist.path ?? "generated Info.plist")" }.joined(separator: ", ")
        notes.append("\(names) also compile \(outputFolder), but only \(target.name)'s Info.plist gets the keys, so the tasks fail to register in the others (\(plists)); pass --all-targets to add the keys there too.")
        return []
    }

    /// Task kinds the app's own code already covers: skipped and said so, unless `--replace` or a person asks
    /// for them anyway.
    private func tasksToSkip(_ project: ExistingProject, configuration: Configuration, request: InitRequest, questions: InitQuestions,
                             notes: inout [String]) throws -> [TaskKind] {
        var skipped: [TaskKind] = []
        for registered in project.alreadyRegistered(configuration) {
            // Never negotiable: registering an identifier twice kills the app at launch.
            guard !request.replace else { throw registered.error }
            skipped.append(registered.kind)
            notes.append(registered.note)
        }
        guard !request.replace else { return skipped }
        for (kind, finding) in project.existingCode(for: configuration.tasks) where !skipped.contains(kind) {
            let place = finding.line.map { "\(finding.file):\($0)" } ?? finding.file
            if let ask = questions.generateDespiteExistingCode, try ask(kind, place, finding.symbol) {
                continue
            }
            skipped.append(kind)
            notes.append("skipped \(kind.rawValue): the app's code at \(place) already covers it; pass --replace to generate it anyway.")
        }
        return skipped
    }

    /// Never a second type or Swift file of a name the app already has (an "invalid redeclaration" in every target
    /// that compiles both): a clash gives bggen's names a prefix, said so, and recorded for the next run.
    private func avoidingNameClashes(_ configuration: Configuration, in project: ExistingProject, defaults: Answers, request: InitRequest,
                                     recorded: AnswersFile.Contents?, notes: inout [String]) throws -> Configuration {
        let names = try OutputRenderer().generatedNames(for: configuration)
        let (prefix, clashes) = try project.typePrefix(for: names, chosen: configuration.typePrefix)
        guard prefix != configuration.typePrefix else { return configuration }
        var answers = configuration.answers
        answers.typePrefix = prefix
        let example = clashes[0].name
        notes.append("the app already declares \(clashes.map(\.description).joined(separator: ", ")), so bggen's types and Swift files get the prefix \(prefix) (\(example) becomes \(prefix)\(example)); pass --prefix to choose another.")
        return try makeConfiguration(answers, defaults: defaults, request: request, recorded: recorded)
    }

    /// A problem that the flags alone do not have came from `.bggen.json`, and the message says so.
    private func makeConfiguration(_ answers: Answers, defaults: Answers, request: InitRequest, recorded: AnswersFile.Contents?) throws(ConfigurationError) -> Configuration {
        do {
            return try Configuration(answers: answers, defaults: defaults)
        } catch {
            if recorded != nil, (try? Configuration(answers: request.answers, defaults: .defaults)) != nil {
                throw .doesNotFitRecordedAnswers(file: request.answersFileShownAs, problem: error)
            }
            throw error
        }
    }

    /// Flags first; then the questions when a person can be asked, or the defaults with `--yes`; never a silent guess.
    private func gatherAnswers(_ request: InitRequest, defaults: Answers, questions: InitQuestions) throws -> Answers {
        if request.assumeDefaults {
            return request.answers
        }
        if let ask = questions.answers {
            return try ask(request.answers, defaults)
        }
        let missing = request.answers.missingFlags
        if !missing.isEmpty {
            throw ConfigurationError.answersMissing(flags: missing)
        }
        return request.answers
    }

    private func readAnswersFile(_ request: InitRequest) throws -> AnswersFile.Contents? {
        let path = "\(request.root)/\(AnswersFile.name)"
        guard fileSystem.kind(of: path) == .file else { return nil }
        let text: String
        do {
            text = try fileSystem.read(path)
        } catch {
            throw PlanError.unreadable(path: request.answersFileShownAs, reason: FileSystemError.cause(of: error))
        }
        return try AnswersFile.decode(text, path: request.answersFileShownAs)
    }
}
