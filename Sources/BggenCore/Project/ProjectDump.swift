import Foundation
import Synchronization

/// A generator whose own dump of the resolved project bggen prefers to reading its spec: only the tool itself
/// runs a Tuist manifest's helper functions, or resolves every XcodeGen include, anchor and template.
enum ProjectGenerator: String, Sendable {
    case xcodeGen = "xcodegen"
    case tuist

    /// The command that prints the resolved project as JSON, run in the project's folder.
    var dumpArguments: [String] {
        switch self {
        case .xcodeGen: ["dump", "--type", "json"]
        case .tuist: ["dump", "project"]
        }
    }

    var commandLine: String { ([rawValue] + dumpArguments).joined(separator: " ") }
}

/// Runs a generator's dump: a seam, so tests need neither tool and the detector stays free of processes.
public protocol ProjectDumping: Sendable {
    /// nil when `tool` is not on the PATH; otherwise its standard output, or why it failed.
    func run(tool: String, arguments: [String], in folder: String) -> Result<String, ProjectDumpFailure>?
}

/// Why a dump gave nothing to read; the detector then falls back to reading the spec itself and says so.
public struct ProjectDumpFailure: Error, Sendable, Equatable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// Finds the tool on `PATH` and runs it in the project folder, stopping it after `timeout` seconds (a Tuist
/// manifest compiles Swift and may fetch dependencies; a hung tool must not hang bggen).
public struct ProcessProjectDumper: ProjectDumping {
    let environment: [String: String]
    let timeout: TimeInterval

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, timeout: TimeInterval = 60) {
        self.environment = environment
        self.timeout = timeout
    }

    func executable(named name: String) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    public func run(tool: String, arguments: [String], in folder: String) -> Result<String, ProjectDumpFailure>? {
        guard let path = executable(named: tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return .failure(ProjectDumpFailure(reason: "\(path) could not be started (\(error.localizedDescription))"))
        }
        // Both pipes are drained while the tool runs, so a large dump cannot fill a pipe and stall it.
        let collected = Mutex<(output: Data, errors: Data)>((Data(), Data()))
        let readers = DispatchGroup()
        DispatchQueue.global().async(group: readers) {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { $0.output = data }
        }
        DispatchQueue.global().async(group: readers) {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { $0.errors = data }
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = readers.wait(timeout: .now() + 5)
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            return .failure(ProjectDumpFailure(reason: "\(tool) \(arguments.joined(separator: " ")) did not finish within \(seconds) seconds"))
        }
        readers.wait()
        let (data, errorData) = collected.withLock { ($0.output, $0.errors) }
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return .failure(ProjectDumpFailure(reason: "\(tool) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)\(message.isEmpty ? "" : ": \(message)")"))
        }
        return .success(String(decoding: data, as: UTF8.self))
    }
}

/// A dump's JSON as the YAML tree the spec readers walk; object keys sorted, so two runs read alike.
enum DumpJSON {
    static func node(from text: String) throws(ProjectDumpFailure) -> YAMLNode {
        // Tools may print progress lines before the document: it starts at the first "{".
        guard let start = text.firstIndex(of: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(text[start...].utf8), options: [.fragmentsAllowed])
        else { throw ProjectDumpFailure(reason: "its output is not JSON") }
        return node(object)
    }

    private static func node(_ value: Any) -> YAMLNode {
        switch value {
        case let dictionary as [String: Any]:
            return .map(dictionary.keys.sorted().map { ($0, node(dictionary[$0]!)) })
        case let array as [Any]:
            return .list(array.map(node))
        case let string as String:
            return .scalar(string)
        case let number as NSNumber:
            return .scalar(number.stringValue)
        default:
            return .scalar("")
        }
    }
}
