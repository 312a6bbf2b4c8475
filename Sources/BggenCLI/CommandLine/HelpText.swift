import BggenCore

/// The help pages, made from the commands' option tables (`CommandSpec`).
enum HelpText {
    static let version = "0.1.0"

    static var main: String {
        let commands = CommandSpec.all.map { ("\($0.usage)", "\($0.abstract) (see `bggen \($0.name) --help`)") } + [
            ("bggen mcp", "serve these commands to a coding agent (MCP over stdio; see `bggen mcp --help`)"),
            ("bggen help [COMMAND] [--man]", "show help, or the man page (mdoc)"),
            ("bggen help --skill", "print the coding-agent skill (skills/bggen/SKILL.md)"),
            ("bggen completion SHELL", "print a completion script for \(CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: ", "))"),
            ("bggen -V, --version", "print the version"),
        ]
        return """
            bggen \(version): scaffold iOS background work — BGTaskScheduler refresh and processing tasks, background \
            URLSession downloads and uploads, and silent push — with the Info.plist and entitlements entries they need.

            USAGE:
            \(commands.map { "  " + column($0.0, 31) + $0.1 }.joined(separator: "\n"))

            Exit status: 0 success, 1 the job failed (a conflict, a read or write error), 64 a usage error.

            """
    }

    static var initCommand: String { page(InitOptions.command) }
    static var doctorCommand: String { page(DoctorOptions.command) }

    /// A command's `--help`: usage, description, every option with its details, the prose sections, examples.
    static func page(_ command: CommandSpec) -> String {
        var text = "USAGE: \(command.usage)\n\n" + command.description.joined(separator: "\n") + "\n\nOPTIONS:\n"
        for option in command.options {
            text += "  " + column(option.label, 25) + option.summary + "\n"
            text += option.details.map { String(repeating: " ", count: 27) + $0 + "\n" }.joined()
        }
        for section in command.sections {
            text += "\n\(section.title):\n" + section.lines.map { "  \($0)\n" }.joined()
        }
        text += "\nEXAMPLES:\n" + command.examples.map { "  \($0)\n" }.joined()
        return text + "\n"
    }

    /// The README's usage block: each command's synopsis and one line per option.
    static var readmeUsage: String {
        CommandSpec.all.map { command in
            "\(command.usage)\n" + command.options.map { option in
                "  " + column(option.label, 27) + option.summary + "\n"
            }.joined()
        }.joined(separator: "\n")
    }

    /// `text` padded to `width`, with at least one space after it.
    private static func column(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}
