import BggenCore

/// A command line that cannot be understood. Reported with a pointer to the command's `--help`, exit status 64.
public struct UsageError: RunError, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    public var exitStatus: Int32 { ExitStatus.usage }
    public var hint: ErrorHint { .commandHelp }
}
