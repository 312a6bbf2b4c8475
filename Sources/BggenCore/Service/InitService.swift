import BggenFormats
import BggenModel

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

    /// `--bundle-id` and `--ios` given on the command line unlike the app's project says, unless `.bggen.json`
    /// records the same value (chosen before, on a terminal). A bundle identifier with a variable the repository
    /// does not define (a developer's own xcconfig) is not known well enough to contradict, nor is a package's.
    static func contradictions(of given: Answers, recorded: Answers?, project: ExistingProject) -> [ConfigurationError] {
        guard let target = project.target else { return [] }
        let detected = project.detectedAnswers
        var found: [ConfigurationError] = []
        if let bundle = given[AnswerSpecs.bundleID], let own = detected[AnswerSpecs.bundleID], target.bundleIdentifier?.isFullyResolved == true,
           bundle != own, recorded?[AnswerSpecs.bundleID] != bundle {
            found.append(.contradictsProject(flag: "--bundle-id", given: bundle.description, project: own.description, what: "bundle identifier",
                                             target: target.name, file: target.definedIn))
        }
        if let ios = given[AnswerSpecs.ios], let own = detected[AnswerSpecs.ios], ios != own, recorded?[AnswerSpecs.ios] != ios {
            found.append(.contradictsProject(flag: "--ios", given: ios.description, project: own.description, what: "deployment target",
                                             target: target.name, file: target.definedIn))
        }
        return found
    }

    /// What a person who kept a contradicting value is told before the plan.
    private static func contradictionNote(_ error: ConfigurationError) -> String? {
        guard case .contradictsProject(let flag, let given, let own, let what, let target, _) = error else { return nil }
        let effect = flag == "--ios" ? "the code is written for iOS \(given), not the app's \(own)" : "the task identifiers start with \(given)"
        return "\(flag) \(given) is not \(target)'s \(what) (\(own)): \(effect)."
    }

    /// Writes a plan `run` made, all or nothing.
    public func write(_ planned: InitPlan) throws {
        try PlanWriter(fileSystem: fileSystem).apply(planned.plan)
    }

    private func plan(_ given: InitRequest, questions: InitQuestions, lockBeforePlanning: () throws -> Void) throws -> InitOutcome {
        let recorded = try readAnswersFile(given)
        let request = replaying(recorded, in: given)
        let project = try detectProject(request, questions: questions, output: request.output ?? recorded?.output)
        if let project { questions.projectDetected(project) }
        var defaults = (recorded?.answers ?? Answers())
            .filling(from: project?.detectedAnswers ?? Answers())
            .filling(from: .defaults)
        if let project {
            // Read from the project, never replayed: the target may have gained or lost a platform since.
            defaults.guardsPlatform = project.detectedAnswers.guardsPlatform
            if recorded?.answers[AnswerSpecs.bundleID] == nil, let invalid = project.invalidBundleIdentifier {
                // Never `com.example.app` in a real app: a person is asked, a script stops.
                guard request.answers[AnswerSpecs.bundleID] != nil || (questions.answers != nil && !request.assumeDefaults) else {
                    throw AugmentError.invalidBundleIdentifier(invalid)
                }
                defaults[AnswerSpecs.bundleID] = nil
            }
        }
        if request.answers[AnswerSpecs.ios] == nil, recorded?.answers[AnswerSpecs.ios] == nil, let problem = project?.unusableDeploymentTarget {
            throw problem
        }
        let contradictions = project.map { Self.contradictions(of: request.answers, recorded: recorded?.answers, project: $0) } ?? []
        // An agent or a script copies example values into a real app; only a person who sees the plan may keep them.
        if questions.answers == nil || request.assumeDefaults, let error = ConfigurationError(all: contradictions) {
            throw error
        }
        let answers = try gatherAnswers(request, defaults: defaults, detected: project?.detectedAnswers ?? Answers(), questions: questions)
        var notes: [String] = []
        var configuration: Configuration
        var fetchMigration: LegacyFetch?
        if let project {
            // Tasks the app covers are skipped before the answers are judged together: a covered task cannot
            // need a newer iOS.
            let judged = try configurationForSkipping(answers, defaults: defaults, request: request, recorded: recorded)
            notes = contradictions.compactMap(Self.contradictionNote) + judged.notes
            let skipped = try tasksToSkip(project, configuration: judged, request: request, questions: questions, notes: &notes)
            var reduced = judged.answers
            reduced[AnswerSpecs.ios] = answers[AnswerSpecs.ios]
            reduced.tasks = judged.tasks.filter { !skipped.contains($0) }
            guard reduced.tasks?.isEmpty == false else {
                // Nothing to write, but a legacy fetch the Info.plist already switches off still needs saying
                // (duckduckgo: refresh is covered, and its performFetchWithCompletionHandler never runs).
                if let fetch = project.legacyFetch, fetch.permittedAlready, let note = Self.switchedOffFetchNote(fetch) { notes.append(note) }
                return .nothingToAdd(notes: notes)
            }
            configuration = try configurationForTheApp(reduced, project: project, defaults: defaults, request: request, recorded: recorded)
            if let fetch = project.legacyFetch {
                (configuration, fetchMigration) = try migratingLegacyFetch(fetch, configuration, project: project, defaults: defaults,
                                                                          request: request, recorded: recorded, questions: questions, notes: &notes)
            }
            configuration = try avoidingNameClashes(configuration, in: project, defaults: defaults, request: request, recorded: recorded, notes: &notes)
        } else {
            configuration = try makeConfiguration(answers, defaults: defaults, request: request, recorded: recorded)
            notes = configuration.notes
        }
        let output = request.output ?? recorded?.output
        let outputFolder = try chosenOutputFolder(request, recorded: recorded)
            ?? project?.target?.outputFolder
            ?? OutputLocation.resolve(root: request.root, explicit: nil, fileSystem: fileSystem)
        // The rehearsal tests go to the app's unit-test target; on a terminal, one found is offered.
        let rehearsal = project.map { RehearsalTarget.find(in: $0, outputFolder: outputFolder, fileSystem: fileSystem) }
        if let test = rehearsal?.target, request.answers[AnswerSpecs.tests] == nil, recorded?.answers[AnswerSpecs.tests] == nil,
           let ask = questions.writeRehearsalTests {
            var answers = configuration.answers
            answers[AnswerSpecs.tests] = try ask(test.name)
            configuration = try makeConfiguration(answers, defaults: defaults, request: request, recorded: recorded)
        }
        let tests = configuration.tests ? rehearsal?.target : nil
        if configuration.tests, let note = rehearsal?.note { notes.append(note) }
        let sharing = try project.map { try targetsToPatchToo($0, outputFolder: outputFolder, request: request, questions: questions, notes: &notes) } ?? []
        let edits = try project?.edits(for: configuration, fileSystem: fileSystem, allowBinaryPlist: request.allowBinaryPlist,
                                       alsoFor: sharing, replaying: recorded.flatMap { try? Configuration(answers: $0.answers) }) ?? ProjectEdits()
        // Rendered after the edits: the fragment and the next steps say what the edits kept (a production
        // aps-environment, an app without scenes).
        let renderer = OutputRenderer()
        // The rehearsal tests import the app: the target's module, or in a new folder the folder's name, which
        // Xcode gives a new project's app target.
        let appModule = tests?.appModule ?? project?.target.map(RehearsalTarget.appModule(of:))
            ?? OutputRenderer.moduleName(forTarget: PathText.name(of: request.root))
        var files = try renderer.files(for: configuration, outputFolder: outputFolder, edits: edits, appModule: appModule,
                                       testsFolder: tests?.folder ?? OutputRenderer.defaultRehearsalFolder,
                                       swiftTesting: tests?.usesSwiftTesting == true)
        let generated = files.map(\.path)
        let choices = AppChoices(target: project.flatMap { $0.report.appTargets.count > 1 ? $0.target?.name : nil },
                                 allTargets: !sharing.isEmpty, spec: request.spec, apsEnvironment: edits.apsEnvironment,
                                 testModule: configuration.tests ? appModule : nil,
                                 testFramework: tests?.usesSwiftTesting == true ? AppChoices.swiftTesting : nil)
        files.append(GeneratedFile(path: AnswersFile.name, contents: AnswersFile.encode(configuration, output: output, app: choices, files: generated,
                                                                                        doctorSource: recorded?.doctorSource), ownership: .record))
        files += edits.files
        if configuration.guardsPlatform, let target = project?.target {
            notes.append(Self.platformGuardNote(for: target))
        } else if configuration.guardsPlatform, let platforms = project?.report.packagePlatforms {
            notes.append("Package.swift declares \(platforms.joined(separator: ", ")), so the generated files are compiled only where BackgroundTasks and UIKit exist (#if canImport(BackgroundTasks) && canImport(UIKit)); wrap your calls to them the same way.")
        }
        if let project, project.target == nil, project.report.kind == .swiftPackage, request.answers[AnswerSpecs.bundleID] == nil,
           recorded?.answers[AnswerSpecs.bundleID] == nil {
            notes.append("a package has no bundle identifier, so the task identifiers start with \(configuration.bundleIdentifier); pass --bundle-id with the prefix of the app that uses the package.")
        }
        // Getting the files compiled (add the folder, run the generator) comes before every other step.
        var markdown = try renderer.nextSteps(for: configuration, outputFolder: outputFolder, edits: edits, appModule: appModule,
                                              appModuleKnown: tests?.appModule != nil || project?.target != nil, tests: tests)
        if let fetchMigration {
            markdown += fetchMigration.migrationSteps(after: markdown, workFile: files.first { $0.path.hasSuffix("AppRefreshWork.swift") }?.path,
                                                      workType: configuration.typePrefix + "AppRefreshWork",
                                                      refreshIdentifier: Identifiers(configuration)[.refresh] ?? "")
        }
        var nextSteps = NextSteps(markdown: markdown)
        let flavours = sharing.filter { flavour in project?.flavoursSharingEntryPoint.contains { $0.name == flavour.name } == true }
        nextSteps.prepend([project?.integrationNote(outputFolder: outputFolder, flavours: flavours) ?? packageStep(project, root: request.root, outputFolder: outputFolder),
                           tests?.integrationNote].compactMap { $0 })
        nextSteps.addByHand(edits.instructions)
        files.append(nextSteps.file)
        try lockBeforePlanning()
        let plan = try Planner(fileSystem: fileSystem).plan(
            root: request.root, outputFolder: outputFolder, files: files,
            previous: previouslyGenerated(recorded, root: request.root, outputFolder: outputFolder), force: request.force
        )
        return .planned(InitPlan(
            configuration: configuration, plan: Self.keepingNextSteps(plan), project: project, edits: edits,
            notes: notes + edits.notes + plan.notes, nextSteps: nextSteps
        ))
    }

    /// The request with what `.bggen.json` chose about the app filled in where no flag says otherwise, so
    /// `bggen init --yes` replays a run made with `--target`, `--all-targets` or `--spec`.
    private func replaying(_ recorded: AnswersFile.Contents?, in request: InitRequest) -> InitRequest {
        guard let app = recorded?.app else { return request }
        var request = request
        request.target = request.target ?? app.target
        request.spec = request.spec ?? app.spec
        request.allTargets = request.allTargets || app.allTargets
        return request
    }

    /// The configuration the tasks are checked against before any is skipped: when only the deployment target
    /// stands in the way (a task iOS 12 cannot run), judged at iOS 13, so a task the app covers is skipped rather
    /// than refused.
    private func configurationForSkipping(_ answers: Answers, defaults: Answers, request: InitRequest,
                                          recorded: AnswersFile.Contents?) throws -> Configuration {
        do {
            return try makeConfiguration(answers, defaults: defaults, request: request, recorded: recorded)
        } catch {
            guard error.problems.contains(where: \.isNeedsIOS13) else { throw error }
            var raised = answers
            raised[AnswerSpecs.ios] = .backgroundTasks
            return try makeConfiguration(raised, defaults: defaults, request: request, recorded: recorded)
        }
    }

    /// The configuration for the tasks left. A task the project's own deployment target is too old for is the
    /// project's to change, never a reason to pass a newer `--ios` than the app runs on.
    private func configurationForTheApp(_ answers: Answers, project: ExistingProject, defaults: Answers, request: InitRequest,
                                        recorded: AnswersFile.Contents?) throws -> Configuration {
        let fromProject = answers[AnswerSpecs.ios] == nil && recorded?.answers[AnswerSpecs.ios] == nil
        do {
            return try makeConfiguration(answers, defaults: defaults, request: request, recorded: recorded)
        } catch {
            guard fromProject, let first = error.problems.first(where: \.isNeedsIOS13), case .needsIOS13(let feature, let version) = first else {
                throw error
            }
            // The other conflicts are the user's to fix; the deployment target is the project's.
            if let others = ConfigurationError(all: error.problems.filter { !$0.isNeedsIOS13 }) { throw others }
            throw AugmentError.projectNeedsNewerIOS(feature: feature, version: version, target: project.target?.name ?? "the app")
        }
    }

    /// Legacy background fetch stops once the Info.plist permits task identifiers. Where the tasks would add the
    /// key, bggen stops, unless the user chooses to move the fetch to refresh: then refresh is generated and the
    /// next steps say how. Where the key is there already, iOS has stopped calling the fetch: said so.
    private func migratingLegacyFetch(_ fetch: LegacyFetch, _ configuration: Configuration, project: ExistingProject, defaults: Answers,
                                      request: InitRequest, recorded: AnswersFile.Contents?, questions: InitQuestions,
                                      notes: inout [String]) throws -> (Configuration, LegacyFetch?) {
        if fetch.permittedAlready {
            notes += Self.switchedOffFetchNote(fetch).map { [$0] } ?? []
            return (configuration, nil)
        }
        guard !Identifiers(configuration).permittedTaskIdentifiers.isEmpty else { return (configuration, nil) }
        let infoPlist = project.target?.infoPlist.path ?? "the Info.plist"
        let migrate = try request.migrateBackgroundFetch || (questions.migrateBackgroundFetch?(fetch.whatTheKeySwitchesOff) ?? false)
        guard migrate else { throw AugmentError.legacyFetchWouldStop(fetch, infoPlist: infoPlist) }
        guard !configuration.includes(.refresh) else { return (configuration, fetch) }
        var answers = configuration.answers
        answers.tasks = (configuration.tasks + [.refresh]).sorted()
        notes.append("refresh was added to the tasks: it replaces the legacy background fetch that BGTaskSchedulerPermittedIdentifiers switches off.")
        return (try makeConfiguration(answers, defaults: defaults, request: request, recorded: recorded), fetch)
    }

    /// Nil for an app that registers its own refresh task and deploys below iOS 13: it keeps the legacy fetch
    /// for iOS 12, where it still runs, and has moved the work already.
    private static func switchedOffFetchNote(_ fetch: LegacyFetch) -> String? {
        let never = "the Info.plist already lists BGTaskSchedulerPermittedIdentifiers, so iOS 13 and later never call \(fetch.whatTheKeySwitchesOff)"
        guard let refreshTask = fetch.refreshTask else { return never + "; move that work into a refresh task." }
        return fetch.deploysBelowIOS13 ? nil : never + ", and the app deploys to iOS 13 or later, where its refresh task (registered at \(refreshTask)) runs instead: that code is dead, so delete it."
    }

    /// The folder `--output` names, else the one the record keeps. A record's folder that leads outside or is a
    /// file is the record's error, at its line: no `--output` was passed to blame.
    private func chosenOutputFolder(_ request: InitRequest, recorded: AnswersFile.Contents?) throws -> String? {
        if let output = request.output {
            return try OutputLocation.resolve(root: request.root, explicit: output, fileSystem: fileSystem)
        }
        guard let recorded, let output = recorded.output else { return nil }
        do {
            return try OutputLocation.resolve(root: request.root, explicit: output, fileSystem: fileSystem)
        } catch {
            let what = error == .outputIsFile(output) ? "a file, not a folder" : "outside the repository"
            throw AnswersFileError(path: request.answersFileShownAs, line: recorded.keyLines["output"],
                                   problem: "'output' is \(RepositoryText.quoted(output)), \(what); give a folder inside the repository, such as \"Sources/Background\"")
        }
    }

    /// A package with no app target whose targets do not compile `outputFolder`: the new files build nowhere
    /// until a target takes them.
    private func packageStep(_ project: ExistingProject?, root: String, outputFolder: String) -> String? {
        guard let project, project.report.kind == .swiftPackage, project.target == nil,
              let manifest = try? fileSystem.read(PathText.join(root, "Package.swift")),
              let folders = try? PackageManifestReader.targetFolders(in: manifest), !folders.isEmpty,
              !folders.contains(where: { PathText.isInside(outputFolder, $0) }) else { return nil }
        let name = PathText.name(of: outputFolder)
        return "\(outputFolder) is in no folder a Package.swift target compiles (\(folders.joined(separator: ", "))): add a target for it (.target(name: \"\(name)\", path: \"\(outputFolder)\")), or pass --output inside one of those folders."
    }

    /// A run that changes nothing else leaves `bggen/NEXT_STEPS.md` as the run that wrote the code left it: its
    /// steps say what that run did ("bggen added the keys"), and a re-run must change nothing. It stays in the
    /// plan, unchanged, so "all N files are up to date" counts it.
    private static func keepingNextSteps(_ plan: Plan) -> Plan {
        guard let steps = plan.entries.first(where: { $0.path == NextSteps.path }), steps.action != .create,
              plan.entries.allSatisfy({ $0.path == NextSteps.path || $0.action == .unchanged }) else { return plan }
        let kept = PlanEntry(path: steps.path, action: .unchanged, ownership: steps.ownership, oldContents: steps.oldContents,
                             newContents: steps.oldContents, reason: nil)
        return Plan(root: plan.root, outputFolder: plan.outputFolder, entries: plan.entries.map { $0.path == NextSteps.path ? kept : $0 }, notes: plan.notes)
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
                                             dumper: ProcessProjectDumper.allowed(request.useGenerators, environment: request.environment, wrappedIn: request.wrapDumper))
                ?? noProject(request)
        } catch AugmentError.severalAppTargets(let names) where questions.pickTarget != nil {
            let picked = try questions.pickTarget!(names)
            return try ExistingProject.detect(root: root, targetName: picked, spec: request.spec, fileSystem: fileSystem,
                                             dumper: ProcessProjectDumper.allowed(request.useGenerators, environment: request.environment, wrappedIn: request.wrapDumper))
        } catch let error as ProjectError where output != nil && request.target == nil {
            switch error {
            case .unreadableApp, .noAppTargetRead, .nativeProjectMissing: return nil
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
        let folderSharing = project.targetsSharing(outputFolder)
        let flavours = project.flavoursSharingEntryPoint.filter { flavour in !folderSharing.contains { $0.name == flavour.name } }
        let sharing = folderSharing + flavours
        guard let target = project.target, !sharing.isEmpty else { return [] }
        let names = sharing.map(\.name).joined(separator: ", ")
        if request.allTargets { return sharing }
        if let ask = questions.patchSharingTargets, try ask(names, outputFolder) {
            return sharing
        }
        let plists = sharing.map { "\($0.name): \($0.infoPlist.path ?? "generated Info.plist")" }.joined(separator: ", ")
        if flavours.isEmpty {
            notes.append("\(names) also compile \(outputFolder), but only \(target.name)'s Info.plist gets the keys, so the tasks fail to register in the others (\(plists)); pass --all-targets to add the keys there too.")
        } else {
            let delegate = ExistingProject.entryPoints(project.report, target: target).first { entry in flavours.contains { entry.targets.contains($0.name) } }?.file ?? outputFolder
            notes.append("\(names) also compile \(delegate), so they need \(outputFolder) too once it is added to \(target.name), and only \(target.name)'s Info.plist gets the keys, so the tasks fail to register in the others (\(plists)); pass --all-targets to add the keys there too.")
        }
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
            notes.append(registered.note + LateRegistration.note(for: registered, in: project))
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
        // Most apps declare none of the names any configuration may generate (lexed from the templates once), with or
        // without the chosen prefix: then none of this configuration's, and its files need not be rendered and lexed
        // for them (a third of the in-process fuzzing's time was that).
        let possible = OutputRenderer.possibleGeneratedNames
        if project.clashes(with: possible).isEmpty, project.clashes(with: possible.prefixed(configuration.typePrefix)).isEmpty {
            return configuration
        }
        let names = try OutputRenderer().generatedNames(for: configuration)
        let (prefix, clashes) = try project.typePrefix(for: names, chosen: configuration.typePrefix)
        guard prefix != configuration.typePrefix else { return configuration }
        var answers = configuration.answers
        answers[AnswerSpecs.prefix] = prefix
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
    /// What the project gives (its deployment target, bundle identifier) is not missing.
    private func gatherAnswers(_ request: InitRequest, defaults: Answers, detected: Answers, questions: InitQuestions) throws -> Answers {
        if request.assumeDefaults {
            return request.answers
        }
        if let ask = questions.answers {
            return try ask(request.answers, defaults)
        }
        let missing = request.answers.filling(from: detected).missingFlags
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

    /// Why the generated files are inside `#if canImport(BackgroundTasks) && canImport(UIKit)`, naming the platforms the
    /// target builds for: only macOS and watchOS lack the frameworks; visionOS, tvOS and Mac Catalyst compile the files.
    static func platformGuardNote(for target: AppTarget) -> String {
        let guardLine = "#if canImport(BackgroundTasks) && canImport(UIKit)"
        guard !target.otherPlatforms.isEmpty else {
            return "The generated files are compiled only where BackgroundTasks and UIKit exist (\(guardLine)), as .bggen.json records; wrap your calls to them the same way."
        }
        let lacking = target.otherPlatforms.filter { $0 == .macOS || $0 == .watchOS }.map(\.rawValue)
        let opening = "\(target.name) also builds for \(target.otherPlatformNames)"
        guard !lacking.isEmpty else {
            return "\(opening), which \(target.otherPlatforms.count > 1 ? "have" : "has") BackgroundTasks and UIKit: the generated files (inside \(guardLine)) compile there as they do for iOS."
        }
        return "\(opening); \(lacking.joined(separator: " and ")) \(lacking.count > 1 ? "have" : "has") no BackgroundTasks or UIKit, so the generated files are compiled only where both exist (\(guardLine)); wrap your calls to them the same way."
    }
}
