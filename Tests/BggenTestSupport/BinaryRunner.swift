import Foundation

/// Runs the built `bggen` binary the way a script would: no terminal on stdin, captured stdout and stderr.
public struct BinaryRun: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

public enum BinaryRunner {
    /// `executable` is bggen unless given (a shell that limits it, say).
    public static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], executable: URL? = nil) throws -> BinaryRun {
        let process = Process()
        process.executableURL = try executable ?? RepositoryPaths.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        // Output filled to a width (help, init's summary) is at 80 columns unless the test says otherwise.
        env.removeValue(forKey: "COLUMNS")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a full pipe never blocks the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return BinaryRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}
