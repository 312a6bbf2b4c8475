import BggenCore
import BggenFormats
import BggenModel
import Foundation

/// Runs a tool on the same services, requests and JSON reports as `bggen init` and `bggen doctor`: the same lock,
/// the same containment, writes with stop signals held. Never asks a question and never runs repository code
/// unless the call sets `useGenerators`.
struct MCPToolRunner {
    /// The working directory relative folders are read against, and the environment.
    let console: any Console
    let fileSystem: any FileSystem

    /// A tool's answer: the JSON object for `structuredContent`, and whether it is an error.
    struct Outcome {
        let content: JSONValue
        let isError: Bool
        /// A stop signal that arrived while files were written: the server ends after answering.
        var stoppedBy: Int32?
    }

    func call(_ tool: MCPTool, arguments: [String: JSONValue]) -> Outcome {
        do {
            let arguments = try MCPArguments(arguments, for: tool)
            switch tool.name {
            case .inspect: return try inspect(arguments)
            case .plan, .apply: return try initRun(arguments, tool: tool)
            case .doctor, .fix: return try doctor(arguments, tool: tool)
            }
        } catch {
            let status = (error as? any RunError)?.exitStatus ?? ExitStatus.failure
            return Outcome(content: Self.decode(Report.errorJSON(error, exitStatus: status)), isError: true)
        }
    }

    /// `init --dry-run --json --yes`, plus the answers a person still has to give.
    private func inspect(_ arguments: MCPArguments) throws -> Outcome {
        var request = InitCommand(console: console, fileSystem: fileSystem, options: try InitOptions.parse(arguments.commandLine)).request
        request.dryRun = true
        request.assumeDefaults = true
        request.useGenerators = arguments.useGenerators
        request.environment = console.environment
        var detected: ExistingProject?
        var questions = InitQuestions()
        questions.projectDetected = { detected = $0 }
        return try InitService(fileSystem: fileSystem).run(request, questions: questions) { outcome in
            var document: JSONValue
            switch outcome {
            case .nothingToAdd(let notes):
                document = Self.decode(Report.nothingToAddJSON(notes: notes, dryRun: true))
                document[key: "project"] = detected.map { Self.encode(ProjectJSON($0)) } ?? .null
            case .planned(let planned):
                document = Self.decode(report(planned).json(written: false, dryRun: true, nextSteps: planned.nextSteps))
            }
            document[key: "missing"] = .array(missingAnswers(request, project: detected).map(JSONValue.string))
            document[key: "exitStatus"] = .number(Double(ExitStatus.success))
            return Outcome(content: document, isError: false)
        }
    }

    /// The answers neither `.bggen.json` nor the project gives, as argument names. The service has already read
    /// and checked the file.
    private func missingAnswers(_ request: InitRequest, project: ExistingProject?) -> [String] {
        let path = "\(request.root)/\(AnswersFile.name)"
        let recorded = fileSystem.kind(of: path) == .file
            ? (try? AnswersFile.decode(fileSystem.read(path), path: AnswersFile.name))?.answers
            : nil
        let known = (recorded ?? Answers()).filling(from: project?.detectedAnswers ?? Answers())
        return known.missingFlags.map(MCPTool.argumentName(forFlag:))
    }

    /// `bggen_plan` is `init --dry-run --json` with the diffs; `bggen_apply` is `init --yes --json` with every
    /// answer given.
    private func initRun(_ arguments: MCPArguments, tool: MCPTool) throws -> Outcome {
        var request = InitCommand(console: console, fileSystem: fileSystem, options: try InitOptions.parse(arguments.commandLine)).request
        request.dryRun = tool.name == .plan
        request.useGenerators = arguments.useGenerators
        request.environment = console.environment
        let service = InitService(fileSystem: fileSystem)
        do {
            return try service.run(request, questions: InitQuestions()) { outcome in
                switch outcome {
                case .nothingToAdd(let notes):
                    var document = Self.decode(Report.nothingToAddJSON(notes: notes, dryRun: request.dryRun))
                    document[key: "exitStatus"] = .number(Double(ExitStatus.success))
                    return Outcome(content: document, isError: false)
                case .planned(let planned):
                    return try finish(planned, service: service, dryRun: request.dryRun, whole: arguments.diffs)
                }
            }
        } catch ConfigurationError.answersMissing(let flags) {
            let names = flags.map(MCPTool.argumentName(forFlag:)).joined(separator: ", ")
            throw UsageError("\(tool.name.rawValue) needs every answer, and these are missing: \(names); ask the user (bggen_inspect shows what the project and .bggen.json already answer).")
        }
    }

    /// The plan: by default a summary, each changed file with its lines added and removed, without the project
    /// (`bggen_inspect` returned it) or the next steps (`bggen_apply` returns them), since whole new files as diffs
    /// cost an agent tens of thousands of tokens; `whole`, everything with the diffs. Or the plan written with stop
    /// signals held, and the next steps.
    private func finish(_ planned: InitPlan, service: InitService, dryRun: Bool, whole: Bool) throws -> Outcome {
        let plan = planned.plan
        if dryRun {
            var document = Self.decode(report(planned).json(written: false, dryRun: true, nextSteps: planned.nextSteps))
            document[key: "diffs"] = .array(plan.changes.map { change in
                let lines = change.diff.split(separator: "\n", omittingEmptySubsequences: false)
                var entry: [String: JSONValue] = [
                    "path": .string(change.path),
                    "added": .number(Double(lines.count { $0.hasPrefix("+") && !$0.hasPrefix("+++") })),
                    "removed": .number(Double(lines.count { $0.hasPrefix("-") && !$0.hasPrefix("---") })),
                ]
                if whole { entry["diff"] = .string(change.diff) }
                return .object(entry)
            })
            if !whole {
                document[key: "project"] = nil
                document[key: "nextSteps"] = nil
            }
            document[key: "exitStatus"] = .number(Double(plan.conflicts.isEmpty ? ExitStatus.success : ExitStatus.failure))
            return Outcome(content: document, isError: false)
        }
        guard plan.conflicts.isEmpty else { throw PlanError.conflicts(plan.conflicts.map(\.path)) }
        let signal = try DeferredSignals.holding { try service.write(planned) }
        var document = Self.decode(report(planned).json(written: plan.hasChanges, dryRun: false, nextSteps: planned.nextSteps))
        document[key: "exitStatus"] = .number(Double(signal.map(ExitStatus.stopped(by:)) ?? ExitStatus.success))
        return Outcome(content: document, isError: false, stoppedBy: signal)
    }

    /// `doctor --format json`, or `doctor --fix [--dry-run]` with the diffs and the findings left.
    private func doctor(_ arguments: MCPArguments, tool: MCPTool) throws -> Outcome {
        let commandLine = (tool.name == .fix ? ["--fix"] : []) + arguments.commandLine
        let command = DoctorCommand(console: console, fileSystem: fileSystem, options: try DoctorOptions.parse(commandLine))
        var request = command.request
        request.baseline = try command.baseline()
        request.useGenerators = arguments.useGenerators
        request.environment = console.environment
        let service = DoctorService(fileSystem: fileSystem)
        // Only a run that writes holds the stop signals (as `init` does); the others are read-only.
        var written: DoctorService.Outcome?
        let signal = request.fix && !request.dryRun ? try DeferredSignals.holding { written = try service.run(request) } : nil
        let outcome = try written ?? service.run(request)
        var document = Self.decode(DoctorOutput(report: outcome.report, style: .plain).json())
        if let fixes = outcome.fixes {
            document[key: "changes"] = .array(fixes.changes.map { .object(["path": .string($0.path), "diff": .string($0.diff)]) })
            document[key: "written"] = .bool(outcome.fixed)
        }
        document[key: "exitStatus"] = .number(Double(signal.map(ExitStatus.stopped(by:)) ?? command.status(outcome.report)))
        return Outcome(content: document, isError: false, stoppedBy: signal)
    }

    private func report(_ planned: InitPlan) -> Report {
        Report(plan: planned.plan, configuration: planned.configuration, style: .plain, project: planned.project,
               edits: planned.edits, notes: planned.notes)
    }

    /// The reports are the CLI's own JSON documents, carried as values so a tool can add its fields.
    private static func decode(_ json: String) -> JSONValue {
        (try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))) ?? .object([:])
    }

    private static func encode(_ value: some Encodable) -> JSONValue {
        (try? JSONOutput.encoder(.oneLine).encode(value)).flatMap { try? JSONDecoder().decode(JSONValue.self, from: $0) } ?? .null
    }
}

extension JSONValue {
    /// A field of an object; setting one on anything else does nothing.
    subscript(key key: String) -> JSONValue? {
        get {
            if case .object(let fields) = self { return fields[key] }
            return nil
        }
        set {
            guard case .object(var fields) = self else { return }
            fields[key] = newValue
            self = .object(fields)
        }
    }
}
