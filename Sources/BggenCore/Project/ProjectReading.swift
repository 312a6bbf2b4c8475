import BggenFormats

/// What one project reader (Xcode, XcodeGen, Tuist) found, before the detector adds the code search.
struct ProjectReading: Sendable {
    var appTargets: [AppTarget] = []
    var otherTargets: [OtherTarget] = []
    var warnings: [ProjectWarning] = []
    var ownership = SourceOwnership()
    var usesSynchronizedFolders = false
    /// Whether a `project.pbxproj` read names a remote Swift package (see `ProjectReport.namesRemotePackages`).
    var namesRemotePackages = false

    /// What names a remote Swift package in a project file, compared as bytes: Foundation's `String.contains` goes
    /// through `NSString` on Linux, a twentieth of doctor's time on mastodon-ios's project file.
    static let remotePackageBytes = Array("XCRemoteSwiftPackageReference".utf8)
}

/// Which targets compile a given file, so a `didReceiveRemoteNotification` in a push extension or a macOS app is
/// not mistaken for the iOS app's.
struct SourceOwnership: Sendable {
    struct FolderRule: Sendable {
        var target: String
        var folder: String
        /// Paths below `folder` (relative to it) that the target does not compile.
        var exceptions: [String]
    }

    var folders: [FolderRule] = []
    /// Files named one by one (classic compile phases), relative to the root.
    var files: [String: Set<String>] = [:]

    mutating func add(file: String, target: String) {
        files[file, default: []].insert(target)
    }
}

/// Helpers every reader uses to turn settings into report values.
enum TargetFacts {
    /// Compares dotted versions numerically, so "9.0" < "16.4" < "17.0".
    static func versionLess(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.split(separator: ".").map { Int($0) ?? 0 }
        let right = rhs.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            if a != b { return a < b }
        }
        return false
    }

    /// Where bggen's Swift files go: the app target's own folder wins, since a root `Sources/` may hold a
    /// package's modules rather than the app; without one, the order follows `OutputLocation`.
    static func outputFolder(root: String, sourceFolder: String?, fileSystem: any FileSystem) -> String {
        if let sourceFolder, !sourceFolder.isEmpty {
            return "\(sourceFolder)/\(OutputLocation.folderName)"
        }
        for parent in ["Sources", "App"] where fileSystem.kind(of: PathText.join(root, parent)) == .directory {
            return "\(parent)/\(OutputLocation.folderName)"
        }
        return OutputLocation.folderName
    }

    /// Each app target's output folder once its code is read: beside its entry point (the `@main` app, else the
    /// app delegate) when its own folder does not hold that file and the entry point's folder is the app's own
    /// code. A target whose Info.plist sits in `Resources/` beside one compiled file gets `Resources/` as its
    /// folder, while the app's code and `@main` live in `Sources/`.
    static func placingOutput(in targets: [AppTarget], entryPoints: [EntryPoint], root: String, fileSystem: any FileSystem) -> [AppTarget] {
        let folders = OwnCodeFolders(root: root, fileSystem: fileSystem)
        let preference: [EntryPoint.Kind] = [.swiftUIApp, .swiftDelegate, .objectiveCDelegate]
        return targets.map { target in
            let own = entryPoints.filter { entry in
                preference.contains(entry.kind) && (entry.targets.contains(target.name) || (entry.targets.isEmpty && targets.count == 1))
            }
            guard let entry = own.min(by: { (preference.firstIndex(of: $0.kind)!, $0.file) < (preference.firstIndex(of: $1.kind)!, $1.file) })
            else { return target }
            let folder = PathText.parent(of: entry.file)
            if let source = target.sourceFolder, !source.isEmpty, PathText.isInside(entry.file, source) { return target }
            guard folders.accepts(folder) else { return target }
            var placed = target
            placed.outputFolder = PathText.join(folder, OutputLocation.folderName)
            return placed
        }
    }

    /// A generator target's own folder from its `sources`: the first listed folder of the app's own code (not an
    /// `App.icon/` listed first, not `Pods/`), else the folder of the app's own code holding most listed files.
    static func sourceFolder(listed sources: [String], root: String, fileSystem: any FileSystem) -> String? {
        let folders = OwnCodeFolders(root: root, fileSystem: fileSystem)
        var files: [String] = []
        for source in sources {
            switch fileSystem.kind(of: PathText.join(root, source)) {
            case .directory where folders.accepts(source): return source
            case .file: files.append(source)
            default: continue
            }
        }
        return folders.holdingMost(of: files)
    }

    /// The configuration whose single-valued settings (bundle ID, Swift version) represent the target.
    static func representative<T>(_ configurations: [(name: String, value: T)]) -> T? {
        configurations.first { $0.name == "Release" }?.value ?? configurations.first?.value
    }

    /// Each configuration's settings by name (the first of two with one name).
    static func byName(_ configurations: [(name: String, value: BuildSettings)]) -> [String: BuildSettings] {
        Dictionary(configurations.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Product types whose code an app that links or embeds them runs as its own.
    static let linkableTypes: Set<String> = [
        "com.apple.product-type.framework", "com.apple.product-type.framework.static", "com.apple.product-type.library.static",
        "com.apple.product-type.library.dynamic",
    ]

    /// Sets each app's `linkedTargets` from the target dependencies a spec declares (XcodeGen's `- target: X`,
    /// Tuist's `.target(name: "X")`): the framework and library targets among them, and theirs in turn (a static
    /// library's own dependencies are linked into the app with it). Extensions and other apps it depends on run
    /// apart, so their code is not the app's.
    static func link(_ reading: inout ProjectReading, declared: [String: [String]]) {
        let linkable = Dictionary(reading.otherTargets.filter { linkableTypes.contains($0.productType) }.map { ($0.name, $0.dependencies) },
                                  uniquingKeysWith: { first, _ in first })
        reading.appTargets = reading.appTargets.map { target in
            var target = target
            var linked = Set<String>()
            var pending = declared[target.name] ?? []
            while let name = pending.popLast() {
                guard let next = linkable[name], linked.insert(name).inserted else { continue }
                pending += next
            }
            target.linkedTargets = linked.sorted()
            return target
        }
    }

    /// Marks which entitlements files other targets sign with too.
    static func markSharing(_ reading: inout ProjectReading, signing: [String: Set<String>]) {
        let extensions = Set(reading.otherTargets.filter(\.isExtension).map(\.name))
        reading.appTargets = reading.appTargets.map { target in
            var target = target
            let name = target.name
            target.entitlements = target.entitlements.map { file in
                var file = file
                file.sharedWith = (signing[file.path] ?? []).subtracting([name]).sorted()
                file.sharedWithExtension = file.sharedWith.contains(where: extensions.contains)
                return file
            }
            return target
        }
    }
}
