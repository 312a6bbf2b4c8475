import BggenFormats
import BggenModel

/// Why a plan could not be made or carried out.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bad input about places: usage errors, reported before anything is touched.
    case outputOutsideProject(String)
    case outputIsFile(String)
    case rootIsFile(String)
    /// The job failed.
    case conflicts([String])
    /// A path bggen would write or delete really lies outside the repository (through `..` or a symbolic link).
    case outsideRepository(path: String, leadsTo: String)
    case folderInTheWay(String)
    /// A file stands where bggen would make a folder for `for`.
    case fileInTheWay(String, for: String)
    case readOnly(String)
    /// A file bggen may not change that another user owns.
    case notYours(String)
    /// Another bggen holds the repository's lock.
    case locked(String)
    /// The repository's volume has no `flock` (some SMB, AFP and exFAT volumes), so no lock can be held.
    case lockingUnsupported(String)
    case unreadable(path: String, reason: String)
    /// The output folder moved while a work file of the user's in the old folder still serves a chosen task: a
    /// second copy in the new folder would declare the same type twice.
    case userFileStaysBehind(old: String, new: String)
    /// `notRestored` names the files the rollback could not put back (empty when the rollback was complete).
    case writeFailed(path: String, reason: String, notRestored: [String])

    /// What helps with a path that leads outside: `--output` moves only the generated Swift files; the record, the
    /// fragments, an Info.plist or an entitlements file (and everything doctor writes) stay where they are.
    private static func adviceForOutside(_ path: String) -> String {
        let name = PathText.name(of: path)
        if name == RehearsalTarget.fileName {
            // The folder is the unit-test target's, which --output does not move.
            return "The rehearsal tests go in the folder of the app's unit-test target: replace the link with a folder of the project's own, or run with --no-tests."
        }
        let fixedPlace = path == AnswersFile.name || path.hasPrefix("bggen/") || path == "bggen" || name.hasSuffix(".plist") || name.hasSuffix(".entitlements")
        return fixedPlace
            ? "Replace the link with a file (or folder) of the project's own, or remove it, then run again."
            : "Pass --output with a folder inside the project, or replace the link with a folder of the project's own."
    }

    public var description: String {
        switch self {
        case .outputOutsideProject(let path):
            "--output \(RepositoryText.quoted(path)) points outside the project folder; pass a path inside it, such as Sources/Background."
        case .outputIsFile(let path):
            "--output \(RepositoryText.quoted(path)) is a file, not a folder; pass a folder path."
        case .rootIsFile(let path):
            "\(RepositoryText.quoted(path)) is a file; pass the project folder instead."
        case .conflicts(let paths):
            "\(paths.count == 1 ? "this file was" : "these files were") changed since bggen wrote \(paths.count == 1 ? "it" : "them") or \(paths.count == 1 ? "is" : "are") not bggen's: \(paths.joined(separator: ", ")); nothing was written. Review the diff with --dry-run, then pass --force to overwrite."
        case .outsideRepository(let path, let target):
            "\(RepositoryText.quoted(path)) leads outside the project folder (\(PathText.leavesRoot(PathText.normalize(path)) ? "with '..'" : "through a symbolic link") to \(RepositoryText.bare(target))); bggen writes and deletes only inside it, so nothing was written. "
                + Self.adviceForOutside(path)
        case .folderInTheWay(let path):
            "\(RepositoryText.quoted(path)) is a folder where bggen writes a file; nothing was written. Move or rename the folder, or pass --output with another folder (--force does not remove folders)."
        case .fileInTheWay(let path, let file):
            "\(RepositoryText.quoted(path)) is a file where bggen makes a folder for \(RepositoryText.quoted(file)); nothing was written. Move or rename the file\(PathText.name(of: file) == RehearsalTarget.fileName ? ", or run with --no-tests" : "")."
        case .notYours(let path):
            "\(RepositoryText.quoted(path)) belongs to another user, so bggen may not change it; nothing was written. Run bggen as its owner, ask them to make it yours (chown), or add the keys by hand."
        case .readOnly(let path):
            "\(RepositoryText.quoted(path)) is read-only; nothing was written. Make it writable (chmod u+w) if bggen may edit it, or leave it and add the keys by hand."
        case .locked(let path):
            "another bggen is changing \(RepositoryText.quoted(path)) right now; nothing was written. Wait for it to finish, then run again."
        case .lockingUnsupported(let path):
            "\(RepositoryText.quoted(path)) is on a volume that does not support file locking (flock), so bggen cannot keep a second run out while it writes; nothing was written. Run bggen in a copy on a local disk."
        case .unreadable(let path, let reason):
            "could not read \(RepositoryText.quoted(path)): \(reason); nothing was written."
        case .userFileStaysBehind(let old, let new):
            "\(RepositoryText.quoted(old)) is yours and a chosen task still uses it, but the output folder moved: bggen would create \(RepositoryText.quoted(new)) beside it, and both declare the same type; nothing was written. Move \(RepositoryText.quoted(old)) to \(RepositoryText.quoted(new)) (bggen keeps it there), or delete it to start again from bggen's, then run again."
        case .writeFailed(let path, let reason, let notRestored):
            "could not write \(RepositoryText.quoted(path)): \(reason); "
                + (notRestored.isEmpty
                    ? "every file written before it was restored. Check the folder's permissions and free space, then run again."
                    : "these were left as this run changed them: \(notRestored.joined(separator: ", ")). Check them, then run again.")
        }
    }
}
