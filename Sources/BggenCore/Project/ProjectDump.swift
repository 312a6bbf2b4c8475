import BggenFormats
import Foundation

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

/// What a command wraps the dumper in, to show on a terminal what runs and to time it for `--verbose`.
public typealias DumpWrapper = @Sendable (any ProjectDumping) -> any ProjectDumping

extension ProcessProjectDumper {
    /// The dumper a run may use: none unless the user passed `--use-generators`, which lets the repository's code run.
    static func allowed(_ allowed: Bool, environment: [String: String], wrappedIn wrap: DumpWrapper) -> (any ProjectDumping)? {
        allowed ? wrap(ProcessProjectDumper(environment: environment)) : nil
    }
}

/// Why a dump gave nothing to read; the detector then falls back to reading the spec itself and says so.
public struct ProjectDumpFailure: Error, Sendable, Equatable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}

/// Finds the tool on `PATH` and runs it in the project folder. A dump runs the repository's own code (Tuist
/// compiles and runs `Project.swift`; XcodeGen runs its spec's scripts), so it is made only when the user passes
/// `--use-generators`, and then as a stranger's program: only absolute `PATH` entries are searched (a relative one
/// such as `node_modules/.bin` would pick the repository's own `xcodegen`), the environment holds only `PATH`,
/// `HOME`, `TMPDIR` and the tool's own variables, and the tool runs in its own process group, which is sent SIGTERM
/// after `timeout` seconds and SIGKILL 2 seconds later, so nothing it started outlives bggen.
public struct ProcessProjectDumper: ProjectDumping {
    let environment: [String: String]
    let timeout: TimeInterval
    /// How long a tool that ignores SIGTERM is given before SIGKILL.
    let grace: TimeInterval
    public static let graceSeconds = 2.0
    /// The most of a dump bggen reads, as for a project file.
    static let outputLimit = ReadLimit.projectFile

    /// `grace` is shorter only in tests, which would otherwise hold a thread for the whole 2 seconds.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, timeout: TimeInterval = 60,
                grace: TimeInterval = graceSeconds) {
        self.environment = environment
        self.timeout = timeout
        self.grace = grace
    }

    /// The absolute entries of `PATH`, in order.
    var searchPath: [String] {
        (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    func executable(named name: String) -> String? {
        for folder in searchPath {
            let candidate = "\(folder)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// What the tool sees of bggen's environment: no secrets, but `DEVELOPER_DIR`, `SDKROOT` and `TOOLCHAINS`, which
    /// choose the Xcode and SDK `tuist dump` compiles `Project.swift` with (the one CI or the user selected, not
    /// `xcode-select`'s).
    var toolEnvironment: [String: String] {
        var kept = environment.filter { key, _ in
            ["HOME", "TMPDIR", "DEVELOPER_DIR", "SDKROOT", "TOOLCHAINS"].contains(key) || key.hasPrefix("TUIST_") || key.hasPrefix("XCODEGEN_")
        }
        kept["PATH"] = searchPath.joined(separator: ":")
        return kept
    }

    public func run(tool: String, arguments: [String], in folder: String) -> Result<String, ProjectDumpFailure>? {
        guard let path = executable(named: tool) else { return nil }
        let command = ([tool] + arguments).joined(separator: " ")
        let child: SpawnedTool
        do {
            child = try SpawnedTool(path: path, arguments: arguments, environment: toolEnvironment, folder: folder)
        } catch {
            return .failure(ProjectDumpFailure(reason: "\(path) could not be started (\(error.reason))"))
        }
        let outcome = child.collect(timeout: timeout, grace: grace, limit: Self.outputLimit)
        switch outcome.ending {
        case .timedOut:
            let seconds = timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)
            return .failure(ProjectDumpFailure(reason: "\(command) did not finish within \(seconds) seconds, so bggen stopped it"))
        case .tooLarge:
            return .failure(ProjectDumpFailure(reason: "\(command) printed more than \(ReadLimit.shown(Self.outputLimit)), so bggen stopped it"))
        case .exited(let status) where status != 0:
            let message = String(decoding: outcome.errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return .failure(ProjectDumpFailure(reason: "\(command) exited with status \(status)\(message.isEmpty ? "" : ": \(message)")"))
        case .signalled(let number):
            return .failure(ProjectDumpFailure(reason: "\(command) was stopped by signal \(number)"))
        case .exited:
            return .success(String(decoding: outcome.output, as: UTF8.self))
        }
    }
}

/// A dump's JSON as the YAML tree the spec readers walk; object keys sorted, so two runs read alike.
enum DumpJSON {
    static let notJSON = "no JSON"

    static func node(from text: String) throws(ProjectDumpFailure) -> YAMLNode {
        // Tools may print progress lines before the document: it starts at the first "{".
        guard let start = text.firstIndex(of: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(text[start...].utf8), options: [.fragmentsAllowed])
        else { throw ProjectDumpFailure(reason: notJSON) }
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
            return .scalar(text(of: number))
        default:
            return .scalar("")
        }
    }

    /// A JSON number as the same text on every platform: `NSNumber.stringValue` gives "17" for the double 17.0 on
    /// Apple's Foundation and "17.0" on corelibs. An integral double is written as an integer, any other double
    /// in Swift's shortest form; integers and booleans ("1") agree already.
    static func text(of number: NSNumber) -> String {
        guard ["d", "f"].contains(String(cString: number.objCType)) else { return number.stringValue }
        let value = number.doubleValue
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
