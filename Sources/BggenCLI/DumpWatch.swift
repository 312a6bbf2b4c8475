import BggenCore
import Foundation

/// Wraps the generator dump `--use-generators` allows. A dump can take seconds (Tuist compiles the manifest, and
/// a dump may run up to 60), so on a terminal a line on stderr says what runs once it has taken half a second, and
/// is cleared when it ends; a pipe or a log gets no such line. Each dump is recorded with its time for `--verbose`.
final class DumpWatch: @unchecked Sendable {
    struct Run: Equatable {
        /// The command as run, as `xcodegen dump --type json --spec project.yml`.
        let command: String
        /// The folder it ran in, relative to the repository (`.` for its root).
        let folder: String
        let milliseconds: Int
        let failed: Bool
    }

    /// How long a dump runs before the terminal is told.
    static let delay = 0.5
    private let console: any Console
    private let root: String
    private let showsProgress: Bool
    /// Guards `recorded`.
    private let lock = NSLock()
    private var recorded: [Run] = []

    /// `root` is the repository, absolute; `showsProgress` is whether stderr is a terminal.
    init(console: any Console, root: String, showsProgress: Bool) {
        self.console = console
        self.root = root
        self.showsProgress = showsProgress
    }

    var runs: [Run] { lock.withLock { recorded } }

    /// The wrapper the services take (`wrapDumper`).
    var wrapper: DumpWrapper {
        { [self] inner in Watched(inner: inner, watch: self) }
    }

    /// `--verbose`'s lines, one per dump.
    var verboseLines: [String] {
        runs.map { run in
            let folder = run.folder == "." ? "" : " in \(TerminalText.escaped(run.folder))"
            return "note: ran \(TerminalText.escaped(run.command))\(folder) (\(run.milliseconds) ms\(run.failed ? ", failed" : "")).\n"
        }
    }

    /// Whether the progress line was written, and whether the dump ended (after which it must not be), guarded by
    /// `condition`, which also wakes the waiting thread when the dump ends first.
    private final class Line: @unchecked Sendable {
        let condition = NSCondition()
        var shown = false
        var done = false
    }

    /// `--verbose`'s line naming the project files read.
    static func readLine(_ files: [String]) -> String {
        files.isEmpty ? "note: read no project file.\n" : "note: read \(files.map(TerminalText.escaped).joined(separator: ", ")).\n"
    }

    fileprivate func run(_ inner: any ProjectDumping, tool: String, arguments: [String], in folder: String) -> Result<String, ProjectDumpFailure>? {
        let relative = folder == root ? "." : folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) : folder
        // The file the dump reads: XcodeGen's spec (`--spec NAME`), or Tuist's manifest.
        let name = arguments.firstIndex(of: "--spec").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil } ?? "Project.swift"
        let file = relative == "." ? name : "\(relative)/\(name)"
        let line = Line()
        if showsProgress {
            let deadline = Date(timeIntervalSinceNow: Self.delay)
            // A thread of its own: Dispatch's shared pool can be busy for longer than the half second.
            Thread { [self] in
                line.condition.lock()
                defer { line.condition.unlock() }
                while !line.done, line.condition.wait(until: deadline) {}
                guard !line.done else { return }
                line.shown = true
                console.writeError("Reading \(TerminalText.escaped(file)) through \(tool) dump…")
            }.start()
        }
        let started = ContinuousClock.now
        let result = inner.run(tool: tool, arguments: arguments, in: folder)
        line.condition.lock()
        line.done = true
        // Back to the start of the line, and erase it: what comes next starts clean.
        if line.shown { console.writeError("\r\u{1B}[K") }
        line.condition.signal()
        line.condition.unlock()
        if let result {
            let failed = if case .failure = result { true } else { false }
            lock.withLock {
                recorded.append(Run(command: ([tool] + arguments).joined(separator: " "), folder: relative,
                                    milliseconds: DoctorCommand.milliseconds(since: started), failed: failed))
            }
        }
        return result
    }
}

/// One dumper watched by a `DumpWatch`.
private struct Watched: ProjectDumping {
    let inner: any ProjectDumping
    let watch: DumpWatch

    func run(tool: String, arguments: [String], in folder: String) -> Result<String, ProjectDumpFailure>? {
        watch.run(inner, tool: tool, arguments: arguments, in: folder)
    }
}
