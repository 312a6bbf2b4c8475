/// A command line that cannot be understood. Reported with a pointer to `--help`, exit status 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let description: String
    /// The help topic to point at: `bggen --help` or `bggen init --help`.
    public let helpCommand: String

    public init(_ description: String, helpCommand: String = "bggen init --help") {
        self.description = description
        self.helpCommand = helpCommand
    }
}

/// The process exit statuses scripts can rely on.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The job failed: a conflict, or the disk refused a read or a write.
    public static let failure: Int32 = 1
    /// The command line was wrong (sysexits' EX_USAGE).
    public static let usage: Int32 = 64
}
