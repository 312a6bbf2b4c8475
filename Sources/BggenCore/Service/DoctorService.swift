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
        /// Where a generator is looked up (its PATH) and what of it the tool may see: the environment bggen runs in,
        /// which the command passes (its console reads it once). None by default, so a request costs no copy of it.
        public var environment: [String: String] = [:]
        /// What the command wraps the generator's dumper in (progress on a terminal, timings for `--verbose`).
        public var wrapDumper: DumpWrapper = { $0 }
        /// `--strict` reports warnings as errors; `--lenient` reports errors as warnings, for a build phase that must
        /// stay green while a team adopts doctor (Xcode fails a Run Script that prints `error:`). Notes stay notes.
        public var strict = false
        public var lenient = false
        /// `--baseline`: the fingerprints of findings already accepted, left out of the report.
        public var baseline: Set<String>?
        /// `--write-baseline`: the outcome carries the baseline of every finding (before `baseline` is applied).
        public var writesBaseline = false

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
        /// With `writesBaseline`: the baseline document of every finding.
        public var baseline: String?
    }

    public func run(_ request: Request) throws -> Outcome {
        let fileSystem = fileSystem.contained(in: request.root)
        guard fileSystem.kind(of: request.root) == .directory else { throw DoctorServiceError.notAFolder(request.shownAs) }
        var lock: RepositoryLock?
        defer { lock?.release() }
        if request.fix && !request.dryRun {
            lock = try RepositoryLock.acquire(root: request.root, shownAs: request.shownAs, fileSystem: fileSystem)
        }
        let settings = try self.settings(request, fileSystem: fileSystem)
        let doctor = Doctor(fileSystem: fileSystem, dumper: ProcessProjectDumper.allowed(request.useGenerators, environment: request.environment, wrappedIn: request.wrapDumper))
        let report: DoctorReport
        do {
            report = try doctor.audit(root: request.root, targetName: request.target, settings: settings)
        } catch ProjectError.noProject where request.target == nil {
            guard let generated = GeneratedOutputAudit(fileSystem: fileSystem).run(root: request.root, settings: settings) else { throw ProjectError.noProject(request.shownAs) }
            var outcome = finished(generated, request, fixes: request.fix ? Plan(root: request.root, outputFolder: "", entries: [], notes: []) : nil, fixed: false)
            outcome.notes = [GeneratedOutputAudit.note(folder: request.shownAs)]
            outcome.generatedOutputOnly = true
            return outcome
        }
        guard request.fix else { return finished(report, request, fixes: nil, fixed: false) }
        let plan = try DoctorFixes(fileSystem: fileSystem).plan(report)
        guard !request.dryRun, plan.hasChanges else { return finished(report, request, fixes: plan, fixed: false) }
        try PlanWriter(fileSystem: fileSystem).apply(plan)
        return finished(try doctor.audit(root: request.root, targetName: request.target, settings: settings), request, fixes: plan, fixed: true)
    }

    /// The outcome of `report` as the run asked for it: the baseline recorded, the accepted findings left out, and
    /// the severities made strict or lenient.
    private func finished(_ report: DoctorReport, _ request: Request, fixes: Plan?, fixed: Bool) -> Outcome {
        var findings = report.findings
        var known = 0
        if let baseline = request.baseline { (findings, known) = DoctorBaseline.newFindings(findings, baseline: baseline) }
        if request.strict { findings = findings.map { $0.severity == .warning ? $0.with(severity: .error) : $0 } }
        if request.lenient { findings = findings.map { $0.severity == .error ? $0.with(severity: .warning) : $0 } }
        var shown = DoctorReport(root: report.root, targets: report.targets, findings: findings, suppressedCount: report.suppressedCount)
        shown.projectFiles = report.projectFiles
        shown.baselinedCount = known
        var outcome = Outcome(report: shown, fixes: fixes, fixed: fixed)
        if request.writesBaseline { outcome.baseline = DoctorBaseline.encode(report.findings) }
        return outcome
    }

    /// `"doctor": {…}` in `.bggen.json`; an invalid file is an error naming its line, as for `init`.
    private func settings(_ request: Request, fileSystem: any FileSystem) throws -> DoctorSettings {
        let path = "\(request.root)/\(AnswersFile.name)"
        guard fileSystem.kind(of: path) == .file else { return DoctorSettings() }
        let shown = request.shownAs == "." ? AnswersFile.name : "\(request.shownAs)/\(AnswersFile.name)"
        let text: String
        do {
            text = try fileSystem.read(path)
        } catch {
            throw PlanError.unreadable(path: shown, reason: FileSystemError.cause(of: error))
        }
        return try DoctorSettings(try AnswersFile.decode(text, path: shown), path: shown)
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
