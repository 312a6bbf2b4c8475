/// Who may change a file after bggen writes it.
public enum Ownership: String, Sendable, Codable {
    /// bggen's own file, marked with a checksum: re-runs update it, and refuse to when the user edited it.
    case tool
    /// The user's file, for their own work: written once, never overwritten.
    case user
    /// bggen's record of the answers (`.bggen.json`): rewritten whenever the answers change.
    case record
    /// The user's own file (Info.plist, entitlements) with keys added by a minimal, additions-only edit.
    case patched
}

/// One file bggen wants on disk, with its path relative to the project root.
public struct GeneratedFile: Sendable, Equatable {
    public let path: String
    public let contents: String
    public let ownership: Ownership

    public init(path: String, contents: String, ownership: Ownership) {
        self.path = path
        self.contents = contents
        self.ownership = ownership
    }
}
