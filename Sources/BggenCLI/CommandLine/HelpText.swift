import BggenCore

/// The help pages, made from the commands' option tables (`CommandSpec`).
enum HelpText {
    static let version = "0.1.0"

    /// Help is wrapped to this many columns when stdout is not a terminal.
    static let defaultWidth = 80

    static var main: String { main(width: defaultWidth) }

    static func main(width: Int) -> String {
        let commands = CommandSpec.all.map { HelpRow("\($0.name) \($0.argument)", $0.abstract) } + [
            HelpRow("mcp", "serve these commands to a coding agent (Model Context Protocol over stdio)"),
            HelpRow("help [COMMAND]", "a command's whole reference, the man page (--man) or the coding-agent skill (--skill)"),
            HelpRow("completion SHELL", "print a completion script for bash, zsh or fish"),
        ]
        return HelpLayout.render([
            HelpSection(title: "", blocks: [.paragraph("""
                bggen \(version): scaffold iOS background work — BGTaskScheduler refresh and processing tasks, background \
                URLSession downloads and uploads, and silent push — with the Info.plist and entitlements entries they need, \
                and audit an app's background work.
                """)]),
            HelpSection(title: "USAGE", blocks: [.paragraph("bggen COMMAND [options]")], inline: true),
            HelpSection(title: "COMMANDS", blocks: [.rows(commands)]),
            HelpSection(title: "OPTIONS", blocks: [.rows([HelpRow("-h, --help", "show this help; every command takes it"), HelpRow("-V, --version", "print the version")])]),
            // Two sections, so a blank line keeps the exit statuses apart from where the reference is.
            HelpSection(title: "", blocks: [.paragraph("""
                Exit status: 0 success; 1 the job failed (init: a conflict, a read or write error; doctor: findings at \
                or above --fail-on); 2 doctor could not do its job; 64 a usage error.
                """)]),
            HelpSection(title: "", blocks: [.paragraph("Reference: man bggen (bggen help --man prints the page), and bggen help COMMAND.")]),
        ], width: width)
    }

    /// A command's `--help` (`full`: `bggen help COMMAND`, with every option's details and the reference sections):
    /// the overview, usage, the options in their groups, and examples. `--help` names a group's `more` options by
    /// flag only, so it stays a screenful at 60 columns; the full page describes them.
    static func page(_ command: CommandSpec, width: Int = defaultWidth, full: Bool = false) -> String {
        var sections = [
            HelpSection(title: "OVERVIEW", blocks: [.paragraph(command.overview)], inline: true),
            HelpSection(title: "USAGE", blocks: [.paragraph(command.usage)], inline: true),
        ]
        let grouped = Set(command.groups.flatMap(\.all))
        let ungrouped = OptionGroup(title: "OTHER OPTIONS", names: command.options.map(\.name).filter { !grouped.contains($0) })
        for group in command.groups + [ungrouped] where !group.all.isEmpty {
            let rows = (full ? group.all : group.names).compactMap { name in command.options.first { $0.name == name } }.map { option in
                HelpRow(option.label, [.paragraph(option.summary)] + (full ? option.detailBlocks : []))
            }
            let also: [HelpBlock] = full || group.more.isEmpty ? [] : [.aside("Also: " + group.more.map { "--\($0)" }.joined(separator: ", "))]
            sections.append(HelpSection(title: group.title, blocks: [.rows(rows)] + also))
        }
        if full { sections += command.sections }
        sections.append(HelpSection(title: "EXAMPLES", blocks: command.examples.map(HelpBlock.command)))
        sections.append(HelpSection(title: "", blocks: [.paragraph(full ? "See also: man bggen (bggen help --man prints the page)."
            : "Every option in full: bggen help \(command.name), or man bggen")]))
        return HelpLayout.render(sections, width: width)
    }

    /// `bggen completion --help`.
    static func completion(width: Int) -> String {
        HelpLayout.render([
            HelpSection(title: "OVERVIEW", blocks: [.paragraph("Prints a script that completes bggen's commands, their options, the options' values (task names, intervals, styles, formats) and paths.")], inline: true),
            HelpSection(title: "USAGE", blocks: [.paragraph("bggen completion \(CompletionScript.Shell.allCases.map(\.rawValue).joined(separator: "|"))")], inline: true),
            HelpSection(title: "LOADING", blocks: [.rows([
                HelpRow("bash", [.paragraph("for this shell:"), .command("eval \"$(bggen completion bash)\""), .paragraph("for good: save it as ~/.local/share/bash-completion/completions/bggen")]),
                HelpRow("zsh", [.paragraph("save it as _bggen in a folder on $fpath and start a new shell (after compinit):"), .command("bggen completion zsh > ~/.zfunc/_bggen"), .paragraph("with fpath=(~/.zfunc $fpath) in ~/.zshrc before compinit")]),
                HelpRow("fish", [.command("bggen completion fish > ~/.config/fish/completions/bggen.fish")]),
            ])]),
            HelpSection(title: "", blocks: [.paragraph("make install and the Homebrew formula install all three.")]),
        ], width: width)
    }

    /// The README's usage block: each command's synopsis and its options, one row each, laid out as `--help` lays
    /// them out at 80 columns, so a label too long for the column (`--checkpoint, --no-checkpoint`) has its text on
    /// the next line instead of running into it.
    static var readmeUsage: String {
        CommandSpec.all.map { command in
            let rows = command.options.map { HelpRow($0.label, $0.summary) }
            return ([command.usage] + HelpLayout.render([.rows(rows)], indent: 2, width: defaultWidth)).joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }
}
