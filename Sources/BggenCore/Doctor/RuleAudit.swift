import BggenFormats
import BggenModel
import Foundation

/// What a rule's check reads, and where it adds its findings: one iOS app target, its Info.plist and entitlements
/// and the code it compiles; or, in a repository without an app target (a Swift package), all of the code. Each rule
/// declares its check in its own file under `Rules/`; this holds only what several checks share.
struct RuleAudit {
    /// nil when the repository has no app target and only the code is checked.
    let target: AppTarget?
    let context: AuditContext
    /// Files the target compiles, and files no target claims (local packages), which it may use; all files for code
    /// alone.
    let relevant: [FileFacts]
    /// Files the project says the target compiles; none for code alone.
    let owned: [FileFacts]
    /// Every task identifier the relevant files use.
    let uses: [TaskIdentifierUse]
    /// The identifiers of continued-processing requests, and the files that submit one: their handlers are
    /// registered just before the submit and may use a wildcard.
    let continuedValues: Set<String>
    let continuedFiles: Set<String>
    /// The registrations whose timing BG004 checks, and CHECK001 where launch does not reach them:
    /// continued-processing handlers are exempt (registered just before their submit).
    let launchRegistrations: [TaskIdentifierUse]
    /// The target's Info.plist, when it has one in the repository.
    var plist: PlistFacts?
    /// The Info.plists of the target's other configurations (`INFOPLIST_FILE` set per configuration), where they exist.
    var otherPlists: [PlistFacts] = []
    var entitlements: [(file: EntitlementsFile, facts: PlistFacts?)] = []
    private(set) var findings: [DoctorFinding] = []

    /// What the checks share is worked out once here, not by each check that reads it.
    init(target: AppTarget?, context: AuditContext, relevant: [FileFacts], owned: [FileFacts]) {
        self.target = target
        self.context = context
        self.relevant = relevant
        self.owned = owned
        uses = relevant.flatMap(\.uses)
        let continuedValues = Set(uses.filter { $0.role == .request(.continuedProcessing) }.compactMap(\.value))
        let continuedFiles = Set(relevant.filter { facts in facts.uses.contains { $0.role == .request(.continuedProcessing) } }.map(\.file))
        self.continuedValues = continuedValues
        self.continuedFiles = continuedFiles
        launchRegistrations = uses.filter {
            $0.role == .register && !($0.value.map(continuedValues.contains) ?? continuedFiles.contains($0.location.file))
        }
    }

    /// The code alone, for a repository without an app target: everything counts.
    init(codeOf context: AuditContext) {
        self.init(target: nil, context: context, relevant: context.facts, owned: [])
    }

    mutating func readFiles(root: String, fileSystem: any FileSystem) throws {
        guard let target else { return }
        if let path = target.infoPlist.path, target.infoPlist.exists {
            plist = try Self.read(path, root: root, fileSystem: fileSystem)
            for other in target.infoPlist.otherPaths where fileSystem.kind(of: PathText.join(root, other)) == .file {
                otherPlists.append(try Self.read(other, root: root, fileSystem: fileSystem))
            }
        } else if let spec = target.infoPlist.regeneratedFrom {
            // Generated and not in the repository (XcodeGen's `info.properties`, Tuist's `.extendingDefault(with:)`):
            // the spec's keys are what the built Info.plist will hold.
            let text = (try? fileSystem.read(PathText.join(root, spec))) ?? ""
            plist = PlistFacts(spec: spec, properties: target.infoPlist.specProperties, text: text, from: target.infoPlist.specLine)
        }
        for file in target.entitlements {
            if !file.exists, let spec = file.regeneratedFrom {
                // Generated from the manifest (Tuist `.dictionary([…])`): its keys are what the app signs with.
                entitlements.append((file, PlistFacts(spec: spec, properties: file.specProperties, text: (try? fileSystem.read(PathText.join(root, spec))) ?? "",
                                                      from: file.specLine)))
                continue
            }
            entitlements.append((file, file.exists ? try Self.read(file.path, root: root, fileSystem: fileSystem) : nil))
        }
    }

    /// A binary plist is read through Foundation as XML, so its places are unknown (line 0).
    private static func read(_ path: String, root: String, fileSystem: any FileSystem) throws -> PlistFacts {
        let data: Data
        do {
            data = try fileSystem.readData(PathText.join(root, path))
        } catch {
            throw PlanError.unreadable(path: path, reason: FileSystemError.cause(of: error))
        }
        guard data.starts(with: Array("bplist".utf8)) else {
            guard let text = String(data: data, encoding: .utf8) else { throw PlistPatchError.notUTF8(path: path) }
            return try PlistFacts(text: text, path: path)
        }
        do {
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
            var facts = try PlistFacts(text: String(decoding: xml, as: UTF8.self), path: path)
            facts.forgetPlaces()
            return facts
        } catch let error as PlistPatchError {
            throw error
        } catch {
            throw PlistPatchError.malformed(path: path, line: 1, reason: "the binary property list cannot be read")
        }
    }

    /// Every rule's check, in `DoctorRule.all`'s order, or only those of the rules `only` names. Disabled rules are
    /// checked too: GEN003 folds the findings of others, disabled or not, into its notes.
    mutating func run(only: Set<String>?) -> [DoctorFinding] {
        for rule in DoctorRule.all where only?.contains(rule.id) ?? true {
            rule.check?(&self)
        }
        return findings
    }

    // MARK: - What several checks share

    /// The first of the target's Info.plists, in any configuration, that lists BGTaskSchedulerPermittedIdentifiers,
    /// which switches legacy background fetch off; nil for code alone.
    var plistListingIdentifiers: PlistFacts? {
        ([plist].compactMap { $0 } + otherPlists).first { !($0.permittedIdentifiers ?? []).isEmpty }
    }

    /// Whether `use` (whose identifier is `value`) is a continued-processing task's: its request, or a registration of
    /// an identifier such a request uses or in a file that submits one, where a wildcard permits it.
    func isContinued(_ use: TaskIdentifierUse, value: String) -> Bool {
        use.role == .request(.continuedProcessing)
            || (use.isRegistration && (continuedValues.contains(value) || continuedFiles.contains(use.location.file)))
    }

    /// A value read from `Bundle.main.bundleIdentifier` holds `$(PRODUCT_BUNDLE_IDENTIFIER)`: this target's, when
    /// every configuration expands it alike; nil when it cannot be told.
    func expanded(_ value: String) -> String? {
        guard value.contains("$(") else { return value }
        guard let target else { return nil }
        let values = Set(target.expansions(of: value).map { $0.isFullyResolved ? $0.resolved : "" })
        guard values.count == 1, let only = values.first, !only.isEmpty else { return nil }
        return only
    }

    /// An edit of an Info.plist a generator rebuilds (XcodeGen `info.properties`) would be lost at the next
    /// generation, so such a finding says where the key belongs instead of carrying the edit.
    mutating func add(_ rule: DoctorRule, severity: Severity? = nil, at location: FindingLocation, _ message: String, why: String, fix: String,
                      edit: PlistFix? = nil) {
        var fix = fix
        var edit = edit
        // The edit's file is the spec itself when doctor read the keys from it (the Info.plist is not in the repository).
        // Without an edit, only a finding placed in the spec (a key doctor read there) gets the pointer.
        if let target, let spec = target.infoPlist.regeneratedFrom,
           edit.map({ $0.path == target.infoPlist.path || $0.path == spec }) ?? (location.file == spec) {
            let place = context.project.kind == .tuist ? "in the target's infoPlist dictionary" : "under the target's info: properties"
            fix += " \(target.infoPlist.path ?? "The Info.plist") is generated from \(spec): make the change \(place) there."
            edit = nil
        }
        findings.append(DoctorFinding(rule: rule, severity: severity, location: location, target: target?.name, message: message,
                                      why: why, fix: fix, edit: edit))
    }

    mutating func add(_ finding: DoctorFinding) {
        findings.append(finding)
    }
}

extension PlistFacts {
    /// For a binary plist, whose converted text has other lines than the file.
    mutating func forgetPlaces() {
        let unknown = FindingLocation(file: path)
        permittedIdentifiers = permittedIdentifiers?.map { Value(text: $0.text, location: unknown) }
        backgroundModes = backgroundModes?.map { Value(text: $0.text, location: unknown) }
        keys = keys.mapValues { _ in unknown }
        rootLocation = unknown
    }
}
