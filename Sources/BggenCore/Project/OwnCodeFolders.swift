import BggenFormats

/// Which folders hold the app's own code, so bggen's files go where the app's code lives and nowhere a
/// dependency manager, a build, a bundle or git owns: CocoaPods deletes `ios/Pods/` at `pod deintegrate` (and
/// Expo's target compiles a file there), an Xcode 26 icon `App.icon/` is a folder a spec may list first, and git
/// never commits an ignored folder.
///
/// A folder is refused when one of its components is a folder the repository walker skips (`Pods`, `Carthage`,
/// `node_modules`, `build`, `DerivedData`, vendored code, hidden folders), ends in a bundle extension, or is
/// ignored by a `.gitignore` at the root or in a folder above it (read as `GitIgnore` says). Verdicts and the
/// `.gitignore` files are cached, so asking about every compiled file's folder reads each file once.
final class OwnCodeFolders {
    /// Folders that are bundles or documents, never a place for source files.
    static let bundleSuffixes = [
        ".icon", ".xcassets", ".appiconset", ".imageset", ".colorset", ".dataset", ".symbolset", ".bundle",
        ".framework", ".xcframework", ".lproj", ".xcdatamodeld", ".xcdatamodel", ".xcmappingmodel", ".docc",
        ".playground", ".xcodeproj", ".xcworkspace", ".xctemplate", ".scnassets", ".spriteatlas", ".atlas",
        ".rcproject", ".mlpackage", ".mlmodelc", ".app", ".appex",
    ]

    private let root: String
    private let fileSystem: any FileSystem
    private var verdicts: [String: Bool] = [:]
    private var ignoreFiles: [String: GitIgnore?] = [:]

    init(root: String, fileSystem: any FileSystem) {
        self.root = root
        self.fileSystem = fileSystem
    }

    /// Whether `folder` (relative to the root; "" is the root) may hold the app's new files. A folder leading
    /// outside the repository is not judged here, and nothing outside is read: writing there is refused, saying so.
    func accepts(_ folder: String) -> Bool {
        if PathText.leavesRoot(folder) { return true }
        if let known = verdicts[folder] { return known }
        let parent = PathText.parent(of: folder)
        let name = PathText.name(of: folder)
        let verdict = folder.isEmpty || ((parent.isEmpty || accepts(parent))
            && !RepositoryWalker.skips(folder: name) && !Self.bundleSuffixes.contains { name.hasSuffix($0) }
            && !isIgnored(folder))
        verdicts[folder] = verdict
        return verdict
    }

    /// Of the folders holding `files`, the accepted one holding most of them (the shallower, then the first by
    /// name, on a tie): where a target's code lives when no folder of its own says so.
    func holdingMost(of files: [String]) -> String? {
        var counts: [String: Int] = [:]
        for file in files {
            let folder = PathText.parent(of: file)
            if accepts(folder) { counts[folder, default: 0] += 1 }
        }
        return counts.max { lhs, rhs in
            (lhs.value, -lhs.key.split(separator: "/").count, rhs.key) < (rhs.value, -rhs.key.split(separator: "/").count, lhs.key)
        }?.key
    }

    /// Whether a `.gitignore` above `folder` (its parent's or any folder's higher up) ignores it; a deeper file
    /// overrides a shallower one, as in git. Each folder above is a prefix of the path, cut at a slash of its bytes:
    /// splitting the path into components and joining them again, for each folder asked, was an eighth of reading
    /// home-assistant-iOS's project.
    private func isIgnored(_ folder: String) -> Bool {
        let folder = PathText.normalize(folder)
        var decided: Bool?
        let utf8 = folder.utf8
        // The folder above, where a `.gitignore` may be, and the path below it, from the root down.
        var above = "", below = utf8.startIndex
        while below < utf8.endIndex {
            if let file = ignoreFile(in: above), let verdict = file.verdict(forFolder: String(folder[below...])) {
                decided = verdict
            }
            guard let slash = utf8[below...].firstIndex(of: UInt8(ascii: "/")) else { break }
            above = String(folder[..<slash])
            below = utf8.index(after: slash)
        }
        return decided ?? false
    }

    private func ignoreFile(in folder: String) -> GitIgnore? {
        if let known = ignoreFiles[folder] { return known }
        let path = PathText.join(PathText.join(root, folder), ".gitignore")
        let file = fileSystem.kind(of: path) == .file ? (try? fileSystem.read(path)).map(GitIgnore.init(text:)) : nil
        ignoreFiles[folder] = .some(file)
        return file
    }
}
