import BggenFormats
import BggenModel
import Foundation

/// The parts of a `project.pbxproj` that detection needs, with every file path turned into a path relative to the
/// repository root (the folder bggen runs in), whatever group or source tree Xcode stored it against.
struct XcodeProjectModel: Sendable {
    struct Configuration: Sendable {
        var name: String
        /// Keys as written, including conditional ones such as `CODE_SIGN_ENTITLEMENTS[sdk=macosx*]`.
        var settings: [String: String]
        /// The xcconfig it is based on, from `baseConfigurationReference` or Xcode 16's anchor form.
        var baseConfiguration: String?
    }

    struct Target: Sendable {
        var id: String
        var name: String
        /// Empty for aggregate and legacy targets.
        var productType: String
        var configurations: [Configuration]
        /// IDs of the `PBXFileSystemSynchronizedRootGroup`s the target owns.
        var synchronizedGroupIDs: [String]
        /// Files in the target's compile phase (classic groups only).
        var sourceFiles: Set<String>
        /// IDs of the targets it depends on (`PBXTargetDependency`), in this project.
        var dependencyIDs: [String] = []
        /// The file reference of what it builds (`productReference`), and those its Frameworks and Embed phases
        /// link or copy: a framework target of the project whose product is among them is the app's code.
        var productReference: String?
        var linkedReferences: Set<String> = []
        /// The folders of the local Swift packages (`XCLocalSwiftPackageReference`) whose products it uses, relative
        /// to the root.
        var localPackageFolders: [String] = []
    }

    struct SynchronizedGroup: Sendable {
        var id: String
        var path: String
        /// For each target ID, the group's files (relative to the group) whose membership is flipped: left out of
        /// a target that owns the group, added to one that does not.
        var exceptions: [String: [String]]
    }

    /// The `.xcodeproj` bundle, relative to the root.
    let path: String
    /// The folder holding the `.xcodeproj` (`SRCROOT`), relative to the root; "" for the root itself.
    let directory: String
    let projectConfigurations: [Configuration]
    let targets: [Target]
    let synchronizedGroups: [SynchronizedGroup]
    /// The same by ID, by path, and by the targets their exceptions name: asked about each of thousands of targets,
    /// going through every group made reading a project grow with (targets) × (groups) (issue 43, item 5).
    private let groupsByID: [String: SynchronizedGroup]
    private let groupsByPath: [Substring: [SynchronizedGroup]]
    private let groupsExcepting: [String: [SynchronizedGroup]]

    var projectName: String {
        String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".xcodeproj", with: "")
    }

    /// `pbxprojPath` is only used in errors. `data` is the file as read, checked to be UTF-8 (`FileSystem.readUTF8`).
    init(data: Data, projectPath: String) throws(ProjectError) {
        let pbxprojPath = "\(projectPath)/project.pbxproj"
        let top: OpenStepValue
        do {
            top = try OpenStepParser.parse(utf8: data)
        } catch {
            throw .malformed(path: pbxprojPath, line: error.line, reason: error.reason)
        }
        guard let document = top.dictionary,
              let table = document["objects"]?.dictionary,
              let rootID = document["rootObject"]?.string,
              let root = table[rootID]?.dictionary
        else {
            throw .malformed(path: pbxprojPath, line: 1, reason: "it has no objects or no root object")
        }
        let objects = ProjectObjects(table)

        path = projectPath
        directory = PathText.parent(of: projectPath)
        let resolver = ElementPaths(objects: objects, projectDirectory: PathText.join(directory, root["projectDirPath"]?.string ?? ""))

        func configurations(_ listID: String?) -> [Configuration] {
            guard let listID, let ids = objects[listID]?["buildConfigurations"]?.array else { return [] }
            return ids.compactMap(\.string).compactMap { id in
                guard let object = objects[id], let name = object["name"]?.string else { return nil }
                var settings: [String: String] = [:]
                for (key, value) in object["buildSettings"]?.dictionary ?? [:] {
                    if let text = value.settingText { settings[key] = text }
                }
                var base: String?
                if let reference = object["baseConfigurationReference"]?.string {
                    base = resolver.path(of: reference)
                } else if let anchor = object["baseConfigurationReferenceAnchor"]?.string,
                          let relative = object["baseConfigurationReferenceRelativePath"]?.string,
                          let anchorPath = resolver.path(of: anchor) {
                    base = PathText.join(anchorPath, relative)
                }
                return Configuration(name: name, settings: settings, baseConfiguration: base)
            }
        }
        projectConfigurations = configurations(root["buildConfigurationList"]?.string)

        var targets: [Target] = []
        var phaseOwners: [String: String] = [:]
        for id in (root["targets"]?.array ?? []).compactMap(\.string) {
            guard let object = objects[id], let name = object["name"]?.string else { continue }
            let phases = (object["buildPhases"]?.array ?? []).compactMap(\.string)
            var sources = Set<String>()
            var linked = Set<String>()
            for phase in phases {
                phaseOwners[phase] = id
                if ["PBXFrameworksBuildPhase", "PBXCopyFilesBuildPhase"].contains(objects[phase]?["isa"]?.string ?? "") {
                    linked.formUnion((objects[phase]?["files"]?.array ?? []).compactMap { objects[$0.string ?? ""]?["fileRef"]?.string })
                }
                guard objects[phase]?["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for buildFile in (objects[phase]?["files"]?.array ?? []).compactMap(\.string) {
                    if let reference = objects[buildFile]?["fileRef"]?.string, let filePath = resolver.path(of: reference) {
                        sources.insert(filePath)
                    }
                }
            }
            targets.append(Target(
                id: id, name: name, productType: object["productType"]?.string ?? "",
                configurations: configurations(object["buildConfigurationList"]?.string),
                synchronizedGroupIDs: (object["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string),
                sourceFiles: sources,
                dependencyIDs: (object["dependencies"]?.array ?? []).compactMap { objects[$0.string ?? ""]?["target"]?.string },
                productReference: object["productReference"]?.string, linkedReferences: linked,
                localPackageFolders: (object["packageProductDependencies"]?.array ?? []).compactMap { product -> String? in
                    guard let package = objects[product.string ?? ""]?["package"]?.string, objects[package]?["isa"]?.string == "XCLocalSwiftPackageReference",
                          let relative = objects[package]?["relativePath"]?.string else { return nil }
                    return PathText.join(PathText.parent(of: projectPath), relative)
                }))
        }
        self.targets = targets

        var groups: [SynchronizedGroup] = []
        for (id, object) in objects.all where object["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
            guard let groupPath = resolver.path(of: id) else { continue }
            var exceptions: [String: [String]] = [:]
            for exceptionID in (object["exceptions"]?.array ?? []).compactMap(\.string) {
                guard let exception = objects[exceptionID] else { continue }
                let owner = exception["target"]?.string ?? exception["buildPhase"]?.string.flatMap { phaseOwners[$0] }
                guard let owner else { continue }
                exceptions[owner, default: []] += (exception["membershipExceptions"]?.array ?? []).compactMap(\.string)
            }
            groups.append(SynchronizedGroup(id: id, path: groupPath, exceptions: exceptions))
        }
        synchronizedGroups = groups.sorted { $0.path < $1.path }
        groupsByID = Dictionary(synchronizedGroups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        groupsByPath = Dictionary(grouping: synchronizedGroups, by: { $0.path[...] })
        var excepting: [String: [SynchronizedGroup]] = [:]
        for group in synchronizedGroups {
            for target in group.exceptions.keys { excepting[target, default: []].append(group) }
        }
        groupsExcepting = excepting
        // The parsed file (tens of thousands of strings for a large project) is freed on a core the project's
        // reading does not wait for, as the walk's outcomes are.
        DispatchQueue.global().async { withExtendedLifetime(top) {} }
    }

    /// The groups `target` owns, in path order.
    func synchronizedGroups(of target: Target) -> [SynchronizedGroup] {
        Set(target.synchronizedGroupIDs).compactMap { groupsByID[$0] }.sorted { $0.path < $1.path }
    }

    /// The groups whose exceptions name `target`, in path order.
    func synchronizedGroups(excepting target: Target) -> [SynchronizedGroup] {
        groupsExcepting[target.id] ?? []
    }

    /// The outermost group holding `path` (the first in path order).
    func synchronizedGroup(holding path: String) -> SynchronizedGroup? {
        PathText.holdingFolders(of: path).lazy.compactMap { groupsByPath[$0]?.first }.first
    }
}

/// The project's objects by ID, read in the parsed table itself: copying the table into a dictionary of objects
/// (a hash of every ID of a project of 25,000 objects) was a tenth of reading pocket-casts-ios's project. A value
/// that is no object (`{ …; ID = text; }`) is no object here either.
private struct ProjectObjects {
    private let table: OpenStepDictionary

    init(_ table: OpenStepDictionary) {
        self.table = table
    }

    subscript(id: String) -> OpenStepDictionary? {
        table[id]?.dictionary
    }

    /// Every object, in no particular order.
    var all: some Sequence<(key: String, value: OpenStepDictionary)> {
        table.lazy.compactMap { id, value in value.dictionary.map { (id, $0) } }
    }
}

/// Works out where PBX file references and groups point, following parents up to the main group.
///
/// Each element's path is worked out once: a project of thousands of files in a few hundred groups otherwise walked
/// and joined each file's whole chain of groups again.
private final class ElementPaths {
    let objects: ProjectObjects
    let projectDirectory: String
    let parents: [String: String]
    /// Paths found, with the number of parents followed to find them (`hops`), and the elements found to have
    /// none when asked at depth 0. A chain is followed at most `maximumDepth` deep, so an element whose path took
    /// `hops` parents has it only when asked at a depth below `maximumDepth - hops`; one without a path at depth 0
    /// has none at any depth.
    private var known: [String: (path: String?, hops: Int)] = [:]
    private static let maximumDepth = 64

    init(objects: ProjectObjects, projectDirectory: String) {
        self.objects = objects
        self.projectDirectory = projectDirectory
        var parents: [String: String] = [:]
        for (id, object) in objects.all {
            guard case .array(let children)? = object["children"] else { continue }
            for case .string(let child) in children { parents[child] = id }
        }
        self.parents = parents
    }

    func path(of id: String) -> String? {
        resolve(id, depth: 0)?.path
    }

    private func resolve(_ id: String, depth: Int) -> (path: String, hops: Int)? {
        if let found = known[id] {
            guard let path = found.path, depth + found.hops < Self.maximumDepth else { return nil }
            return (path, found.hops)
        }
        let resolved = follow(id, depth: depth)
        if let resolved {
            known[id] = resolved
        } else if depth == 0 {
            known[id] = (nil, 0)
        }
        return resolved
    }

    private func follow(_ id: String, depth: Int) -> (path: String, hops: Int)? {
        guard depth < Self.maximumDepth, let object = objects[id] else { return nil }
        let own = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else { return (PathText.join(projectDirectory, own), 0) }
            guard let base = resolve(parent, depth: depth + 1) else { return nil }
            return (PathText.join(base.path, own), base.hops + 1)
        case "SOURCE_ROOT":
            return (PathText.join(projectDirectory, own), 0)
        default:
            // Absolute paths and SDK / build-product references are outside the repository.
            return nil
        }
    }
}
