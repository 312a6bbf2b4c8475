import Foundation

/// An app that already exists, as bggen sees it before writing: the target it adds to, the answers the project
/// already implies, the background work it already has, and the edits its own files need.
public struct ExistingProject: Sendable {
    public let report: ProjectReport
    /// The iOS app target bggen adds to; nil for a Swift package or a project without one.
    public let target: AppTarget?
    /// How the app starts, read from its entry point: `@main struct …: App` or an app delegate.
    public let style: AppStyle?
    /// `BGTaskSchedulerPermittedIdentifiers` of the target's Info.plist (or of the spec that generates it).
    var listedIdentifiers: [String] = []

    /// Detects the project at `root`; nil when there is none (a new folder), so bggen just generates files.
    /// A folder that plainly holds an app bggen cannot read is an error, never a new folder: `spec` names the
    /// XcodeGen spec when it is not `project.yml` and cannot be told by its content.
    public static func detect(root: String, targetName: String?, spec: String? = nil, fileSystem: any FileSystem) throws -> ExistingProject? {
        let report: ProjectReport
        do {
            report = try ProjectDetector.detect(root: root, spec: spec, fileSystem: fileSystem)
        } catch {
            switch error {
            case .rootNotFound:
                return nil
            case .noProject:
                let evidence = AppEvidence.find(root: root, fileSystem: fileSystem)
                guard evidence.isEmpty else { throw ProjectError.unreadableApp(evidence: evidence) }
                return nil
            default:
                throw error
            }
        }
        if report.kind != .swiftPackage && report.appTargets.isEmpty {
            let reasons = report.warnings.compactMap { warning -> String? in
                if case .unreadableSpec = warning { return warning.description }
                return nil
            }
            throw ProjectError.noAppTargetRead(projectFiles: report.projectFiles, reasons: reasons)
        }
        let target = try chooseTarget(in: report, named: targetName)
        return ExistingProject(report: report, target: target, style: detectStyle(report, target: target),
                               listedIdentifiers: target.map { listedIdentifiers(of: $0, root: root, fileSystem: fileSystem) } ?? [])
    }

    /// The task identifiers the target's Info.plist permits, read without changing anything; none when it cannot
    /// be read (patching it later reports why).
    static func listedIdentifiers(of target: AppTarget, root: String, fileSystem: any FileSystem) -> [String] {
        let key = BackgroundModes.permittedIdentifiersKey
        if target.infoPlist.regeneratedFrom != nil { return target.infoPlist.specProperties[key] ?? [] }
        guard let path = target.infoPlist.path, target.infoPlist.exists,
              let data = try? fileSystem.readData(PathText.join(root, path)),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return [] }
        return plist[key] as? [String] ?? []
    }

    /// How `target` starts, from every file it compiles (or, where the project does not say, every file in its
    /// source folder): a SwiftUI `App` marked `@main` wins over an app delegate, which such an app may also have.
    static func detectStyle(_ report: ProjectReport, target: AppTarget?) -> AppStyle? {
        let kinds = entryPoints(report, target: target).map(\.kind)
        if kinds.contains(.swiftUIApp) { return .swiftUI }
        return kinds.isEmpty ? nil : .appDelegate
    }

    /// The app's Objective-C app delegate, when it has no Swift entry point: the `.m` file where there is one.
    public var objectiveCDelegate: EntryPoint? {
        let entries = Self.entryPoints(report, target: target)
        guard !entries.contains(where: { $0.kind != .objectiveCDelegate }) else { return nil }
        return entries.first { !$0.file.hasSuffix(".h") } ?? entries.first
    }

    /// The entry points `target` compiles.
    static func entryPoints(_ report: ProjectReport, target: AppTarget?) -> [EntryPoint] {
        guard let target else { return [] }
        return report.entryPoints.filter { entry in
            entry.targets.contains(target.name)
                || (entry.targets.isEmpty && target.sourceFolder.map { PathText.isInside(entry.file, $0) } == true)
        }
    }

    /// With several app targets, `--target` decides; a guess could patch the wrong app's Info.plist.
    static func chooseTarget(in report: ProjectReport, named name: String?) throws(AugmentError) -> AppTarget? {
        let names = report.appTargets.map(\.name)
        if let name {
            guard let target = report.appTarget(named: name) else {
                throw .unknownTarget(name, available: names)
            }
            return target
        }
        guard report.appTargets.count <= 1 else {
            throw .severalAppTargets(names)
        }
        return report.appTargets.first
    }

    /// The report's warnings that still apply: once a target is chosen, that the project has several is no news,
    /// and a bundle identifier with undefined variables is explained by what bggen makes of it.
    public var warnings: [ProjectWarning] {
        report.warnings.compactMap { warning in
            switch warning {
            case .multipleAppTargets:
                return target == nil ? warning : nil
            case .unresolvedVariables(let name, "PRODUCT_BUNDLE_IDENTIFIER", let names) where name == target?.name:
                return .bundleIdentifierWithout(target: name, names: names, used: usableBundleIdentifier?.description)
            default:
                return warning
            }
        } + deploymentTargetWarnings
    }

    /// An app target that sets no deployment target takes the root package's, or bggen's default: said so.
    private var deploymentTargetWarnings: [ProjectWarning] {
        guard let target, target.deploymentTarget == nil else { return [] }
        return [.deploymentTargetUnset(target: target.name, packageVersion: report.packageDeploymentTarget)]
    }

    /// The target's bundle identifier as the identifiers' prefix: resolved, or with the variables nothing in the
    /// repository defines left out, as Xcode builds it (`com.example.Kite${SAMPLE_CODE_DISAMBIGUATOR}` gives
    /// `com.example.Kite`); nil when even that is not a valid identifier.
    var usableBundleIdentifier: BundleIdentifier? {
        guard let bundle = target?.bundleIdentifier else { return nil }
        return try? BundleIdentifier(bundle.withoutUnresolved)
    }

    /// The answers the project already gives: its style (and an Objective-C delegate), whether the target also
    /// builds for other platforms, its deployment target and bundle identifier.
    public var detectedAnswers: Answers {
        var answers = Answers()
        answers.style = style
        answers.objectiveC = objectiveCDelegate != nil ? true : nil
        answers.guardsPlatform = target?.isMultiplatform == true ? true : nil
        answers.deploymentTarget = try? detectedDeploymentTarget.map(DeploymentTarget.init)
        answers.bundleIdentifier = usableBundleIdentifier
        return answers
    }

    /// The deployment target as the project writes it, the target's own or the root package's.
    private var detectedDeploymentTarget: String? {
        target?.deploymentTarget ?? report.packageDeploymentTarget
    }

    /// Why the project's deployment target cannot be used (iOS 12, a typo), for a run no flag or record
    /// overrides it in: bggen stops rather than silently taking its own default.
    public var unusableDeploymentTarget: ConfigurationError? {
        guard let text = detectedDeploymentTarget else { return nil }
        do {
            _ = try DeploymentTarget(text)
            return nil
        } catch {
            return error
        }
    }

    /// The first place existing code covers each task kind. Code compiled into the app counts: its own files, the
    /// framework and library targets it may link, and packages (files no target claims). bggen's own earlier
    /// output and code only other apps or extensions compile do not (a macOS app's delegate does not cover the
    /// iOS app).
    public func existingCode(for kinds: [TaskKind]) -> [(kind: TaskKind, finding: CodeFinding)] {
        let libraries = Set(report.otherTargets.filter { other in
            let type = other.productType.lowercased()
            return (type.contains("framework") || type.contains("library")) && [.iOS, .unknown].contains(other.platform)
        }.map(\.name))
        let relevant = report.existingCode.filter { finding in
            !finding.isBggenOutput && (finding.targets.isEmpty || target.map { finding.targets.contains($0.name) } ?? true
                || finding.targets.contains(where: libraries.contains))
        }
        return kinds.compactMap { kind in
            relevant.first { $0.kinds.contains(kind) }.map { (kind, $0) }
        }
    }

    /// What the user must do so the target compiles the new folder, when the project does not pick it up alone.
    public func integrationNote(outputFolder: String) -> String? {
        guard let target else { return nil }
        let inside = { (folder: String) in outputFolder == folder || outputFolder.hasPrefix(folder + "/") }
        switch report.kind {
        case .xcodeProject:
            if target.synchronizedFolders.contains(where: inside) { return nil }
            guard let synchronized = target.synchronizedFolders.first else {
                return "\(target.name) lists its files one by one: add \(outputFolder) to the \(target.name) target in Xcode (File > Add Files)."
            }
            return "\(outputFolder) is not in a folder \(target.name) compiles: add it to the \(target.name) target in Xcode (File > Add Files), or pass --output inside \(synchronized)."
        case .xcodeGen, .tuist:
            let generator = report.kind == .xcodeGen ? "xcodegen generate" : "tuist generate"
            if let sources = target.sourceFolder, inside(sources) {
                return "run \(generator) so \(target.name) picks up the new files in \(outputFolder)."
            }
            return "add \(outputFolder) to \(target.name)'s sources in \(target.definedIn), then run \(generator)."
        case .swiftPackage:
            return nil
        }
    }

    /// The other app targets that compile `outputFolder` as well (flavours of one app sharing a folder): the new
    /// files are built into them too, and register nothing unless their Info.plists get the keys.
    public func targetsSharing(_ outputFolder: String) -> [AppTarget] {
        guard let target else { return [] }
        let generated = report.kind == .xcodeGen || report.kind == .tuist
        return report.appTargets.filter { other in
            other.name != target.name
                && (other.synchronizedFolders.contains { PathText.isInside(outputFolder, $0) }
                    || (generated && other.sourceFolder.map { PathText.isInside(outputFolder, $0) } == true))
        }
    }

    /// Task kinds whose identifier the app registers already: a second registration kills the app at launch.
    /// `inferred` marks an identifier the app's Info.plist permits while a registration bggen cannot read exists
    /// (`register(forTaskWithIdentifier: makeIdentifier())`), which most likely registers it.
    public func alreadyRegistered(_ configuration: Configuration) -> [(kind: TaskKind, registered: RegisteredIdentifier, inferred: Bool)] {
        let identifiers = Identifiers(configuration)
        let ours: [(TaskKind, String?)] = [
            (.refresh, identifiers.appRefresh), (.processing, identifiers.processing),
            (.downloads, identifiers.downloadSession), (.uploads, identifiers.uploadSession),
        ]
        let unread = report.warnings.compactMap { warning -> (file: String, line: Int, expression: String)? in
            if case .unresolvedIdentifier(let file, let line, let expression) = warning { return (file, line, expression) }
            return nil
        }
        return ours.compactMap { kind, identifier in
            guard let identifier else { return nil }
            if let registered = report.registeredIdentifiers.first(where: { $0.identifier == identifier }) {
                return (kind, registered, false)
            }
            guard kind == .refresh || kind == .processing, listedIdentifiers.contains(identifier), let call = unread.first else { return nil }
            return (kind, RegisteredIdentifier(identifier: identifier, kind: .task, file: call.file, line: call.line, constant: call.expression), true)
        }
    }

    /// The prefix bggen uses when the app declares none of its names itself.
    public static let automaticPrefix = "Bggen"

    /// The prefix that keeps bggen's names clear of the app's own types and Swift files, and the app's names that
    /// made one necessary. `names` are bggen's names without a prefix. A prefix the user chose is kept, and is an
    /// error when it still clashes; otherwise there is none unless something clashes, and then `Bggen`.
    public func typePrefix(for names: GeneratedNames, chosen: String) throws(AugmentError) -> (prefix: String, clashes: [DeclaredName]) {
        let unprefixed = clashes(with: names)
        let prefix = chosen.isEmpty && !unprefixed.isEmpty ? Self.automaticPrefix : chosen
        guard !prefix.isEmpty else { return ("", []) }
        let remaining = clashes(with: names.prefixed(prefix))
        guard remaining.isEmpty else { throw .nameClash(remaining, prefix: prefix) }
        return (prefix, unprefixed)
    }

    /// The app's own types and Swift files with one of `names`, anywhere in the repository: a type in a package or
    /// framework the app links may clash as well, and output of an earlier bggen run is replaced, not duplicated.
    func clashes(with names: GeneratedNames) -> [DeclaredName] {
        report.declaredNames.filter { !$0.isBggenOutput && ($0.line == nil ? names.files : names.types).contains($0.name) }
    }
}

/// A problem choosing what to add to, or how: fixed with `--target`, `--bundle-id` or `--prefix`.
public enum AugmentError: Error, Equatable, Sendable, CustomStringConvertible {
    case severalAppTargets([String])
    case unknownTarget(String, available: [String])
    case identifierAlreadyRegistered(RegisteredIdentifier)
    /// The app already declares a name bggen would generate, even with the prefix: writing would break the build.
    case nameClash([DeclaredName], prefix: String)
    /// `--spec` names no file in the folder.
    case specNotFound(String, folder: String)
    /// `--target` was given for a folder without a project.
    case targetWithoutProject(String, folder: String)

    public var description: String {
        switch self {
        case .nameClash(let clashes, let prefix):
            "the app already declares \(clashes.map(\.description).joined(separator: ", ")), which bggen would generate with the prefix \(prefix); pass --prefix with another prefix. Nothing was written."
        case .specNotFound(let spec, let folder):
            "--spec names \(spec), which is not a file in \(folder); pass the XcodeGen spec's path relative to it."
        case .targetWithoutProject(let target, let folder):
            "--target '\(target)' was given, but '\(folder)' holds no Xcode project, project.yml, Project.swift or Package.swift with app targets; drop --target, or run bggen in the app's repository."
        case .severalAppTargets(let names):
            "the project has several iOS app targets (\(names.joined(separator: ", "))); pass --target with the one to add background work to."
        case .unknownTarget(let name, let available):
            "there is no iOS app target named '\(name)'; pass --target with one of \(available.isEmpty ? "none found" : available.joined(separator: ", "))."
        case .identifierAlreadyRegistered(let registered):
            "\(registered.identifier) is already registered at \(registered.file):\(registered.line), and a second registration kills the app at launch; remove that registration, or pass another --bundle-id."
        }
    }
}
