import Foundation

/// Runs a command and collects its combined output.
///
/// Output goes to a file rather than a pipe: a child that fills a pipe nobody is reading blocks forever, and with
/// tests spawning compilers in parallel a pipe's write end can leak into a sibling process and delay EOF.
public enum Subprocess {
    public struct Outcome: Sendable {
        public let exitCode: Int32
        public let output: String
        public let duration: Duration
    }

    /// `arguments[0]` is looked up on PATH through /usr/bin/env, like a shell would. `environment` is laid over
    /// this process's own.
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Outcome {
        let logFolder = try TemporaryDirectory()
        let logURL = logFolder.url.appendingPathComponent("output.txt")
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logURL.path])
        }
        let log = try FileHandle(forWritingTo: logURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log

        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let duration = ContinuousClock.now - start
        try log.close()

        let output = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        return Outcome(exitCode: process.terminationStatus, output: output, duration: duration)
    }
}
