import BggenTestSupport
import Foundation

/// A scenario's generated Swift plus a `main.swift`, built against the simulator and run once: for checks that
/// need a program of their own rather than the shared harness.
enum GeneratedProgram {
    static func run(_ scenario: String, main: String, timeLimit: Double = 20) throws -> TimedProcess.Outcome {
        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for file in try Scenarios.named(scenario).renderedFiles() where file.path.hasSuffix(".swift") {
            let url = folder.url.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let mainFile = folder.url.appendingPathComponent("main.swift")
        try main.write(to: mainFile, atomically: true, encoding: .utf8)
        let executable = try StubSDK.shared().buildExecutable(swiftFiles: sources + [mainFile], setup: .swift6)
        return try TimedProcess.run(executable, arguments: [], environment: [:], in: folder.url, timeLimit: timeLimit)
    }
}
