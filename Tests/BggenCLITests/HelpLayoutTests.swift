@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Help fits the terminal it is printed on, as swift-argument-parser's does: grouped options, paragraphs filled to
/// the width, long labels with their text on the next line, examples a reader can copy.
@Suite("Help laid out for the terminal")
struct HelpLayoutTests {
    private func run(_ arguments: [String], columns: Int?, terminal: Bool = false) -> (status: Int32, output: String, errors: String) {
        let console = FakeConsole(terminal: terminal, environment: columns.map { ["COLUMNS": "\($0)"] } ?? [:])
        let status = CLI(console: console, fileSystem: InMemoryFileSystem()).run(arguments)
        return (status, console.output, console.errors)
    }

    /// Every help page there is: the main help, each command's `--help` and its whole reference.
    private static let pages: [[String]] = [["--help"], ["help"], ["mcp", "--help"], ["help", "mcp"], ["completion", "--help"], ["help", "completion"]]
        + CommandSpec.all.flatMap { [[$0.name, "--help"], ["help", $0.name]] }

    @Test(arguments: [60, 80, 120])
    func noLineIsWiderThanTheTerminalButAnUnbreakableWord(width: Int) {
        for page in Self.pages {
            let help = run(page, columns: width)
            #expect(help.status == 0 && help.errors.isEmpty, "\(page): \(help.errors)")
            let wide = help.output.split(separator: "\n").filter { $0.count > width && $0.trimmingCharacters(in: .whitespaces).contains(" ") }
            #expect(wide.isEmpty, "\(page) at \(width): \(wide)")
        }
    }

    @Test func widthComesFromColumnsEvenInAPipeElseTheTerminalElse80() {
        #expect(FakeConsole(terminal: false, environment: ["COLUMNS": "60"]).helpWidth == 60)
        #expect(FakeConsole(terminal: false).helpWidth == 80)
        let widest = run(["init", "--help"], columns: 120).output.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest > 80, "at 120 columns the text uses the room")
    }

    /// At most 60 lines at 60, 80 and 120 columns, as swift-argument-parser's pages are; every option is named
    /// there, and the reference, `bggen help COMMAND`, describes every one and has the rest.
    @Test(arguments: [60, 80, 120])
    func eachCommandsHelpIsAScreenfulAndItsReferenceHasTheRest(width: Int) {
        for command in CommandSpec.all {
            let short = run([command.name, "--help"], columns: width).output
            let lines = short.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= 60, "\(command.name) --help at \(width) is \(lines) lines:\n\(short)")
            #expect(short.contains("bggen help \(command.name)"), "the page says where the rest is")
            let full = run(["help", command.name], columns: width).output
            for section in command.sections {
                #expect(full.contains("\n\(section.title):\n") && !short.contains("\n\(section.title):\n"), "\(section.title)")
            }
            let flat = full.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for option in command.options {
                #expect(short.contains("--\(option.name)"), "\(command.name) --help does not name --\(option.name)")
                #expect(flat.contains(option.label + " " + option.summary), "bggen help \(command.name) does not describe \(option.label)")
            }
        }
    }

    /// A group's options after "Also:" go on one filled line under its described ones, with no blank line between.
    @Test func initsLessUsedOptionsAreNamedUnderTheirGroup() throws {
        let lines = run(["init", "--help"], columns: 80).output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let also = try #require(lines.firstIndex { $0.hasPrefix("  Also: --checkpoint, --at, --strategy, --gpu") }, "\(lines)")
        #expect(lines[also - 1].hasPrefix("  --tests, --no-tests"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("  --checkpoint, --no-checkpoint") }, "named only, not described")
    }

    @Test func everyOptionIsInExactlyOneGroup() {
        for command in CommandSpec.all {
            let grouped = command.groups.flatMap(\.all)
            #expect(grouped.sorted() == command.options.map(\.name).sorted(), "\(command.name)'s groups: \(grouped)")
            let help = run([command.name, "--help"], columns: 80).output
            #expect(!help.contains("OTHER OPTIONS"))
            for group in command.groups {
                #expect(help.contains("\n\(group.title):\n"), "\(group.title)")
            }
        }
    }

    /// A copied example runs: joined at its ` \` continuations, each example is whole, at every width.
    @Test(arguments: [40, 60, 80, 120])
    func examplesAreNeverSplit(width: Int) {
        for command in CommandSpec.all {
            let help = run([command.name, "--help"], columns: width).output
            let joined = help.replacingOccurrences(of: #" \\\n +"#, with: " ", options: .regularExpression)
            let lines = Set(joined.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            for example in command.examples {
                #expect(lines.contains(example), "\(command.name) at \(width) breaks '\(example)':\n\(help)")
            }
            let continued = help.split(separator: "\n").filter { $0.hasSuffix(" \\") }
            #expect(continued.allSatisfy { $0.count <= width }, "\(continued)")
        }
    }

    @Test func aLongLabelHasItsTextOnTheNextLineInTheColumn() throws {
        let column = String(repeating: " ", count: 2 + HelpLayout.labelColumn)
        let lines = run(["help", "init"], columns: 80).output.split(separator: "\n").map(String.init)
        let label = try #require(lines.firstIndex(of: "  --checkpoint, --no-checkpoint"))
        #expect(lines[label + 1].hasPrefix(column + "processing"), "\(lines)")
        // Every group's text starts in the one column, so the groups line up.
        let inline = lines.filter { $0.hasPrefix("  -") && $0.contains("   ") }
        let starts = inline.map { line in line.firstRange(of: #/\S  +\S/#).map { line.distance(from: line.startIndex, to: $0.upperBound) - 1 } }
        #expect(inline.count > 20 && starts.allSatisfy { $0 == column.count }, "\(inline)")
        // A wrapped summary goes on under its text, never under the label.
        let tasks = lines.firstIndex { $0.hasPrefix("  --tasks LIST ") }
        #expect(tasks.map { lines[$0 + 1].hasPrefix(column) && lines[$0 + 1].dropFirst(column.count).first != " " } == true)
    }

    /// No option's label runs into its text, on any command's help at any width: the label stands alone on its line,
    /// or two spaces or more part it from its text. The README's usage block (the same rows at 80 columns) had
    /// `--checkpoint, --no-checkpoint processing saves…`, one space apart, and lines of up to 140 characters.
    @Test(arguments: [60, 80, 120])
    func noOptionsLabelRunsIntoItsText(width: Int) {
        for command in CommandSpec.all {
            for page in [[command.name, "--help"], ["help", command.name]] {
                let help = run(page, columns: width).output
                #expect(Self.labelsRunningIntoText(help, command.options).isEmpty, "\(page) at \(width): \(Self.labelsRunningIntoText(help, command.options))")
            }
        }
    }

    @Test func theReadmeUsageBlockKeepsEachLabelApartWithin80Columns() {
        let usage = HelpText.readmeUsage
        for command in CommandSpec.all {
            #expect(Self.labelsRunningIntoText(usage, command.options).isEmpty, "\(Self.labelsRunningIntoText(usage, command.options))")
            for option in command.options {
                #expect(usage.split(separator: "\n").contains { $0.hasPrefix("  \(option.label)") }, "\(option.label) is missing")
            }
        }
        let wide = usage.split(separator: "\n").filter { $0.count > HelpText.defaultWidth }
        #expect(wide.isEmpty, "\(wide)")
    }

    /// The option rows of `text` (indented by two, as every page and the README set them) where one of `options`'
    /// labels is followed by one space and a word. A label that only starts another, longer one (`--fix`,
    /// `--fixed`) is not counted, nor running text deeper in, which may start a line with a flag.
    private static func labelsRunningIntoText(_ text: String, _ options: [OptionSpec]) -> [Substring] {
        text.split(separator: "\n").filter { line in
            options.contains { option in
                guard line.hasPrefix("  " + option.label) else { return false }
                let rest = line.dropFirst(2 + option.label.count)
                return rest.first == " " && rest.dropFirst().first.map { $0 != " " } == true
            }
        }
    }

    /// Doctor's rule table: every line of a rule's summary starts in the summary column, whatever its severity.
    @Test(arguments: [60, 80, 100])
    func ruleTableContinuationsStayInTheRightColumn(width: Int) throws {
        let help = run(["help", "doctor"], columns: width).output
        let table = try #require(help.components(separatedBy: "\nRULES:\n").last?.components(separatedBy: "\n\n").first)
        #expect(table.contains("MODE003") && !table.contains("CHECK001 note rather"), "the table alone: \(table)")
        let rows = table.split(separator: "\n")
        let starts = rows.filter { !$0.hasPrefix("   ") }
        #expect(starts.count == DoctorRule.all.count)
        let column = try #require(starts.first.flatMap { row in row.range(of: #"(error|warning|note) +"#, options: .regularExpression)?.upperBound })
            .utf16Offset(in: starts[0])
        for row in rows where row.hasPrefix("   ") {
            #expect(row.prefix { $0 == " " }.count == column, "\(row)")
        }
        for row in starts {
            #expect(row.count > column && row[row.index(row.startIndex, offsetBy: column - 1)] == " " && row[row.index(row.startIndex, offsetBy: column)] != " ", "\(row)")
        }
    }

    @Test func paragraphsAreFilledNotRewrappedLineByLine() {
        let text = String(repeating: "word ", count: 30)
        let lines = HelpLayout.fill(text, indent: 4, width: 40)
        #expect(lines.allSatisfy { $0.count <= 40 && $0.hasPrefix("    word") }, "\(lines)")
        #expect(lines.dropLast().allSatisfy { $0.count >= 36 }, "every line but the last is filled: \(lines)")
        #expect(HelpLayout.fill("a " + String(repeating: "x", count: 50) + " b", indent: 2, width: 20) == ["  a", "  " + String(repeating: "x", count: 50), "  b"],
                "a word longer than the line stands alone, uncut")
    }

    /// `bggen mcp --help` ends as doctor's and init's pages do, saying where the rest is: docs/mcp.md, named as the
    /// repository's since an installed bggen has no docs/, or the man page. It said "docs/mcp.md has more" inside a
    /// sentence, and broke the skill's command (`bggen help` / `--skill`) at 80 columns.
    @Test(arguments: [60, 80, 120])
    func mcpHelpEndsWithWhereTheRestIsAsTheCommandsDo(width: Int) {
        let mcp = run(["mcp", "--help"], columns: width).output
        let doctor = run(["doctor", "--help"], columns: width).output
        let closing = mcp.split(separator: "\n\n").last.map { $0.split(separator: "\n").joined(separator: " ") } ?? ""
        #expect(closing.hasPrefix("In full: \(MCPCommand.docsPage) in bggen's repository") && closing.hasSuffix(", or man bggen"), "\(mcp)")
        #expect(doctor.hasSuffix(", or man bggen\n"), "\(doctor)")
        #expect(FileManager.default.fileExists(atPath: RepositoryPaths.root.appendingPathComponent(MCPCommand.docsPage).path))
        #expect(mcp.split(separator: "\n").contains("bggen help --skill"), "\(mcp)")
    }

    /// A new folder has no app to read: `--bundle-id` and `--ios` name what they fall back to there, where the
    /// one-line summaries said only "(default: the app's)"; and the main page's exit statuses and its reference are
    /// two paragraphs, which ran together.
    @Test func initsHelpNamesTheDefaultsOfANewFolder() {
        let flat = run(["init", "--help"], columns: 80).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("(default: the app's, else \(BundleIdentifier.example))"), "\(flat)")
        #expect(flat.contains("(default: the app's, else \(DeploymentTarget.standard))"), "\(flat)")
        #expect(run(["--help"], columns: 80).output.contains("a usage error.\n\nReference: man bggen"))
    }

    @Test func completionTakesHelpLikeEveryCommand() {
        for arguments in [["completion", "--help"], ["completion", "-h"], ["help", "completion"]] {
            let help = run(arguments, columns: nil)
            #expect(help.status == 0 && help.output.contains("bggen completion bash|zsh|fish") && help.output.contains("fpath"), "\(help.output)")
        }
    }

    /// `help` is a command too: `bggen help --help` (and `help help`, which a near miss once suggested for it) show
    /// the main help, whose COMMANDS list says what `help` takes; it was "no help for '--help'", exit 64.
    @Test func helpTakesHelpLikeEveryCommand() {
        let main = run(["--help"], columns: nil).output
        for arguments in [["help", "--help"], ["help", "-h"], ["help", "help"]] {
            let help = run(arguments, columns: nil)
            #expect(help.status == 0 && help.output == main && main.contains("help [COMMAND]"), "\(arguments): \(help.output)")
        }
    }

    @Test(arguments: [
        (["doctr"], "unknown command 'doctr'; did you mean 'bggen doctor'?"),
        (["inti", "--yes"], "did you mean 'bggen init --yes'?"),
        (["version"], "the commands are init, doctor, mcp, help, completion (as in"),
        (["help", "doctr"], "Did you mean 'bggen help doctor'?"),
        (["completion", "zhs"], "Did you mean 'bggen completion zsh'?"),
        (["doctor", "--format", "sarf"], "Did you mean --format sarif?"),
        (["doctor", "--fail-on", "warn"], "Did you mean --fail-on warning?"),
        (["init", "--tasks", "refresh,procesing"], "Did you mean --tasks refresh,processing?"),
        (["init", "--style", "swiftiu"], "Did you mean --style swiftui?"),
        (["init", "--color", "nevr"], "Did you mean --color never?"),
    ] as [([String], String)])
    func nearMissesGetADidYouMean(arguments: [String], expected: String) {
        let result = run(arguments, columns: nil)
        #expect(result.status == 64)
        #expect(result.errors.contains(expected), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").first.map { !$0.isEmpty } == true)
    }

    @Test func aWordFarFromEveryCommandGetsNoGuess() {
        let result = run(["frobnicate"], columns: nil)
        #expect(!result.errors.contains("did you mean"), "\(result.errors)")
    }
}
