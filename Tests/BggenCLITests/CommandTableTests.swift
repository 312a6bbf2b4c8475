@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `--help`, the completion scripts, the man page and the README's usage block all come from the option tables.
@Suite("One option table: help, completions, man page, README")
struct CommandTableTests {
    private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: InMemoryFileSystem()).run(arguments)
        return (status, console.output, console.errors)
    }

    /// `named` builds one command alone (doctor never builds init's table); it and `all` agree with `names`.
    @Test func eachCommandIsFoundByItsName() {
        #expect(CommandSpec.all.map(\.name) == CommandSpec.names)
        for name in CommandSpec.names { #expect(CommandSpec.named(name)?.name == name) }
        #expect(CommandSpec.named("mcp") == nil && CommandSpec.named("help") == nil)
    }

    /// `--help` describes the options its groups describe and names the rest ("Also: --spec"); `bggen help COMMAND`
    /// describes every one.
    @Test func helpListsEveryOptionOfTheTableWithItsSummary() {
        for command in CommandSpec.all {
            // Wrapped to 80 columns: a summary may go on over the next line.
            let help = run([command.name, "--help"]).output.replacingOccurrences(of: #"\n +"#, with: " ", options: .regularExpression)
            let full = run(["help", command.name]).output.replacingOccurrences(of: #"\n +"#, with: " ", options: .regularExpression)
            let described = Set(command.groups.flatMap(\.names))
            for option in command.options {
                #expect(help.contains(described.contains(option.name) ? option.label : "--\(option.name)"), "\(command.name) --help lacks \(option.label)")
                #expect(!described.contains(option.name) || help.contains(option.summary), "\(command.name) --help lacks the summary of --\(option.name)")
                #expect(full.contains(option.label) && full.contains(option.summary), "bggen help \(command.name) lacks --\(option.name)")
            }
        }
    }

    @Test func theReadmeUsageBlockIsTheGeneratedOne() throws {
        let usage = try GeneratedDocBlock.current(
            in: "README.md",
            begin: "<!-- usage: generated from the option tables; BGGEN_RECORD_README=1 swift test --filter CommandTableTests -->\n```\n",
            end: "```\n<!-- usage end -->", expected: HelpText.readmeUsage
        )
        #expect(usage == HelpText.readmeUsage, "README.md's usage block differs; re-record it")
    }

    @Test func theManPageIsMdocThatGroffReadsWithoutWarnings() throws {
        let page = run(["help", "--man"])
        #expect(page.status == 0)
        #expect(page.output.hasPrefix(".Dd "))
        for command in CommandSpec.all {
            for option in command.options {
                #expect(page.output.contains("Fl \\-\(option.name)"), "the man page lacks --\(option.name)")
            }
        }
        guard let groff = Shell.which("groff") else { return }
        let lint = try Shell.run(groff, ["-mdoc", "-Tutf8", "-ww", "-z"], input: page.output)
        #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        let rendered = try Shell.run(groff, ["-mdoc", "-Tascii"], input: page.output)
        #expect(rendered.stdout.contains("--tasks"), "\(rendered.stdout.prefix(400))")
        let text = try Shell.run(groff, ["-man", "-Tutf8", "-ww"], input: page.output)
        #expect(text.stderr.isEmpty, "\(text.stderr)")
        let plain = try Shell.run(groff, ["-mdoc", "-Tascii", "-P-c", "-P-b", "-P-u"], input: page.output).stdout
        #expect(plain.contains("hourly       1 hour") && plain.contains("few-hours    4 hours") && plain.contains("30m, 6h, 1d  any duration"), "the interval mapping is a table: \(plain)")
        #expect(plain.range(of: #"[a-z]-\n"#, options: .regularExpression) == nil, "no word hyphenated at a line end")
        for section in ["FILES", "SEE ALSO", "EXIT STATUS"] {
            #expect(plain.contains("\n\(section)\n"), "the man page lacks \(section)")
        }
        // Every form of help, and what sets the width help is filled to.
        #expect(plain.contains("bggen help [COMMAND | --man | --skill]") && plain.contains("COLUMNS"), "\(plain.prefix(1200))")
        #expect(plain.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("help and init's output are filled to"), "init's whole output is filled, not only its summary")
    }

    /// Offered words for a command line whose last word is being completed, as bash computes them.
    private func bashCompletions(_ words: [String]) throws -> [String] {
        let script = run(["completion", "bash"]).output
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = script + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _bggen; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
        let folder = try fixtureFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Shell.run("/bin/bash", ["--norc", "--noprofile"], input: program, directory: folder)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    private func fixtureFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bggen-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App/Sources"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("project-app.yml"))
        return folder
    }

    @Test func bashCompletesCommandsOptionsValuesAndPaths() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"))
        #expect(try bashCompletions(["bggen", ""]) == ["--help", "--version", "-V", "-h", "completion", "doctor", "help", "init", "mcp"])
        #expect(try bashCompletions(["bggen", "m"]) == ["mcp"])
        #expect(try bashCompletions(["bggen", "help", "--s"]) == ["--skill"])
        #expect(try bashCompletions(["bggen", "help", ""]) == ["--man", "--skill", "completion", "doctor", "init", "mcp"])
        #expect(try bashCompletions(["bggen", "init", "--ta"]) == ["--target", "--tasks"])
        #expect(try bashCompletions(["bggen", "init", "--no-n"]) == ["--no-network"])
        #expect(try bashCompletions(["bggen", "init", "--interval", ""]) == Interval.keywords.sorted())
        #expect(try bashCompletions(["bggen", "init", "--tasks", "refresh,d"]) == ["refresh,downloads"])
        #expect(try bashCompletions(["bggen", "init", "--style", "s"]) == ["swiftui"])
        #expect(try bashCompletions(["bggen", "doctor", "--format", ""]) == ["github", "json", "sarif", "text", "xcode"])
        #expect(try bashCompletions(["bggen", "init", "--output", "A"]) == ["App"])
        #expect(try bashCompletions(["bggen", "init", "--spec", "project-"]) == ["project-app.yml"])
        #expect(try bashCompletions(["bggen", "init", "A"]) == ["App"])
        #expect(try bashCompletions(["bggen", "completion", ""]) == ["bash", "fish", "zsh"])
    }

    /// macOS's bash 3.2 loads nothing from `source <(…)`: the script says to load it with `eval`, which does.
    @Test func theBashScriptSaysToLoadItWithEvalAndEvalLoadsIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"))
        let script = run(["completion", "bash"]).output
        #expect(script.hasPrefix(#"# bash completion for bggen. Load with: eval "$(bggen completion bash)""# + "\n"))
        #expect(!script.contains("source <("))
        let loaded = try Shell.run("/bin/bash", ["--norc", "--noprofile", "-c", #"bggen() { cat; }; eval "$(bggen completion bash)"; complete -p bggen"#],
                                   input: script, directory: fixtureFolder())
        #expect(loaded.stdout == "complete -F _bggen bggen\n", "\(loaded.stderr)")
    }

    @Test func everyShellGetsAScriptAndAnUnknownOneIsAUsageError() throws {
        for shell in CompletionScript.Shell.allCases {
            let script = run(["completion", shell.rawValue])
            #expect(script.status == 0 && script.output.contains("bggen"))
        }
        #expect(run(["completion", "fish"]).output.contains("-l tasks -x -a '(__bggen_list refresh processing"))
        let wrong = run(["completion", "powershell"])
        #expect(wrong.status == 64 && wrong.errors.contains("completion takes one shell"))
    }

    /// Each script loaded the way a user's shell loads it: zsh from a folder on `fpath` after `compinit`, and
    /// sourced after it; fish through `bggen completion fish | source`. Skipped, and said so, without the shell.
    @Test func theScriptsLoadInRealShells() throws {
        let folder = try TemporaryDirectory()
        if let zsh = Shell.which("zsh") {
            try run(["completion", "zsh"]).output.write(to: folder.url.appendingPathComponent("_bggen"), atomically: true, encoding: .utf8)
            let fromFpath = try Shell.run(zsh, ["-f", "-c", "fpath=(\(folder.url.path) $fpath); autoload -U compinit && compinit -u -d \(folder.url.path)/dump; print -r -- $_comps[bggen]"], input: "")
            #expect(fromFpath.status == 0 && fromFpath.stdout == "_bggen\n" && fromFpath.stderr.isEmpty, "zsh from fpath: \(fromFpath.stdout)\(fromFpath.stderr)")
            let sourced = try Shell.run(zsh, ["-f", "-c", "autoload -U compinit && compinit -u -d \(folder.url.path)/dump2; source /dev/stdin; print -r -- $_comps[bggen]"],
                                        input: run(["completion", "zsh"]).output)
            #expect(sourced.status == 0 && sourced.stdout == "_bggen\n" && sourced.stderr.isEmpty, "zsh sourced: \(sourced.stdout)\(sourced.stderr)")
        } else {
            print("note: zsh is not installed; the zsh completion script was not loaded")
        }
        if let fish = Shell.which("fish") {
            let script = run(["completion", "fish"]).output
            let offered = try Shell.run(fish, ["--no-config", "-c", "source; complete -C 'bggen init --tasks refresh,'"], input: script)
            #expect(offered.status == 0 && offered.stderr.isEmpty, "\(offered.stderr)")
            let words = offered.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
            #expect(words.contains("refresh,processing") && !words.contains("refresh,refresh"), "\(words)")
            let options = try Shell.run(fish, ["--no-config", "-c", "source; complete -C 'bggen doctor --for'"], input: script)
            #expect(options.stdout.hasPrefix("--format\t"), "\(options.stdout)")
        } else {
            print("note: fish is not installed; the fish completion script was not loaded")
        }
    }

    @Test func aZshSpecPerOptionWithItsSummary() {
        let script = run(["completion", "zsh"]).output
        #expect(script.hasPrefix("#compdef bggen\n") && !script.contains("bashcompinit"))
        #expect(script.contains("'--format=[text (default; grouped by file), xcode, json, sarif or github]:FORMAT:(text json sarif xcode github)'"), "\(script)")
        #expect(script.contains("'(-y --yes)'{-y,--yes}'[take the defaults for what is not given; never prompt]'"))
        #expect(script.contains("'--tasks=[comma-separated: refresh, processing, downloads, uploads, silent-push, continued-processing (default: refresh,processing)]:LIST:_sequence compadd - refresh processing"), "\(script)")
    }
}

/// Runs a tool with `input` on stdin.
enum Shell {
    static func which(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ path: String, _ arguments: [String], input: String, directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
