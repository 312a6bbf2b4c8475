/// Why a project could not be understood. Detection stops before anything is written.
public enum ProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    case rootNotFound(String)
    /// No Xcode project, XcodeGen spec, Tuist manifest or Package.swift at the root or one folder below it.
    case noProject(String)
    /// A project file that does not parse; `line` is 1-based.
    case malformed(path: String, line: Int, reason: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .rootNotFound(let path):
            "'\(path)' is not a folder; run bggen inside your app's repository or pass its path."
        case .noProject(let path):
            "no Xcode project, project.yml, Project.swift or Package.swift found in '\(path)'; run bggen in the folder that holds your app's project."
        case .malformed(let path, let line, let reason):
            "'\(path)' line \(line) cannot be read (\(reason)); fix that line, or open the project in Xcode and save it again."
        case .unreadable(let path, let reason):
            "could not read '\(path)': \(reason); check its permissions."
        }
    }
}
