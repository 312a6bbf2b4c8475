import BggenCore

/// The help pages, made from the commands' option tables (`CommandSpec`).
enum HelpText {
    static let version = "0.1.0"

    /// Help is wrapped to this many columns when stdout is not a terminal.
    static let defaultWidth = 80

    static var main: String { main(width: defaultWidth) }

    static func main(width: Int) -> String {
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

            Exit status: 0 success; 1 the job failed (init: a conflict, a read or write error; doctor: findings at \
            or above --fail-on); 2 doctor could not do its job; 64 a usage error.
            Reference: man bggen (bggen help --man prints the page), and bggen help COMMAND.

            """.wrapped(to: width)
    }

    static var initCommand: String { page(InitOptions.command) }
    static var doctorCommand: String { page(DoctorOptions.command) }

    /// A command's `--help`: usage, description, every option with its details, the prose sections, examples.
    static func page(_ command: CommandSpec, width: Int = defaultWidth) -> String {
        var text = "USAGE: \(command.usage)\n\n" + command.description.joined(separator: "\n") + "\n\nOPTIONS:\n"
        for option in command.options {
            text += "  " + column(option.label, 25) + option.summary + "\n"
            text += option.details.map { String(repeating: " ", count: 27) + $0 + "\n" }.joined()
        }
        for section in command.sections {
            text += "\n\(section.title):\n" + section.lines.map { "  \($0)\n" }.joined()
        }
        text += "\nEXAMPLES:\n" + command.examples.map { "  \($0)\n" }.joined()
        text += "\nSEE ALSO:\n  README.md and docs/ in bggen's repository; man bggen (bggen help --man)\n"
        return (text + "\n").wrapped(to: width)
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

extension String {
    /// Every line longer than `width` broken at spaces; a continuation starts under the column the line's text
    /// starts in after its label (an option's description, a rule's summary), else under its indentation.
    func wrapped(to width: Int) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { String($0).wrappedLine(to: width) }.joined(separator: "\n")
    }

    private func wrappedLine(to width: Int) -> String {
        let characters = Array(self)
        guard characters.count > width else { return self }
        let leading = characters.prefix { $0 == " " }.count
        // The last break before the width: a space after the indentation.
        guard let cut = (leading + 1..<width).reversed().first(where: { characters[$0] == " " }) else { return self }
        var hanging = leading
        var index = leading
        while index < cut {
            if characters[index] == " " && index + 1 < characters.count && characters[index + 1] == " " {
                var end = index
                while end < characters.count && characters[end] == " " { end += 1 }
                if end <= width / 2 { hanging = end }
                index = end
            } else {
                index += 1
            }
        }
        var head = String(characters[..<cut])
        while head.hasSuffix(" ") { head.removeLast() }
        let rest = String(characters[(cut + 1)...]).drop { $0 == " " }
        return head + "\n" + (String(repeating: " ", count: hanging) + rest).wrappedLine(to: width)
    }
}
