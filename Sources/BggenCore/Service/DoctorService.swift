import BggenFormats
import BggenModel
import Foundation

/// `bggen doctor` without a terminal: read the repository, audit it, and with `fix` add what is missing through
/// the same planner and writer as `init`. The command gathers the options and prints the outcome.
public struct DoctorService {
    let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    public struct Request: Sendable {
        /// Absolute, as the file system sees it.
        public var root: String
        /// The folder as the user typed it, for messages.
        public var shownAs: String
        public var target: String?
        public var fix = false
        /// With `fix`: plan the fixes, write nothing.
        public var dryRun = false
        /// `--use-generators`: run `xcodegen dump` or `tuist dump project`, which run the repository's own code.
        public var useGenerators = false
        /// Where a generator is looked up (its PATH) and what of it the tool may see: the environment bggen runs in.
        public var environment: [String: String] = ProcessInfo.processInfo.environment
        /// What the command wraps the generator's dumper in (progress on a terminal, timings for `--verbose`).
        public var wrapDumper: DumpWrapper = { $0 }

        public init(root: String, shownAs: String) {
            self.root = root
            self.shownAs = shownAs
        }
    }

    public struct Outcome {
        /// The findings, after any fixes were written.
        public let report: DoctorReport
        /// The fixes planned, when asked to fix.
        public let fixes: Plan?
        /// Whether `fixes` were written.
        public let fixed: Bool
        /// What the audit could not see, said beside the findings.
        public var notes: [String] = []
        /// The folder held bggen's output and no app project: only the generated files were audited.
        public var generatedOutputOnly = false
    }

    public func run(_ request: Request) throws -> Outcome {
        let fileSystem = fileSystem.contained(in: request.root)
        guard fileSystem.kind(of: request.root) == .directory else { throw DoctorServiceError.notAFolder(request.shownAs) }
        var lock: RepositoryLock?
        defer { lock?.release() }
        if request.fix && !request.dryRun {
            lock = try RepositoryLock.acquire(root: request.root, shownAs: request.shownAs, fileSystem: fileSystem)
        }
        let disabled = try disabledRules(request, fileSystem: fileSystem)
        let doctor = Doctor(fileSystem: fileSystem, dumper: ProcessProjectDumper.allowed(request.useGenerators, environment: request.environment, wrappedIn: request.wrapDumper))
        let report: DoctorReport
        do {
            report = try doctor.audit(root: request.root, targetName: request.target, disabled: disabled)
        } catch ProjectError.noProject where request.target == nil {
            guard let generated = GeneratedOutputAudit(fileSystem: fileSystem).run(root: request.root, disabled: disabled) else { throw ProjectError.noProject(request.shownAs) }
            var outcome = Outcome(report: generated, fixes: request.fix ? Plan(root: request.root, outputFolder: "", entries: [], notes: []) : nil, fixed: false)
            outcome.notes = [GeneratedOutputAudit.note(folder: request.shownAs)]
            outcome.generatedOutputOnly = true
            return outcome
        }
        guard request.fix else { return Outcome(report: report, fixes: nil, fixed: false) }
        let plan = try DoctorFixes(fileSystem: fileSystem).plan(report)
        guard !request.dryRun, plan.hasChanges else { return Outcome(report: report, fixes: plan, fixed: false) }
        try PlanWriter(fileSystem: fileSystem).apply(plan)
        return Outcome(report: try doctor.audit(root: request.root, targetName: request.target, disabled: disabled), fixes: plan, fixed: true)
    }

    /// `"doctor": {"disabled": [...]}` in `.bggen.json`; an invalid file is an error, as for `init`.
    private func disabledRules(_ request: Request, fileSystem: any FileSystem) throws -> Set<String> {
        let path = "\(request.root)/\(AnswersFile.name)"
        guard fileSystem.kind(of: path) == .file else { return [] }
        let shown = request.shownAs == "." ? AnswersFile.name : "\(request.shownAs)/\(AnswersFile.name)"
        let text: String
        do {
            text = try fileSystem.read(path)
        } catch {
            throw PlanError.unreadable(path: shown, reason: FileSystemError.cause(of: error))
        }
        return Set(try AnswersFile.decode(text, path: shown, ruleIDs: DoctorRule.ids).disabledRules)
    }
}

/// The folder `bggen doctor` was given is not one.
public enum DoctorServiceError: Error, Equatable, CustomStringConvertible {
    case notAFolder(String)

    public var description: String {
        switch self {
        case .notAFolder(let path): "'\(path)' is not a folder; pass the repository to check."
        }
    }
}
