import BggenFormats

/// Decides where the Swift files go inside the project root.
public enum OutputLocation {
    public static let folderName = "BackgroundProcessing"

    /// `Sources/BackgroundProcessing` when there is a `Sources/` folder, else `App/BackgroundProcessing`
    /// when there is an `App/` folder, else `BackgroundProcessing`; an explicit `--output` wins.
    /// Returns the folder relative to `root`, without a trailing slash.
    public static func resolve(root: String, explicit: String?, fileSystem: any FileSystem) throws(PlanError) -> String {
        if let explicit {
            return try validated(explicit, root: root, fileSystem: fileSystem)
        }
        for parent in ["Sources", "App"] where fileSystem.kind(of: "\(root)/\(parent)") == .directory {
            return "\(parent)/\(folderName)"
        }
        return folderName
    }

    private static func validated(_ path: String, root: String, fileSystem: any FileSystem) throws(PlanError) -> String {
        guard !path.hasPrefix("/") && !path.hasPrefix("~") else {
            throw .outputOutsideProject(path)
        }
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                guard !parts.isEmpty else { throw .outputOutsideProject(path) }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let relative = parts.joined(separator: "/")
        var prefix = root
        for part in parts {
            prefix += "/\(part)"
            if fileSystem.kind(of: prefix) == .file {
                throw .outputIsFile(path)
            }
        }
        return relative
    }
}
