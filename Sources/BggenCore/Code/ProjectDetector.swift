import BggenFormats

/// Understands the project bggen runs in before anything is written: what defines the app, which target is the
/// iOS app and where its Info.plist and entitlements are, and what background work the code already does.
///
/// Reading only: every file access goes through `FileSystem`, and nothing is created or changed.
public enum ProjectDetector {
    /// `root` is the repository folder (an absolute path); every path in the report is relative to it. `spec`,
    /// relative to the root, is an XcodeGen spec to read instead of looking for one. `dumper` runs `xcodegen` or
    /// `tuist` when they are on the PATH, whose dump of the resolved project is read instead of the spec; it runs
    /// the repository's own code, so it is passed only when the user asked (`--use-generators`).
    public static func detect(root: String, spec: String? = nil, fileSystem: any FileSystem,
                              dumper: (any ProjectDumping)? = nil) throws(ProjectError) -> ProjectReport {
        try read(root: root, spec: spec, fileSystem: fileSystem, dumper: dumper).report
    }

    /// The report and the model of the app's code it was made from, which `Doctor` audits. With
    /// `stopsAtUnreadableCode` a file nested too deeply to read, or one that is not UTF-8 and names a background API,
    /// stops detection (`init` must not guess); doctor reports it instead, and writes no file, so it gathers no names
    /// that could clash with bggen's (`readsNameClashes`).
    static func read(root: String, spec: String? = nil, fileSystem: any FileSystem, stopsAtUnreadableCode: Bool = true,
                     readsNameClashes: Bool = true,
                     dumper: (any ProjectDumping)? = nil) throws(ProjectError) -> (report: ProjectReport, code: CodeModel) {
        let fileSystem = fileSystem.contained(in: root)
        guard fileSystem.kind(of: root) == .directory else { throw .rootNotFound(root) }
        // The source files are read on the other cores while the project is found and parsed here (found first, it
        // held the walk back by 0.6–1.4 ms on six real apps). On a failure to find or read the project nobody takes
        // them: the reading is cancelled, so it stops instead of reading the rest for nothing.
        let firstReading = Background { cancellation in
            CodeModel.firstReading(root: root, fileSystem: fileSystem, clashes: readsNameClashes ? .all : nil, cancellation: cancellation)
        }
        defer { firstReading.cancel() }
        let layout = try Discovery(root: root, fileSystem: fileSystem, spec: spec).find()

        var reading = ProjectReading()
        var files = layout.files
        var packageTarget: String?
        var packagePlatforms: [String]?
        switch layout.kind {
        case .xcodeProject:
            for project in layout.files {
                merge(try XcodeProjectReader(root: root, fileSystem: fileSystem).read(project), into: &reading)
            }
        case .xcodeGen:
            let spec = layout.files[0]
            let resolved = dump(.xcodeGen, extra: ["--spec", PathText.name(of: spec)], file: spec,
                                root: root, dumper: dumper, warnings: &reading.warnings)
            var found: ProjectReading
            var specFiles: [String]
            do {
                (found, specFiles) = try XcodeGenReader(root: root, fileSystem: fileSystem).read(spec, resolved: resolved?.tree)
            } catch .malformed(let path, let line, let reason) where resolved?.found != true {
                // XcodeGen itself reads what bggen's YAML reader does not: say so beside the line.
                throw .malformed(path: path, line: line, reason: "\(reason); " + (dumper == nil
                    ? "bggen did not run \(ProjectGenerator.xcodeGen.commandLine), which reads the whole spec, because it runs the repository's code; pass --use-generators to allow it"
                    : "with xcodegen on the PATH bggen reads the spec through \(ProjectGenerator.xcodeGen.commandLine)"))
            }
            if resolved?.found != true { noteMissingGenerator(.xcodeGen, allowed: dumper != nil, in: &found) }
            merge(found, into: &reading)
            files = specFiles
            for project in layout.generatedProjects {
                reading.warnings.append(.generatedProject(path: project, generator: "XcodeGen", spec: layout.files[0]))
            }
        case .tuist:
            var unread: [String] = []
            var found: Bool?
            for manifest in layout.files {
                let resolved = dump(.tuist, file: manifest, root: root, dumper: dumper, warnings: &reading.warnings)
                found = resolved?.found
                if let tree = resolved?.tree {
                    merge(TuistDumpReader(root: root, fileSystem: fileSystem).read(tree, manifest: manifest), into: &reading)
                } else {
                    unread.append(manifest)
                }
            }
            if !unread.isEmpty {
                var fallback = try TuistReader(root: root, fileSystem: fileSystem).read(unread)
                if found != true { noteMissingGenerator(.tuist, allowed: dumper != nil, in: &fallback) }
                merge(fallback, into: &reading)
            }
            for project in layout.generatedProjects {
                reading.warnings.append(.generatedProject(path: project, generator: "Tuist", spec: "Project.swift"))
            }
        case .swiftPackage:
            break
        }
        // A package at the root states the iOS version its modules (and, often, the app beside them) build for.
        if let manifest = layout.packageManifest, let text = try? fileSystem.read(PathText.join(root, manifest)) {
            do {
                packageTarget = try PackageManifestReader.iOSVersion(in: text)
                packagePlatforms = try PackageManifestReader.platforms(in: text)
            } catch {
                throw .malformed(path: manifest, line: error.line, reason: error.reason)
            }
        }

        let appNames = reading.appTargets.map(\.name).sorted()
        if appNames.count > 1 { reading.warnings.append(.multipleAppTargets(appNames)) }
        if appNames.isEmpty && layout.kind != .swiftPackage { reading.warnings.append(.noAppTarget) }

        let code = CodeModel.read(firstReading.take(), root: root, fileSystem: fileSystem, ownership: reading.ownership,
                                  appTargets: reading.appTargets)
        if stopsAtUnreadableCode, let failure = code.unreadable.min(by: { $0.file < $1.file }) {
            throw .malformed(path: failure.file, line: failure.line, reason: failure.reason)
        }
        if stopsAtUnreadableCode, let source = code.unreadableBackgroundCode.min(by: { $0.file < $1.file }) {
            throw .malformed(path: source.file, line: source.line, reason: source.reason)
        }
        var warnings: [ProjectWarning] = []
        for warning in (reading.warnings + code.warnings).sorted() where warnings.last != warning {
            warnings.append(warning)
        }
        let appTargets = TargetFacts.placingOutput(in: reading.appTargets, entryPoints: code.entryPoints, root: root, fileSystem: fileSystem)
        let report = ProjectReport(
            root: root, kind: layout.kind, projectFiles: files.sorted(), workspace: layout.workspace,
            usesSynchronizedFolders: reading.usesSynchronizedFolders, namesRemotePackages: reading.namesRemotePackages,
            appTargets: appTargets.sorted { $0.name < $1.name },
            otherTargets: reading.otherTargets.sorted { ($0.name, $0.productType) < ($1.name, $1.productType) },
            packageDeploymentTarget: packageTarget, packagePlatforms: packagePlatforms, existingCode: code.existingCode,
            registeredIdentifiers: code.registeredIdentifiers, declaredNames: code.declaredNames,
            entryPoints: code.entryPoints, sceneDelegates: code.sceneDelegates, warnings: warnings)
        return (report, code)
    }

    /// The generator's own dump of the project `file` defines, run in its folder: `tree` when it could be read,
    /// `found: false` when the tool is not on the PATH; a failed or unreadable dump is a warning naming `file`, and
    /// the caller reads the spec itself.
    private static func dump(_ generator: ProjectGenerator, extra: [String] = [], file: String, root: String,
                             dumper: (any ProjectDumping)?, warnings: inout [ProjectWarning]) -> (tree: YAMLNode?, found: Bool)? {
        guard let dumper else { return nil }
        let arguments = generator.dumpArguments + extra
        guard let result = dumper.run(tool: generator.rawValue, arguments: arguments, in: PathText.join(root, PathText.parent(of: file))) else {
            return (nil, false)
        }
        do {
            return (try DumpJSON.node(from: result.get()), true)
        } catch {
            let reason = error.reason == DumpJSON.notJSON ? "\(([generator.rawValue] + arguments).joined(separator: " ")) printed \(error.reason)" : error.reason
            warnings.append(.dumpFailed(file: file, reason: reason))
            return (nil, true)
        }
    }

    /// What the spec reader could not follow is worth a hint: the generator itself would have read it, if it is
    /// installed and the user allowed it to run (`allowed`, from `--use-generators`).
    private static func noteMissingGenerator(_ generator: ProjectGenerator, allowed: Bool, in reading: inout ProjectReading) {
        let unread = reading.warnings.contains { if case .unreadableSpec = $0 { true } else { false } }
        guard unread else { return }
        reading.warnings.append(allowed ? .generatorNotFound(tool: generator.rawValue, command: generator.commandLine)
                                        : .generatorNotRun(command: generator.commandLine))
    }

    private static func merge(_ other: ProjectReading, into reading: inout ProjectReading) {
        reading.appTargets += other.appTargets
        reading.otherTargets += other.otherTargets
        reading.warnings += other.warnings
        reading.ownership.folders += other.ownership.folders
        reading.ownership.files.merge(other.ownership.files) { $0.union($1) }
        reading.usesSynchronizedFolders = reading.usesSynchronizedFolders || other.usesSynchronizedFolders
        reading.namesRemotePackages = reading.namesRemotePackages || other.namesRemotePackages
    }
}

/// Decides which files define the project: at the root first, then, for workspaces, Tuist and Xcode projects, below it.
private struct Discovery {
    let root: String
    let fileSystem: any FileSystem
    let spec: String?

    struct Layout {
        var kind: ProjectKind
        /// `.xcodeproj` bundles, the XcodeGen spec, the Tuist manifests, or `Package.swift`.
        var files: [String]
        var workspace: String?
        /// Committed `.xcodeproj` bundles that a generator owns.
        var generatedProjects: [String] = []
        /// The root's `Package.swift`, as the folder spells it, whatever the project is.
        var packageManifest: String?
    }

    /// How many folders below the root a project is looked for: `src/xcode/App/App.xcodeproj` is three down.
    static let projectSearchDepth = 4

    func find() throws(ProjectError) -> Layout {
        var layout = try findKind()
        layout.packageManifest = named("Package.swift", in: rootEntries.files)
        return layout
    }

    /// The root's files and folders, each sorted.
    private var rootEntries: (files: [String], folders: [String]) {
        let entries = fileSystem.entries(in: root, within: root)
        return (entries.filter { $0.kind == .file }.map(\.name), entries.filter { $0.kind == .directory }.map(\.name))
    }

    /// On a volume that ignores case (APFS's default) `Project.yml` is the file XcodeGen opens as `project.yml`, and
    /// `App.XcodeProj` is a project Xcode opens: the names bggen looks for are compared as the volume compares them.
    private var ignoringCase: Bool { !fileSystem.isCaseSensitive(root) }

    /// `wanted` as `names` spell it.
    private func named(_ wanted: String, in names: [String]) -> String? {
        let ignoringCase = ignoringCase
        return names.first { PathText.sameName($0, wanted, ignoringCase: ignoringCase) }
    }

    private func findKind() throws(ProjectError) -> Layout {
        let (files, folders) = rootEntries
        let ignoringCase = ignoringCase
        let projects = folders.filter { PathText.hasSuffix($0, ".xcodeproj", ignoringCase: ignoringCase) }.sorted()
        let workspace = folders.filter { PathText.hasSuffix($0, ".xcworkspace", ignoringCase: ignoringCase) }.sorted().first

        if let spec {
            return Layout(kind: .xcodeGen, files: [spec], generatedProjects: projects)
        }
        if let spec = named("project.yml", in: files) {
            return Layout(kind: .xcodeGen, files: [spec], generatedProjects: projects)
        }
        let specs = xcodeGenSpecs()
        guard specs.count <= 1 else { throw .severalSpecs(specs) }
        if let spec = specs.first {
            return Layout(kind: .xcodeGen, files: [spec], generatedProjects: projects)
        }
        if named("Project.swift", in: files) != nil {
            return Layout(kind: .tuist, files: tuistManifests(), generatedProjects: projects)
        }
        if !projects.isEmpty {
            return Layout(kind: .xcodeProject, files: projects, workspace: workspace)
        }
        if let workspace {
            let referenced = projectsReferenced(by: workspace)
            if !referenced.isEmpty {
                return Layout(kind: .xcodeProject, files: referenced, workspace: workspace)
            }
        }
        if named("Workspace.swift", in: files) ?? named("Tuist.swift", in: files) ?? named("Tuist", in: folders) != nil {
            let manifests = tuistManifests()
            if !manifests.isEmpty { return Layout(kind: .tuist, files: manifests) }
        }
        // A Tuist workspace further down (tuist/workshop's `App/Workspace.swift`): its manifests, as if bggen ran there.
        let tuistFolders = nestedTuistFolders()
        guard tuistFolders.count <= 1 else { throw .severalTuistWorkspaces(tuistFolders.map(\.file)) }
        if let folder = tuistFolders.first?.folder {
            let manifests = tuistManifests(below: folder)
            if !manifests.isEmpty { return Layout(kind: .tuist, files: manifests) }
        }
        // Projects further down (`src/xcode/App/App.xcodeproj`, a library's project beside the app's), without a
        // workspace pointing at them: all of them, so the app target is found in whichever holds it and an unknown
        // `--target` is answered with every app target there is. Dependencies and build output are not entered.
        let nested = RepositoryWalker.files(root: root, fileSystem: fileSystem, maximumDepth: Self.projectSearchDepth,
                                            kind: .directory) { PathText.hasSuffix($0, ".xcodeproj", ignoringCase: ignoringCase) }
        if !nested.isEmpty { return Layout(kind: .xcodeProject, files: nested) }
        if let manifest = named("Package.swift", in: files) {
            return Layout(kind: .swiftPackage, files: [manifest])
        }
        throw .noProject(root)
    }

    /// The keys a spec's top level has, as bytes.
    private static let nameKey = Array("name:".utf8), targetsKey = Array("targets:".utf8)

    /// YAML files at the root or one folder down that read like an XcodeGen spec under another name
    /// (`xcodegen --spec project-xyz.yml`): a `name:` and a `targets:` key at the top level. Files a spec includes
    /// usually have no `name:`. Found by a walk one level deep, which makes a path only for a YAML file: listing every
    /// folder at the root sorted, a path for each of its entries, was a hundredth of doctor's time on duckduckgo-iOS.
    private func xcodeGenSpecs() -> [String] {
        let ignoringCase = ignoringCase
        let candidates = RepositoryWalker.files(root: root, fileSystem: fileSystem, maximumDepth: 1) { name in
            PathText.hasSuffix(name, ".yml", ignoringCase: ignoringCase) || PathText.hasSuffix(name, ".yaml", ignoringCase: ignoringCase)
        }
        return candidates.filter { path in
            // Both keys' bytes are looked for first: most YAML files (CI, SwiftGen, Crowdin) lack one, and splitting
            // a file into lines of Characters cost 500 instructions a byte.
            guard let text = try? fileSystem.read(PathText.join(root, path)),
                  ByteSearch.contains(Self.nameKey, in: text), ByteSearch.contains(Self.targetsKey, in: text) else { return false }
            let lines = text.split(separator: "\n").map { $0.hasSuffix("\r") ? $0.dropLast() : $0[...] }
            return lines.contains { $0.hasPrefix("name:") } && lines.contains { $0 == "targets:" || $0.hasPrefix("targets: ") }
        }.sorted()
    }

    /// The `Project.swift` manifests of the Tuist project at `folder` (the root when empty), its helpers aside.
    private func tuistManifests(below folder: String = "") -> [String] {
        let ignoringCase = ignoringCase
        return RepositoryWalker.files(root: PathText.join(root, folder), fileSystem: fileSystem, maximumDepth: 3) {
            PathText.sameName($0, "Project.swift", ignoringCase: ignoringCase)
        }
        .filter { !PathText.isInside($0, "Tuist", ignoringCase: ignoringCase) }
        .map { PathText.join(folder, $0) }
    }

    /// Folders below the root that hold a Tuist workspace: a `Workspace.swift` or `Tuist.swift`, or a `Tuist/Config.swift`,
    /// that imports ProjectDescription (an app may have a model called `Workspace.swift`), each with that file.
    private func nestedTuistFolders() -> [(folder: String, file: String)] {
        let ignoringCase = ignoringCase
        let names = ["Workspace.swift", "Tuist.swift", "Config.swift"]
        let found = RepositoryWalker.files(root: root, fileSystem: fileSystem, maximumDepth: Self.projectSearchDepth - 1) { name in
            names.contains { PathText.sameName(name, $0, ignoringCase: ignoringCase) }
        }
        var result: [(folder: String, file: String)] = []
        var seen = Set<String>()
        // A folder is named by its Workspace.swift or Tuist.swift where it has one, the more telling file.
        let isConfig = { (file: String) in PathText.sameName(PathText.name(of: file), "Config.swift", ignoringCase: ignoringCase) }
        for file in found.filter({ !isConfig($0) }) + found.filter(isConfig) {
            var folder = PathText.parent(of: file)
            if isConfig(file) {
                guard PathText.sameName(PathText.name(of: folder), "Tuist", ignoringCase: ignoringCase) else { continue }
                folder = PathText.parent(of: folder)
            }
            guard !folder.isEmpty, !seen.contains(folder),
                  (try? fileSystem.read(PathText.join(root, file)))?.contains("import ProjectDescription") == true else { continue }
            seen.insert(folder)
            result.append((folder, file))
        }
        return result.sorted { $0.file < $1.file }
    }

    /// `<FileRef location = "group:WeDaApp/WeDaApp.xcodeproj">` entries, without CocoaPods' `Pods.xcodeproj`.
    private func projectsReferenced(by workspace: String) -> [String] {
        guard let text = try? fileSystem.read(PathText.join(root, "\(workspace)/contents.xcworkspacedata")) else { return [] }
        var result: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "location") {
            rest = rest[start.upperBound...]
            guard let open = rest.firstIndex(of: "\""), let close = rest[rest.index(after: open)...].firstIndex(of: "\"") else { break }
            let location = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            guard let colon = location.firstIndex(of: ":") else { continue }
            let scheme = location[..<colon]
            let path = String(location[location.index(after: colon)...])
            guard scheme == "group" || scheme == "container", PathText.hasSuffix(path, ".xcodeproj", ignoringCase: ignoringCase) else { continue }
            let relative = PathText.join(PathText.parent(of: workspace), path)
            let skipped = relative.split(separator: "/").contains { RepositoryWalker.skips(folder: String($0)) && !PathText.hasSuffix(String($0), ".xcodeproj", ignoringCase: ignoringCase) }
            if !skipped, !PathText.leavesRoot(relative),
               fileSystem.kind(of: PathText.join(root, "\(relative)/project.pbxproj")) == .file {
                result.append(relative)
            }
        }
        return result.sorted()
    }
}
