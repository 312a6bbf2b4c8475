import BggenTestSupport
import Foundation

/// A scenario's generated Swift plus a `main.swift`, built against the simulator: for checks that need a program
/// of their own rather than the shared harness, run once or (as launches of one app) several times.
struct GeneratedProgram: Sendable {
    let executable: URL
    /// Holds the sources and the executable until the program is dropped.
    let folder: TemporaryDirectory

    static func build(_ scenario: String, main: String) async throws -> GeneratedProgram {
        var swiftFiles: [String: String] = [:]
        for file in try Scenarios.named(scenario).renderedFiles() where file.path.hasSuffix(".swift") {
            swiftFiles[(file.path as NSString).lastPathComponent] = file.contents
        }
        return try await build(swiftFiles: swiftFiles, main: main)
    }

    /// `swiftFiles` (file name to contents; for example a mutant's) plus `main`.
    static func build(swiftFiles: [String: String], main: String) async throws -> GeneratedProgram {
        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for (name, contents) in swiftFiles {
            let url = folder.url.appendingPathComponent(name)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let mainFile = folder.url.appendingPathComponent("main.swift")
        try main.write(to: mainFile, atomically: true, encoding: .utf8)
        let executable = try await StubSDK.shared().buildExecutable(swiftFiles: sources + [mainFile], setup: .swift6)
        return GeneratedProgram(executable: executable, folder: folder)
    }

    static func run(_ scenario: String, main: String, timeLimit: Double = 20) async throws -> Subprocess.Run {
        try await build(scenario, main: main).launch(timeLimit: timeLimit)
    }

    /// Runs the program once, as a process of its own. Its temporary folder (where the simulated transfer daemon
    /// keeps its files) is the program's own folder unless `environment` names another, so nothing is left in the
    /// machine's.
    func launch(
        arguments: [String] = [], environment: [String: String] = [:], timeLimit: Double = 20
    ) async throws -> Subprocess.Run {
        let environment = environment.merging(["TMPDIR": folder.url.path]) { given, _ in given }
        return try await Subprocess.launch(executable, arguments: arguments, environment: environment, in: folder.url, timeLimit: timeLimit)
    }
}
