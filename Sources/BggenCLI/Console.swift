import Foundation

/// The terminal and process environment, as the CLI sees them. Tests pass a recording fake.
public protocol Console: AnyObject {
    func writeOutput(_ text: String)
    func writeError(_ text: String)
    /// True when stdin is a terminal a person can answer questions on.
    var inputIsTerminal: Bool { get }
    /// True when stdout is a terminal, the only place colour belongs.
    var outputIsTerminal: Bool { get }
    /// True when stderr is a terminal, where a line may say what a slow step is doing and then be cleared.
    var errorIsTerminal: Bool { get }
    var environment: [String: String] { get }
    var currentDirectory: String { get }
    /// The keyboard and screen for questions; nil when stdin is not a terminal.
    var terminal: (any TerminalDevice)? { get }
    /// The width of the terminal stdout is, if it is one.
    var outputColumns: Int? { get }
}

/// The real process: file descriptors 0–2, `ProcessInfo`, the working directory.
///
/// Output goes through `write(2)`, not `FileHandle.write`, whose failure (a full disk, `> /dev/full`, a closed
/// pipe) traps with a backtrace. A failed write is recorded; `CLI` reports it once and exits with the
/// tool-failure status, so a script never takes a run whose output was lost for a clean one.
public final class ProcessConsole: Console {
    public init() {
        // A closed pipe is an error to report, not a signal that kills bggen without a word.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The first write that failed, as "stdout: No space left on device".
    public private(set) var failedWrite: String?

    public func writeOutput(_ text: String) {
        write(text, to: STDOUT_FILENO, named: "stdout")
    }

    public func writeError(_ text: String) {
        write(text, to: STDERR_FILENO, named: "stderr")
    }

    private func write(_ text: String, to descriptor: Int32, named name: String) {
        guard failedWrite == nil, let failure = DescriptorWrite.all(text, to: descriptor) else { return }
        failedWrite = "\(name): \(String(cString: strerror(failure)))"
    }

    /// Says once, on stderr if it still takes writes, that output was lost.
    public func reportFailedWrite() {
        guard let failedWrite else { return }
        _ = DescriptorWrite.all("bggen: could not write to \(failedWrite)\n", to: STDERR_FILENO)
    }

    public var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    public var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    /// Read once: each read of `ProcessInfo.environment` builds the dictionary again, and a run asks for it for
    /// `COLUMNS`, `NO_COLOR`, `TERM` and the request (a tenth of an empty folder's doctor run when built each time).
    public let environment = ProcessInfo.processInfo.environment
    public var currentDirectory: String { FileManager.default.currentDirectoryPath }
    public lazy var terminal: (any TerminalDevice)? = inputIsTerminal ? PosixTerminal() : nil

    public var outputColumns: Int? {
        guard outputIsTerminal else { return nil }
        var size = winsize()
        return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }
}

extension Console {
    public var outputColumns: Int? { nil }

    /// Help fits the terminal: `COLUMNS` first, as shells set it and as swift-argument-parser reads it (also in a
    /// pipe, so `COLUMNS=100 bggen init --help | less` works), then the terminal's own width, else 80 columns.
    var helpWidth: Int {
        let columns = environment["COLUMNS"].flatMap(Int.init) ?? outputColumns ?? HelpText.defaultWidth
        return min(max(columns, 40), 200)
    }

    /// `--color always` and `never` decide; `auto` colours on a terminal only, and never with `NO_COLOR` set to a
    /// non-empty value (no-color.org: an empty one does not count) or `TERM=dumb`.
    func textStyle(_ choice: OutputOptions.Color) -> TextStyle {
        switch choice {
        case .always: .color
        case .never: .plain
        case .auto: outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb" ? .color : .plain
        }
    }

    /// `path` made absolute against the working directory, without `.`, `..` or a trailing slash.
    func absolutePath(_ path: String) -> String {
        let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path, relativeTo: base)
        var standardized = url.standardizedFileURL.path
        while standardized.count > 1 && standardized.hasSuffix("/") { standardized.removeLast() }
        return standardized
    }
}
