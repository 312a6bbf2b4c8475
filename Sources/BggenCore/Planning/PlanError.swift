/// Why a plan could not be made or carried out.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bad input about places: usage errors, reported before anything is touched.
    case outputOutsideProject(String)
    case outputIsFile(String)
    case rootIsFile(String)
    /// The job failed.
    case conflicts([String])
    case unreadable(path: String, reason: String)
    case writeFailed(path: String, reason: String, rolledBack: Bool)

    /// Usage errors exit 64; failures of the job exit 1.
    public var isUsageError: Bool {
        switch self {
        case .outputOutsideProject, .outputIsFile, .rootIsFile: true
        case .conflicts, .unreadable, .writeFailed: false
        }
    }

    public var description: String {
        switch self {
        case .outputOutsideProject(let path):
            "--output '\(path)' points outside the project folder; pass a path inside it, such as Sources/Background."
        case .outputIsFile(let path):
            "--output '\(path)' is a file, not a folder; pass a folder path."
        case .rootIsFile(let path):
            "'\(path)' is a file; pass the project folder instead."
        case .conflicts(let paths):
            "\(paths.count == 1 ? "this file was" : "these files were") changed since bggen wrote \(paths.count == 1 ? "it" : "them") or \(paths.count == 1 ? "is" : "are") not bggen's: \(paths.joined(separator: ", ")); nothing was written. Review the diff with --dry-run, then pass --force to overwrite."
        case .unreadable(let path, let reason):
            "could not read '\(path)': \(reason); check its permissions."
        case .writeFailed(let path, let reason, let rolledBack):
            "could not write '\(path)': \(reason); \(rolledBack ? "every file written before it was restored" : "some earlier files could not be restored") — check the folder's permissions and free space, then run again."
        }
    }
}
