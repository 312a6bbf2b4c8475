import BggenFormats

/// Reads Tuist `Project.swift` manifests into report values, without running Swift.
///
/// Only the literal arguments of `.target(…)` (or the older `Target(…)`) calls are read: `name:`, `product:`,
/// `destinations:` / `platform:`, `bundleId:`, `deploymentTargets:`, `infoPlist:` (with the keys of its
/// `.extendingDefault(with:)` dictionary), `entitlements:`, `sources:`, `buildableFolders:` and the `"KEY": "value"`
/// pairs of `settings:`, each also through a top-level constant of the manifest it names (`infoPlist: appInfoPlist`).
/// Targets built by helper functions are invisible, so the manifests with none of these calls are named in one
/// warning. Paths are relative to the manifest's folder.
struct TuistReader {
    let root: String
    let fileSystem: any FileSystem

    private struct Call {
        var file: String
        var arguments: [String: [SourceToken]]

        /// The arguments with a plain name resolved through the manifest's top-level constants.
        init(file: String, arguments: [String: [SourceToken]], bindings: [String: [SourceToken]]) {
            self.file = file
            self.arguments = arguments.mapValues { TuistManifestValues.resolved($0, bindings: bindings) ?? $0 }
        }
    }

    func read(_ manifests: [String]) throws(ProjectError) -> ProjectReading {
        var reading = ProjectReading()
        var calls: [Call] = []
        var projectSettings: [String: [SettingAssignment]] = [:]
        var withoutCalls: [String] = []
        for manifest in manifests {
            let text: String
            do {
                text = try fileSystem.read(PathText.join(root, manifest))
            } catch {
                throw .unreadable(path: manifest, reason: FileSystemError.cause(of: error))
            }
            let tokens: [SourceToken]
            do {
                tokens = try SourceLexer.tokens(of: text, language: .swift, strict: true)
            } catch {
                throw .malformed(path: manifest, line: error.line, reason: error.reason)
            }
            let bindings = TuistManifestValues.bindings(in: tokens)
            let found = Self.targetCalls(in: tokens).map { Call(file: manifest, arguments: $0, bindings: bindings) }
            if found.isEmpty { withoutCalls.append(manifest) }
            calls += found
            if let project = Self.projectCall(in: tokens), let settings = project["settings"] {
                projectSettings[manifest] = Self.settingPairs(settings)
            }
        }

        if let warning = Self.withoutTargetCalls(withoutCalls) { reading.warnings.append(warning) }

        var signing: [String: Set<String>] = [:]
        var dependencies: [String: [String]] = [:]
        for call in calls.sorted(by: { (Self.string(of: $0.arguments["name"]) ?? "") < (Self.string(of: $1.arguments["name"]) ?? "") }) {
            guard let name = Self.string(of: call.arguments["name"]) else { continue }
            let folder = PathText.parent(of: call.file)
            let product = call.arguments["product"].flatMap { tokens in tokens.last { $0.kind == .identifier }?.text } ?? ""
            let destinations = (call.arguments["destinations"] ?? call.arguments["platform"] ?? []).filter { $0.kind == .identifier }.map(\.text)
            var platforms = destinations.isEmpty ? [Platform.iOS] : destinations.map(Self.platform)
            // `destinations: .app`, a constant of the project's helpers: an app is most likely an iOS one, so it is
            // kept as one and said, rather than dropped without a word.
            if product == "app", !platforms.isEmpty, platforms.allSatisfy({ $0 == .unknown }) {
                reading.warnings.append(.helperDestinations(target: name, file: call.file, written: destinations.joined(separator: ", ")))
                platforms = [.iOS]
            }
            let platform: Platform = platforms.contains(.iOS) ? .iOS : platforms.first { $0 != .unknown } ?? .unknown

            for source in Self.sourceFolders(call.arguments["sources"], folder: folder) + Self.buildableFolders(call.arguments, folder: folder) {
                reading.ownership.folders.append(.init(target: name, folder: source, exceptions: []))
            }
            // `.dictionary([…])` entitlements are generated from the manifest: their strings are keys and values.
            let generatedEntitlements = call.arguments["entitlements"]?.contains { $0.text == "dictionary" } == true
            let entitlementsPath = generatedEntitlements ? call.file
                : Self.strings(in: call.arguments["entitlements"]).first.map { PathText.join(folder, $0) }
            if let entitlementsPath, !generatedEntitlements { signing[entitlementsPath, default: []].insert(name) }

            guard product == "app", platform == .iOS else {
                // Its Info.plist and entitlements, so the app's are never edited where they are the same file.
                let infoPlist = call.arguments["infoPlist"].flatMap { Self.strings(in: $0).first }.map { PathText.join(folder, $0) }
                var other = OtherTarget(name: name, productType: Self.productType(product), platform: platform,
                                        files: [infoPlist, generatedEntitlements ? nil : entitlementsPath].compactMap { $0 })
                other.sourceFolders = Self.sourceFolders(call.arguments["sources"], folder: folder) + Self.buildableFolders(call.arguments, folder: folder)
                other.dependencies = Self.targetDependencies(call.arguments["dependencies"] ?? [])
                reading.otherTargets.append(other)
                continue
            }
            dependencies[name] = Self.targetDependencies(call.arguments["dependencies"] ?? [])
            reading.appTargets.append(appTarget(name: name, call: call, folder: folder, entitlementsPath: entitlementsPath,
                                                platforms: platforms,
                                                projectSettings: projectSettings[call.file] ?? [], warnings: &reading.warnings))
        }
        TargetFacts.link(&reading, declared: dependencies)
        TargetFacts.markSharing(&reading, signing: signing)
        return reading
    }

    private func appTarget(name: String, call: Call, folder: String, entitlementsPath: String?, platforms: [Platform],
                           projectSettings: [SettingAssignment], warnings: inout [ProjectWarning]) -> AppTarget {
        let arguments = call.arguments
        let settings = BuildSettings(layers: [arguments["settings"].map(Self.settingPairs) ?? [], projectSettings],
                                     configuration: "Release", targetName: name, projectName: name)

        let plistTokens = arguments["infoPlist"] ?? []
        let plistPath = Self.strings(in: plistTokens).first.map { PathText.join(folder, $0) }
        let extending = plistTokens.contains { $0.text == "extendingDefault" || $0.text == "default" }
        let generatedInManifest = plistTokens.contains { $0.text == "extendingDefault" || $0.text == "dictionary" }
        let infoPath = extending ? nil : plistPath
        let infoExists = infoPath.map { fileSystem.kind(of: PathText.join(root, $0)) == .file } ?? false
        if let infoPath, !infoExists {
            warnings.append(.fileMissing(target: name, setting: "infoPlist", path: infoPath))
        }
        var infoPlist = InfoPlist(path: infoPath, isGenerated: extending || plistTokens.isEmpty, exists: infoExists,
                                  regeneratedFrom: generatedInManifest ? call.file : nil,
                                  specProperties: generatedInManifest ? TuistManifestValues.infoProperties(plistTokens) : [:])
        if generatedInManifest { infoPlist.specLine = plistTokens.first?.line ?? 1 }

        var entitlements: [EntitlementsFile] = []
        if let entitlementsPath, entitlementsPath == call.file {
            var file = EntitlementsFile(path: call.file, rawValue: ".dictionary", configurations: [], exists: false, regeneratedFrom: call.file,
                                        specProperties: TuistManifestValues.infoProperties(arguments["entitlements"] ?? []))
            file.specLine = arguments["entitlements"]?.first?.line ?? 1
            entitlements = [file]
        } else if let entitlementsPath {
            let raw = Self.strings(in: arguments["entitlements"]).first ?? entitlementsPath
            entitlements = [EntitlementsFile(path: entitlementsPath, rawValue: raw, configurations: [],
                                             exists: fileSystem.kind(of: PathText.join(root, entitlementsPath)) == .file)]
        }

        var bundleIdentifier: SettingValue?
        if let tokens = arguments["bundleId"], let first = tokens.first, first.kind == .string {
            bundleIdentifier = first.isLiteral && tokens.count == 1
                ? SettingValue(raw: first.text, resolved: first.text)
                : SettingValue(raw: tokens.map(\.text).joined(), resolved: tokens.map(\.text).joined(), unresolvedVariables: ["(Swift expression)"])
        }

        let deploymentTokens = arguments["deploymentTargets"] ?? arguments["deploymentTarget"] ?? []
        var deploymentTarget: String?
        if let iOS = deploymentTokens.firstIndex(where: { $0.text == "iOS" }) {
            deploymentTarget = deploymentTokens[iOS...].first { $0.kind == .string }?.text
        }
        deploymentTarget = deploymentTarget ?? settings.value("IPHONEOS_DEPLOYMENT_TARGET")?.resolved

        let sources = Self.sourceFolders(arguments["sources"], folder: folder) + Self.buildableFolders(arguments, folder: folder)
        let sourceFolder = TargetFacts.sourceFolder(listed: sources, root: root, fileSystem: fileSystem)
        var target = AppTarget(
            name: name, definedIn: call.file, otherPlatforms: platforms, bundleIdentifier: bundleIdentifier,
            deploymentTarget: deploymentTarget, swiftVersion: settings.value("SWIFT_VERSION")?.resolved,
            defaultActorIsolation: settings.value("SWIFT_DEFAULT_ACTOR_ISOLATION")?.resolved,
            infoPlist: infoPlist, entitlements: entitlements, sourceFolder: sourceFolder,
            outputFolder: TargetFacts.outputFolder(root: root, sourceFolder: sourceFolder, fileSystem: fileSystem))
        target.listedSources = sources
        // Tuist sets PRODUCT_BUNDLE_IDENTIFIER from `bundleId:`, so Info.plist entries using it expand.
        var expanding = settings
        if let bundleIdentifier { expanding.layers.insert([SettingAssignment(qualifiedKey: "PRODUCT_BUNDLE_IDENTIFIER", value: bundleIdentifier.raw)], at: 0) }
        target.buildSettings = [settings.configuration: expanding]
        return target
    }

    // MARK: - Reading calls

    /// The labelled arguments of every `.target(` / `Target(` / `Target.target(` call.
    private static func targetCalls(in tokens: [SourceToken]) -> [[String: [SourceToken]]] {
        var result: [[String: [SourceToken]]] = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            let isCall = index + 1 < tokens.count && tokens[index + 1].text == "("
            let modern = tokens[index].text == "target" && index > 0 && tokens[index - 1].text == "."
            let legacy = tokens[index].text == "Target" && !(index > 0 && tokens[index - 1].text == ".")
            guard isCall, modern || legacy else { continue }
            let arguments = labelledArguments(tokens, open: index + 1)
            // `.target(name: "X")` also names a dependency; a definition says what it builds.
            if arguments["name"] != nil, arguments["product"] != nil { result.append(arguments) }
        }
        return result
    }

    private static func projectCall(in tokens: [SourceToken]) -> [String: [SourceToken]]? {
        for index in tokens.indices where tokens[index].text == "Project" && tokens[index].kind == .identifier {
            if index + 1 < tokens.count, tokens[index + 1].text == "(" {
                return labelledArguments(tokens, open: index + 1)
            }
        }
        return nil
    }

    /// Splits `(label: value, label: value)` at its own depth.
    private static func labelledArguments(_ tokens: [SourceToken], open: Int) -> [String: [SourceToken]] {
        var result: [String: [SourceToken]] = [:]
        var depth = 0
        var index = open + 1
        var label: String?
        var value: [SourceToken] = []
        func finish() {
            if let label { result[label] = value }
            label = nil
            value = []
        }
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.nesting < 0 && depth == 0 { break }
                depth += token.nesting
                if depth == 0 && token.text == "," {
                    finish()
                    index += 1
                    continue
                }
            }
            if depth == 0, label == nil, token.kind == .identifier, index + 1 < tokens.count, tokens[index + 1].text == ":" {
                label = token.text
                index += 2
                continue
            }
            value.append(token)
            index += 1
        }
        finish()
        return result
    }

    /// The folders of `sources: ["App/**"]`, up to the first wildcard, relative to the root.
    static func sourceFolders(_ tokens: [SourceToken]?, folder: String) -> [String] {
        strings(in: tokens).map { source in
            let prefix = source.split(separator: "*", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? source
            return PathText.join(folder, prefix)
        }
    }

    /// The folders of Tuist 4's `buildableFolders:`, relative to the root: Xcode compiles what they hold.
    private static func buildableFolders(_ arguments: [String: [SourceToken]], folder: String) -> [String] {
        TuistManifestValues.buildableFolders(arguments["buildableFolders"]).map { PathText.join(folder, $0) }
    }

    /// One warning for every manifest with no target call bggen can read, naming them (the first ten).
    private static func withoutTargetCalls(_ manifests: [String]) -> ProjectWarning? {
        guard let first = manifests.first else { return nil }
        guard manifests.count > 1 else {
            return .unreadableSpec(file: first, reason: "no literal .target(…) calls, perhaps built by a helper function")
        }
        let named = manifests.prefix(10).joined(separator: ", ") + (manifests.count > 10 ? " and \(manifests.count - 10) more" : "")
        return .unreadableSpec(file: named, reason: "\(manifests.count) manifests with no literal .target(…) calls, perhaps built by helper functions")
    }

    /// The names in `.target(name: "App")` and `.target("App")` of a `dependencies:` list: the targets of the
    /// same project (`.project`, `.external` and `.package` name others).
    static func targetDependencies(_ tokens: [SourceToken]) -> [String] {
        tokens.indices.compactMap { index in
            guard TokenPattern.matches(tokens, at: index, [".", "target", "("]) else { return nil }
            let labelled = TokenPattern.matches(tokens, at: index + 3, ["name", ":"])
            let value = index + (labelled ? 5 : 3)
            guard value < tokens.count, tokens[value].kind == .string, tokens[value].isLiteral else { return nil }
            return tokens[value].text
        }
    }

    private static func string(of tokens: [SourceToken]?) -> String? {
        guard let tokens, tokens.count == 1, tokens[0].kind == .string, tokens[0].isLiteral else { return nil }
        return tokens[0].text
    }

    private static func strings(in tokens: [SourceToken]?) -> [String] {
        (tokens ?? []).filter { $0.kind == .string && $0.isLiteral }.map(\.text)
    }

    /// `"KEY": "value"` and `"KEY": .string("value")` pairs, in order.
    static func settingPairs(_ tokens: [SourceToken]) -> [SettingAssignment] {
        var result: [SettingAssignment] = []
        for index in tokens.indices where tokens[index].kind == .string && index + 2 < tokens.count && tokens[index + 1].text == ":" {
            var cursor = index + 2
            if TokenPattern.matches(tokens, at: cursor, [".", "string", "("]) { cursor += 3 }
            guard cursor < tokens.count, tokens[cursor].kind == .string else { continue }
            result.append(SettingAssignment(qualifiedKey: tokens[index].text, value: tokens[cursor].text))
        }
        return result
    }

    static func platform(_ destination: String) -> Platform {
        switch destination {
        case "iOS", "iPhone", "iPad", "macWithiPadDesign", "appleVisionWithiPadDesign": .iOS
        case "macOS", "mac": .macOS
        case "watchOS", "appleWatch": .watchOS
        case "tvOS", "appleTv": .tvOS
        case "visionOS", "appleVision": .visionOS
        case "macCatalyst": .macCatalyst
        default: .unknown
        }
    }

    static func productType(_ product: String) -> String {
        switch product {
        case "app": "com.apple.product-type.application"
        case "appExtension": "com.apple.product-type.app-extension"
        case "unitTests": "com.apple.product-type.bundle.unit-test"
        case "uiTests": "com.apple.product-type.bundle.ui-testing"
        case "framework", "staticFramework": "com.apple.product-type.framework"
        case "staticLibrary": "com.apple.product-type.library.static"
        case "dynamicLibrary": "com.apple.product-type.library.dynamic"
        case "appClip": "com.apple.product-type.application.on-demand-install-capable"
        default: product.hasSuffix("Extension") ? "com.apple.product-type.\(product)" : product
        }
    }
}
