/// The kinds of background work bggen can scaffold, named as users type them in `--tasks`.
public enum TaskKind: String, CaseIterable, Sendable, Codable, Comparable {
    case refresh
    case processing
    case downloads
    case uploads
    case silentPush = "silent-push"
    case continuedProcessing = "continued-processing"

    /// One line for `--help` and for the interactive question (see `TaskSpec`).
    public var summary: String { TaskSpec.of(self).summary }

    /// Declaration order, so sets of tasks always render in the same order whatever order they were typed in.
    public static func < (lhs: TaskKind, rhs: TaskKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Parses a comma-separated list such as `refresh,silent-push`; duplicates collapse, order does not matter.
    public static func parseList(_ text: String) throws(ConfigurationError) -> [TaskKind] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.contains(where: { !$0.isEmpty }) else {
            throw .emptyTaskList
        }
        var kinds = Set<TaskKind>()
        for name in names where !name.isEmpty {
            guard let kind = TaskKind(rawValue: name.lowercased()) else {
                throw .unknownTask(name)
            }
            kinds.insert(kind)
        }
        return kinds.sorted()
    }
}

/// What `BGContinuedProcessingTaskRequest.strategy` does when iOS cannot start a job at once.
public enum ContinuedStrategy: String, Sendable, CaseIterable {
    /// Wait in line; the job starts as soon as the system can run it.
    case queue
    /// Refuse at once, so the app can tell the user and finish in the foreground.
    case fail

    public static func parse(_ text: String) throws(ConfigurationError) -> ContinuedStrategy {
        guard let strategy = ContinuedStrategy(rawValue: text.lowercased()) else { throw .invalidStrategy(text) }
        return strategy
    }
}

/// How the app starts, which decides where registration and scheduling go.
public enum AppStyle: String, Sendable, CaseIterable {
    /// A UIKit `UIApplicationDelegate`: register in `didFinishLaunching`, schedule in `applicationDidEnterBackground`.
    case appDelegate = "app-delegate"
    /// A SwiftUI `App`: register in its initializer or through `.backgroundTask`, schedule on `scenePhase`.
    case swiftUI = "swiftui"

    public static func parse(_ text: String) throws(ConfigurationError) -> AppStyle {
        guard let style = AppStyle(rawValue: text.lowercased()) else { throw .invalidStyle(text) }
        return style
    }
}
