import BggenFormats

/// Reads an XcodeGen `project.yml` (and the files it includes) into report values.
///
/// The spec is the source of truth: a committed `.xcodeproj` beside it is output that `xcodegen generate`
/// overwrites, and a target's `info.properties` / `entitlements.properties` rebuild those files each time. Paths in
/// an included file are relative to that file, as XcodeGen reads them by default.
struct XcodeGenReader {
    let root: String
    let fileSystem: any FileSystem

    /// A target after its templates are applied, remembering the file it came from.
    private struct TargetSpec {
        var name: String
        var node: YAMLNode
        var file: String
    }

    /// `resolved` is the spec as `xcodegen dump --type json` prints it, includes already merged and anchors
    /// resolved by XcodeGen itself; without it the spec files are read.
    func read(_ specPath: String, resolved: YAMLNode? = nil) throws(ProjectError) -> (reading: ProjectReading, files: [String]) {
        var reading = ProjectReading()
        var files: [String] = []
        var targets: [String: TargetSpec] = [:]
        var templates: [String: YAMLNode] = [:]
        var project = YAMLNode.map([])
        try load(specPath, into: &project, targets: &targets, templates: &templates, files: &files, warnings: &reading.warnings,
                 depth: 0, resolved: resolved)

        let projectDirectory = PathText.parent(of: specPath)
        let projectName = project["name"]?.string ?? "Project"
        let configurationNames = project["configs"]?.pairs?.map(\.key).sorted() ?? ["Debug", "Release"]
        var configs = XCConfigCache(root: root, fileSystem: fileSystem)
        var signing: [String: Set<String>] = [:]
        var dependencies: [String: [String]] = [:]

        for name in targets.keys.sorted() {
            var spec = targets[name]!
            for template in spec.node["templates"]?.strings ?? [] {
                guard let base = templates[template] else {
                    reading.warnings.append(.unreadableSpec(file: spec.file, reason: "target \(name) uses the unknown template \(template)"))
                    continue
                }
                spec.node = base.merged(with: spec.node)
            }
            let node = spec.node
            let folder = PathText.parent(of: spec.file)
            let type = node["type"]?.string ?? ""
            let platforms = (node["platform"]?.strings ?? []) + (node["supportedDestinations"]?.strings ?? [])
            let platform = Self.platform(platforms)
            let settings = BuildSettings.sharingDefinitions(configurationNames.map { configuration in
                var layers = Self.layers(node["settings"], configuration: configuration)
                layers.append(configs.assignments(of: Self.configFile(node["configFiles"], configuration, folder: folder)))
                layers += Self.layers(project["settings"], configuration: configuration)
                layers.append(configs.assignments(of: Self.configFile(project["configFiles"], configuration, folder: projectDirectory)))
                layers.append(Self.optionLayer(project["options"]))
                return (configuration, BuildSettings(layers: layers, configuration: configuration, targetName: name, projectName: projectName))
            })
            let sources = Self.sources(node["sources"], folder: folder)
            for source in sources {
                reading.ownership.folders.append(.init(target: name, folder: source, exceptions: []))
            }
            let entitlementsSpec = node["entitlements"]?["path"]?.string.map { PathText.join(folder, $0) }
            for (_, configuration) in settings {
                let path = entitlementsSpec ?? configuration.path("CODE_SIGN_ENTITLEMENTS", projectDirectory: projectDirectory)?.path
                if let path { signing[path, default: []].insert(name) }
            }
            guard type == "application", platform == .iOS else {
                let info = node["info"]?["path"]?.string.map { PathText.join(folder, $0) }
                let files = [info, entitlementsSpec].compactMap { $0 } + settings.flatMap { _, value in
                    ["INFOPLIST_FILE", "CODE_SIGN_ENTITLEMENTS"].compactMap { value.path($0, projectDirectory: projectDirectory)?.path }
                }
                var other = OtherTarget(name: name, productType: "com.apple.product-type.\(type)", platform: platform, files: files)
                other.sourceFolders = sources
                other.dependencies = Self.targetDependencies(node)
                reading.otherTargets.append(other)
                continue
            }
            dependencies[name] = Self.targetDependencies(node)
            reading.appTargets.append(appTarget(spec, settings: settings, sources: sources, projectDirectory: projectDirectory,
                                                platforms: platforms.map { Self.platform([$0]) },
                                                options: project["options"], warnings: &reading.warnings))
        }
        reading.warnings += configs.warnings
        TargetFacts.link(&reading, declared: dependencies)
        TargetFacts.markSharing(&reading, signing: signing)
        return (reading, files)
    }

    private func load(_ path: String, into project: inout YAMLNode, targets: inout [String: TargetSpec],
                      templates: inout [String: YAMLNode], files: inout [String], warnings: inout [ProjectWarning], depth: Int,
                      resolved: YAMLNode? = nil) throws(ProjectError) {
        guard depth < 8, !files.contains(path) else { return }
        let node: YAMLNode
        if let resolved {
            node = resolved
        } else {
            let text: String
            do {
                text = try fileSystem.read(PathText.join(root, path))
            } catch {
                if depth == 0 { throw .unreadable(path: path, reason: FileSystemError.cause(of: error)) }
                warnings.append(.unreadableSpec(file: path, reason: "it is included but cannot be read: \(FileSystemError.cause(of: error))"))
                return
            }
            do {
                node = try YAMLSubset.parse(text)
            } catch {
                throw .malformed(path: path, line: error.line, reason: error.reason)
            }
        }
        files.append(path)
        let folder = PathText.parent(of: path)
        // A dump has its includes merged already.
        for include in resolved == nil ? node["include"]?.list ?? [] : [] {
            guard let included = include.string ?? include["path"]?.string else { continue }
            try load(PathText.join(folder, included), into: &project, targets: &targets, templates: &templates,
                     files: &files, warnings: &warnings, depth: depth + 1)
        }
        for (name, target) in node["targets"]?.pairs ?? [] {
            if var existing = targets[name] {
                existing.node = existing.node.merged(with: target)
                if target["type"] != nil || target["info"] != nil { existing.file = path }
                targets[name] = existing
            } else {
                targets[name] = TargetSpec(name: name, node: target, file: path)
            }
        }
        for (name, template) in node["targetTemplates"]?.pairs ?? [] {
            templates[name] = templates[name].map { $0.merged(with: template) } ?? template
        }
        var rest = node.pairs ?? []
        rest.removeAll { ["targets", "targetTemplates", "include"].contains($0.key) }
        project = project.merged(with: .map(rest))
    }

    private func appTarget(_ spec: TargetSpec, settings: [(name: String, value: BuildSettings)], sources: [String], projectDirectory: String,
                           platforms: [Platform], options: YAMLNode?, warnings: inout [ProjectWarning]) -> AppTarget {
        let node = spec.node
        let folder = PathText.parent(of: spec.file)
        let representative = TargetFacts.representative(settings)

        var plistPath = node["info"]?["path"]?.string.map { PathText.join(folder, $0) }
        if plistPath == nil {
            plistPath = representative?.path("INFOPLIST_FILE", projectDirectory: projectDirectory)?.path
        }
        // XcodeGen writes `info.path` from `info.properties` (and its defaults) at every generation, with or
        // without a `properties:` key, so an edit of that file is lost: the spec is where keys go.
        let plistRegenerated = node["info"]?["path"] != nil ? spec.file : nil
        if let plistPath, let plistRegenerated {
            warnings.append(.regeneratedFile(path: plistPath, spec: plistRegenerated, generator: "XcodeGen"))
        }
        let generated = settings.contains { $0.value.value("GENERATE_INFOPLIST_FILE")?.resolved.uppercased() == "YES" }
        let plistExists = plistPath.map { fileSystem.kind(of: PathText.join(root, $0)) == .file } ?? false
        if let plistPath, !plistExists, plistRegenerated == nil {
            warnings.append(.fileMissing(target: spec.name, setting: "info.path", path: plistPath))
        }

        var entitlements: [EntitlementsFile] = []
        if let path = node["entitlements"]?["path"]?.string {
            let resolved = PathText.join(folder, path)
            let regenerated = node["entitlements"]?["properties"] != nil ? spec.file : nil
            if let regenerated { warnings.append(.regeneratedFile(path: resolved, spec: regenerated, generator: "XcodeGen")) }
            entitlements = [EntitlementsFile(path: resolved, rawValue: path, configurations: settings.map(\.name).sorted(),
                                             exists: fileSystem.kind(of: PathText.join(root, resolved)) == .file,
                                             regeneratedFrom: regenerated,
                                             specProperties: Self.properties(node["entitlements"]?["properties"]))]
        } else {
            var byPath: [String: (raw: String, configurations: [String])] = [:]
            for (name, configuration) in settings {
                guard let found = configuration.path("CODE_SIGN_ENTITLEMENTS", projectDirectory: projectDirectory) else { continue }
                byPath[found.path, default: (found.raw, [])].configurations.append(name)
            }
            entitlements = byPath.keys.sorted().map {
                EntitlementsFile(path: $0, rawValue: byPath[$0]!.raw, configurations: byPath[$0]!.configurations.sorted(),
                                 exists: fileSystem.kind(of: PathText.join(root, $0)) == .file)
            }
        }

        // The target's own `deploymentTarget`, else the settings (whose lowest layer is `options.deploymentTarget`).
        var deploymentTarget = node["deploymentTarget"]?["iOS"]?.string ?? node["deploymentTarget"]?.string
        if deploymentTarget == nil {
            deploymentTarget = settings.compactMap { $0.value.value("IPHONEOS_DEPLOYMENT_TARGET")?.resolved }
                .sorted(by: TargetFacts.versionLess).first
        }
        var bundleIdentifier = representative?.value("PRODUCT_BUNDLE_IDENTIFIER")
        if bundleIdentifier == nil, let prefix = options?["bundleIdPrefix"]?.string {
            bundleIdentifier = SettingValue(raw: "\(prefix).\(spec.name)", resolved: "\(prefix).\(spec.name)")
        }
        if let bundleIdentifier, !bundleIdentifier.isFullyResolved {
            warnings.append(.unresolvedVariables(target: spec.name, setting: "PRODUCT_BUNDLE_IDENTIFIER", names: bundleIdentifier.unresolvedVariables))
        }
        let sourceFolder = TargetFacts.sourceFolder(listed: sources, root: root, fileSystem: fileSystem)
        var target = AppTarget(
            name: spec.name, definedIn: spec.file,
            otherPlatforms: platforms + (representative?.value("SUPPORTS_MACCATALYST")?.resolved.uppercased() == "YES" ? [.macCatalyst] : []),
            bundleIdentifier: bundleIdentifier,
            deploymentTarget: deploymentTarget, swiftVersion: representative?.value("SWIFT_VERSION")?.resolved,
            defaultActorIsolation: representative?.value("SWIFT_DEFAULT_ACTOR_ISOLATION")?.resolved,
            infoPlist: InfoPlist(path: plistPath, isGenerated: generated, exists: plistExists, regeneratedFrom: plistRegenerated,
                                 specProperties: Self.properties(node["info"]?["properties"])),
            entitlements: entitlements, sourceFolder: sourceFolder,
            outputFolder: TargetFacts.outputFolder(root: root, sourceFolder: sourceFolder, fileSystem: fileSystem))
        target.listedSources = sources
        target.buildSettings = TargetFacts.byName(settings)
        return target
    }

    /// `- target: App` (or `Project/App` in another project), as XcodeGen writes a dependency. A name without a
    /// `/` is kept as it is, without splitting it by Characters (25,000 instructions a target of a large spec).
    private static func targetDependencies(_ node: YAMLNode) -> [String] {
        (node["dependencies"]?.list ?? []).compactMap { $0["target"]?.string }.map { name in
            name.utf8.contains(UInt8(ascii: "/")) ? String(name.split(separator: "/").last ?? "") : name
        }
    }

    /// The string and list-of-string values of `info.properties` / `entitlements.properties`.
    static func properties(_ node: YAMLNode?) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for (key, value) in node?.pairs ?? [] {
            if let text = value.string {
                result[key] = [text]
            } else if let list = value.list {
                result[key] = list.compactMap(\.string)
            }
        }
        return result
    }

    /// `settings:` is either a plain map of settings or `{base:, configs: {Debug: …}}`; configuration names match
    /// case-insensitively, as XcodeGen matches them.
    static func layers(_ settings: YAMLNode?, configuration: String) -> [[SettingAssignment]] {
        guard let settings else { return [] }
        let structured = settings["base"] != nil || settings["configs"] != nil || settings["groups"] != nil
        guard structured else { return [assignments(settings)] }
        let specific = settings["configs"]?.pairs?.first { $0.key.lowercased() == configuration.lowercased() }?.value
        return [specific.map(assignments) ?? [], settings["base"].map(assignments) ?? []]
    }

    private static func assignments(_ node: YAMLNode) -> [SettingAssignment] {
        (node.pairs ?? []).compactMap { pair in
            let value = pair.value.string ?? (pair.value.list.map { $0.compactMap(\.string).joined(separator: " ") })
            return value.map { SettingAssignment(qualifiedKey: pair.key, value: $0) }
        }
    }

    /// `options.deploymentTarget.iOS` acts as the lowest layer for `IPHONEOS_DEPLOYMENT_TARGET`.
    private static func optionLayer(_ options: YAMLNode?) -> [SettingAssignment] {
        guard let version = options?["deploymentTarget"]?["iOS"]?.string else { return [] }
        return [SettingAssignment(qualifiedKey: "IPHONEOS_DEPLOYMENT_TARGET", value: version)]
    }

    private static func configFile(_ node: YAMLNode?, _ configuration: String, folder: String) -> String? {
        node?.pairs?.first { $0.key.lowercased() == configuration.lowercased() }?.value.string.map { PathText.join(folder, $0) }
    }

    static func sources(_ node: YAMLNode?, folder: String) -> [String] {
        guard let node else { return [] }
        let items = node.list ?? [node]
        return items.compactMap { $0.string ?? $0["path"]?.string }.map { PathText.join(folder, $0) }
    }

    static func platform(_ names: [String]) -> Platform {
        let mapped = names.map { name -> Platform in
            switch name.lowercased() {
            case "ios": .iOS
            case "macos": .macOS
            case "watchos": .watchOS
            case "tvos": .tvOS
            case "visionos": .visionOS
            case "maccatalyst": .macCatalyst
            default: .unknown
            }
        }
        if mapped.contains(.iOS) { return .iOS }
        return mapped.first { $0 != .unknown } ?? .unknown
    }
}
