import Foundation

/// `bggen help --man`: bggen.1 in mdoc, made from the commands' option tables, for `man -l -` or a release.
enum ManPage {
    static var page: String {
        var lines = [
            ".Dd \(date)",
            ".Dt BGGEN 1",
            ".Os",
            // Option names and flags break badly ("comma- separated", "continued- processing"): groff's mdoc
            // hyphenates unless its flags are 0, and breaks after a hyphen unless `-` loses that property.
            ".nr doc-hyphen-flags 0",
            ".cflags 0 -",
            ".Sh NAME",
            ".Nm bggen",
            ".Nd scaffold and audit iOS background work",
            ".Sh SYNOPSIS",
        ]
        for command in CommandSpec.all {
            lines += [".Nm", ".Cm \(command.name)", ".Op Ar DIR", ".Op Ar options"]
        }
        lines += [".Nm", ".Cm mcp", ".Op Fl \\-read-only", ".Op Fl \\-print-config Ar CLIENT", ".Nm", ".Cm help", ".Op Ar COMMAND | Fl \\-man | Fl \\-skill"]
        lines += [".Nm", ".Cm completion", ".Ar bash | zsh | fish", ".Nm", ".Fl V | -version"]
        lines += [".Sh DESCRIPTION", line("bggen scaffolds BGTaskScheduler refresh and processing tasks, background URLSession downloads and uploads, and silent push, with the Info.plist and entitlements entries they need, and audits an app's background work.")]
        for command in CommandSpec.all {
            lines += [".Ss bggen \(command.name)", line(command.overview), ".Bl -tag -width Ds"]
            for option in command.options {
                lines.append(item(option))
                lines += blocks([.paragraph(option.summary)] + option.detailBlocks)
            }
            lines.append(".El")
            for section in command.sections {
                lines += [".Pp"] + blocks([.paragraph("\(section.title.capitalized):")] + section.blocks)
            }
        }
        lines += [".Ss bggen mcp", line("Serves bggen's tools (\(MCPTool.Name.allCases.map(\.rawValue).joined(separator: ", "))) to a coding agent as a Model Context Protocol server over stdin and stdout, until end of input; see bggen mcp --help. bggen help --skill prints the agent skill that runs the same steps with these commands."), ".Bl -tag -width Ds",
                  ".It Fl \\-read-only", line("offer only the tools that write nothing: the others are neither listed nor callable."),
                  ".It Fl \\-print-config Ar CLIENT", line("print the configuration that registers the server with \(MCPClientConfiguration.allCases.map(\.rawValue).joined(separator: ", ")) on stdout, and where it goes on stderr."),
                  ".El"]
        lines += [
            ".Sh ENVIRONMENT", ".Bl -tag -width Ds",
            ".It Ev COLUMNS", line("the width help and init's output are filled to, also in a pipe, and doctor's text on a terminal; else the terminal's, else 80."),
            ".It Ev NO_COLOR", line("when set to a non-empty value, no colour, as with --color never."),
            ".It Ev TERM", line("dumb asks questions with numbered choices instead of arrow keys, and turns colour off."),
            ".El",
            ".Sh EXIT STATUS", ".Bl -tag -width Ds",
            ".It 0", line("success."),
            ".It 1", line("init: the job failed (a conflict, a read or write error); doctor: a finding at or above --fail-on."),
            ".It 2", line("doctor could not do its job: a file it could not read, no project."),
            ".It 64", line("a usage error."),
            ".It 130", line("interrupted at a question (Ctrl-C); nothing was written."),
            ".El",
            ".Sh EXAMPLES", ".Bd -literal -offset indent",
        ]
        lines += CommandSpec.all.flatMap(\.examples).map(line)
        lines.append(".Ed")
        lines += [
            ".Sh FILES", ".Bl -tag -width Ds",
            ".It Pa .bggen.json", line("the answers of the last run, replayed by bggen init --yes, the files it generated, and the rules doctor skips."),
            ".It Pa bggen/", line("the Info.plist and entitlements fragments, and NEXT_STEPS.md, the whole next steps (bggen init --next-steps prints them)."),
            ".El",
            ".Sh SEE ALSO",
            line("README.md and docs/ in bggen's repository: existing apps, doctor rules, generated code, JSON and SARIF."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Help's blocks in mdoc: paragraphs for man to fill, rows as a literal table (so the interval mapping's columns
    /// stay columns, its long rows wrapped under their text), commands and literal lines kept whole.
    private static func blocks(_ blocks: [HelpBlock]) -> [String] {
        blocks.enumerated().flatMap { index, block -> [String] in
            switch block {
            // The first follows an item's tag or a paragraph break already.
            case .paragraph(let text): (index == 0 ? [] : [".Pp"]) + [line(text)]
            case .rows(let rows):
                [".Bd -literal -offset indent"] + HelpLayout.table(rows, width: 72).map(line) + [".Ed"]
            case .command(let command): [".Bd -literal -offset indent", line(command), ".Ed"]
            case .literal(let literal): [".Bd -literal -offset indent"] + literal.map(line) + [".Ed"]
            // Goes on from the block before it, as on the help page.
            case .aside(let text): [line(text)]
            }
        }
    }

    /// The page's date, fixed to the version rather than the day it was printed, so the output is reproducible.
    private static let date = "November 30, 2026"

    private static func item(_ option: OptionSpec) -> String {
        switch option.kind {
        case .option: ".It Fl \\-\(option.name) Ar \(escaped(option.valueName))"
        case .flag: ".It " + (option.short.map { "Fl \($0) , " } ?? "") + "Fl \\-\(option.name)"
        case .toggle: ".It Fl \\-\(option.name) , Fl \\-no\\-\(option.name)"
        }
    }

    /// A paragraph of running text: a line may not start with a control character, and backslashes are escaped.
    private static func line(_ paragraph: String) -> String {
        let body = escaped(paragraph)
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    /// Backslashes as `\e`, and anything outside ASCII (…, —) as a named Unicode character, as roff wants them.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").unicodeScalars.map { scalar in
            scalar.isASCII ? String(scalar) : "\\[u" + String(format: "%04X", scalar.value) + "]"
        }.joined()
    }
}
