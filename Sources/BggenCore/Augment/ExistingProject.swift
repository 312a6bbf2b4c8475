import BggenFormats
import BggenModel
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
    /// Whether the target's Info.plist has `UIApplicationSceneManifest`; nil when that cannot be known (no file,
    /// a file a generator rebuilds, or one Xcode completes from build settings, which can add the manifest).
    var declaresSceneManifest: Bool?
    /// The framework class the manifest's application scene configuration names (`UISceneDelegateClassName` =
    /// `FlutterSceneDelegate`), when the app declares no scene delegate of its own: the step that schedules on
    /// entering the background subclasses it, and the plist entry must name the subclass.
    var frameworkSceneDelegate: FrameworkSceneDelegate?
    /// The model of the app's code detection read, which init asks (through doctor's rules) about a registration
    /// it finds already there.
    var code: CodeModel?

    /// Detects the project at `root`; nil when there is none (a new folder), so bggen just generates files.
    /// A folder that plainly holds an app bggen cannot read is an error, never a new folder: `spec` names the
    /// XcodeGen spec when it is not `project.yml` and cannot be told by its content.
    public static func detect(root: String, targetName: String?, spec: String? = nil, fileSystem: any FileSystem,
                              dumper: (any ProjectDumping)? = nil) throws -> ExistingProject? {
        let report: ProjectReport
        let code: CodeModel
        do {
            let read = try ProjectDetector.read(root: root, spec: spec, fileSystem: fileSystem, dumper: dumper)
            report = read.report
            code = read.code
        } catch {
            switch error {
            case .rootNotFound:
                return nil
            case .noProject:
                if let app = CrossPlatformApp.withoutNativeProject(root: root, fileSystem: fileSystem) {
                    throw ProjectError.nativeProjectMissing(framework: app.framework, file: app.file, advice: app.advice)
                }
                let evidence = AppEvidence.find(root: root, fileSystem: fileSystem)
                guard evidence.isEmpty else { throw ProjectError.unreadableApp(evidence: evidence) }
                return nil
            default:
                throw error
            }
        }
        if report.kind != .swiftPackage && report.appTargets.isEmpty {
            let reasons = report.warnings.compactMap { warning -> String? in
                switch warning {
                case .unreadableSpec, .dumpFailed, .generatorNotFound, .generatorNotRun: return warning.description
                default: return nil
                }
            }
            throw ProjectError.noAppTargetRead(projectFiles: report.projectFiles, reasons: reasons)
        }
        let target = try chooseTarget(in: report, named: targetName)
        let manifest = target.flatMap { sceneManifest($0, root: root, fileSystem: fileSystem) }
        var project = ExistingProject(report: report, target: target, style: detectStyle(report, target: target),
                                      listedIdentifiers: target.map { listedIdentifiers(of: $0, root: root, fileSystem: fileSystem) } ?? [],
                                      declaresSceneManifest: manifest?.declared)
        if let named = manifest?.delegateClass, EntryPoint.frameworkSceneDelegates.contains(named), let plist = target?.infoPlist.path,
           ofTarget(report.sceneDelegates, target: target).isEmpty {
            project.frameworkSceneDelegate = FrameworkSceneDelegate(className: named, infoPlist: plist)
        }
        project.code = code
        if project.usableBundleIdentifier == nil, let written = target?.bundleIdentifier?.raw {
            project.definitions = XCConfigDefinitions.trace(of: "PRODUCT_BUNDLE_IDENTIFIER", written: written, root: root, fileSystem: fileSystem)
        }
        return project
    }

    /// Whether detection shows the app has no scene life cycle: its Info.plist, read in full, has no
    /// `UIApplicationSceneManifest`, and none of its files declares a scene delegate. UIKit then tells the app
    /// delegate, not a scene delegate, that the app entered the background. When in doubt, the app has scenes.
    public var hasNoScenes: Bool {
        declaresSceneManifest == false && Self.ofTarget(report.sceneDelegates, target: target).isEmpty
    }

    /// `declared`: see `declaresSceneManifest`; `delegateClass`: the `UISceneDelegateClassName` of the manifest's
    /// first application scene configuration, as written.
    static func sceneManifest(_ target: AppTarget, root: String, fileSystem: any FileSystem) -> (declared: Bool?, delegateClass: String?)? {
        guard target.infoPlist.regeneratedFrom == nil, let path = target.infoPlist.path, target.infoPlist.exists,
              let data = try? fileSystem.readData(PathText.join(root, path)),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return nil }
        guard let manifest = plist["UIApplicationSceneManifest"] else { return (target.infoPlist.isGenerated ? nil : false, nil) }
        let configurations = (manifest as? [String: Any])?["UISceneConfigurations"] as? [String: Any]
        let application = (configurations?["UIWindowSceneSessionRoleApplication"] as? [[String: Any]])?.first
        return (true, application?["UISceneDelegateClassName"] as? String)
    }

    /// The task identifiers the target's Info.plists permit, as written (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`),
    /// read without changing anything; none from a file that cannot be read (patching it later reports why).
    static func listedIdentifiers(of target: AppTarget, root: String, fileSystem: any FileSystem) -> [String] {
        let key = BackgroundModes.permittedIdentifiersKey
        if target.infoPlist.regeneratedFrom != nil { return target.infoPlist.specProperties[key] ?? [] }
        guard let path = target.infoPlist.path, target.infoPlist.exists else { return [] }
        var seen = Set<String>()
        return ([path] + target.infoPlist.otherPaths).flatMap { listedIdentifiers(in: $0, root: root, fileSystem: fileSystem) }
            .filter { seen.insert($0).inserted }
    }

    /// `BGTaskSchedulerPermittedIdentifiers` of one Info.plist, preprocessor lines and all.
    static func listedIdentifiers(in path: String, root: String, fileSystem: any FileSystem) -> [String] {
        guard let data = try? fileSystem.readData(PathText.join(root, path)),
              let plist = try? PropertyListSerialization.propertyList(from: PreprocessedPlist.withoutDirectives(data), format: nil) as? [String: Any]
        else { return [] }
        return plist[BackgroundModes.permittedIdentifiersKey] as? [String] ?? []
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
        guard !entries.contains(where: { $0.kind != .objectiveCDelegate }),
              let chosen = entries.first(where: { !$0.file.hasSuffix(".h") }) ?? entries.first else { return nil }
        // `@interface AppDelegate : FlutterAppDelegate` is in the header, `@implementation AppDelegate` in the `.m`.
        guard chosen.superclass == nil, let declared = entries.first(where: { $0.typeName == chosen.typeName && $0.superclass != nil }) else { return chosen }
        return EntryPoint(file: chosen.file, kind: chosen.kind, targets: chosen.targets, line: chosen.line, typeName: chosen.typeName, superclass: declared.superclass)
    }

    /// The entry points `target` compiles.
    static func entryPoints(_ report: ProjectReport, target: AppTarget?) -> [EntryPoint] {
        ofTarget(report.entryPoints, target: target)
    }

    /// The files of `entries` that `target` compiles: those the project assigns to it, or, where the project
    /// does not say, those in its source folder.
    static func ofTarget(_ entries: [EntryPoint], target: AppTarget?) -> [EntryPoint] {
        guard let target else { return [] }
        return entries.filter { entry in
            entry.targets.contains(target.name)
                || (entry.targets.isEmpty && target.sourceFolder.map { PathText.isInside(entry.file, $0) } == true)
        }
    }

    /// The project to name in the summary: the chosen app's `.xcodeproj` when the repository holds several (a
    /// library's project beside the app's), else the outermost file that defines the project (an XcodeGen spec, not
    /// the first target file it includes), or the root.
    public var projectFile: String {
        if report.kind == .xcodeProject, let project = target?.definedIn { return project }
        return report.projectFiles.min { $0.split(separator: "/").count < $1.split(separator: "/").count } ?? report.root
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
            case .missingConfigurationFile(let path) where Self.isPodsConfiguration(path):
                return nil
            case .unresolvedVariables(let name, "PRODUCT_BUNDLE_IDENTIFIER", let names) where name == target?.name:
                return usableBundleIdentifier.map { .bundleIdentifierWithout(target: name, names: names, used: $0.description) }
            default:
                return warning
            }
        } + podsWarnings + (invalidBundleIdentifier.map { [.invalidBundleIdentifier($0)] } ?? []) + deploymentTargetWarnings
    }

    /// The CocoaPods xcconfigs `pod install` writes, absent from a fresh clone: one warning for all of them.
    private var podsWarnings: [ProjectWarning] {
        let missing = report.warnings.filter { if case .missingConfigurationFile(let path) = $0 { Self.isPodsConfiguration(path) } else { false } }
        return missing.isEmpty ? [] : [.podsNotInstalled(count: missing.count)]
    }

    private static func isPodsConfiguration(_ path: String) -> Bool {
        path.hasPrefix("Pods/Target Support Files/") || path.contains("/Pods/Target Support Files/")
    }

    /// An app target that sets no deployment target takes the root package's, or bggen's default: said so.
    private var deploymentTargetWarnings: [ProjectWarning] {
        guard let target, target.deploymentTarget == nil else { return [] }
        return [.deploymentTargetUnset(target: target.name, packageVersion: report.packageDeploymentTarget)]
    }

    /// Why the target's bundle identifier cannot prefix the identifiers; nil when it can, or there is no target.
    public var invalidBundleIdentifier: InvalidBundleIdentifier? {
        guard let target, usableBundleIdentifier == nil else { return nil }
        guard let bundle = target.bundleIdentifier else { return InvalidBundleIdentifier(target: target.name, written: nil, resolved: nil, definedAt: []) }
        let cut = bundle.unresolvedVariables.first { $0.hasSuffix(ExpansionBound.cutNote) }
        var invalid = InvalidBundleIdentifier(target: target.name, written: bundle.raw, resolved: bundle.withoutUnresolved,
                                              definedAt: definitions?.lines ?? [], cut: cut)
        invalid.cause = definitions?.cause(wrong: InvalidBundleIdentifier.wrongCharacter(in: bundle.withoutUnresolved),
                                           unresolved: bundle.unresolvedVariables.filter { $0 != cut })
        return invalid
    }

    /// What the xcconfigs say about the variables the bundle identifier is built from (and those their values
    /// use): their lines, values and absent optional includes, filled in by `detect`.
    var definitions: XCConfigDefinitions.Trace?

    /// The target's bundle identifier as the identifiers' prefix: resolved, or with the variables nothing in the
    /// repository defines left out, as Xcode builds it (`com.example.Kite${SAMPLE_CODE_DISAMBIGUATOR}` gives
    /// `com.example.Kite`); nil when even that is not a valid identifier.
    var usableBundleIdentifier: BundleIdentifier? {
        guard let bundle = target?.bundleIdentifier else { return nil }
        return try? BundleIdentifier(bundle.withoutUnresolved)
    }

    /// A package with no app target whose `platforms:` names more than iOS: `swift build` builds its code for macOS
    /// too, where BackgroundTasks and UIKit do not exist.
    var packageBuildsBeyondIOS: Bool {
        target == nil && report.kind == .swiftPackage && (report.packagePlatforms ?? []).contains { $0 != "iOS" }
    }

    /// The answers the project already gives: its style (and an Objective-C delegate), whether the target also
    /// builds for other platforms, its deployment target and bundle identifier.
    public var detectedAnswers: Answers {
        var answers = Answers()
        answers[AnswerSpecs.style] = style
        answers[AnswerSpecs.objc] = objectiveCDelegate != nil ? true : nil
        answers.guardsPlatform = target?.isMultiplatform == true || packageBuildsBeyondIOS ? true : nil
        answers[AnswerSpecs.ios] = try? detectedDeploymentTarget.map(DeploymentTarget.init)
        answers[AnswerSpecs.bundleID] = usableBundleIdentifier
        return answers
    }

    /// The deployment target as the project writes it, the target's own or the root package's.
    private var detectedDeploymentTarget: String? {
        target?.deploymentTarget ?? report.packageDeploymentTarget
    }

    /// Why the project's deployment target cannot be used (below iOS 12, a typo), for a run no flag or record
    /// overrides it in: bggen stops rather than silently taking its own default. A target below what Xcode builds
    /// for is a fact about the app, to be raised where the project sets it, never papered over with `--ios`,
    /// after which the report and next steps would state a deployment target the app does not have.
    public var unusableDeploymentTarget: (any Error)? {
        guard let text = detectedDeploymentTarget else { return nil }
        do {
            _ = try DeploymentTarget(text)
            return nil
        } catch .deploymentTargetTooOld(let version) {
            guard let target, target.deploymentTarget != nil else {
                return AugmentError.deploymentTargetBelowXcode(version: version, setting: "platforms: [.iOS(…)]", file: "Package.swift", target: nil)
            }
            let setting = switch report.kind {
            case .xcodeGen: "deploymentTarget"
            case .tuist: "deploymentTargets"
            case .xcodeProject, .swiftPackage: "IPHONEOS_DEPLOYMENT_TARGET"
            }
            return AugmentError.deploymentTargetBelowXcode(version: version, setting: setting, file: target.definedIn, target: target.name)
        } catch {
            return error
        }
    }

    /// The first place existing code covers each task kind. Code compiled into the app counts: its own files, the
    /// framework and library targets it may link, and packages (files no target claims). bggen's own earlier
    /// output and code only other apps or extensions compile do not (a macOS app's delegate does not cover the
    /// iOS app).
    public func existingCode(for kinds: [TaskKind]) -> [(kind: TaskKind, finding: CodeFinding)] {
        // A registration classified by the request submitted for it is the most precise place to cite. The
        // targets of each file are looked up once, so 16,000 registrations cost one pass, not one per pair.
        var targetsOfFile: [String: [String]] = [:]
        for finding in report.existingCode where targetsOfFile[finding.file] == nil {
            targetsOfFile[finding.file] = finding.targets
        }
        let registrations = report.registeredIdentifiers.compactMap { registered -> CodeFinding? in
            guard let kind = registered.taskKind else { return nil }
            return CodeFinding(file: registered.file, line: registered.line, symbol: "registers \(registered.identifier)", kinds: [kind],
                               targets: targetsOfFile[registered.file] ?? [])
        }
        let relevant = Self.eventsCoverTheirSessions(compiledIntoTheApp(registrations + report.existingCode))
        let sessionsWithoutEvents = Set(sessionsThatCannotGetEvents)
        return kinds.compactMap { kind in
            let covering = relevant.filter { $0.kinds.contains(kind) && !sessionsWithoutEvents.contains($0) }
            // The line that registers or names this kind beats one that covers several (a file's scheduler call).
            let best = covering.first { $0.symbol.hasPrefix("registers ") }
                ?? covering.first { CodeSymbol.table[$0.symbol]?.covers.contains(kind) == true }
                ?? covering.first
            return best.map { (kind, $0) }
        }
    }

    /// An events handler (`handleEventsForBackgroundURLSession`) only hands on the events of the app's background
    /// sessions, so it covers what they transfer: home-assistant's one session sends webhooks as uploads, and its
    /// handler made `--tasks downloads` "already covered". Downloads only where the app compiles no session bggen
    /// reads (a library makes it).
    private static func eventsCoverTheirSessions(_ findings: [CodeFinding]) -> [CodeFinding] {
        let sessions = findings.filter { CodeSymbol.sessionSymbols.contains($0.symbol) }
        guard !sessions.isEmpty else { return findings }
        let kinds = Set(sessions.flatMap(\.kinds)).sorted()
        return findings.map { finding in
            guard finding.symbol == "handleEventsForBackgroundURLSession" else { return finding }
            return CodeFinding(file: finding.file, line: finding.line, symbol: finding.symbol, kinds: kinds, targets: finding.targets,
                               isBggenOutput: finding.isBggenOutput)
        }
    }

    /// Whether `finding`'s file is compiled into the app: its own files, the framework and library targets it may
    /// link, and packages (files no target claims).
    public func isCompiledIntoApp(_ finding: CodeFinding) -> Bool {
        isCompiledIntoApp(finding, libraries: linkedLibraries)
    }

    /// The findings the app target compiles, never bggen's own earlier output; the libraries are worked out once.
    private func compiledIntoTheApp(_ findings: [CodeFinding]) -> [CodeFinding] {
        let libraries = linkedLibraries
        return findings.filter { !$0.isBggenOutput && isCompiledIntoApp($0, libraries: libraries) }
    }

    /// The framework and library targets the app may link.
    private var linkedLibraries: Set<String> {
        Set(report.otherTargets.filter { other in
            let type = other.productType.lowercased()
            return (type.contains("framework") || type.contains("library")) && [.iOS, .unknown].contains(other.platform)
        }.map(\.name))
    }

    private func isCompiledIntoApp(_ finding: CodeFinding, libraries: Set<String>) -> Bool {
        finding.targets.isEmpty || target.map { finding.targets.contains($0.name) } ?? true || finding.targets.contains(where: libraries.contains)
    }

    /// The app's legacy background fetch (`application(_:performFetchWithCompletionHandler:)` and
    /// `setMinimumBackgroundFetchInterval(_:)`), which never covers refresh: from iOS 13, an Info.plist with
    /// `BGTaskSchedulerPermittedIdentifiers` switches both off.
    public var legacyFetch: LegacyFetch? {
        let code = compiledIntoTheApp(report.legacyFetch)
        let handler = code.first { $0.symbol == "performFetchWithCompletionHandler" }
        let intervals = code.filter { $0.symbol == "setMinimumBackgroundFetchInterval" }.map { call in
            LegacyFetch.IntervalCall(call: call, switchesOff: call.line.map { line in
                self.code?.facts.contains { $0.file == call.file && $0.fetchSwitchedOffLines.contains(line) } == true
            } ?? false)
        }
        guard handler != nil || !intervals.isEmpty else { return nil }
        let refresh = report.registeredIdentifiers.filter { $0.kind == .task && $0.taskKind == .refresh && !isBggenOutput($0.file) }.min()
        return LegacyFetch(handler: handler, intervals: intervals, permittedAlready: !listedIdentifiers.isEmpty,
                           refreshTask: refresh.map { "\($0.file):\($0.line)" },
                           deploysBelowIOS13: target?.deploysBelowIOS13 ?? false)
    }

    /// Whether `file` is bggen's earlier output (its marker), whose registrations are not the app's own.
    private func isBggenOutput(_ file: String) -> Bool {
        report.existingCode.contains { $0.file == file && $0.isBggenOutput }
    }

    /// Background sessions in code no target claims (a Swift package's feature module) while nothing in the
    /// repository implements `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: iOS cannot
    /// hand them background events, so they do not cover downloads or uploads.
    public var sessionsThatCannotGetEvents: [CodeFinding] {
        let code = report.existingCode.filter { !$0.isBggenOutput }
        guard !code.contains(where: { $0.symbol == "handleEventsForBackgroundURLSession" }) else { return [] }
        return code.filter { $0.targets.isEmpty && CodeSymbol.sessionSymbols.contains($0.symbol) }
    }

    /// What the user must do so the target compiles the new folder, when the project does not pick it up alone.
    /// `flavours` (other app targets compiling the same app delegate, patched too) need the folder as well.
    public func integrationNote(outputFolder: String, flavours: [AppTarget] = []) -> String? {
        guard let target else { return nil }
        let inside = { (folder: String) in outputFolder == folder || outputFolder.hasPrefix(folder + "/") }
        switch report.kind {
        case .xcodeProject:
            if target.synchronizedFolders.contains(where: inside) { return nil }
            guard !target.synchronizedFolders.isEmpty else {
                let names = ([target] + flavours).map { RepositoryText.name($0.name) }
                let targets = flavours.isEmpty ? "the \(names[0]) target" : "the \(names.dropLast().joined(separator: ", ")) and \(names.last!) targets"
                return "\(names[0]) lists its files one by one: add \(outputFolder) to \(targets) in Xcode (File > Add Files)."
            }
            let add = "\(outputFolder) is not in a folder \(RepositoryText.name(target.name)) compiles: add it to the \(RepositoryText.name(target.name)) target in Xcode (File > Add Files)"
            // A synchronized folder holding the app's entry (its `@main` type or app delegate) is a home for bggen's
            // files; a feature's folder (home-assistant's `Sources/App/Assist`, its first) is not, and is not offered.
            let entries = Self.entryPoints(report, target: target).map(\.file)
            guard let home = target.synchronizedFolders.first(where: { folder in entries.contains { PathText.isInside($0, folder) } }) else {
                return add + "."
            }
            return add + ", or pass --output inside \(home)."
        case .xcodeGen, .tuist:
            let generator = report.kind == .xcodeGen ? "xcodegen generate" : "tuist generate"
            if target.listedSources.contains(where: inside) {
                return "run \(generator) so \(RepositoryText.name(target.name)) picks up the new files in \(outputFolder)."
            }
            // Paths in a spec or manifest are relative to its folder; a target listing its files one by one
            // compiles nothing new after generating until the folder is listed too.
            let listed = PathText.relative(outputFolder, to: PathText.parent(of: target.definedIn)) ?? outputFolder
            let line = report.kind == .xcodeGen ? "- \(listed)" : "\"\(listed)\""
            return "add the line `\(line)` to \(RepositoryText.name(target.name))'s `sources:` in \(target.definedIn), then run \(generator): no folder listed there holds \(outputFolder), so \(generator) alone picks up nothing."
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

    /// The other app targets of a project listing files one by one that compile the target's own app delegate or
    /// `@main` type (a staging flavour): bggen's new folder is compiled by none of them yet, so they share nothing
    /// with the target until the user adds it to each, and each needs the keys in its own Info.plist.
    public var flavoursSharingEntryPoint: [AppTarget] {
        guard let target, report.kind == .xcodeProject else { return [] }
        let compiling = Set(Self.entryPoints(report, target: target).flatMap(\.targets))
        return report.appTargets.filter { $0.name != target.name && compiling.contains($0.name) && $0.synchronizedFolders.isEmpty }
    }

    /// Task kinds whose identifier the app registers already: a second registration kills the app at launch.
    /// Identifiers are compared after expansion with the target's build settings, so `$(PRODUCT_BUNDLE_IDENTIFIER)
    /// .refresh` in the Info.plist and `"\(Bundle.main.bundleIdentifier!).refresh"` in code both match
    /// `com.example.Talk.refresh`. One that cannot be resolved counts as possibly the same, never as different.
    /// An identifier the Info.plist permits while a registration bggen cannot read exists
    /// (`register(forTaskWithIdentifier: makeIdentifier())`) is most likely registered by it.
    public func alreadyRegistered(_ configuration: Configuration) -> [AlreadyRegistered] {
        guard let target else { return [] }
        // Only an identifier registered at launch can be registered twice (`TaskSpec.registersAtLaunch`); of those,
        // only a task's is listed in the Info.plist.
        let ours = Identifiers(configuration).chosen.filter { TaskSpec.of($0.kind).registersAtLaunch }
            .map { ($0.kind, $0.value, listed: $0.declared.permission == .exact) }
        let unread = report.warnings.compactMap { warning -> (file: String, line: Int, expression: String)? in
            if case .unresolvedIdentifier(let file, let line, let expression) = warning { return (file, line, expression) }
            return nil
        }
        let ownOutputKinds = Set(report.existingCode.filter(\.isBggenOutput).flatMap(\.kinds))
        return ours.compactMap { kind, identifier, isListed in
            var open: AlreadyRegistered?
            for registered in report.registeredIdentifiers {
                switch target.compare(registered.identifier, with: identifier) {
                case .equal:
                    return .registered(kind, identifier, by: registered)
                case .unresolved(let written, let variables):
                    open = open ?? .unresolved(kind, identifier, written: written, variables: variables,
                                               place: "the app registers", at: "\(registered.file):\(registered.line)")
                case .different:
                    continue
                }
            }
            if let open { return open }
            guard isListed else { return nil }
            for listed in listedIdentifiers {
                switch target.compare(listed, with: identifier) {
                case .equal:
                    // bggen's own earlier output registers what it listed: no inference from the app's call.
                    guard let call = unread.first, !ownOutputKinds.contains(kind) else { continue }
                    return .inferred(kind, identifier, listed: listed, call: call)
                case .unresolved(let written, let variables):
                    return .unresolved(kind, identifier, written: written, variables: variables,
                                       place: "the Info.plist lists", at: target.infoPlist.path ?? "the Info.plist")
                case .different:
                    continue
                }
            }
            return nil
        }
    }

    /// The task identifiers bggen still has to add to the Info.plist at `path`: those no entry there equals after
    /// expansion (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh` already permits `com.example.Talk.refresh`).
    func identifiersMissing(from path: String, of target: AppTarget, _ identifiers: [String], fileSystem: any FileSystem) -> [String] {
        let listed = Self.listedIdentifiers(in: path, root: report.root, fileSystem: fileSystem)
        return identifiers.filter { identifier in !listed.contains { target.compare($0, with: identifier) == .equal } }
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
        report.declaredNames.filter { !$0.isBggenOutput && $0.isOne(of: $0.line == nil ? names.files : names.types) }
    }
}

/// A problem choosing what to add to, or how: fixed with `--target`, `--bundle-id` or `--prefix`.
public enum AugmentError: Error, Equatable, Sendable, CustomStringConvertible {
    case severalAppTargets([String])
    case unknownTarget(String, available: [String])
    case identifierAlreadyRegistered(RegisteredIdentifier)
    /// The app registers or permits an identifier bggen cannot resolve that may equal `identifier`.
    case identifierMayBeRegistered(String, written: String, variables: [String], at: String)
    /// The app already declares a name bggen would generate, even with the prefix: writing would break the build.
    case nameClash([DeclaredName], prefix: String)
    /// `--spec` names no file in the folder.
    case specNotFound(String, folder: String)
    /// `--target` was given for a folder without a project.
    case targetWithoutProject(String, folder: String)
    /// The tasks need `BGTaskSchedulerPermittedIdentifiers`, which switches off the app's legacy background fetch,
    /// and the user has not chosen to move it to refresh.
    case legacyFetchWouldStop(LegacyFetch, infoPlist: String)
    /// The app's bundle identifier resolves to no valid reverse-DNS name, and no `--bundle-id` was given: bggen
    /// never puts `com.example.app` into a real app.
    case invalidBundleIdentifier(InvalidBundleIdentifier)
    /// A task needs a newer iOS than the deployment target the project sets (no `--ios` was given).
    case projectNeedsNewerIOS(feature: String, version: String, target: String)
    /// The project deploys below the oldest iOS Xcode builds for: `setting` in `file` must be raised.
    case deploymentTargetBelowXcode(version: String, setting: String, file: String, target: String?)

    public var description: String {
        switch self {
        case .nameClash(let clashes, let prefix):
            "the app already declares \(clashes.map(\.description).joined(separator: ", ")), which bggen would generate with the prefix \(prefix); pass --prefix with another prefix. Nothing was written."
        case .specNotFound(let spec, let folder):
            "--spec names \(spec), which is not a file in \(folder); pass the XcodeGen spec's path relative to it."
        case .targetWithoutProject(let target, let folder):
            "--target '\(target)' was given, but '\(folder)' holds no Xcode project, project.yml, Project.swift or Package.swift with app targets; drop --target, or run bggen in the app's repository."
        case .legacyFetchWouldStop(let fetch, let infoPlist):
            "the app has legacy background fetch, and from iOS 13 adding BGTaskSchedulerPermittedIdentifiers to \(infoPlist) switches it off: iOS would never again call \(fetch.whatTheKeySwitchesOff). Pass --migrate-background-fetch to generate refresh in its place (the next steps say how to move the fetch work into AppRefreshWork.run()), or choose tasks that need no task identifier (--tasks downloads,uploads,silent-push). Nothing was written."
        case .invalidBundleIdentifier(let invalid):
            "\(invalid); pass --bundle-id with the app's bundle identifier (bggen never puts \(BundleIdentifier.example) into an app). Nothing was written."
        case .projectNeedsNewerIOS(let feature, let version, let target):
            "\(feature) needs iOS 13.0 in code bggen generates, but \(target) deploys to iOS \(version): the target would need iOS 13.0 or later (raise its deployment target in the project first), or generate the other tasks without it. Nothing was written."
        case .deploymentTargetBelowXcode(let version, let setting, let file, let target):
            "\(target ?? "the app") deploys to iOS \(version) (\(setting) in \(file)), older than iOS \(DeploymentTarget.minimum), the oldest deployment target Xcode builds for: raise \(setting) to \(DeploymentTarget.minimum) or later there, then run bggen init again. Nothing was written."
        case .severalAppTargets(let names):
            "the project has several iOS app targets (\(names.joined(separator: ", "))); pass --target with the one to add background work to."
        case .unknownTarget(let name, let available):
            "there is no iOS app target named '\(name)'; pass --target with one of \(available.isEmpty ? "none found" : available.joined(separator: ", "))."
        case .identifierAlreadyRegistered(let registered):
            "\(registered.identifier) is already registered at \(registered.file):\(registered.line), and a second registration kills the app at launch; remove that registration, or pass another --bundle-id."
        case .identifierMayBeRegistered(let identifier, let written, let variables, let place):
            "\(place) has \(written), which bggen cannot resolve (nothing in the repository defines \(variables.map { "$(\($0))" }.joined(separator: ", "))), so it may be \(identifier), and a second registration kills the app at launch; pass another --bundle-id, or define the variable so bggen can compare."
        }
    }
}

/// A task bggen does not generate because the app registers its identifier already, or may: an identifier bggen
/// cannot resolve is never taken as different.
public struct AlreadyRegistered: Sendable, Equatable {
    public let kind: TaskKind
    /// bggen's identifier for the task.
    public let identifier: String
    /// Why the task is skipped, for the user.
    public let note: String
    /// What `--replace` gets instead: a second registration kills the app at launch, so it is never negotiable.
    public let error: AugmentError

    static func registered(_ kind: TaskKind, _ identifier: String, by registered: RegisteredIdentifier) -> AlreadyRegistered {
        let written = registered.identifier == identifier ? "" : " (as \(registered.identifier))"
        let what = registered.taskKind.map { " as a \($0.rawValue) task (\(registered.request ?? $0.rawValue))" } ?? ""
        return AlreadyRegistered(
            kind: kind, identifier: identifier,
            note: "skipped \(kind.rawValue): the app already registers \(identifier)\(written)\(what) at \(registered.file):\(registered.line).",
            error: .identifierAlreadyRegistered(RegisteredIdentifier(identifier: identifier, kind: registered.kind, file: registered.file,
                                                                     line: registered.line, constant: registered.constant)))
    }

    static func inferred(_ kind: TaskKind, _ identifier: String, listed: String,
                         call: (file: String, line: Int, expression: String)) -> AlreadyRegistered {
        let written = listed == identifier ? identifier : "\(listed) (\(identifier))"
        return AlreadyRegistered(
            kind: kind, identifier: identifier,
            note: "skipped \(kind.rawValue): the Info.plist permits \(written), and the app registers an identifier bggen cannot read at \(call.file):\(call.line) (\(call.expression)), most likely that one.",
            error: .identifierAlreadyRegistered(RegisteredIdentifier(identifier: identifier, kind: .task, file: call.file,
                                                                     line: call.line, constant: call.expression)))
    }

    static func unresolved(_ kind: TaskKind, _ identifier: String, written: String, variables: [String], place: String,
                           at location: String) -> AlreadyRegistered {
        let names = variables.map { "$(\($0))" }.joined(separator: ", ")
        return AlreadyRegistered(
            kind: kind, identifier: identifier,
            note: "skipped \(kind.rawValue): \(place) \(written) at \(location), which bggen cannot resolve (nothing in the repository defines \(names)), so it may be \(identifier); define the variable, or pass another --bundle-id, to have bggen generate it.",
            error: .identifierMayBeRegistered(identifier, written: written, variables: variables, at: location))
    }
}

/// An app's legacy background fetch: where its handler and its interval call are, and whether the Info.plist
/// already permits task identifiers (then iOS has stopped calling the handler).
public struct LegacyFetch: Sendable, Equatable {
    public let handler: CodeFinding?
    /// Every `setMinimumBackgroundFetchInterval(_:)` call: an app often sets an interval at launch and switches
    /// the fetch off (`…IntervalNever`) where the user turns syncing off, and each needs its own replacement.
    public let intervals: [IntervalCall]
    public let permittedAlready: Bool
    /// Where the app's own code registers a refresh task (`file:line`), when it does: the fetch's work has a
    /// task already, so the app is never told to move it into one.
    public var refreshTask: String?
    /// The app deploys below iOS 13, where the legacy fetch still runs whatever the Info.plist lists.
    public var deploysBelowIOS13 = false

    /// One `setMinimumBackgroundFetchInterval(_:)` call, and whether it passes `…IntervalNever`.
    public struct IntervalCall: Sendable, Equatable {
        public let call: CodeFinding
        public let switchesOff: Bool
    }

    /// The first interval call.
    public var interval: CodeFinding? { intervals.first?.call }

    /// What adding `BGTaskSchedulerPermittedIdentifiers` switches off, in the app's own places.
    var whatTheKeySwitchesOff: String {
        var parts: [String] = []
        if let handler { parts.append("application(_:performFetchWithCompletionHandler:) at \(Self.place(handler))") }
        if !intervals.isEmpty { parts.append("setMinimumBackgroundFetchInterval(_:) at " + intervals.map { Self.place($0.call) }.joined(separator: ", ")) }
        return parts.joined(separator: " and ")
    }

    static func place(_ finding: CodeFinding) -> String {
        finding.line.map { "\(finding.file):\($0)" } ?? finding.file
    }

    /// The numbered step after `nextSteps`' last that moves the fetch work into the refresh work bggen wrote.
    /// `refreshIdentifier` is the refresh task's: what a call switching the fetch off cancels instead.
    func migrationSteps(after nextSteps: String, workFile: String?, workType: String, refreshIdentifier: String) -> String {
        let last = nextSteps.split(separator: "\n").compactMap { line in line.split(separator: ".", maxSplits: 1).first.flatMap { Int($0) } }.max() ?? 0
        var lines = ["\(last + 1). Move the app's legacy background fetch into refresh: with BGTaskSchedulerPermittedIdentifiers in the Info.plist,",
                     "   iOS 13 and later never call it again."]
        if let handler {
            lines.append("   Move the work of application(_:performFetchWithCompletionHandler:) at \(Self.place(handler)) into")
            lines.append("   \(workType).run()" + (workFile.map { " in \($0)" } ?? "") + ": await it there instead of calling the completion")
            lines.append("   handler, and throw where the handler reported .failed.")
        }
        lines.append("   Then delete these calls:")
        if let handler { lines.append("       application(_:performFetchWithCompletionHandler:) at \(Self.place(handler))") }
        for interval in intervals {
            let place = "       setMinimumBackgroundFetchInterval(_:) at \(Self.place(interval.call))"
            guard interval.switchesOff else {
                lines.append(place + ": the refresh task, scheduled as shown above, replaces it")
                continue
            }
            let cancel = interval.call.file.hasSuffix(".swift") ? "BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: \"\(refreshIdentifier)\")"
                : "[[BGTaskScheduler sharedScheduler] cancelTaskRequestWithIdentifier:@\"\(refreshIdentifier)\"]"
            lines.append(place + ", which switches the fetch off: replace it with")
            lines.append("         " + cancel)
        }
        return "\n" + lines.joined(separator: "\n") + "\n"
    }
}
