import BggenCore
import Foundation

/// `bggen doctor`: gathers the options, runs `DoctorService`, and prints the findings (or, with `--fix --dry-run`,
/// the diffs).
struct DoctorCommand {
    let console: any Console
    let fileSystem: any FileSystem
    let options: DoctorOptions

    func run() throws -> Int32 {
        var request = DoctorService.Request(root: console.absolutePath(options.directory), shownAs: options.directory)
        request.target = options.target
        request.fix = options.fix
        request.dryRun = options.dryRun
        request.useGenerators = options.useGenerators
        // --fix writes with stop signals held, as init does: both files are fixed (or rolled back), never one.
        var stoppedBy: Int32?
        var ran: DoctorService.Outcome?
        if options.fix && !options.dryRun {
            stoppedBy = try DeferredSignals.holding { ran = try DoctorService(fileSystem: fileSystem).run(request) }
        } else {
            ran = try DoctorService(fileSystem: fileSystem).run(request)
        }
        guard let outcome = ran else { return ExitStatus.failure }
        if let signal = stoppedBy {
            console.writeError("Stopped by \(DeferredSignals.name(of: signal)) after every fix was written.\n")
            return ExitStatus.stopped(by: signal)
        }
        if let fixes = outcome.fixes, options.dryRun {
            console.writeOutput(fixes.changes.map(\.diff).joined(separator: "\n"))
            if !options.display.quiet { console.writeError("note: --dry-run: \(fixes.changes.count) file\(fixes.changes.count == 1 ? "" : "s") would change; nothing was written.\n") }
            return status(outcome.report)
        }
        if let fixes = outcome.fixes, outcome.fixed, !options.display.quiet {
            for entry in fixes.changes {
                console.writeError("note: fixed \(TerminalText.escaped(entry.path)).\n")
            }
        }
        console.writeOutput(DoctorOutput(report: outcome.report, style: console.textStyle(options.display.color)).render(options.format))
        return status(outcome.report)
    }

    private func status(_ report: DoctorReport) -> Int32 {
        report.count(atLeast: options.failOn) > 0 ? ExitStatus.failure : ExitStatus.success
    }
}
