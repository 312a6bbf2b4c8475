import BggenModel

/// What defines the app, which decides the file bggen must edit so that a regeneration does not undo the change.
public enum ProjectKind: String, Sendable, Equatable {
    /// An `.xcodeproj` (with or without synchronized folders; see `ProjectReport.usesSynchronizedFolders`).
    case xcodeProject
    /// XcodeGen: `project.yml` is the source of truth, even when the generated `.xcodeproj` is committed.
    case xcodeGen
    /// Tuist: `Project.swift` manifests; the `.xcodeproj` is generated and usually ignored by git.
    case tuist
    /// A Swift package with no app project; there is no Info.plist or app target to edit.
    case swiftPackage
}

/// Everything bggen learned about the project before writing anything. Every list is sorted, so two runs on the
/// same tree give the same report.
public struct ProjectReport: Sendable, Equatable {
    /// The folder detection ran in, as given.
    public let root: String
    public let kind: ProjectKind
    /// The files that define the project, relative to the root: the `.xcodeproj` bundle(s), `project.yml` and the
    /// files it includes, the `Project.swift` manifests, or `Package.swift`.
    public let projectFiles: [String]
    /// A workspace at the root that references the project, e.g. `WeDaApp.xcworkspace` with the project in `WeDaApp/`.
    public let workspace: String?
    /// Xcode 16 synchronized folders (`PBXFileSystemSynchronizedRootGroup`): new files join their target without
    /// project edits.
    public let usesSynchronizedFolders: Bool
    /// Whether an `.xcodeproj`'s `project.pbxproj` names a remote Swift package (`XCRemoteSwiftPackageReference`),
    /// whose code doctor does not read: found in the bytes read for the project, so doctor does not read it again.
    public let namesRemotePackages: Bool
    /// iOS application targets, sorted by name. More than one: the caller asks, or takes `--target NAME`.
    public let appTargets: [AppTarget]
    public let otherTargets: [OtherTarget]
    /// The iOS version in the root `Package.swift` `platforms`: a package's, or the fallback for an app target
    /// that sets no deployment target.
    public let packageDeploymentTarget: String?
    /// The platforms the root `Package.swift` declares (`iOS`, `macOS`, …); nil without a manifest or a list.
    public let packagePlatforms: [String]?
    public let existingCode: [CodeFinding]
    public let registeredIdentifiers: [RegisteredIdentifier]
    /// The app's top-level types and Swift files whose names end in one bggen may generate, wherever they are.
    public let declaredNames: [DeclaredName]
    /// Files that start an app (`@main App`, app delegates), with the targets that compile them.
    public let entryPoints: [EntryPoint]
    /// Files that declare a scene delegate (`UIWindowSceneDelegate`, `UISceneDelegate`), with their targets.
    public let sceneDelegates: [EntryPoint]
    public let warnings: [ProjectWarning]

    public init(root: String, kind: ProjectKind, projectFiles: [String], workspace: String? = nil,
                usesSynchronizedFolders: Bool = false, namesRemotePackages: Bool = false, appTargets: [AppTarget], otherTargets: [OtherTarget] = [],
                packageDeploymentTarget: String? = nil, packagePlatforms: [String]? = nil, existingCode: [CodeFinding] = [],
                registeredIdentifiers: [RegisteredIdentifier] = [], declaredNames: [DeclaredName] = [],
                entryPoints: [EntryPoint] = [], sceneDelegates: [EntryPoint] = [], warnings: [ProjectWarning] = []) {
        self.entryPoints = entryPoints
        self.sceneDelegates = sceneDelegates
        self.declaredNames = declaredNames
        self.root = root
        self.kind = kind
        self.projectFiles = projectFiles
        self.workspace = workspace
        self.usesSynchronizedFolders = usesSynchronizedFolders
        self.namesRemotePackages = namesRemotePackages
        self.appTargets = appTargets
        self.otherTargets = otherTargets
        self.packageDeploymentTarget = packageDeploymentTarget
        self.packagePlatforms = packagePlatforms
        self.existingCode = existingCode
        self.registeredIdentifiers = registeredIdentifiers
        self.warnings = warnings
    }

    public func appTarget(named name: String) -> AppTarget? {
        appTargets.first { $0.name == name }
    }

    /// Legacy background fetch in the app's own code: the app delegate's `performFetchWithCompletionHandler` and
    /// `setMinimumBackgroundFetchInterval` called on the application, each with its file:line. Adding
    /// `BGTaskSchedulerPermittedIdentifiers` switches both off.
    public var legacyFetch: [CodeFinding] {
        existingCode.filter { !$0.isBggenOutput && ["performFetchWithCompletionHandler", "setMinimumBackgroundFetchInterval"].contains($0.symbol) }
    }

    /// The task kinds some existing code already covers.
    public var coveredKinds: [TaskKind] {
        Array(Set(existingCode.filter { !$0.isBggenOutput }.flatMap(\.kinds))).sorted()
    }
}
