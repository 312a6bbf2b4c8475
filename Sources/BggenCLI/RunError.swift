import BggenCore
import BggenFormats
import BggenModel
import Foundation

/// The process exit statuses scripts can rely on.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// The job failed: a conflict, or the disk refused a read or a write.
    public static let failure: Int32 = 1
    /// The command line was wrong (sysexits' EX_USAGE).
    public static let usage: Int32 = 64
    /// Ctrl-C at a question: the shell's convention for a process ended by SIGINT.
    public static let interrupted: Int32 = stopped(by: SIGINT)

    /// A run stopped by `signal` after its writes ends as the shell reports a signal: 128 plus its number.
    public static func stopped(by signal: Int32) -> Int32 { 128 + signal }
}

/// What the command line needs to end a run on an error: the status to exit with and what to say after the
/// message. Every error bggen throws conforms, so `CLI.run` reports all of them through one `catch`.
public protocol RunError: Error, CustomStringConvertible {
    var exitStatus: Int32 { get }
    var hint: ErrorHint { get }
    /// The message's lines, each printed as its own `error:` line: one, unless the error gathers several.
    var lines: [String] { get }
}

extension RunError {
    public var lines: [String] { [description] }
}

/// What is said after an error's message.
public enum ErrorHint: Equatable, Sendable {
    case none
    /// A second line, "See 'bggen init --help'.", for the command that was run (the main help outside any).
    case commandHelp
    /// A sentence that ends the message's own line, such as "Nothing was changed."
    case sentence(String)
}

extension ConfigurationError: RunError {
    public var exitStatus: Int32 { ExitStatus.usage }
    public var hint: ErrorHint { .commandHelp }
}

/// A damaged `.bggen.json` is a file in the repository that cannot be read, like a damaged Info.plist: a
/// failure (exit 1), not a mistake on the command line, and `--help` would not help.
extension AnswersFileError: RunError {
    public var exitStatus: Int32 { ExitStatus.failure }
    public var hint: ErrorHint { .none }
}

/// A `--baseline` file that is no baseline: the run cannot say which findings are new (doctor exits 2).
extension BaselineError: RunError {
    public var exitStatus: Int32 { ExitStatus.failure }
    public var hint: ErrorHint { .none }
}

extension AugmentError: RunError {
    /// A clash, a legacy fetch the keys would switch off, or a bundle identifier that is no name are not mistakes on
    /// the command line but facts about the app, so they are failures (exit 1).
    public var exitStatus: Int32 {
        switch self {
        case .nameClash, .legacyFetchWouldStop, .invalidBundleIdentifier, .projectNeedsNewerIOS, .deploymentTargetBelowXcode: ExitStatus.failure
        default: ExitStatus.usage
        }
    }
    public var hint: ErrorHint { .commandHelp }
}

extension PlanError: RunError {
    /// Bad places on the command line are usage errors; failures of the job exit 1.
    public var exitStatus: Int32 {
        switch self {
        case .outputOutsideProject, .outputIsFile, .rootIsFile: ExitStatus.usage
        case .conflicts, .outsideRepository, .folderInTheWay, .fileInTheWay, .readOnly, .notYours, .locked, .lockingUnsupported, .unreadable, .userFileStaysBehind, .writeFailed: ExitStatus.failure
        }
    }
    public var hint: ErrorHint { exitStatus == ExitStatus.usage ? .commandHelp : .none }
}

/// The app's own files could not be read as expected; planning stopped before any write.
extension ProjectError: RunError {
    public var exitStatus: Int32 { ExitStatus.failure }
    public var hint: ErrorHint { .sentence("Nothing was changed.") }
}

extension PlistPatchError: RunError {
    public var exitStatus: Int32 { ExitStatus.failure }
    public var hint: ErrorHint { .sentence("Nothing was changed.") }
}

extension FileSystemError: RunError {
    public var exitStatus: Int32 { ExitStatus.failure }
    public var hint: ErrorHint { .none }
}

extension DoctorServiceError: RunError {
    public var exitStatus: Int32 { ExitStatus.usage }
    public var hint: ErrorHint { .commandHelp }
}

extension TemplateError: RunError {
    public var exitStatus: Int32 { ExitStatus.failure }
    public var hint: ErrorHint { .none }
}
