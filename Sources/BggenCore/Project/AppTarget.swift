/// The platform a target builds for, from its SDK.
public enum Platform: String, Sendable, Equatable, Comparable {
    case iOS, macOS, watchOS, tvOS, visionOS, unknown
    /// The iOS app built for the Mac (`SUPPORTS_MACCATALYST`, XcodeGen's and Tuist's `macCatalyst`): it has UIKit and
    /// BackgroundTasks, so it never needs the platform guard, but a user is told the target builds for it.
    case macCatalyst = "Mac Catalyst"

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
    /// Those variables expanded to nothing, as Xcode builds a setting whose variable is not defined.
    public let withoutUnresolved: String

    public init(raw: String, resolved: String, unresolvedVariables: [String] = [], withoutUnresolved: String? = nil) {
        self.raw = raw
        self.resolved = resolved
        self.unresolvedVariables = unresolvedVariables
        self.withoutUnresolved = withoutUnresolved ?? resolved
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
    /// Whether `path` is excluded from the target by that folder's membership exceptions. A file named
    /// `Info.plist` must be: otherwise Xcode also copies it as a resource, onto the bundle's own, and fails with
    /// "Multiple commands produce …/Info.plist" (a file of another name is copied beside it, which builds).
    public let isMembershipException: Bool
    /// The spec a generator rebuilds this file from (XcodeGen `info.properties`), so edits to the file are lost.
    public let regeneratedFrom: String?
    /// The string and list values the spec already gives (`UIBackgroundModes: [fetch]`), so the lines bggen prints
    /// append to them instead of repeating a key.
    public let specProperties: [String: [String]]
    /// The line of `regeneratedFrom` where this target's properties are written: a manifest may define several
    /// apps, and a key is placed at its first mention from there on, not at another app's.
    public internal(set) var specLine = 1
    /// Each Info.plist the target's configurations use and the configurations using it, when they use more than
    /// one (`INFOPLIST_FILE = Info_Debug.plist` for Debug, `Info.plist` for Release): every one gets the keys.
    public internal(set) var configurations: [String: [String]] = [:]

    /// The Info.plists of the other configurations (besides `path`), sorted.
    public var otherPaths: [String] {
        configurations.keys.filter { $0 != path }.sorted()
    }

    public init(path: String?, isGenerated: Bool, exists: Bool, synchronizedFolder: String? = nil,
                isMembershipException: Bool = false, regeneratedFrom: String? = nil, specProperties: [String: [String]] = [:]) {
        self.specProperties = specProperties
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
    public internal(set) var sharedWith: [String]
    public internal(set) var sharedWithExtension: Bool
    /// Set when `CODE_SIGN_ENTITLEMENTS` is set but names no file bggen can find in the repository (a variable it
    /// cannot resolve leads outside it): why, so the file is reported as unreadable, never as missing.
    public internal(set) var unreadableReason: String?
    /// The spec a generator rebuilds this file from (XcodeGen `entitlements.properties`).
    public let regeneratedFrom: String?
    /// The string and list values the spec already gives, as for `InfoPlist.specProperties`.
    public let specProperties: [String: [String]]
    /// As for `InfoPlist.specLine`.
    public internal(set) var specLine = 1
    /// Variables in `rawValue` that nothing in the repository defines (set in a file that is not committed): `path`
    /// is then a guess, and the file that really signs the app may be another.
    public let unresolvedVariables: [String]

    public init(path: String, rawValue: String, configurations: [String], exists: Bool, sharedWith: [String] = [],
                sharedWithExtension: Bool = false, regeneratedFrom: String? = nil, specProperties: [String: [String]] = [:],
                unresolvedVariables: [String] = []) {
        self.specProperties = specProperties
        self.unresolvedVariables = unresolvedVariables
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
    /// The platforms it also builds for besides iOS, sorted (`SUPPORTED_PLATFORMS`, `SUPPORTS_MACCATALYST`, XcodeGen's
    /// `platform`/`supportedDestinations`, Tuist's `destinations`), so messages name them instead of guessing macOS.
    public let otherPlatforms: [Platform]
    /// Also builds for a platform other than iOS and Mac Catalyst (which builds the iOS code as it is): the generated
    /// files are then guarded.
    public var isMultiplatform: Bool { otherPlatforms.contains { $0 != .macCatalyst } }
    /// The other platforms as a user reads them: "macOS", "visionOS and Mac Catalyst".
    public var otherPlatformNames: String {
        ProseList.joined(otherPlatforms.map(\.rawValue), "and")
    }
    /// `PRODUCT_BUNDLE_IDENTIFIER` of the Release configuration (else the first one).
    public let bundleIdentifier: SettingValue?
    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET` across configurations: the generated code must build in all of them.
    public let deploymentTarget: String?
    /// Whether the deployment target, as written, is below iOS 13, which brought BGTaskScheduler: there legacy
    /// background fetch is the only background refresh, and it runs whatever the Info.plist lists. False when the
    /// target is unset or not a plain version.
    public var deploysBelowIOS13: Bool {
        guard let major = deploymentTarget.flatMap({ Int($0.prefix { $0 != "." }) }) else { return false }
        return major < DeploymentTarget.backgroundTasks.major
    }
    public let swiftVersion: String?
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION`, e.g. `MainActor`; decides whether generated types need `nonisolated`.
    public let defaultActorIsolation: String?
    public let infoPlist: InfoPlist
    /// One entry per distinct file, sorted by path.
    public internal(set) var entitlements: [EntitlementsFile]
    /// The folder holding the target's own sources, relative to the root.
    public let sourceFolder: String?
    /// Where bggen's Swift files go: inside `sourceFolder`, else `Sources/BackgroundProcessing` when the root has
    /// `Sources/`, else `App/BackgroundProcessing` when it has `App/`, else `BackgroundProcessing`; beside the
    /// app's entry point instead when `sourceFolder` does not hold it (`TargetFacts.placingOutput`).
    public internal(set) var outputFolder: String
    /// The synchronized folders the target owns, sorted; new files there are compiled without editing the project.
    public let synchronizedFolders: [String]
    /// An XcodeGen or Tuist target's `sources`, files and folders as listed, relative to the root: a new file is
    /// compiled after generating only inside a listed folder.
    public internal(set) var listedSources: [String] = []
    /// Framework and library targets of the same project the app depends on, links or embeds, and the folders of
    /// the local Swift packages it uses: code the app compiles into itself, which doctor reads as the app's own (an
    /// app delegate that only subclasses a framework's, `class AppDelegate: OTRAppDelegate {}`, keeps its background
    /// work there).
    public internal(set) var linkedTargets: [String] = []
    public internal(set) var linkedPackageFolders: [String] = []
    /// Each configuration's build settings by name, so text written elsewhere (Info.plist entries, identifiers
    /// read from code, paths) expands as Xcode expands it for this target.
    var buildSettings: [String: BuildSettings] = [:]

    public init(name: String, definedIn: String, otherPlatforms: [Platform] = [], bundleIdentifier: SettingValue?,
                deploymentTarget: String?, swiftVersion: String?, defaultActorIsolation: String?, infoPlist: InfoPlist,
                entitlements: [EntitlementsFile], sourceFolder: String?, outputFolder: String, synchronizedFolders: [String] = []) {
        self.name = name
        self.definedIn = definedIn
        self.otherPlatforms = Set(otherPlatforms).subtracting([.iOS, .unknown]).sorted()
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
    /// The Info.plist and entitlements files the target uses, relative to the root: bggen never edits one of
    /// these for the app, even when the app names it too or links to it (see `ProjectReport.nonAppTargets(using:)`).
    public internal(set) var files: [String] = []
    /// The folders its sources are in, relative to the root, as far as the project says (XcodeGen and Tuist
    /// `sources`, a classic target's compiled files, a synchronized folder): where a file for it goes.
    public internal(set) var sourceFolders: [String] = []
    /// The synchronized folders it owns: a new file there joins it without editing the project.
    public internal(set) var synchronizedFolders: [String] = []
    /// The targets it depends on or runs in (a test bundle's `TEST_HOST` app, its target dependencies), by name:
    /// how the app's unit-test target is told from another app's.
    public internal(set) var dependencies: [String] = []

    public init(name: String, productType: String, platform: Platform, files: [String] = []) {
        self.name = name
        self.productType = productType
        self.platform = platform
        self.files = files
    }

    /// A target is who it is, whichever files a reader found for it.
    public static func == (lhs: OtherTarget, rhs: OtherTarget) -> Bool {
        (lhs.name, lhs.productType, lhs.platform) == (rhs.name, rhs.productType, rhs.platform)
    }

    /// A unit-test bundle (`xcodebuild test` runs it), not a UI-test one.
    public var isUnitTestBundle: Bool {
        productType == "com.apple.product-type.bundle.unit-test"
    }

    public var isExtension: Bool {
        let type = productType.lowercased()
        return type.contains("extension") || type.contains("watchkit")
    }
}
