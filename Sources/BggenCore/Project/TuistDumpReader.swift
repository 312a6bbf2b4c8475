import BggenFormats

/// Reads the JSON `tuist dump project` prints for one `Project.swift`: the manifest after Tuist ran it, so targets
/// its helper functions build are there too. The shapes are ProjectDescription's `Codable` encoding: a `Path` is
/// `{"type": "relativeToManifest", "pathString": …}`, an enum case with values is `{"file": {"path": …}}` or
/// `{"string": {"_0": …}}`.
struct TuistDumpReader {
    let root: String
    let fileSystem: any FileSystem

    func read(_ dump: YAMLNode, manifest: String) -> ProjectReading {
        var reading = ProjectReading()
        let folder = PathText.parent(of: manifest)
        let projectName = dump["name"]?.string ?? PathText.name(of: folder)
        let projectSettings = Self.assignments(dump["settings"])
        var signing: [String: Set<String>] = [:]
        let targets = (dump["targets"]?.list ?? []).sorted { ($0["name"]?.string ?? "") < ($1["name"]?.string ?? "") }
        for target in targets {
            guard let name = target["name"]?.string else { continue }
            let product = target["product"]?.string ?? ""
            let destinations = target["destinations"]?.strings ?? []
            let platforms = destinations.isEmpty ? [Platform.iOS] : destinations.map(TuistReader.platform)
            let platform: Platform = platforms.contains(.iOS) ? .iOS : platforms.first { $0 != .unknown } ?? .unknown
            let sources = (target["sources"]?["globs"]?.list ?? []).compactMap { path($0["glob"], folder: folder) }.map { glob in
                glob.split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false).first.map { PathText.normalize(String($0)) } ?? glob
            }
            for source in sources {
                reading.ownership.folders.append(.init(target: name, folder: source, exceptions: []))
            }
            let entitlementsPath = path(target["entitlements"]?["file"]?["path"], folder: folder)
            if let entitlementsPath { signing[entitlementsPath, default: []].insert(name) }
            guard product == "app", platform == .iOS else {
                reading.otherTargets.append(OtherTarget(name: name, productType: TuistReader.productType(product), platform: platform))
                continue
            }
            let settings = BuildSettings(layers: [Self.assignments(target["settings"]), projectSettings],
                                         configuration: "Release", targetName: name, projectName: projectName)
            let plist = target["infoPlist"]
            let plistPath = path(plist?["file"]?["path"], folder: folder)
            let plistExists = plistPath.map { fileSystem.kind(of: PathText.join(root, $0)) == .file } ?? false
            if let plistPath, !plistExists {
                reading.warnings.append(.fileMissing(target: name, setting: "infoPlist", path: plistPath))
            }
            let inManifest = plist?["extendingDefault"] != nil || plist?["dictionary"] != nil
            let infoPlist = InfoPlist(path: plistPath, isGenerated: plistPath == nil, exists: plistExists,
                                      regeneratedFrom: inManifest ? manifest : nil)
            let entitlements = entitlementsPath.map { path in
                [EntitlementsFile(path: path, rawValue: target["entitlements"]?["file"]?["path"]?["pathString"]?.string ?? path,
                                  configurations: [], exists: fileSystem.kind(of: PathText.join(root, path)) == .file)]
            } ?? []
            let bundle = target["bundleId"]?.string.map { SettingValue(raw: $0, resolved: $0) }
            let deployment = target["deploymentTargets"]?["iOS"]?.string ?? settings.value("IPHONEOS_DEPLOYMENT_TARGET")?.resolved
            let sourceFolder = TargetFacts.sourceFolder(listed: sources, root: root, fileSystem: fileSystem)
            var app = AppTarget(
                name: name, definedIn: manifest, otherPlatforms: platforms,
                bundleIdentifier: bundle, deploymentTarget: deployment, swiftVersion: settings.value("SWIFT_VERSION")?.resolved,
                defaultActorIsolation: settings.value("SWIFT_DEFAULT_ACTOR_ISOLATION")?.resolved,
                infoPlist: infoPlist, entitlements: entitlements, sourceFolder: sourceFolder,
                outputFolder: TargetFacts.outputFolder(root: root, sourceFolder: sourceFolder, fileSystem: fileSystem))
            app.listedSources = sources
            reading.appTargets.append(app)
        }
        TargetFacts.markSharing(&reading, signing: signing)
        return reading
    }

    /// A ProjectDescription `Path`, relative to the root: against the manifest's folder, the root, or (for
    /// `relativeToCurrentFile`) the folder of the absolute `callerPath`.
    private func path(_ node: YAMLNode?, folder: String) -> String? {
        guard let node, let text = node["pathString"]?.string ?? node.string else { return nil }
        switch node["type"]?.string {
        case "relativeToRoot":
            return PathText.normalize(text)
        case "relativeToCurrentFile":
            guard let caller = node["callerPath"]?.string, let relative = PathText.relative(PathText.parent(of: caller), to: root) else {
                return PathText.join(folder, text)
            }
            return PathText.join(relative, text)
        default:
            return text.hasPrefix("/") ? PathText.relative(text, to: root) : PathText.join(folder, text)
        }
    }

    /// `base` and the Release configuration's settings (else the first configuration's), the configuration first.
    private static func assignments(_ settings: YAMLNode?) -> [SettingAssignment] {
        guard let settings else { return [] }
        let configurations = settings["configurations"]?.list ?? []
        let chosen = configurations.first { name(of: $0) == "Release" } ?? configurations.first
        return pairs(chosen?["settings"]) + pairs(settings["base"])
    }

    private static func name(of configuration: YAMLNode) -> String? {
        configuration["name"]?.string ?? configuration["name"]?["rawValue"]?.string
    }

    /// `{"KEY": {"string": {"_0": "value"}}}`, or `{"array": {"_0": [...]}}` joined with spaces.
    private static func pairs(_ dictionary: YAMLNode?) -> [SettingAssignment] {
        (dictionary?.pairs ?? []).compactMap { key, value in
            if let text = value["string"]?["_0"]?.string ?? value.string {
                return SettingAssignment(qualifiedKey: key, value: text)
            }
            if let items = value["array"]?["_0"]?.strings {
                return SettingAssignment(qualifiedKey: key, value: items.joined(separator: " "))
            }
            return nil
        }
    }
}
