import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built binary on a pseudo-terminal, so tests can type answers the way a person would.
public final class PseudoTerminal: @unchecked Sendable {
    public let process = Process()
    private let master: Int32
    private let slave: Int32
    private var buffer = ""
    /// The terminal's settings before the program started, to check it restores them: read after the start, they
    /// could already be the program's (a loaded machine can run it to its first prompt before the test goes on).
    public let settingsAtStart: [UInt8]

    /// A window of `columns` by `rows` (wide by default, so no line wraps unless a test asks for it).
    public init(arguments: [String], directory: URL, environment: [String: String] = [:], columns: Int = 200, rows: Int = 40) throws {
        var master: Int32 = 0, slave: Int32 = 0
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
        self.master = master
        self.slave = slave
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
        process.executableURL = try RepositoryPaths.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        env.removeValue(forKey: "NO_COLOR")
        env.merge(environment) { $1 }
        process.environment = env
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        settingsAtStart = Self.settings(of: slave)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        close(master)
        close(slave)
    }

    /// The terminal's settings as the child sees them, to check they are restored.
    public func settings() -> [UInt8] {
        Self.settings(of: slave)
    }

    private static func settings(of descriptor: Int32) -> [UInt8] {
        var attributes = termios()
        tcgetattr(descriptor, &attributes)
        return withUnsafeBytes(of: &attributes) { Array($0) }
    }

    /// Everything the program printed so far.
    public var transcript: String {
        drain()
        return buffer
    }

    /// Waits until the output contains `text` (after what was already consumed), up to `timeout` seconds.
    @discardableResult
    public func expect(_ text: String, timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            if let range = buffer.range(of: text) {
                let seen = String(buffer[..<range.upperBound])
                buffer.removeSubrange(..<range.upperBound)
                consumed += seen
                return seen
            }
            if !process.isRunning { drain(); if buffer.contains(text) { continue }; break }
            usleep(10_000)
        }
        throw ExpectationTimeout(waitingFor: text, output: consumed + buffer)
    }

    public private(set) var consumed = ""

    public struct ExpectationTimeout: Error, CustomStringConvertible {
        public let waitingFor: String
        public let output: String
        public var description: String { "timed out waiting for \(waitingFor.debugDescription); output so far:\n\(output)" }
    }

    public func type(_ text: String) {
        send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Changes the window's size and tells the program, as a terminal emulator does when its window is dragged.
    /// (The program has no controlling terminal here, so the kernel would not send SIGWINCH itself.)
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(process.processIdentifier, SIGWINCH)
    }

    public static let up: [UInt8] = [0x1B, 0x5B, 0x41]
    public static let down: [UInt8] = [0x1B, 0x5B, 0x42]
    public static let controlC: [UInt8] = [0x03]
    public static let controlD: [UInt8] = [0x04]

    /// Waits for the program to exit and returns its status.
    public func waitForExit(timeout: TimeInterval = 20) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            drain()
            usleep(10_000)
        }
        // SIGKILL: the child may have inherited a mask that blocks SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        drain()
        return process.terminationStatus
    }

    private func drain() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &chunk, chunk.count)
            guard count > 0 else { return }
            buffer += String(decoding: chunk[0..<count], as: UTF8.self)
        }
    }
}
