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

/// The platform a target builds for, from its SDK.
public enum Platform: String, Sendable, Equatable, Comparable {
    case iOS, macOS, watchOS, tvOS, visionOS, unknown

    public static func < (lhs: Platform, rhs: Platform) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A build setting as written and as far as the project lets it be resolved.
public struct SettingValue: Sendable, Equatable, CustomStringConvertible {
    /// As written, with `$(inherited)` filled in.
    public let raw: String
    /// Variables expanded; those the project does not define are left as written (`$(ORGANIZATION_IDENTIFIER)`).
    public let resolved: String
    /// Names of the variables the project does not define (often set in a developer's own, uncommitted xcconfig).
    public let unresolvedVariables: [String]

    public init(raw: String, resolved: String, unresolvedVariables: [String] = []) {
        self.raw = raw
        self.resolved = resolved
        self.unresolvedVariables = unresolvedVariables
    }

    public var isFullyResolved: Bool { unresolvedVariables.isEmpty }
    public var description: String { resolved }
}

/// Where the app's Info.plist comes from.
public struct InfoPlist: Sendable, Equatable {
    /// From `INFOPLIST_FILE` (or the generator's equivalent), relative to the root; nil when the target has no
    /// Info.plist file, in which case the caller creates one and points the target at it.
    public let path: String?
    /// `GENERATE_INFOPLIST_FILE = YES`: Xcode builds the Info.plist, merging in `path` when there is one.
    public let isGenerated: Bool
    public let exists: Bool
    /// The synchronized folder `path` lies in (or, with no file, the folder a new one would land in), if any.
    public let synchronizedFolder: String?
    /// Whether `path` is excluded from the target by that folder's membership exceptions. It must be: otherwise
    /// Xcode also copies it as a resource and fails with "Multiple commands produce …/Info.plist".
    public let isMembershipException: Bool
    /// The spec a generator rebuilds this file from (XcodeGen `info.properties`), so edits to the file are lost.
    public let regeneratedFrom: String?

    public init(path: String?, isGenerated: Bool, exists: Bool, synchronizedFolder: String? = nil,
                isMembershipException: Bool = false, regeneratedFrom: String? = nil) {
        self.path = path
        self.isGenerated = isGenerated
        self.exists = exists
        self.synchronizedFolder = synchronizedFolder
        self.isMembershipException = isMembershipException
        self.regeneratedFrom = regeneratedFrom
    }
}

/// One entitlements file and the configurations that sign with it.
public struct EntitlementsFile: Sendable, Equatable {
    /// Resolved and relative to the root.
    public let path: String
    /// As written, e.g. `iOS/Resources/NetNewsWire$(DEVELOPER_ENTITLEMENTS).entitlements`.
    public let rawValue: String
    /// Sorted configuration names, e.g. `["Debug"]`; empty when the spec applies it to every configuration (Tuist).
    public let configurations: [String]
    public let exists: Bool
    /// Other targets signing with the same file, sorted. Adding `aps-environment` to a file an extension shares
    /// gives the extension push too, so the caller should ask first.
    public let sharedWith: [String]
    public let sharedWithExtension: Bool
    /// The spec a generator rebuilds this file from (XcodeGen `entitlements.properties`).
    public let regeneratedFrom: String?

    public init(path: String, rawValue: String, configurations: [String], exists: Bool, sharedWith: [String] = [],
                sharedWithExtension: Bool = false, regeneratedFrom: String? = nil) {
        self.path = path
        self.rawValue = rawValue
        self.configurations = configurations
        self.exists = exists
        self.sharedWith = sharedWith
        self.sharedWithExtension = sharedWithExtension
        self.regeneratedFrom = regeneratedFrom
    }
}

/// An iOS application target: the only kind of target whose Info.plist and entitlements bggen edits.
public struct AppTarget: Sendable, Equatable {
    public let name: String
    /// The file that defines it: an `.xcodeproj`, a `project.yml` (or a file it includes), or a `Project.swift`.
    public let definedIn: String
    /// Also builds for macOS or visionOS (`SDKROOT = auto`, `supportedDestinations`, Mac Catalyst is not counted).
    public let isMultiplatform: Bool
    /// `PRODUCT_BUNDLE_IDENTIFIER` of the Release configuration (else the first one).
    public let bundleIdentifier: SettingValue?
    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` across configurations: the generated code must build in all of them.
    public let deploymentTarget: String?
    public let swiftVersion: String?
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION`, e.g. `MainActor`; decides whether generated types need `nonisolated`.
    public let defaultActorIsolation: String?
    public let infoPlist: InfoPlist
    /// One entry per distinct file, sorted by path.
    public let entitlements: [EntitlementsFile]
    /// The folder holding the target's own sources, relative to the root.
    public let sourceFolder: String?
    /// Where bggen's Swift files go: `Sources/BackgroundProcessing` when the root has `Sources/`, else
    /// `App/BackgroundProcessing` when it has `App/`, else inside `sourceFolder`, else `BackgroundProcessing`.
    public let outputFolder: String
    /// The synchronized folders the target owns, sorted; new files there are compiled without editing the project.
    public let synchronizedFolders: [String]

    public init(name: String, definedIn: String, isMultiplatform: Bool = false, bundleIdentifier: SettingValue?,
                deploymentTarget: String?, swiftVersion: String?, defaultActorIsolation: String?, infoPlist: InfoPlist,
                entitlements: [EntitlementsFile], sourceFolder: String?, outputFolder: String, synchronizedFolders: [String] = []) {
        self.name = name
        self.definedIn = definedIn
        self.isMultiplatform = isMultiplatform
        self.bundleIdentifier = bundleIdentifier
        self.deploymentTarget = deploymentTarget
        self.swiftVersion = swiftVersion
        self.defaultActorIsolation = defaultActorIsolation
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        self.sourceFolder = sourceFolder
        self.outputFolder = outputFolder
        self.synchronizedFolders = synchronizedFolders
    }
}

/// A target bggen leaves alone: an extension, a test bundle, a framework, or an app for another platform.
public struct OtherTarget: Sendable, Equatable {
    public let name: String
    /// Xcode's product type, e.g. `com.apple.product-type.app-extension`; XcodeGen / Tuist types are mapped to it.
    public let productType: String
    public let platform: Platform

    public init(name: String, productType: String, platform: Platform) {
        self.name = name
        self.productType = productType
        self.platform = platform
    }

    public var isExtension: Bool {
        let type = productType.lowercased()
        return type.contains("extension") || type.contains("watchkit")
    }
}

/// Existing background code, found by symbol in Swift and Objective-C sources.
public struct CodeFinding: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// Relative to the root.
    public let file: String
    /// 1-based; nil when only the file's name matched (e.g. `MyBackgroundTasks.swift`).
    public let line: Int?
    /// What matched: `BGTaskScheduler`, `BGAppRefreshTask`, `didReceiveRemoteNotification`, … or `file name`.
    public let symbol: String
    /// The task kinds the code covers; empty when it cannot be told (a scheduler call in a file that names no task type).
    public let kinds: [TaskKind]
    /// Targets that compile the file, when the project says (synchronized folders, compile phases, generator
    /// sources); empty for code in local packages or folders no target claims.
    public let targets: [String]
    /// The file carries bggen's own marker, so it is output of an earlier run rather than the user's code.
    public let isBggenOutput: Bool

    public init(file: String, line: Int?, symbol: String, kinds: [TaskKind], targets: [String] = [], isBggenOutput: Bool = false) {
        self.file = file
        self.line = line
        self.symbol = symbol
        self.kinds = kinds
        self.targets = targets
        self.isBggenOutput = isBggenOutput
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let covers = kinds.isEmpty ? "" : " (\(kinds.map(\.rawValue).joined(separator: ", ")))"
        return "\(place): \(symbol)\(covers)"
    }

    public static func < (lhs: CodeFinding, rhs: CodeFinding) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.symbol) < (rhs.file, rhs.line ?? 0, rhs.symbol)
    }
}

/// An identifier the app already registers, so bggen can reuse it instead of adding a second one.
public struct RegisteredIdentifier: Sendable, Equatable, Comparable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// `BGTaskScheduler.register(forTaskWithIdentifier:)`.
        case task
        /// `URLSessionConfiguration.background(withIdentifier:)`.
        case urlSession = "url-session"
    }

    public let identifier: String
    public let kind: Kind
    public let file: String
    public let line: Int
    /// The constant the call passes, when it is not a literal (`Self.taskIdentifier` → `taskIdentifier`).
    public let constant: String?

    public init(identifier: String, kind: Kind, file: String, line: Int, constant: String? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.file = file
        self.line = line
        self.constant = constant
    }

    public var description: String { "\(identifier) (\(kind.rawValue), \(file):\(line))" }

    public static func < (lhs: RegisteredIdentifier, rhs: RegisteredIdentifier) -> Bool {
        (lhs.identifier, lhs.file, lhs.line) < (rhs.identifier, rhs.file, rhs.line)
    }
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
    /// iOS application targets, sorted by name. More than one: the caller asks, or takes `--target NAME`.
    public let appTargets: [AppTarget]
    public let otherTargets: [OtherTarget]
    /// The iOS version in `Package.swift` `platforms`, for a package with no app project.
    public let packageDeploymentTarget: String?
    public let existingCode: [CodeFinding]
    public let registeredIdentifiers: [RegisteredIdentifier]
    public let warnings: [ProjectWarning]

    public init(root: String, kind: ProjectKind, projectFiles: [String], workspace: String? = nil,
                usesSynchronizedFolders: Bool = false, appTargets: [AppTarget], otherTargets: [OtherTarget] = [],
                packageDeploymentTarget: String? = nil, existingCode: [CodeFinding] = [],
                registeredIdentifiers: [RegisteredIdentifier] = [], warnings: [ProjectWarning] = []) {
        self.root = root
        self.kind = kind
        self.projectFiles = projectFiles
        self.workspace = workspace
        self.usesSynchronizedFolders = usesSynchronizedFolders
        self.appTargets = appTargets
        self.otherTargets = otherTargets
        self.packageDeploymentTarget = packageDeploymentTarget
        self.existingCode = existingCode
        self.registeredIdentifiers = registeredIdentifiers
        self.warnings = warnings
    }

    public func appTarget(named name: String) -> AppTarget? {
        appTargets.first { $0.name == name }
    }

    /// The task kinds some existing code already covers.
    public var coveredKinds: [TaskKind] {
        Array(Set(existingCode.filter { !$0.isBggenOutput }.flatMap(\.kinds))).sorted()
    }
}
