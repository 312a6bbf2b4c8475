@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("The argument parser")
struct ArgumentParserTests {
    let parser = ArgumentParser(specs: [
        OptionSpec(name: "tasks", kind: .option, valueName: "LIST", summary: "tasks"),
        OptionSpec(name: "network", kind: .toggle, summary: "network"),
        OptionSpec(name: "yes", kind: .flag, short: "y", summary: "yes"),
        OptionSpec(name: "quiet", kind: .flag, short: "q", summary: "quiet"),
        OptionSpec(name: "help", kind: .flag, short: "h", summary: "help"),
    ])

    @Test func valuesFlagsTogglesAndPositionals() throws {
        let result = try parser.parse(["--tasks=refresh", "--no-network", "-y", "App"])
        #expect(result.values == ["tasks": "refresh"])
        #expect(result.toggles == ["network": false])
        #expect(result.flags == ["yes"])
        #expect(result.positionals == ["App"])
        #expect(try parser.parse(["--tasks", "processing"]).values == ["tasks": "processing"])
    }

    /// The option tables write their fields in an order that names the same mistake as before they did: the
    /// output flags' contradiction before a bad --color, an answer before --output.
    @Test func ofSeveralMistakesTheSameOneIsNamed() {
        #expect(throws: UsageError("--quiet and --verbose contradict each other; pass one.")) {
            try InitOptions.parse(["--quiet", "--verbose", "--color", "sometimes"])
        }
        #expect(throws: ConfigurationError.invalidTypePrefix("acme")) { try InitOptions.parse(["--output=", "--prefix", "acme"]) }
        #expect(throws: UsageError("--output is empty; pass a folder inside DIR.")) { try InitOptions.parse(["--output=", "--prefix", "Acme"]) }
    }

    @Test func packedShortFlagsAreEachFlag() throws {
        #expect(try parser.parse(["-yq"]).flags == ["yes", "quiet"])
        #expect(throws: UsageError("unknown option '-x'.")) { try parser.parse(["-yx"]) }
    }

    @Test func doubleDashEndsTheOptions() throws {
        let result = try parser.parse(["-y", "--", "--tasks", "-h", "-"])
        #expect(result.flags == ["yes"])
        #expect(result.positionals == ["--tasks", "-h", "-"])
    }

    @Test(arguments: [["--nope", "--help"], ["--tasks", "--help"], ["-h", "--network", "--no-network"], ["-yh", "a", "b"], ["--tasks", "x", "--tasks", "y", "--help"]])
    func helpWinsOverAnyOtherMistake(_ arguments: [String]) throws {
        #expect(try parser.parse(arguments).flags == ["help"])
    }

    @Test(arguments: [
        (["--task", "refresh"], "unknown option '--task'; did you mean --tasks?"),
        (["--bogus"], "unknown option '--bogus'."),
        (["--tasks"], "--tasks needs a value."),
        (["--yes=1"], "--yes takes no value."),
        (["--network", "--no-network"], "--network and --no-network contradict each other; pass one of them."),
        (["--tasks", "a", "--tasks", "b"], "--tasks was given more than once; give it once."),
    ] as [([String], String)])
    func mistakesAreOneSentenceEndingOnce(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError(message)) { try parser.parse(arguments) }
    }
}

@Suite("What users expect of the command line")
struct CommandLineBehaviourTests {
    private func run(_ arguments: [String], terminal: Bool = false, environment: [String: String] = [:], disk: InMemoryFileSystem = InMemoryFileSystem()) -> (status: Int32, output: String, errors: String) {
        let console = FakeConsole(terminal: terminal, environment: environment)
        let status = CLI(console: console, fileSystem: disk).run(arguments)
        return (status, console.output, console.errors)
    }

    @Test func bareBggenPrintsTheHelpAndSucceeds() {
        let bare = run([])
        #expect(bare.status == 0 && bare.output == HelpText.main && bare.errors.isEmpty)
    }

    @Test func versionHasAShortForm() {
        #expect(run(["-V"]).output == "bggen \(HelpText.version)\n")
        #expect(run(["--version"]).output == "bggen \(HelpText.version)\n")
    }

    @Test func helpWinsOverABadFlag() {
        let help = run(["init", "--tasks", "nonsense", "--bogus", "-h"])
        #expect(help.status == 0 && help.output == HelpText.page(InitOptions.command) && help.errors.isEmpty)
    }

    @Test func quietPrintsOnlyTheResult() {
        let loud = run(["init", "--yes", "--tasks", "processing", "--interval", "30m", "--dry-run"])
        #expect(loud.errors.contains("note: "))
        let quiet = run(["init", "-yq", "--tasks", "processing", "--interval", "30m", "--dry-run"])
        #expect(quiet.status == 0 && quiet.errors.isEmpty, "\(quiet.errors)")
        #expect(quiet.output == loud.output)
        // After writing: the files that changed, without the tree, the identifiers or the next steps.
        let written = run(["init", "-yq", "--tasks", "refresh", "App"])
        #expect(written.status == 0 && written.errors.isEmpty, "\(written.errors)")
        #expect(written.output.contains("create     App/BackgroundProcessing/AppRefreshWork.swift") || written.output.contains("BackgroundProcessing/AppRefreshWork.swift"), "\(written.output)")
        #expect(!written.output.contains("Next steps") && !written.output.contains("Identifiers:"), "\(written.output)")
    }

    @Test(arguments: [
        ("always", false, [:], true),
        ("always", true, ["NO_COLOR": "1"], true),
        ("never", true, [:], false),
        ("auto", true, [:], true),
        ("auto", true, ["NO_COLOR": "1"], false),
    ] as [(String, Bool, [String: String], Bool)])
    func colorChoiceBeatsTheGuess(_ choice: String, _ terminal: Bool, _ environment: [String: String], _ coloured: Bool) {
        let result = run(["init", "--yes", "--dry-run", "--color", choice], terminal: terminal, environment: environment)
        #expect(result.status == 0)
        #expect(result.output.contains("\u{1B}[") == coloured)
    }

    private func document(_ text: String) throws -> [String: Any] {
        #expect(text.hasSuffix("}\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not one JSON object: \(text)")
    }

    @Test(arguments: [
        ["init", "--json", "--yes", "--dry-run"],
        ["init", "--json", "--tasks", "nonsense"],
        ["init", "--json", "--bogus"],
        ["init", "--json"],
        ["doctor", "/nowhere", "--format", "json"],
        ["doctor", "--format=json", "--fail-on", "fatal"],
    ])
    func jsonIsAlwaysOneDocumentWithItsSchemaVersion(_ arguments: [String]) throws {
        let result = run(arguments)
        let object = try document(result.output)
        #expect(object["schemaVersion"] as? Int == 1, "\(result.output)")
        if result.status != 0 {
            #expect(object["exitStatus"] as? Int == Int(result.status))
            #expect((object["error"] as? String).map { result.errors.contains($0) } == true, "\(result.output)")
        }
    }

    @Test func jsonForConflictsNamesTheFiles() throws {
        let disk = InMemoryFileSystem()
        #expect(run(["init", "--yes"], disk: disk).status == 0)
        let manager = try #require(disk.files.keys.first { $0.hasSuffix("BackgroundTaskManager.swift") })
        try disk.writeAtomically((disk.files[manager] ?? "") + "// edited\n", to: manager)
        let result = run(["init", "--yes", "--json"], disk: disk)
        #expect(result.status == 1)
        let object = try document(result.output)
        #expect((object["conflicts"] as? [String])?.contains { manager.hasSuffix($0) } == true, "\(result.output)")
    }
}
