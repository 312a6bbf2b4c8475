@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Testing

/// A console that claims to be a terminal, to check colour without a pseudo-terminal.
final class FakeConsole: Console {
    var output = ""
    var errors = ""
    let inputIsTerminal = false
    let outputIsTerminal: Bool
    /// Set to see what a run writes to a terminal's stderr (the progress of a slow generator dump).
    var errorIsTerminal = false
    let environment: [String: String]
    let currentDirectory: String
    let terminal: (any TerminalDevice)? = nil

    init(terminal: Bool, environment: [String: String] = [:], currentDirectory: String = "/project") {
        outputIsTerminal = terminal
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    func writeOutput(_ text: String) { output += text }
    func writeError(_ text: String) { errors += text }
}

@Suite("Colour only on a terminal, never with NO_COLOR")
struct ColorTests {
    @Test(arguments: [
        (true, [:], true),
        (true, ["NO_COLOR": "1"], false),
        (true, ["NO_COLOR": ""], true),  // no-color.org: only a non-empty value turns colour off
        (true, ["TERM": "dumb"], false),
        (false, [:], false),
    ] as [(Bool, [String: String], Bool)])
    func colour(terminal: Bool, environment: [String: String], expectsColour: Bool) {
        let console = FakeConsole(terminal: terminal, environment: environment)
        let status = CLI(console: console, fileSystem: InMemoryFileSystem()).run(["init", "--yes", "--dry-run"])
        #expect(status == 0)
        #expect(console.output.contains("\u{1B}[") == expectsColour)
    }
}
