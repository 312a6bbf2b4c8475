import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation

/// Runs bggen in this process, on the real disk, as `BinaryRunner` runs the binary: no terminal, output captured.
/// Most CLI tests use it (fast, no process per run); `BinaryTests` keep the binary itself covered.
enum InProcessRunner {
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], on route: DiskRoute = .kernelPath) throws -> BinaryRun {
        run(arguments, in: directory, environment: environment, fileSystem: route.disk)
    }

    /// On a disk of the test's own (one that compares names as APFS does, one that cannot lock).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], fileSystem: any FileSystem) -> BinaryRun {
        let console = FakeConsole(terminal: false, environment: environment, currentDirectory: directory.standardizedFileURL.path)
        let status = CLI(console: console, fileSystem: fileSystem).run(arguments)
        return BinaryRun(status: status, stdout: console.output, stderr: console.errors)
    }
}

extension DiskRoute {
    /// The built binary on the kernel's route, the route a Mac falls back to in this process: a run that must not
    /// hang (a FIFO) is proved on both.
    func run(_ arguments: [String], in directory: URL) throws -> BinaryRun {
        self == .kernelPath ? try BinaryRunner.run(arguments, in: directory) : try InProcessRunner.run(arguments, in: directory, on: self)
    }
}
