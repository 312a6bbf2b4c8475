import ProjectDescription

public extension Project {
    // Helper-built targets are invisible to bggen; the app manifest spells its targets out.
    static func framework(name: String) -> Project {
        Project(name: name, targets: [])
    }
}
