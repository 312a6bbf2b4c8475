import BggenFormats

/// Lists a repository's files without entering folders that hold other people's code or build output.
///
/// A CocoaPods checkout or `.git` can hold tens of thousands of files that say nothing about the app; skipping them
/// by name — never listing, never reading them — keeps detection faster than a `grep -r` over the same tree.
enum RepositoryWalker {
    /// Folder names never entered, wherever they are. Names starting with "." are skipped too.
    static let skippedFolders: Set<String> = [
        "Pods", "Carthage", "DerivedData", "node_modules", "build",
        "vendor", "Vendor", "Vendors", "vendored", "Vendored", "ThirdParty", "third_party", "3rdParty",
        "SourcePackages", "xcuserdata",
    ]

    /// Bundle-like folders whose contents are never source code.
    static let skippedSuffixes = [".xcodeproj", ".xcworkspace", ".xcassets", ".framework", ".xcframework", ".bundle",
                                  ".lproj", ".docc", ".playground", ".xctemplate"]

    static func skips(folder name: String) -> Bool {
        name.hasPrefix(".") || skippedFolders.contains(name) || skippedSuffixes.contains { name.hasSuffix($0) }
    }

    /// Files below `root` whose name `wanted` accepts, relative to `root` and sorted. With `kind: .directory`,
    /// folders instead (`.xcodeproj` bundles), listed without being entered.
    static func files(root: String, fileSystem: any FileSystem, maximumDepth: Int = 24, kind: FileKind = .file,
                      wanted: @escaping @Sendable (String) -> Bool) -> [String] {
        fileSystem.paths(request(maximumDepth: maximumDepth, kind: kind, wanted: wanted), below: root, within: root)
    }

    /// The walk `files` makes, for a caller that reads the files as they are found.
    static func request(maximumDepth: Int = 24, kind: FileKind = .file, wanted: @escaping @Sendable (String) -> Bool) -> WalkRequest {
        WalkRequest(kind: kind, maximumDepth: maximumDepth, enters: { !skips(folder: $0) }, wants: { !isAppleDouble($0) && wanted($0) })
    }

    /// `._Name.swift`: the AppleDouble file in which macOS keeps `Name.swift`'s extended attributes on a volume
    /// that has none (exFAT, FAT, SMB shares). It is binary, so read as source it would be "not UTF-8" beside every
    /// real file, and it is never source code.
    static func isAppleDouble(_ name: String) -> Bool {
        name.hasPrefix("._")
    }
}
