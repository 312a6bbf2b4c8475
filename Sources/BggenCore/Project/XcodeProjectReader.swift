import BggenFormats
import Foundation

/// Reads an `.xcodeproj` and the xcconfigs it is based on into report values.
///
/// Targets are classified by product type and SDK, never by file names: an extension's Info.plist, a watch app's
/// or a macOS app's is never offered for patching, whatever it contains.
struct XcodeProjectReader {
    let root: String
    let fileSystem: any FileSystem
    /// Each synchronized folder's code, walked once for all the targets that share it.
    let synchronizedCode = SynchronizedCode()
    /// Which folders hold the app's own code, judged (and each `.gitignore` read) once for all the targets.
    let ownCodeFolders: OwnCodeFolders

    init(root: String, fileSystem: any FileSystem) {
        self.root = root
        self.fileSystem = fileSystem
        ownCodeFolders = OwnCodeFolders(root: root, fileSystem: fileSystem)
    }

    static let applicationType = "com.apple.product-type.application"
    /// Files a target compiles into code, counted to find where its sources live.
    static let sourceExtensions = [".swift", ".m", ".mm"]

    func read(_ projectPath: String) throws(ProjectError) -> ProjectReading {
        let pbxproj = "\(projectPath)/project.pbxproj"
        let data: Data
        do {
            data = try fileSystem.readUTF8(PathText.join(root, pbxproj))
        } catch {
            throw .unreadable(path: pbxproj, reason: FileSystemError.cause(of: error))
        }
        let model = try XcodeProjectModel(data: data, projectPath: projectPath)
        var reading = ProjectReading()
        reading.usesSynchronizedFolders = !model.synchronizedGroups.isEmpty
        reading.namesRemotePackages = data.withUnsafeBytes { ByteSearch.contains(ProjectReading.remotePackageBytes, in: $0.bindMemory(to: UInt8.self)) }
        var configs = XCConfigCache(root: root, fileSystem: fileSystem)

        let projectConfigurations = Dictionary(model.projectConfigurations.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // The project's own settings are the same layer under every target.
        let projectAssignments = projectConfigurations.mapValues(\.settings)
        // Worked out once: through Foundation's `replacingOccurrences`, 22,000 instructions, for each configuration
        // of each target.
        let projectName = model.projectName
        var signing: [String: Set<String>] = [:]

        for target in model.targets {
            let settings = BuildSettings.sharingDefinitions(target.configurations.map { configuration in
                let project = projectConfigurations[configuration.name]
                let layers = [
                    configuration.settings,
                    configs.assignments(of: configuration.baseConfiguration),
                    projectAssignments[configuration.name] ?? [],
                    configs.assignments(of: project?.baseConfiguration),
                ]
                return (configuration.name, BuildSettings(layers: layers, configuration: configuration.name,
                                                          targetName: target.name, projectName: projectName))
            })
            let (platform, otherPlatforms) = Self.platform(productType: target.productType, settings: TargetFacts.representative(settings))
            for (_, configuration) in settings {
                if let entitlements = configuration.path("CODE_SIGN_ENTITLEMENTS", projectDirectory: model.directory) {
                    signing[entitlements.path, default: []].insert(target.name)
                }
            }
            addOwnership(of: target, model: model, to: &reading.ownership)

            guard target.productType == Self.applicationType, platform == .iOS else {
                let files = settings.flatMap { _, value in
                    ["INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"].compactMap { value.path($0, projectDirectory: model.directory)?.path }
                }
                var other = OtherTarget(name: target.name, productType: target.productType, platform: platform, files: files)
                if other.isUnitTestBundle { describeTestBundle(&other, target, settings: settings, model: model) }
                reading.otherTargets.append(other)
                continue
            }
            reading.appTargets.append(appTarget(target, settings: settings, model: model, otherPlatforms: otherPlatforms,
                                                warnings: &reading.warnings))
        }
        reading.warnings += configs.warnings
        TargetFacts.markSharing(&reading, signing: signing)
        return reading
    }

    /// The SDK decides the platform; `SDKROOT = auto` (multiplatform targets) defers to `SUPPORTED_PLATFORMS`. The
    /// others are the rest of `SUPPORTED_PLATFORMS`, and Mac Catalyst where an iOS target sets `SUPPORTS_MACCATALYST`.
    static func platform(productType: String, settings: BuildSettings?) -> (Platform, others: [Platform]) {
        if productType.contains("watchapp") && !productType.hasSuffix("container") { return (.watchOS, []) }
        let sdk = settings?.value("SDKROOT")?.resolved.lowercased() ?? ""
        let supported = Set((settings?.value("SUPPORTED_PLATFORMS")?.resolved.lowercased() ?? "")
            .split(separator: " ").compactMap { Self.platform(sdk: String($0)) })
        let catalyst: Set<Platform> = settings?.value("SUPPORTS_MACCATALYST")?.resolved.uppercased() == "YES" ? [.macCatalyst] : []
        let platform: Platform
        if let fromSDK = Self.platform(sdk: sdk), sdk != "auto" {
            platform = fromSDK
        } else if supported.contains(.iOS) {
            platform = .iOS
        } else if let first = supported.sorted().first {
            platform = first
        } else if settings?.isSet("IPHONEOS_DEPLOYMENT_TARGET") == true && settings?.isSet("MACOSX_DEPLOYMENT_TARGET") != true {
            platform = .iOS
        } else {
            return (.unknown, [])
        }
        return (platform, supported.union(platform == .iOS ? catalyst : Set<Platform>()).subtracting([platform]).sorted())
    }

    private static func platform(sdk: String) -> Platform? {
        if sdk.hasPrefix("iphone") { return .iOS }
        if sdk.hasPrefix("macosx") { return .macOS }
        if sdk.hasPrefix("watch") { return .watchOS }
        if sdk.hasPrefix("appletv") { return .tvOS }
        if sdk.hasPrefix("xr") { return .visionOS }
        return nil
    }

    private func addOwnership(of target: XcodeProjectModel.Target, model: XcodeProjectModel, to ownership: inout SourceOwnership) {
        // Sized for the target's files at once: grown a file at a time, resizing was a third of adding them.
        ownership.files.reserveCapacity(ownership.files.count + target.sourceFiles.count)
        for file in target.sourceFiles { ownership.add(file: file, target: target.name) }
        let owned = model.synchronizedGroups(of: target)
        for group in owned {
            ownership.folders.append(.init(target: target.name, folder: group.path, exceptions: group.exceptions[target.id] ?? []))
        }
        let ownedIDs = Set(owned.map(\.id))
        for group in model.synchronizedGroups(excepting: target) where !ownedIDs.contains(group.id) {
            for exception in group.exceptions[target.id] ?? [] {
                ownership.folders.append(.init(target: target.name, folder: PathText.join(group.path, exception), exceptions: []))
            }
        }
    }

    /// Where a unit-test bundle's sources are and which app it tests: the app its `TEST_HOST` (or `BUNDLE_LOADER`)
    /// runs in, `$(BUILT_PRODUCTS_DIR)/Talk.app/Talk`, and the targets it depends on.
    private func describeTestBundle(_ other: inout OtherTarget, _ target: XcodeProjectModel.Target,
                                    settings: [(name: String, value: BuildSettings)], model: XcodeProjectModel) {
        let owned = model.synchronizedGroups(of: target)
        other.synchronizedFolders = owned.map(\.path).sorted()
        // Its Info.plist sits in its own folder, which tells it from the app's files a test bundle compiles too.
        let plist = TargetFacts.representative(settings)?.path("INFOPLIST_FILE", projectDirectory: model.directory)?.path
        other.sourceFolders = sourceFolder(target: target, ownedGroups: owned, plist: plist, model: model).map { [$0] } ?? []
        let hosts = settings.flatMap { _, value in
            ["TEST_HOST", "BUNDLE_LOADER"].compactMap { value.rawValue($0) }.flatMap { $0.split(separator: "/") }
                .filter { $0.hasSuffix(".app") }.map { String($0.dropLast(4)) }
        }
        let names = Dictionary(model.targets.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        other.dependencies = (hosts + target.dependencyIDs.compactMap { names[$0] }).filter { seen.insert($0).inserted }
    }

    private func appTarget(_ target: XcodeProjectModel.Target, settings: [(name: String, value: BuildSettings)],
                           model: XcodeProjectModel, otherPlatforms: [Platform], warnings: inout [ProjectWarning]) -> AppTarget {
        let directory = model.directory
        let ownedGroups = model.synchronizedGroups(of: target)

        // Info.plist: one path for all configurations, or the Release one with the others patched as well.
        let plists = settings.map { ($0.name, $0.value.path("INFOPLIST_FILE", projectDirectory: directory)?.path) }
        let plistPath = plists.first { $0.0 == "Release" }?.1 ?? plists.lazy.compactMap(\.1).first
        let generated = settings.contains { $0.value.value("GENERATE_INFOPLIST_FILE")?.resolved.uppercased() == "YES" }

        let sourceFolder = self.sourceFolder(target: target, ownedGroups: ownedGroups, plist: plistPath, model: model)
        var plistFolder: String?
        var excepted = false
        if let plistPath {
            if let group = model.synchronizedGroup(holding: plistPath) {
                plistFolder = group.path
                let relative = PathText.relative(plistPath, to: group.path) ?? ""
                excepted = group.exceptions[target.id]?.contains(relative) ?? false
                // Only a file named Info.plist (`info.plist` too, on a volume that ignores case) collides: copied as a
                // resource it lands on the bundle's own Info.plist. `Hacker-News-Info.plist` is copied beside it,
                // which builds (EmergeTools' HackerNews).
                if target.synchronizedGroupIDs.contains(group.id) && !excepted
                    && PathText.sameName(PathText.name(of: plistPath), "Info.plist", ignoringCase: !fileSystem.isCaseSensitive(root)) {
                    warnings.append(.infoPlistNotExcluded(target: target.name, path: plistPath, folder: group.path))
                }
            }
        } else if let sourceFolder, ownedGroups.contains(where: { $0.path == sourceFolder }) {
            plistFolder = sourceFolder
        }
        let plistExists = plistPath.map { fileSystem.kind(of: PathText.join(root, $0)) == .file } ?? false
        if let plistPath, !plistExists {
            warnings.append(.fileMissing(target: target.name, setting: "INFOPLIST_FILE", path: plistPath))
        }
        var infoPlist = InfoPlist(path: plistPath, isGenerated: generated, exists: plistExists,
                                  synchronizedFolder: plistFolder, isMembershipException: excepted)
        if Set(plists.compactMap(\.1)).count > 1 {
            for case let (name, path?) in plists { infoPlist.configurations[path, default: []].append(name) }
        }

        // Entitlements: grouped by file, as Debug and Release often sign with different ones.
        var byPath: [String: (raw: String, configurations: [String], unresolved: [String])] = [:]
        var unreadable: [String: (configurations: [String], unresolved: [String])] = [:]
        for (name, configuration) in settings {
            guard let entitlements = configuration.path("CODE_SIGN_ENTITLEMENTS", projectDirectory: directory) else {
                // Set, but to no path inside the repository: unreadable, which is not the same as having none.
                if let raw = configuration.rawValue("CODE_SIGN_ENTITLEMENTS")?.trimmingBlanks(), !raw.isEmpty {
                    unreadable[raw, default: ([], configuration.expanding(raw).unresolvedVariables)].configurations.append(name)
                }
                continue
            }
            byPath[entitlements.path, default: (entitlements.raw, [], entitlements.unresolved)].configurations.append(name)
            if !entitlements.unresolved.isEmpty {
                let warning = ProjectWarning.unresolvedVariables(target: target.name, setting: "CODE_SIGN_ENTITLEMENTS", names: entitlements.unresolved)
                if !warnings.contains(warning) { warnings.append(warning) }
            }
        }
        var entitlements = byPath.keys.sorted().map { path in
            let exists = fileSystem.kind(of: PathText.join(root, path)) == .file
            if !exists { warnings.append(.fileMissing(target: target.name, setting: "CODE_SIGN_ENTITLEMENTS", path: path)) }
            return EntitlementsFile(path: path, rawValue: byPath[path]!.raw, configurations: byPath[path]!.configurations.sorted(), exists: exists,
                                    unresolvedVariables: byPath[path]!.unresolved)
        }
        for raw in unreadable.keys.sorted() {
            let found = unreadable[raw]!
            var file = EntitlementsFile(path: raw, rawValue: raw, configurations: found.configurations.sorted(), exists: false,
                                        unresolvedVariables: found.unresolved)
            file.unreadableReason = found.unresolved.isEmpty
                ? "it names a file outside the repository"
                : "nothing in the repository defines \(found.unresolved.map { "$(\($0))" }.joined(separator: ", "))"
            entitlements.append(file)
        }

        // Deployment target: the lowest, since the generated code must build in every configuration.
        let versions = Array(Set(settings.compactMap { $0.value.value("IPHONEOS_DEPLOYMENT_TARGET")?.resolved })).sorted(by: TargetFacts.versionLess)
        if versions.count > 1 {
            warnings.append(.differsByConfiguration(target: target.name, setting: "IPHONEOS_DEPLOYMENT_TARGET", values: versions))
        }

        let representative = TargetFacts.representative(settings)
        let bundleIdentifier = representative?.value("PRODUCT_BUNDLE_IDENTIFIER")
        if let bundleIdentifier, !bundleIdentifier.isFullyResolved {
            warnings.append(.unresolvedVariables(target: target.name, setting: "PRODUCT_BUNDLE_IDENTIFIER", names: bundleIdentifier.unresolvedVariables))
        }
        var app = AppTarget(
            name: target.name, definedIn: model.path, otherPlatforms: otherPlatforms,
            bundleIdentifier: bundleIdentifier, deploymentTarget: versions.first,
            swiftVersion: representative?.value("SWIFT_VERSION")?.resolved,
            defaultActorIsolation: representative?.value("SWIFT_DEFAULT_ACTOR_ISOLATION")?.resolved,
            infoPlist: infoPlist, entitlements: entitlements, sourceFolder: sourceFolder,
            outputFolder: TargetFacts.outputFolder(root: root, sourceFolder: sourceFolder, fileSystem: fileSystem),
            synchronizedFolders: ownedGroups.map(\.path).sorted())
        app.buildSettings = TargetFacts.byName(settings)
        app.linkedTargets = model.targets.filter { other in
            TargetFacts.linkableTypes.contains(other.productType)
                && (target.dependencyIDs.contains(other.id) || other.productReference.map(target.linkedReferences.contains) == true)
        }.map(\.name).sorted()
        app.linkedPackageFolders = target.localPackageFolders.sorted()
        return app
    }

    /// The target's own folder, derived from what it compiles rather than from its name (target `Client` may
    /// compile `App/iOS`, and a `Client/` folder may hold something else): the synchronized folder holding its
    /// Info.plist or named after it; else the nearest folder above the Info.plist that holds compiled code (classic
    /// projects keep the plist beside or just below the app's sources); else a folder named after the target that
    /// it compiles in; else the folder all its compiled files and folders share; else the one holding most of them.
    /// Only folders of the app's own code count (`OwnCodeFolders`): Expo's target compiles a file in `ios/Pods/`.
    private func sourceFolder(target: XcodeProjectModel.Target, ownedGroups: [XcodeProjectModel.SynchronizedGroup],
                              plist: String?, model: XcodeProjectModel) -> String? {
        let groups = ownedGroups.map(\.path).sorted()
        // The folders of the files it compiles (each with how many): listed one by one, or found in its synchronized
        // folders.
        let synchronizedFolders = groups.flatMap { synchronizedCode.folders(in: $0, root: root, fileSystem: fileSystem) }
        // A synchronized folder of resources only (home-assistant's Sources/App/Resources holds the Info.plist and
        // no code) is no place for Swift files.
        // A folder outside the repository is never listed (issue 43), so what it holds is unknown: it counts as the
        // target's code, and the planner refuses to write there, saying so, as for a spec's `sources: [../x]`.
        let outside = groups.filter(PathText.leavesRoot)
        let folders = ownCodeFolders
        let holdsCode = { (group: String) in
            outside.contains(group) || (folders.accepts(group) && synchronizedFolders.contains { PathText.isInside($0.folder, group) })
        }
        if let plist, let group = groups.first(where: { PathText.isInside(plist, $0) && holdsCode($0) }) { return group }
        if let group = groups.first(where: { PathText.name(of: $0) == target.name && holdsCode($0) }) { return group }
        let named = PathText.join(model.directory, target.name)
        // Each folder of the listed files once, with how many it holds: what follows is asked about folders, and
        // a target lists thousands of files in a few hundred of them.
        var listedCounts: [String: Int] = [:]
        for file in target.sourceFiles { listedCounts[PathText.parent(of: file), default: 0] += 1 }
        let listed = listedCounts.keys.sorted().map { (folder: $0, files: listedCounts[$0]!) }
        let compiled = (listed + synchronizedFolders + outside.map { (folder: $0, files: 1) }).filter { folders.accepts($0.folder) }
        guard !compiled.isEmpty else {
            return fileSystem.kind(of: PathText.join(root, named)) == .directory ? named : nil
        }
        let compilesIn = { (folder: String) in compiled.contains { PathText.isInside($0.folder, folder) } }
        if let plist {
            var folder = PathText.parent(of: plist)
            while !folder.isEmpty && folder != model.directory {
                if compilesIn(folder) { return folder }
                folder = PathText.parent(of: folder)
            }
        }
        if compilesIn(named) { return named }
        var common = compiled[0].folder.split(separator: "/").map(String.init)
        for (folder, _) in compiled.dropFirst() {
            common = Array(zip(common, folder.split(separator: "/").map(String.init)).prefix { $0 == $1 }.map(\.0))
        }
        let shared = common.joined(separator: "/")
        if !shared.isEmpty && shared != model.directory { return shared }
        // Nothing shared below the project folder: the folder just below it that holds most compiled files, or the
        // project folder itself for files beside the project.
        var counts: [String: Int] = [:]
        for (folder, files) in compiled {
            guard let relative = PathText.relative(folder, to: model.directory) else { continue }
            counts[PathText.join(model.directory, relative.split(separator: "/").first.map(String.init) ?? ""), default: 0] += files
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }
}

/// The folders holding each synchronized folder's code files, with how many each holds: a folder many targets share
/// is walked once, not once per target (issue 43, item 5), and each target goes through its folders, not its files.
final class SynchronizedCode {
    private var folders: [String: [(folder: String, files: Int)]] = [:]

    func folders(in group: String, root: String, fileSystem: any FileSystem) -> [(folder: String, files: Int)] {
        if let known = folders[group] { return known }
        let files = RepositoryWalker.files(root: PathText.join(root, group), fileSystem: fileSystem, maximumDepth: 8) { name in
            XcodeProjectReader.sourceExtensions.contains { name.hasSuffix($0) }
        }
        // Counted by their folder below the group, which is joined to the group once: a join for each file was a
        // third of listing home-assistant-iOS's synchronized folders.
        var below: [Substring: Int] = [:]
        for file in files {
            let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) ?? file.startIndex
            below[file[..<slash], default: 0] += 1
        }
        var counts: [String: Int] = [:]
        for (folder, files) in below { counts[PathText.join(group, String(folder)), default: 0] += files }
        let found = counts.keys.sorted().map { (folder: $0, files: counts[$0]!) }
        folders[group] = found
        return found
    }
}

/// Loads each xcconfig once, however many configurations are based on it, and collects its warnings once.
/// The files they include are read once for all (`XCConfigReads`).
struct XCConfigCache {
    private var reads: XCConfigReads
    private var files: [String: XCConfigFile] = [:]
    private(set) var warnings: [ProjectWarning] = []

    init(root: String, fileSystem: any FileSystem) {
        reads = XCConfigReads(root: root, fileSystem: fileSystem)
    }

    mutating func assignments(of path: String?) -> [SettingAssignment] {
        guard let path else { return [] }
        if let file = files[path] { return file.assignments }
        let file = reads.load(path)
        files[path] = file
        if !file.exists { warnings.append(.missingConfigurationFile(path: path)) }
        let found = file.missingIncludes.map { ProjectWarning.missingInclude(file: $0.file, include: $0.include) }
            + file.unread.map { ProjectWarning.unreadableConfigurationFile(file: $0.file, reason: $0.reason) }
        for warning in found where !warnings.contains(warning) { warnings.append(warning) }
        return file.assignments
    }
}
