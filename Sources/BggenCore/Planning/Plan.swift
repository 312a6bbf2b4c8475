import BggenFormats

/// What will happen to one file.
public enum FileAction: String, Sendable, Codable {
    case create
    case update
    case unchanged
    case conflict
    case delete
}

/// One line of the plan: a path relative to the project root, what happens to it, and both versions of its text.
public struct PlanEntry: Sendable, Equatable {
    public let path: String
    public let action: FileAction
    public let ownership: Ownership
    public let oldContents: String?
    public let newContents: String?
    /// Why the action was chosen, when it is not obvious: "yours, never overwritten", "edited since generated".
    public let reason: String?

    /// A unified diff of the change; empty when nothing changes.
    public var diff: String {
        guard action != .unchanged else { return "" }
        return UnifiedDiff.make(
            old: oldContents ?? "", new: newContents ?? "",
            oldLabel: oldContents == nil ? "/dev/null" : "a/\(path)",
            newLabel: newContents == nil || action == .delete ? "/dev/null" : "b/\(path)"
        )
    }
}

/// Everything a run would do, decided before anything is written.
public struct Plan: Sendable, Equatable {
    /// Absolute path of the project root.
    public let root: String
    public let outputFolder: String
    public let entries: [PlanEntry]
    /// Things worth telling the user, such as a file of theirs that the new answers no longer use.
    public let notes: [String]

    public var conflicts: [PlanEntry] { entries.filter { $0.action == .conflict } }
    public var changes: [PlanEntry] { entries.filter { $0.action != .unchanged } }
    public var hasChanges: Bool { !changes.isEmpty }
}
