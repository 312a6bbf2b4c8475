import BggenFormats

/// Why a project could not be understood. Detection stops before anything is written.
public enum ProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    case rootNotFound(String)
    /// No Xcode project, XcodeGen spec, Tuist manifest or Package.swift at the root (or an Xcode project a few folders below it).
    case noProject(String)
    /// A project file that does not parse; `line` is 1-based.
    case malformed(path: String, line: Int, reason: String)
    case unreadable(path: String, reason: String)
    /// No project bggen can read, but the folder plainly holds an app (these files, relative to the root).
    case unreadableApp(evidence: [String])
    /// A project was read, but no iOS app target in it: `reasons` are what could not be read.
    case noAppTargetRead(projectFiles: [String], reasons: [String])
    /// A Flutter, React Native or Expo app (said by `file`) without its generated `ios/` folder.
    case nativeProjectMissing(framework: String, file: String, advice: String)
    /// Several YAML files look like XcodeGen specs.
    case severalSpecs([String])
    /// Several Tuist workspaces below the root (their `Workspace.swift` or `Tuist/Config.swift`), none at it.
    case severalTuistWorkspaces([String])

    public var description: String {
        switch self {
        case .rootNotFound(let path):
            "\(RepositoryText.quoted(path)) is not a folder; run bggen inside your app's repository or pass its path."
        case .noProject(let path):
            "no Xcode project, project.yml, Project.swift or Package.swift found in \(RepositoryText.quoted(path)); run bggen in the folder that holds your app's project."
        case .malformed(let path, let line, let reason):
            "\(RepositoryText.quoted(path)) line \(line) cannot be read (\(reason)); \(Self.advice(forFixing: path))"
        case .nativeProjectMissing(let framework, let file, let advice):
            "this folder holds \(framework == "Expo" ? "an" : "a") \(framework) app (\(file)) without its native iOS project; \(advice)."
        case .unreadable(let path, let reason):
            "could not read \(RepositoryText.quoted(path)): \(reason); check its permissions."
        case .unreadableApp(let evidence):
            "this folder holds an app (\(evidence.joined(separator: ", "))), but no project file bggen can read: pass --spec PATH when a YAML file is its XcodeGen spec, run bggen in the folder that holds its .xcodeproj, or pass --output PATH to generate only the files and edit the app yourself."
        case .noAppTargetRead(let files, let reasons):
            "no iOS app target could be read from \(files.joined(separator: ", "))\(reasons.isEmpty ? "" : " (\(reasons.joined(separator: "; ")))"); pass --output PATH to generate only the files and edit the app yourself."
        case .severalSpecs(let specs):
            "several YAML files look like XcodeGen specs (\(specs.joined(separator: ", "))); pass --spec with the one that defines the app."
        case .severalTuistWorkspaces(let files):
            "several Tuist workspaces below this folder (\(files.joined(separator: ", "))); run bggen in the folder of the app's, or pass its path."
        }
    }

    /// What fixes a file that does not parse, by what the file is: Xcode rewrites its own project files, an
    /// XcodeGen spec is the user's to fix (or xcodegen's to read), a source file is the user's.
    static func advice(forFixing path: String) -> String {
        if path.hasSuffix(".yml") || path.hasSuffix(".yaml") {
            return "fix that line as YAML: a value that goes on over several lines belongs in quotes or [ ] brackets, indented under its key."
        }
        if path.hasSuffix(".pbxproj") || path.hasSuffix(".xcscheme") || path.hasSuffix(".xcworkspacedata") {
            return "fix that line, or open the project in Xcode and save it again."
        }
        return "fix that line."
    }
}
