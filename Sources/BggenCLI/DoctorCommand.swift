import BggenCore
import BggenFormats
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
        request.useGenerators = options.useGenerators
        request.environment = console.environment
        request.strict = options.strict
        request.lenient = options.lenient
        request.writesBaseline = options.writeBaseline != nil
        return request
    }

    /// The fingerprints `--baseline FILE` lists; a file that cannot be read or is no baseline stops the run (2).
    func baseline() throws -> Set<String>? {
        guard let path = options.baseline else { return nil }
        let text: String
        do {
            text = try fileSystem.read(console.absolutePath(path))
        } catch {
            throw PlanError.unreadable(path: path, reason: FileSystemError.cause(of: error))
        }
        return try DoctorBaseline.decode(text, path: path)
    }

    func run() throws -> Int32 {
        let started = ContinuousClock.now
        var request = request
        request.baseline = try baseline()
        let watch = DumpWatch(console: console, root: request.root, showsProgress: console.errorIsTerminal && !options.display.quiet)
        request.wrapDumper = watch.wrapper
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
        if options.display.verbose {
            for line in watch.verboseLines { console.writeError(line) }
            if !outcome.generatedOutputOnly { console.writeError(DumpWatch.readLine(outcome.report.projectFiles)) }
            console.writeError("note: audited \(TerminalText.escaped(options.directory)) in \(Self.milliseconds(since: started)) ms.\n")
        }
        if !options.display.quiet {
            for note in outcome.notes { console.writeError("note: \(TerminalText.escaped(note))\n") }
        }
        if let path = options.writeBaseline, let baseline = outcome.baseline {
            try fileSystem.writeAtomically(baseline, to: console.absolutePath(path))
            let count = outcome.report.findings.count + outcome.report.baselinedCount
            if !options.display.quiet {
                console.writeError("note: recorded \(count) finding\(count == 1 ? "" : "s") in \(TerminalText.escaped(path)); pass --baseline \(TerminalText.escaped(path)) so only new findings count.\n")
            }
        }
        if let fixes = outcome.fixes, options.dryRun {
            console.writeOutput(fixes.changes.map(\.diff).joined(separator: "\n"))
            if !options.display.quiet { console.writeError("note: --dry-run: \(fixes.changes.count) file\(fixes.changes.count == 1 ? "" : "s") would change; nothing was written.\n") }
            return status(outcome.report)
        }
        var output = DoctorOutput(report: outcome.report, style: console.textStyle(options.display.color))
        output.shownRoot = options.directory
        if options.format == .sarif { output.sourceRoot = checkoutRoot(of: outcome.report.root) }
        output.notes = outcome.notes
        output.generatedOutputOnly = outcome.generatedOutputOnly
        if console.outputIsTerminal { output.width = console.helpWidth }
        if options.display.quiet { output.listedAtLeast = options.failOn }
        var text = output.render(options.format)
        if let fixes = outcome.fixes, outcome.fixed, options.format == .text {
            text += Self.fixSummary(fixes)
        } else if let fixes = outcome.fixes, options.format == .text, !fixes.hasChanges {
            text += "--fix: nothing to add.\n"
        }
        console.writeOutput(text)
        return status(outcome.report)
    }

    /// What `--fix` changed, after the findings that remain.
    static func fixSummary(_ fixes: Plan) -> String {
        let lines = fixes.changes.map { entry in
            let added = entry.diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count
            return "  \(entry.action.rawValue) \(TerminalText.escaped(entry.path)) (\(added) line\(added == 1 ? "" : "s") added)\n"
        }
        return "Fixed \(fixes.changes.count) file\(fixes.changes.count == 1 ? "" : "s"):\n" + lines.joined()
    }

    /// The nearest folder at or above `folder` with a `.git` (a folder, or a worktree's file): the checkout GitHub
    /// code scanning resolves SARIF paths against. Only whether `.git` exists is looked at, nothing is read.
    private func checkoutRoot(of folder: String) -> String? {
        var candidate = folder
        while candidate.hasPrefix("/") {
            if fileSystem.kind(of: PathText.join(candidate, ".git")) != .missing { return candidate }
            if candidate == "/" { return nil }
            let parent = PathText.parent(of: candidate)
            candidate = parent.isEmpty ? "/" : parent
        }
        return nil
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    func status(_ report: DoctorReport) -> Int32 {
        report.count(atLeast: options.failOn) > 0 ? ExitStatus.failure : ExitStatus.success
    }
}
