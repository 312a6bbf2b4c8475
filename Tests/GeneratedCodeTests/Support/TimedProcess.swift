import Foundation

/// Runs a program with a time limit and its own environment, and says how it ended: with an exit code, killed by
/// a signal (a Swift trap is SIGTRAP or SIGILL), or stopped because it ran out of time.
///
/// Output goes to a file, for the reasons given in `Subprocess`.
enum TimedProcess {
    enum Ending: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case timedOut(seconds: Double)

        var description: String {
            switch self {
            case .exited(let code): "exit code \(code)"
            case .signalled(let signal): "killed by signal \(signal)\(Self.signalNames[signal].map { " (\($0))" } ?? "")"
            case .timedOut(let seconds): "no result within \(seconds) s, killed"
            }
        }

        private static let signalNames: [Int32: String] = [
            4: "SIGILL: a Swift trap", 5: "SIGTRAP: a Swift trap", 6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV",
        ]
    }

    struct Outcome: Sendable {
        let ending: Ending
        let output: String
        let duration: Duration
    }

    static func run(
        _ executable: URL,
        arguments: [String],
        environment: [String: String],
        in directory: URL,
        timeLimit: Double
    ) throws -> Outcome {
        let logURL = try Scratch.makeDirectory("run-log").appendingPathComponent("output.txt")
        defer { try? FileManager.default.removeItem(at: logURL.deletingLastPathComponent()) }
        guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logURL.path])
        }
        let log = try FileHandle(forWritingTo: logURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }

        let start = ContinuousClock.now
        try process.run()
        var timedOut = false
        if exited.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        let duration = ContinuousClock.now - start
        try log.close()

        let output = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        let ending: Ending = if timedOut {
            .timedOut(seconds: timeLimit)
        } else if process.terminationReason == .uncaughtSignal {
            .signalled(process.terminationStatus)
        } else {
            .exited(process.terminationStatus)
        }
        return Outcome(ending: ending, output: output, duration: duration)
    }
}
