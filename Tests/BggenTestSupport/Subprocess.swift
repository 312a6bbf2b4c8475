import Foundation
import Synchronization

/// Runs a command and collects its combined output.
///
/// Output goes to a file rather than a pipe: a child that fills a pipe nobody is reading blocks forever, and with
/// tests spawning compilers in parallel a pipe's write end can leak into a sibling process and delay EOF.
///
/// From async code the wait never holds a thread: the child's termination handler resumes the caller, so a test
/// waiting for a simulator that sleeps leaves the core to a compiler. The synchronous `run` is for the few callers
/// that cannot be async (test traits) and for children that keep a core busy the whole time anyway.
public enum Subprocess {
    public struct Outcome: Sendable {
        public let exitCode: Int32
        public let output: String
        public let duration: Duration
    }

    /// How a child ended: with an exit code, killed by a signal (a Swift trap is SIGTRAP or SIGILL), or stopped
    /// because it ran out of time.
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case timedOut(seconds: Double)

        public var description: String {
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

    /// What `launch` reports.
    public struct Run: Sendable {
        public let ending: Ending
        public let output: String
        public let duration: Duration
    }

    /// `arguments[0]` is looked up on PATH through /usr/bin/env, like a shell would. `environment` is laid over
    /// this process's own.
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) async throws -> Outcome {
        let run = try await launch(env, arguments: arguments, environment: environment, in: directory)
        return Outcome(exitCode: run.ending.code, output: run.output, duration: run.duration)
    }

    /// Blocks the calling thread until the child exits.
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Outcome {
        let child = try Child(env, arguments: arguments, environment: environment, in: directory)
        let start = ContinuousClock.now
        let started = Date()
        try child.process.run()
        child.process.waitUntilExit()
        let duration = ContinuousClock.now - start
        if SubprocessTimeline.isOn {
            let ending = "exit code \(child.process.terminationStatus)"
            SubprocessTimeline.record(executable: env, arguments: arguments, started: started, ended: Date(), ending: ending)
        }
        return Outcome(exitCode: child.process.terminationStatus, output: try child.output(), duration: duration)
    }

    /// Runs `executable` and suspends until it exits, or until `timeLimit` seconds have passed, when it is killed.
    public static func launch(
        _ executable: URL,
        arguments: [String],
        environment: [String: String] = [:],
        in directory: URL,
        timeLimit: Double? = nil
    ) async throws -> Run {
        let child = try Child(executable, arguments: arguments, environment: environment, in: directory)
        let process = child.process
        let start = ContinuousClock.now
        let started = Date()
        let timedOut = Flag()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            if let timeLimit {
                let pid = process.processIdentifier
                DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
                    // The handler has not run yet while the child is running, so `pid` is still this child's.
                    if process.isRunning {
                        timedOut.raise()
                        kill(pid, SIGKILL)
                    }
                }
            }
        }
        let duration = ContinuousClock.now - start
        let output = try child.output()
        let ending: Ending = if let timeLimit, timedOut.isRaised {
            .timedOut(seconds: timeLimit)
        } else if process.terminationReason == .uncaughtSignal {
            .signalled(process.terminationStatus)
        } else {
            .exited(process.terminationStatus)
        }
        if SubprocessTimeline.isOn {
            SubprocessTimeline.record(executable: executable, arguments: arguments, started: started, ended: Date(), ending: "\(ending)")
        }
        return Run(ending: ending, output: output, duration: duration)
    }

    private static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Set once, from the timer that kills a child.
    private final class Flag: Sendable {
        private let value = Mutex(false)
        func raise() { value.withLock { $0 = true } }
        var isRaised: Bool { value.withLock { $0 } }
    }

    /// A configured, not yet started process whose stdout and stderr go to one log file.
    private struct Child {
        let process = Process()
        let logFolder: TemporaryDirectory
        let logURL: URL
        let log: FileHandle

        init(_ executable: URL, arguments: [String], environment: [String: String], in directory: URL) throws {
            logFolder = try TemporaryDirectory()
            logURL = logFolder.url.appendingPathComponent("output.txt")
            guard FileManager.default.createFile(atPath: logURL.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: logURL.path])
            }
            log = try FileHandle(forWritingTo: logURL)
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = log
            process.standardError = log
        }

        /// Everything the child wrote; call once it has exited.
        func output() throws -> String {
            try log.close()
            return (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        }
    }
}

extension Subprocess.Ending {
    /// The exit code, or for a signal the signal number, as `Process.terminationStatus` gives it.
    fileprivate var code: Int32 {
        switch self {
        case .exited(let code), .signalled(let code): code
        case .timedOut: -1
        }
    }
}
