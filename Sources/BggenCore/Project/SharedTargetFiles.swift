import BggenFormats

extension ProjectReport {
    /// The targets other than iOS apps (extensions, widgets, a macOS app) whose Info.plist or entitlements file is
    /// really `path` (relative to the root): the same name, or a link either way, compared on real paths. Such a file
    /// is never edited for the app: a key added there would change the other target too.
    public func nonAppTargets(using path: String, fileSystem: any FileSystem) -> [String] {
        guard let real = fileSystem.realPath(PathText.join(root, path)) else { return [] }
        return otherTargets.filter { target in
            target.files.contains { fileSystem.realPath(PathText.join(root, $0)) == real }
        }.map(\.name).sorted()
    }
}
