import BggenFormats

/// Signs that a folder holds an iOS app even though bggen found no project it can read there: an `Info.plist`,
/// an Xcode project deeper than bggen looks, or an app's entry point. Writing defaults (`com.example.app`, iOS 16,
/// files at the root) into such a folder would be wrong without a word, so the caller stops instead.
enum AppEvidence {
    /// How deep below the root to look; an app's entry point and Info.plist are rarely deeper.
    static let maximumDepth = 3

    /// Up to a few paths, relative to `root`, sorted.
    static func find(root: String, fileSystem: any FileSystem) -> [String] {
        var found: [String] = []
        let ignoringCase = !fileSystem.isCaseSensitive(root)
        var pending: [(folder: String, depth: Int)] = [("", 0)]
        while let (folder, depth) = pending.popLast() {
            for entry in fileSystem.entries(in: PathText.join(root, folder), within: root) {
                let relative = PathText.join(folder, entry.name)
                switch entry.kind {
                case .directory where PathText.hasSuffix(entry.name, ".xcodeproj", ignoringCase: ignoringCase):
                    found.append(relative)
                case .directory where depth < maximumDepth && !RepositoryWalker.skips(folder: entry.name):
                    pending.append((relative, depth + 1))
                case .file where PathText.sameName(entry.name, "Info.plist", ignoringCase: ignoringCase) || isEntryPoint(relative, root: root, fileSystem: fileSystem):
                    found.append(relative)
                default:
                    continue
                }
            }
        }
        return Array(found.sorted().prefix(4))
    }

    private static func isEntryPoint(_ path: String, root: String, fileSystem: any FileSystem) -> Bool {
        let name = PathText.name(of: path)
        guard name.hasSuffix(".swift") || name.hasSuffix(".m"), let text = try? fileSystem.read(PathText.join(root, path)) else {
            return false
        }
        return EntryPoint.kind(of: path, text: text) != nil || text.contains("UIApplicationMain(")
    }
}
