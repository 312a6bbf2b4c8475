import BggenCore
import Foundation

/// `bggen doctor`: read the repository, audit it, print the findings; with `--fix`, add what is missing to the
/// app's Info.plist and entitlements through the same planner and writer as `init`.
struct DoctorCommand {
    let console: any Console
    let fileSystem: any FileSystem
    let options: DoctorOptions

    func run() throws -> Int32 {
        let root = console.absolutePath(options.directory)
        guard fileSystem.kind(of: root) == .directory else {
            throw UsageError("'\(options.directory)' is not a folder; pass the repository to check.")
        }
        var lock: RepositoryLock?
        defer { lock?.release() }
        if options.fix && !options.dryRun {
            lock = try RepositoryLock.acquire(root: root, shownAs: options.directory, fileSystem: fileSystem)
        }
        let disabled = try disabledRules(root: root)
        let doctor = Doctor(fileSystem: fileSystem)
        var report = try doctor.audit(root: root, targetName: options.target, disabled: disabled)
        if options.fix {
            let plan = try DoctorFixes(fileSystem: fileSystem).plan(report)
            if options.dryRun {
                console.writeOutput(plan.changes.map(\.diff).joined(separator: "\n"))
                console.writeError("note: --dry-run: \(plan.changes.count) file\(plan.changes.count == 1 ? "" : "s") would change; nothing was written.\n")
                return status(report)
            }
            if plan.hasChanges {
                try PlanWriter(fileSystem: fileSystem).apply(plan)
                for entry in plan.changes {
                    console.writeError("note: fixed \(entry.path).\n")
                }
                report = try doctor.audit(root: root, targetName: options.target, disabled: disabled)
            }
        }
        console.writeOutput(DoctorOutput(report: report, style: console.textStyle).render(options.format))
        return status(report)
    }

    private func status(_ report: DoctorReport) -> Int32 {
        report.count(atLeast: options.failOn) > 0 ? ExitStatus.failure : ExitStatus.success
    }

    /// `"doctor": {"disabled": [...]}` in `.bggen.json`; an invalid file is an error, as for `init`.
    private func disabledRules(root: String) throws -> Set<String> {
        let path = "\(root)/\(AnswersFile.name)"
        guard fileSystem.kind(of: path) == .file else { return [] }
        let shown = options.directory == "." ? AnswersFile.name : "\(options.directory)/\(AnswersFile.name)"
        let text: String
        do {
            text = try fileSystem.read(path)
        } catch {
            throw PlanError.unreadable(path: shown, reason: FileSystemError.cause(of: error))
        }
        return Set(try AnswersFile.decode(text, path: shown).disabledRules)
    }
}
