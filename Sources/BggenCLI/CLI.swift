import BggenCore
import BggenFormats
import Foundation

/// The command line: parses arguments, runs the command, and renders every error once, with its exit status.
public struct CLI {
    private let console: any Console
    private let fileSystem: any FileSystem

    public init(console: any Console = ProcessConsole(), fileSystem: any FileSystem = LocalFileSystem()) {
        self.console = console
        self.fileSystem = fileSystem
    }

    /// Runs `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        let status = runReportingErrors(arguments)
        // Output that could not be written is a failed run, whatever the command did.
        if let process = console as? ProcessConsole, process.failedWrite != nil {
            process.reportFailedWrite()
            return ExitStatus.failure
        }
        return status
    }

    private func runReportingErrors(_ arguments: [String]) -> Int32 {
        do {
            return try dispatch(arguments)
        } catch {
            let failure = error as? any RunError
            var status = failure?.exitStatus ?? ExitStatus.failure
            // Doctor's 1 means findings; a doctor that could not do its job says 2 (SwiftLint's convention).
            if arguments.first == "doctor" && status == ExitStatus.failure { status = DoctorFailure.exitStatus }
            report(failure?.lines ?? ["\(error)"], hint: failure?.hint ?? .none, command: arguments.first.flatMap(Self.helpTopic))
            if Self.wantsJSON(arguments) {
                console.writeOutput(Report.errorJSON(error, exitStatus: status))
            } else if arguments.first == "doctor", let format = DoctorFailure.format(arguments) {
                console.writeOutput(DoctorFailure.document(format, message: "\(error)", exitStatus: status))
            }
            return status
        }
    }

    /// Whether the run asked for JSON on stdout (`init --json`, `doctor --format json`): then a failure, even a
    /// usage error the parser stopped at, still prints one JSON document.
    private static func wantsJSON(_ arguments: [String]) -> Bool {
        let options = arguments.dropFirst().prefix { $0 != "--" }
        switch arguments.first {
        case "init": return options.contains("--json")
        case "doctor": return options.contains("--format=json") || zip(options, options.dropFirst()).contains { $0 == ("--format", "json") }
        default: return false
        }
    }

    /// The command whose `--help` an error points at: `init`, `doctor` or `mcp`; none outside them.
    private static func helpTopic(_ command: String) -> String? {
        command == "mcp" ? command : CommandSpec.named(command)?.name
    }

    /// Every error message is one line (several conflicts, one line each): whatever the user typed or a file held is
    /// echoed with its control characters escaped, so a newline cannot split it and an escape sequence cannot clear
    /// the terminal.
    private func report(_ messages: [String], hint: ErrorHint, command: String?) {
        for message in messages.dropLast() { console.writeError("error: \(TerminalText.escaped(message))\n") }
        let line = TerminalText.escaped(messages.last ?? "")
        switch hint {
        case .none: console.writeError("error: \(line)\n")
        case .commandHelp: console.writeError("error: \(line)\nSee '\(["bggen", command, "--help"].compactMap { $0 }.joined(separator: " "))'.\n")
        case .sentence(let sentence): console.writeError("error: \(line) \(sentence)\n")
        }
    }

    private func dispatch(_ arguments: [String]) throws -> Int32 {
        guard let command = arguments.first else {
            console.writeOutput(HelpText.main(width: console.helpWidth))
            return ExitStatus.success
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "init", "doctor":
            let spec = CommandSpec.named(command)!
            if spec.parser.asksForHelp(rest) {
                console.writeOutput(HelpText.page(spec, width: console.helpWidth))
                return ExitStatus.success
            }
            if command == "init" {
                return try InitCommand(console: console, fileSystem: fileSystem, options: InitOptions.parse(rest)).run()
            }
            return try DoctorCommand(console: console, fileSystem: fileSystem, options: DoctorOptions.parse(rest)).run()
        case "help":
            return try help(rest)
        case "mcp":
            if rest == ["--help"] || rest == ["-h"] {
                console.writeOutput(MCPCommand.help(width: console.helpWidth))
                return ExitStatus.success
            }
            return try MCPCommand(console: console, fileSystem: fileSystem, options: .parse(rest)).run()
        case "completion":
            if rest.contains("--help") || rest.contains("-h") {
                console.writeOutput(HelpText.completion(width: console.helpWidth))
                return ExitStatus.success
            }
            let shells = CompletionScript.Shell.allCases.map(\.rawValue)
            guard rest.count == 1, let shell = CompletionScript.Shell(rawValue: rest[0]) else {
                let guess = rest.count == 1 ? NearMiss.closest(to: rest[0], among: shells).map { " Did you mean 'bggen completion \($0)'?" } ?? "" : ""
                throw UsageError("completion takes one shell: \(shells.joined(separator: ", ")), as in 'bggen completion bash'.\(guess)")
            }
            console.writeOutput(CompletionScript.script(for: shell))
            return ExitStatus.success
        case "--help", "-h":
            console.writeOutput(HelpText.main(width: console.helpWidth))
            return ExitStatus.success
        case "--version", "-V":
            console.writeOutput("bggen \(HelpText.version)\n")
            return ExitStatus.success
        default:
            if let meant = NearMiss.closest(to: command, among: Self.commands) {
                throw UsageError("unknown command '\(command)'; did you mean 'bggen \(([meant] + rest).joined(separator: " "))'?")
            }
            throw UsageError("unknown command '\(command)'; the commands are \(Self.commands.joined(separator: ", ")) (as in 'bggen init --yes MyApp'), and bggen --version prints the version.")
        }
    }

    /// Every command, in the order the main help lists them.
    static let commands = CommandSpec.names + ["mcp", "help", "completion"]

    /// `bggen help [TOPIC]`: the main help, a command's whole reference, the man page or the agent skill.
    private func help(_ topic: [String]) throws -> Int32 {
        let width = console.helpWidth
        switch topic {
        // `help` takes --help as every command does; the main help says what `help` takes.
        case [], ["--help"], ["-h"], ["help"]: console.writeOutput(HelpText.main(width: width))
        case ["--man"]: console.writeOutput(ManPage.page)
        case ["--skill"]: console.writeOutput(EmbeddedSkill.files["SKILL.md"]!)
        case ["mcp"]: console.writeOutput(MCPCommand.help(width: width))
        case ["completion"]: console.writeOutput(HelpText.completion(width: width))
        default:
            guard topic.count == 1, let command = CommandSpec.named(topic[0]) else {
                let guess = topic.count == 1 ? NearMiss.closest(to: topic[0], among: Self.commands).map { " Did you mean 'bggen help \($0)'?" } ?? "" : ""
                throw UsageError("no help for '\(topic.joined(separator: " "))'; the topics are \(Self.commands.filter { $0 != "help" }.joined(separator: ", ")), --man and --skill.\(guess)")
            }
            console.writeOutput(HelpText.page(command, width: width, full: true))
        }
        return ExitStatus.success
    }
}
