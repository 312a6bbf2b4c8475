import BggenFormats
import Foundation

/// The one rule for every path bggen writes or deletes: its real location, with symbolic links resolved, is inside
/// the repository. A cloned repository is untrusted input: a target folder read from `project.yml`, a pbxproj
/// group, a path recorded in `.bggen.json` or a link in a folder must never make bggen touch another project.
public struct RepositoryBounds: Sendable {
    public let root: String
    private let realRoot: String?
    private let fileSystem: any FileSystem

    public init(root: String, fileSystem: any FileSystem) {
        self.root = root
        self.realRoot = fileSystem.realPath(root)
        self.fileSystem = fileSystem
    }

    /// Whether `absolute` really lies inside the repository (the root itself does not count).
    public func contains(_ absolute: String) -> Bool {
        guard let realRoot, let real = fileSystem.realPath(absolute) else { return false }
        return real != realRoot && PathText.isInside(real, realRoot)
    }

    /// Throws unless `relative` (to the root) really lies inside the repository.
    public func check(_ relative: String) throws(PlanError) {
        let absolute = "\(root)/\(relative)"
        guard !contains(absolute) else { return }
        throw .outsideRepository(path: relative, leadsTo: fileSystem.realPath(absolute) ?? "a symbolic link that loops")
    }
}
