import BggenFormats
import BggenModel
import Foundation

/// The parts of a `project.pbxproj` that detection needs, with every file path turned into a path relative to the
/// repository root (the folder bggen runs in), whatever group or source tree Xcode stored it against.
struct XcodeProjectModel: Sendable {
    struct Configuration: Sendable {
        var name: String
        /// Keys as written, including conditional ones such as `CODE_SIGN_ENTITLEMENTS[sdk=macosx*]`, in key order
        /// (`OpenStepDocument.settings`).
        var settings: [SettingAssignment]
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
        let document: OpenStepDocument
        do {
            document = try OpenStepDocument(utf8: data)
        } catch {
            throw .malformed(path: pbxprojPath, line: error.line, reason: error.reason)
        }
        let top = document.root
        guard document.isDictionary(top),
              let table = document.value(top, "objects"), document.isDictionary(table),
              let rootID = document.value(top, "rootObject"), document.string(rootID) != nil
        else {
            throw .malformed(path: pbxprojPath, line: 1, reason: "it has no objects or no root object")
        }
        let objects = ProjectObjects(document: document, table: table)
        guard let root = objects[rootID] else {
            throw .malformed(path: pbxprojPath, line: 1, reason: "it has no objects or no root object")
        }

        path = projectPath
        directory = PathText.parent(of: projectPath)
        let resolver = ElementPaths(objects: objects, projectDirectory: PathText.join(directory, document.string(root, "projectDirPath") ?? ""))

        func configurations(_ list: OpenStepDocument.Value?) -> [Configuration] {
            guard let list = objects[list], let ids = document.value(list, "buildConfigurations") else { return [] }
            return document.elements(ids).compactMap { id in
                guard let object = objects[id], let name = document.string(object, "name") else { return nil }
                let settings = document.value(object, "buildSettings").map { written in
                    document.settings(written).map { SettingAssignment(qualifiedKey: $0.key, value: $0.value) }
                } ?? []
                var base: String?
                if let reference = document.value(object, "baseConfigurationReference"), document.string(reference) != nil {
                    base = objects[reference].flatMap(resolver.path)
                } else if let anchor = objects[document.value(object, "baseConfigurationReferenceAnchor")],
                          let relative = document.string(object, "baseConfigurationReferenceRelativePath"),
                          let anchorPath = resolver.path(of: anchor) {
                    base = PathText.join(anchorPath, relative)
                }
                return Configuration(name: name, settings: settings, baseConfiguration: base)
            }
        }
        projectConfigurations = configurations(document.value(root, "buildConfigurationList"))

        var targets: [Target] = []
        var phaseOwners: [String: String] = [:]
        for targetID in document.elements(document.value(root, "targets") ?? top) {
            guard let object = objects[targetID], let name = document.string(object, "name"), let id = document.string(targetID) else { continue }
            var sources = Set<String>()
            var linked = Set<String>()
            for phaseID in document.elements(document.value(object, "buildPhases") ?? top) {
                guard let phaseName = document.string(phaseID) else { continue }
                phaseOwners[phaseName] = id
                guard let phase = objects[phaseID] else { continue }
                guard let isa = document.value(phase, "isa"), let files = document.value(phase, "files") else { continue }
                if document.isString(isa, "PBXFrameworksBuildPhase") || document.isString(isa, "PBXCopyFilesBuildPhase") {
                    linked.formUnion(document.elements(files).compactMap { objects[$0].flatMap { document.string($0, "fileRef") } })
                }
                guard document.isString(isa, "PBXSourcesBuildPhase") else { continue }
                sources.reserveCapacity(sources.count + document.elements(files).underestimatedCount)
                for buildFile in document.elements(files) {
                    if let reference = objects[objects[buildFile].flatMap { document.value($0, "fileRef") }],
                       let filePath = resolver.path(of: reference) {
                        sources.insert(filePath)
                    }
                }
            }
            targets.append(Target(
                id: id, name: name, productType: document.string(object, "productType") ?? "",
                configurations: configurations(document.value(object, "buildConfigurationList")),
                synchronizedGroupIDs: document.elements(document.value(object, "fileSystemSynchronizedGroups") ?? top).compactMap(document.string),
                sourceFiles: sources,
                dependencyIDs: document.elements(document.value(object, "dependencies") ?? top).compactMap { objects[$0].flatMap { document.string($0, "target") } },
                productReference: document.string(object, "productReference"), linkedReferences: linked,
                localPackageFolders: document.elements(document.value(object, "packageProductDependencies") ?? top).compactMap { product -> String? in
                    guard let package = objects[objects[product].flatMap { document.value($0, "package") }],
                          document.value(package, "isa").map({ document.isString($0, "XCLocalSwiftPackageReference") }) == true,
                          let relative = document.string(package, "relativePath") else { return nil }
                    return PathText.join(PathText.parent(of: projectPath), relative)
                }))
        }
        self.targets = targets

        var groups: [SynchronizedGroup] = []
        for (id, object) in objects.all
        where document.value(object, "isa").map({ document.isString($0, "PBXFileSystemSynchronizedRootGroup") }) == true {
            guard let groupPath = resolver.path(of: object) else { continue }
            var exceptions: [String: [String]] = [:]
            for exceptionID in document.elements(document.value(object, "exceptions") ?? top) {
                guard let exception = objects[exceptionID] else { continue }
                let owner = document.string(exception, "target") ?? document.string(exception, "buildPhase").flatMap { phaseOwners[$0] }
                guard let owner else { continue }
                exceptions[owner, default: []] += document.elements(document.value(exception, "membershipExceptions") ?? top).compactMap(document.string)
            }
            groups.append(SynchronizedGroup(id: document.string(id)!, path: groupPath, exceptions: exceptions))
        }
        synchronizedGroups = groups.sorted { $0.path < $1.path }
        groupsByID = Dictionary(synchronizedGroups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        groupsByPath = Dictionary(grouping: synchronizedGroups, by: { $0.path[...] })
        var excepting: [String: [SynchronizedGroup]] = [:]
        for group in synchronizedGroups {
            for target in group.exceptions.keys { excepting[target, default: []].append(group) }
        }
        groupsExcepting = excepting
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

/// The project's objects by ID, looked up by the bytes of an ID wherever the file writes it. A value that is no
/// object (`{ …; ID = text; }`) is no object here either.
private struct ProjectObjects {
    let document: OpenStepDocument
    private let keys: OpenStepKeys

    init(document: OpenStepDocument, table: OpenStepDocument.Value) {
        self.document = document
        keys = document.keys(of: table)
    }

    /// The object a string value names; nil when the value is missing or no string, or names no object.
    subscript(id: OpenStepDocument.Value?) -> OpenStepDocument.Value? {
        guard let id, let object = keys[id], document.isDictionary(object) else { return nil }
        return object
    }

    /// Every object with its ID, in the order the file writes them.
    var all: some Sequence<(key: OpenStepDocument.Value, value: OpenStepDocument.Value)> {
        keys.entries.lazy.filter { document.isDictionary($0.value) }
    }
}

/// Works out where PBX file references and groups point, following parents up to the main group.
///
/// Each element's path is worked out once: a project of thousands of files in a few hundred groups otherwise walked
/// and joined each file's whole chain of groups again. Elements are known by their place in the document.
private final class ElementPaths {
    let objects: ProjectObjects
    let projectDirectory: String
    /// Each element's group, by the element's place in the document.
    let parents: [OpenStepDocument.Value?]
    /// Paths found, with the number of parents followed to find them (`hops`), and the elements found to have
    /// none when asked at depth 0. A chain is followed at most `maximumDepth` deep, so an element whose path took
    /// `hops` parents has it only when asked at a depth below `maximumDepth - hops`; one without a path at depth 0
    /// has none at any depth.
    private var known: [(path: String?, hops: Int)] = []
    /// Each element's place in `known` plus one, by the element's place in the document; 0 for one not known yet.
    /// Looked up by place, not hashed: a `Dictionary` keyed by element was a tenth of working out the paths.
    private var places: [Int]
    private static let maximumDepth = 64

    init(objects: ProjectObjects, projectDirectory: String) {
        self.objects = objects
        self.projectDirectory = projectDirectory
        let document = objects.document
        places = [Int](repeating: 0, count: document.valueCount)
        var parents = [OpenStepDocument.Value?](repeating: nil, count: document.valueCount)
        for (_, object) in objects.all {
            guard let children = document.value(object, "children") else { continue }
            for child in document.elements(children) {
                if let element = objects[child] { parents[element.index] = object }
            }
        }
        self.parents = parents
    }

    /// The path of a file reference or group object.
    func path(of element: OpenStepDocument.Value) -> String? {
        resolve(element, depth: 0)?.path
    }

    private func resolve(_ element: OpenStepDocument.Value, depth: Int) -> (path: String, hops: Int)? {
        if places[element.index] > 0 {
            let found = known[places[element.index] - 1]
            guard let path = found.path, depth + found.hops < Self.maximumDepth else { return nil }
            return (path, found.hops)
        }
        let resolved = follow(element, depth: depth)
        if let resolved {
            remember(element, resolved)
        } else if depth == 0 {
            remember(element, (nil, 0))
        }
        return resolved
    }

    /// What an element was found to have; found again (through a loop of groups), the later replaces it.
    private func remember(_ element: OpenStepDocument.Value, _ found: (path: String?, hops: Int)) {
        known.append(found)
        places[element.index] = known.count
    }

    private func follow(_ element: OpenStepDocument.Value, depth: Int) -> (path: String, hops: Int)? {
        guard depth < Self.maximumDepth else { return nil }
        let document = objects.document
        let own = document.string(element, "path") ?? ""
        // A source tree that is no string counts as none, which is `<group>`.
        let sourceTree = document.value(element, "sourceTree").flatMap { document.isText($0) ? $0 : nil }
        if sourceTree.map({ document.isString($0, "<group>") }) ?? true {
            guard let parent = parents[element.index] else { return (PathText.join(projectDirectory, own), 0) }
            guard let base = resolve(parent, depth: depth + 1) else { return nil }
            return (PathText.join(base.path, own), base.hops + 1)
        }
        if sourceTree.map({ document.isString($0, "SOURCE_ROOT") }) == true {
            return (PathText.join(projectDirectory, own), 0)
        }
        // Absolute paths and SDK / build-product references are outside the repository.
        return nil
    }
}
