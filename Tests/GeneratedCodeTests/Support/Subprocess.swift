import Foundation

/// Runs a command and collects its combined output.
///
/// Output goes to a file rather than a pipe: a child that fills a pipe nobody is reading blocks forever, and with
/// tests spawning compilers in parallel a pipe's write end can leak into a sibling process and delay EOF.
enum Subprocess {
    struct Outcome: Sendable {
        let exitCode: Int32
        let output: String
        let duration: Duration
    }

    /// `arguments[0]` is looked up on PATH through /usr/bin/env, like a shell would.
    static func run(_ arguments: [String], in directory: URL) throws -> Outcome {
        let logURL = try Scratch.makeDirectory("log").appendingPathComponent("output.txt")
        defer { try? FileManager.default.removeItem(at: logURL.deletingLastPathComponent()) }
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logURL.path])
        }
        let log = try FileHandle(forWritingTo: logURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
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
