import BggenModel

/// Existing background code, found by symbol in Swift and Objective-C sources.
public struct CodeFinding: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Relative to the root.
    public let file: String
    /// 1-based; nil when only the file's name matched (e.g. `MyBackgroundTasks.swift`).
    public let line: Int?
    /// What matched: `BGTaskScheduler`, `BGAppRefreshTask`, `didReceiveRemoteNotification`, … or `file name`.
    public let symbol: String
    /// The task kinds the code covers; empty when it cannot be told (a scheduler call in a file that names no task type).
    public let kinds: [TaskKind]
    /// Targets that compile the file, when the project says (synchronized folders, compile phases, generator
    /// sources); empty for code in local packages or folders no target claims.
    public let targets: [String]
    /// The file carries bggen's own marker, so it is output of an earlier run rather than the user's code.
    public let isBggenOutput: Bool

    public init(file: String, line: Int?, symbol: String, kinds: [TaskKind], targets: [String] = [], isBggenOutput: Bool = false) {
        self.file = file
        self.line = line
        self.symbol = symbol
        self.kinds = kinds
        self.targets = targets
        self.isBggenOutput = isBggenOutput
    }

    /// What the code does, for people: "app refresh request", "background session", "named like background code".
    public var label: String {
        symbol == "file name" ? "named like background code" : CodeSymbol.table[symbol]?.label ?? symbol
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let covers = kinds.isEmpty ? "" : " (\(kinds.map(\.rawValue).joined(separator: ", ")))"
        return "\(place): \(symbol)\(covers)"
    }

    public static func < (lhs: CodeFinding, rhs: CodeFinding) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.symbol) < (rhs.file, rhs.line ?? 0, rhs.symbol)
    }
}

/// An identifier the app already registers, so bggen can reuse it instead of adding a second one.
public struct RegisteredIdentifier: Sendable, Equatable, Comparable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// `BGTaskScheduler.register(forTaskWithIdentifier:)`.
        case task
        /// `URLSessionConfiguration.background(withIdentifier:)`.
        case urlSession = "url-session"
    }

    public let identifier: String
    public let kind: Kind
    public let file: String
    public let line: Int
    /// The constant the call passes, when it is not a literal (`Self.taskIdentifier` → `taskIdentifier`).
    public let constant: String?
    /// What the task is, from the request class the app submits for the same identifier; nil when it does not tell.
    public internal(set) var taskKind: TaskKind?
    /// Where that request is made, e.g. `BGAppRefreshTaskRequest at Tracker/TaskScheduler.m:8`.
    public internal(set) var request: String?

    public init(identifier: String, kind: Kind, file: String, line: Int, constant: String? = nil,
                taskKind: TaskKind? = nil, request: String? = nil) {
        self.taskKind = taskKind
        self.request = request
        self.identifier = identifier
        self.kind = kind
        self.file = file
        self.line = line
        self.constant = constant
    }

    public var description: String { "\(identifier) (\(kind.rawValue), \(file):\(line))" }

    public static func < (lhs: RegisteredIdentifier, rhs: RegisteredIdentifier) -> Bool {
        (lhs.identifier, lhs.file, lhs.line) < (rhs.identifier, rhs.file, rhs.line)
    }
}
