import BggenCore
import Foundation

/// `bggen doctor`: gathers the options, runs `DoctorService`, and prints the findings (or, with `--fix --dry-run`,
/// the diffs).
struct DoctorCommand {
    let console: any Console
    let fileSystem: any FileSystem
    let options: DoctorOptions

    /// What the options ask of `DoctorService`; `bggen mcp` builds its requests here too.
    var request: DoctorService.Request {
        var request = DoctorService.Request(root: console.absolutePath(options.directory), shownAs: options.directory)
        request.target = options.target
        request.fix = options.fix
        request.dryRun = options.dryRun
        return request
    }

    func run() throws -> Int32 {
        let outcome = try DoctorService(fileSystem: fileSystem).run(request)
        if let fixes = outcome.fixes, options.dryRun {
            console.writeOutput(fixes.changes.map(\.diff).joined(separator: "\n"))
            if !options.display.quiet { console.writeError("note: --dry-run: \(fixes.changes.count) file\(fixes.changes.count == 1 ? "" : "s") would change; nothing was written.\n") }
            return status(outcome.report)
        }
        if let fixes = outcome.fixes, outcome.fixed, !options.display.quiet {
            for entry in fixes.changes {
                console.writeError("note: fixed \(entry.path).\n")
            }
        }
        console.writeOutput(DoctorOutput(report: outcome.report, style: console.textStyle(options.display.color)).render(options.format))
        return status(outcome.report)
    }

    func status(_ report: DoctorReport) -> Int32 {
        report.count(atLeast: options.failOn) > 0 ? ExitStatus.failure : ExitStatus.success
    }
}
