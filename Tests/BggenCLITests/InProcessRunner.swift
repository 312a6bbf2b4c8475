import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation

/// Runs bggen in this process, on the real disk, as `BinaryRunner` runs the binary: no terminal, output captured.
/// Most CLI tests use it (fast, no process per run); `BinaryTests` keep the binary itself covered.
enum InProcessRunner {
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> BinaryRun {
        let console = FakeConsole(terminal: false, environment: environment, currentDirectory: directory.standardizedFileURL.path)
        let status = CLI(console: console, fileSystem: LocalFileSystem()).run(arguments)
        return BinaryRun(status: status, stdout: console.output, stderr: console.errors)
    }
}
