import BggenFormats
import BggenModel
import Foundation

/// `bggen doctor`: reads a repository as `init` does, checks each iOS app target's background work across code,
/// Info.plist and entitlements, and returns findings. Reading only; `DoctorFixes` plans the repairs.
public struct Doctor: Sendable {
    private let fileSystem: any FileSystem
    /// Runs a generator's dump; nil unless the user passed `--use-generators`.
    private let dumper: (any ProjectDumping)?

    public init(fileSystem: any FileSystem, dumper: (any ProjectDumping)? = nil) {
        self.fileSystem = fileSystem
        self.dumper = dumper
    }

    /// `root` is absolute. `targetName` limits the audit to one app target; `settings` are the team's (rules off,
    /// paths excluded, severities).
    public func audit(root: String, targetName: String? = nil, settings: DoctorSettings = DoctorSettings()) throws -> DoctorReport {
        try audit(root: root, targetName: targetName, settings: settings, checking: nil)
    }

    /// `checking` runs only the checks of the rules it names (nil: every rule's), as a test does to show that a
    /// rule's findings come from its own check.
    func audit(root: String, targetName: String? = nil, settings: DoctorSettings = DoctorSettings(), checking: Set<String>?) throws -> DoctorReport {
        let fileSystem = fileSystem.contained(in: root)
        // The model, its call index and the project are freed on a core the report no longer needs, as the walk's
        // outcomes are: freeing them before the report is written was a fortieth of doctor's time on duckduckgo-iOS.
        // Only `held` keeps them past `report`, so the last release, which frees them, is the background's.
        let held = HeldUntilReleased(try context(root: root, fileSystem: fileSystem))
        defer { held.releaseInBackground() }
        return try report(of: held.value, root: root, fileSystem: fileSystem, targetName: targetName, settings: settings, checking: checking)
    }

    /// The project and the model of its code, read, with what every target's audit shares.
    private func context(root: String, fileSystem: any FileSystem) throws -> AuditContext {
        let (project, code) = try ProjectDetector.read(root: root, fileSystem: fileSystem, stopsAtUnreadableCode: false, readsNameClashes: false,
                                                       dumper: dumper)
        let extensions = Set(project.otherTargets.filter(\.isExtension).map(\.name))
        let extensionSessions = code.facts.flatMap { facts -> [ExtensionSession] in
            let owners = code.targets.targets(of: facts.file)
            guard !owners.isEmpty, owners.allSatisfy(extensions.contains) else { return [] }
            return facts.uses.filter { $0.role == .session && $0.value != nil }.map { ExtensionSession(use: $0, targets: owners) }
        }
        return AuditContext(project: project, code: code, dependenciesUnread: dependenciesUnread(project), extensionSessions: extensionSessions)
    }

    private func report(of context: AuditContext, root: String, fileSystem: any FileSystem, targetName: String?, settings: DoctorSettings,
                        checking: Set<String>?) throws -> DoctorReport {
        let project = context.project, code = context.code
        var targets = project.appTargets
        if let targetName {
            guard let target = project.appTarget(named: targetName) else {
                throw AugmentError.unknownTarget(targetName, available: project.appTargets.map(\.name))
            }
            targets = [target]
        }
        let facts = code.facts
        var findings = code.unreadable.map { failure in
            DoctorFinding(rule: .couldNotCheck, location: FindingLocation(file: failure.file, line: failure.line, column: 1), target: nil,
                          message: "\(failure.file) nests too deeply to read, so its background work was not checked.",
                          why: "A finding there would be missed.", fix: "Nothing to do unless the file holds background work.")
        }
        // A source file that could not be read (not UTF-8, a FIFO or device, too large) is said, never skipped unsaid.
        findings += code.unreadableSources.map { source in
            DoctorFinding(rule: .couldNotCheck, location: FindingLocation(file: source.file, line: 0, column: 0), target: nil,
                          message: "\(source.file) was not searched for background code: \(source.reason).",
                          why: "A finding there would be missed.", fix: "Nothing to do unless the file holds background work.")
        }
        // A constant too long to build that an unknown identifier may come from: the rules cannot check it.
        findings += code.cutConstants.map { cut in
            DoctorFinding(rule: .couldNotCheck, location: FindingLocation(file: cut.file, line: cut.line, column: 1), target: nil,
                          message: ProjectWarning.cutConstant(file: cut.file, line: cut.line, name: cut.name).description,
                          why: "A task identifier made from it could not be checked.", fix: "Nothing to do unless the constant names a background task.")
        }
        // A wrapper's name declared in too many files to be one wrapper: its calls were not read.
        findings += code.wrappersNotFollowed.map { cut in
            DoctorFinding(rule: .couldNotCheck, location: cut.at, target: nil, message: cut.described,
                          why: "A registration, submit or session made through one of them is not checked.",
                          fix: "Nothing to do unless those calls register, submit or make background work; a name of its own for each wrapper lets doctor follow it.")
        }
        // A generator's dump that failed, timed out or was not allowed to run: the targets may be incomplete.
        for warning in project.warnings {
            let file: String
            switch warning {
            case .dumpFailed(let spec, _): file = spec
            case .generatorNotRun, .generatorNotFound: file = project.projectFiles.first ?? "."
            default: continue
            }
            findings.append(DoctorFinding(rule: .couldNotCheck, location: FindingLocation(file: file), target: nil,
                                          message: warning.description, why: "Targets the spec defines in ways bggen cannot read would be missed.",
                                          fix: "Nothing to do if every app target was checked."))
        }
        // Each file's targets, asked once: every target's audit asking them for every file was
        // (files) × (targets) lookups of the targets' folders (issue 43, item 5).
        let owners = facts.map { code.targets.targets(of: $0.file) }
        let oneApp = code.targets.appTargets.count <= 1
        for target in targets {
            // As `TargetFiles.counts`: its own files, a linked framework's or package's, and nobody's in a one-app repository.
            var owned: [FileFacts] = [], relevant: [FileFacts] = []
            for (file, fileOwners) in zip(facts, owners) {
                if code.targets.isOwn(file.file, for: target.name, owners: fileOwners) {
                    owned.append(file)
                    relevant.append(file)
                } else if fileOwners.isEmpty && oneApp {
                    relevant.append(file)
                }
            }
            var audit = RuleAudit(target: target, context: context, relevant: relevant, owned: owned)
            try audit.readFiles(root: root, fileSystem: fileSystem)
            findings += audit.run(only: checking)
        }
        let unattributed = facts.filter { code.targets.isUnattributed($0.file) && !$0.uses.isEmpty }.map(\.file)
        if let first = unattributed.first {
            findings.append(DoctorFinding(
                rule: .couldNotCheck, location: FindingLocation(file: first, line: 1, column: 1), target: nil,
                message: "\(unattributed.count == 1 ? first : "\(first) and \(unattributed.count - 1) more files") with background work \(unattributed.count == 1 ? "is" : "are") compiled by no target the project names and lie in no app's folder, so \(unattributed.count == 1 ? "it was" : "they were") not checked against \(targets.map(\.name).joined(separator: " or ")).",
                why: "With several apps in the repository, code no project claims cannot be told to belong to one of them.",
                fix: "Add the files to their app target (or to a package it links), or check them by hand."))
        }
        if targets.isEmpty {
            var audit = RuleAudit(codeOf: context)
            findings += audit.run(only: checking)
        }
        findings += TemplateAge.outdatedFiles(root: root, fileSystem: fileSystem).map { .outdatedGenerated($0, runIn: "the repository") }
        findings = PendingNextSteps.merge(findings, root: root, project: project, fileSystem: fileSystem,
                                          schedules: code.scheduleFunctions.map { ($0, code.targets.targets(of: $0.declaration.file).first) })
        // Many findings edit one Info.plist: whose else it is, resolved once a file.
        var users: [String: [String]] = [:]
        findings = findings.map { finding in
            Self.withoutForbiddenEdit(finding) { path in
                if let known = users[path] { return known }
                let found = project.nonAppTargets(using: path, fileSystem: fileSystem)
                users[path] = found
                return found
            }
        }
        var unique: [DoctorFinding] = []
        var seen = Set<UniqueFinding>()
        for finding in findings.sorted() where seen.insert(UniqueFinding(rule: finding.rule.id, location: finding.location, message: finding.message)).inserted {
            unique.append(finding)
        }
        let plists = project.appTargets.flatMap { target in target.entitlements.map(\.path) + [target.infoPlist.path].compactMap { $0 } }
        let suppressions = Suppressions(root: root, fileSystem: fileSystem, code: code, plists: plists)
        let kept = settings.reported(unique).filter { !suppressions.suppresses($0) }
        let read = code.sourceFiles + project.projectFiles + plists + unique.map(\.location.file)
        let unneeded = settings.reported(suppressions.unneeded(reportsUnused: targetName == nil && checking == nil, settings: settings)
            + settings.unmatchedExclusions(among: read))
        var report = DoctorReport(root: root, targets: targets.map(\.name), findings: (kept + unneeded).sorted().map(settings.adjusted),
                                  suppressedCount: unique.count - kept.count)
        report.projectFiles = project.projectFiles
        return report
    }

    /// What makes two findings one: the same rule, place and words.
    private struct UniqueFinding: Hashable {
        var rule: String
        var location: FindingLocation
        var message: String
    }

    /// `finding` without the edit `--fix` must not make, and its fix saying why: a file an extension (or another
    /// non-app target) uses too is never edited for the app, and a value with a control character, which no
    /// property list can hold, is left out (the other values of the edit are still added).
    private static func withoutForbiddenEdit(_ finding: DoctorFinding, nonAppTargetsUsing: (String) -> [String]) -> DoctorFinding {
        guard let fix = finding.edit else { return finding }
        func replaced(_ edit: PlistFix?, _ note: String) -> DoctorFinding {
            DoctorFinding(rule: finding.rule, severity: finding.severity, location: finding.location, target: finding.target,
                          message: finding.message, why: finding.why, fix: "\(finding.fix) \(note)", edit: edit)
        }
        let users = nonAppTargetsUsing(fix.path)
        if !users.isEmpty {
            return replaced(nil, "--fix leaves \(fix.path) alone: it is also \(users.joined(separator: ", "))'s, so give the app a file of its own.")
        }
        let hasControl = { (value: String) in value.unicodeScalars.contains { $0.properties.generalCategory == .control } }
        let place = "\(finding.location.file):\(finding.location.line)"
        switch fix.edit {
        case .addStrings(let key, let values) where values.contains(where: hasControl):
            let kept = values.filter { !hasControl($0) }
            let refused = values.filter(hasControl).map { RepositoryText.quoted($0) }.joined(separator: ", ")
            return replaced(kept.isEmpty ? nil : PlistFix(path: fix.path, edit: .addStrings(key: key, values: kept)),
                            "--fix does not add \(refused), registered at \(place): it holds a control character, which no property list can hold; correct the identifier in the code.")
        case .addString(_, let value) where hasControl(value):
            return replaced(nil, "--fix does not add \(RepositoryText.quoted(value)), from \(place): it holds a control character, which no property list can hold.")
        default:
            return finding
        }
    }

    /// Whether the app pulls in code doctor does not read (CocoaPods, Carthage, npm, pub, remote Swift packages),
    /// where a registration or a mode's use may live; checks that depend on not seeing something become notes.
    private func dependenciesUnread(_ project: ProjectReport) -> Bool {
        let managers = ["Podfile", "Cartfile", "package.json", "pubspec.yaml"]
        if managers.contains(where: { fileSystem.kind(of: PathText.join(project.root, $0)) == .file }) { return true }
        // The `project.pbxproj`s were searched when the project was read: a megabyte is not read twice.
        if project.kind == .xcodeProject { return project.namesRemotePackages }
        return project.projectFiles.contains { file in
            guard let text = try? fileSystem.read(PathText.join(project.root, file)) else { return false }
            return ByteSearch.contains(ProjectReading.remotePackageBytes, in: text)
                || (file.hasSuffix(".yml") && ByteSearch.contains(Self.specPackagesBytes, in: text))
        }
    }

    /// Compared as bytes, as `ProjectReading.remotePackageBytes`.
    private static let specPackagesBytes = Array("\npackages:".utf8)
}

/// What every target's audit shares.
struct AuditContext: Sendable {
    let project: ProjectReport
    /// The model of the code; `facts` are its files read for facts, whichever target compiles them: a
    /// registration anywhere counts as one.
    let code: CodeModel
    let facts: [FileFacts]
    let dependenciesUnread: Bool
    /// Background sessions created in files only app extensions compile.
    var extensionSessions: [ExtensionSession] = []
    let registrations: [TaskIdentifierUse]
    /// The identifiers `registrations` name as written without a build setting, and those with one
    /// (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`, which each target expands its own way): gathered once, not by every
    /// target's checks.
    let registeredLiterals: Set<String>
    let registeredWithSettings: Set<String>
    /// Whether some registration's identifier could not be read (and is not bggen's own): it may be any identifier,
    /// so no check says one is never registered.
    let someRegistrationUnresolved: Bool
    /// Every request submitted with an identifier doctor could read, in any file.
    let requests: [TaskIdentifierUse]
    let launchReach: LaunchReach

    init(project: ProjectReport, code: CodeModel, dependenciesUnread: Bool, extensionSessions: [ExtensionSession]) {
        self.project = project
        self.code = code
        facts = code.facts
        self.dependenciesUnread = dependenciesUnread
        self.extensionSessions = extensionSessions
        registrations = facts.flatMap(\.uses).filter(\.isRegistration)
        let values = registrations.compactMap(\.value)
        registeredWithSettings = Set(values.filter { $0.utf8.contains(UInt8(ascii: "$")) && $0.contains("$(") })
        registeredLiterals = Set(values).subtracting(registeredWithSettings)
        someRegistrationUnresolved = registrations.contains { $0.value == nil && !$0.inBggenOutput }
        requests = facts.flatMap(\.uses).filter { if case .request = $0.role { $0.value != nil } else { false } }
        launchReach = LaunchReach(code: code)
    }

    /// Whether some chain of functions, each called in the body of the next, leads from launch
    /// (`didFinishLaunching`, `willFinishLaunching`, a SwiftUI `App`'s `init`) to the function registration `use`
    /// is in; for a registration in bggen's output, the first call must name its type.
    func isReachedFromLaunch(_ use: TaskIdentifierUse) -> Bool {
        launchReach.callee(of: use).map(launchReach.reaches) ?? false
    }

    /// The shortest chain of calls from an entry after launch (`.onAppear`, `Task {}`, a button's action,
    /// `viewDidLoad`, a scene callback) to the function registration `use` is in: the entry first, then each
    /// function it passes through.
    func afterLaunchPath(to use: TaskIdentifierUse) -> [FunctionMentions]? {
        launchReach.callee(of: use).flatMap(launchReach.afterLaunchPath)
    }
}

/// The callers of every function, indexed once per run, and the answers already given: asking for each of
/// thousands of registrations costs one walk of the call graph in all, not one per registration.
final class LaunchReach: @unchecked Sendable {
    /// A function as the walk meets it: its key and its declaration (an index into `functions`; nil when the
    /// registration's function was not found, then any call of the name counts), or for one of bggen's, also the
    /// type it is declared in, since `registerTasks` is a common name: the app's own, called at launch, says
    /// nothing about bggen's.
    struct Callee: Hashable {
        var key: String
        var receiver: String?
        var declaration: Int?
    }

    /// Every function as its file read it: `function(_:)` gives one with its receivers typed.
    private let functions: [FunctionMentions]
    /// The functions `function(_:)` has typed so far, by index: only the callers the walks meet need their receivers
    /// typed, and typing all of them when the index was made was a sixth of its time on duckduckgo-iOS.
    private var typed: [FunctionMentions?]
    /// What types receiver chains across files (`PropertyTable`), made when the first function is typed.
    private var table: PropertyTable?
    private let propertyTypes: [PropertyType]
    /// For each name, the functions mentioning it, of every file (`mentioning` keeps those that may run in an app).
    private let mentionedBy: MentionIndex
    /// By function: whether its file may run in an app.
    private let runsInApp: [Bool]
    /// The functions of each file, a range of `functions` (each file's come together), to find the one a registration
    /// is in: keyed by file and function, the table joined and hashed a string for each function of the app.
    private var functionsOfFile: [String: [Range<Int>]] = [:]
    private let launchKeys: Set<String>
    /// The functions mentioning a name, by the type of the receiver they call it on (`Tasks1.register()` under
    /// "Tasks1"); under nil, those calling it on a receiver of unknown type or mentioning it otherwise than in a
    /// call. A callee's callers are then looked for among those calling it on a related type, not among every
    /// function of the name: thousands of same-named methods of different types stay linear. Made for a name when
    /// its callers are first asked (`mentionersByReceiver`): the walks ask about a few names, and making it for every
    /// name mentioned anywhere was most of the index's time.
    private var mentionedByReceiver: [String: [String?: [Int]]] = [:]
    private let supertypes: [String: Set<String>]
    private var subtypes: [String: Set<String>] = [:]
    private var ancestors: [String: Set<String>] = [:]
    private var descendants: [String: Set<String>] = [:]
    private var answers: [Callee: Bool] = [:]
    private let lock = NSLock()
    /// The receiver chains' names the model's budget did not follow (`CodeModel.chainNamesNotFollowed`).
    private let chainNamesNotFollowed: ChainCuts
    /// Where the search for callers towards launch stopped (`CodeModel.callerSearchCut`): a path from launch may
    /// pass through the callers it did not read.
    let callerSearchCut: String?

    /// Over the files whose code may run in an app (`CodeModel.mayRunInApp`): a call from a test bundle's file is
    /// no path from launch or from an entry after it. `functions` holds every file's, as the model numbers them in
    /// its index of mentions (`CodeModel.mentionedBy`), which is read here rather than made again; a function of
    /// another file is in none of the tables and is dropped from what the index gives (`mentioning`).
    init(code: CodeModel) {
        chainNamesNotFollowed = code.chainNamesNotFollowed
        callerSearchCut = code.callerSearchCut
        mentionedBy = code.mentionedBy
        let all = code.files.flatMap(\.functions)
        functions = all
        typed = Array(repeating: nil, count: all.count)
        var running: [FileFacts] = []
        var runs: [Bool] = []
        runs.reserveCapacity(all.count)
        var start = 0
        for file in code.files {
            let mayRun = code.mayRunInApp(file.file)
            runs += repeatElement(mayRun, count: file.functions.count)
            if mayRun {
                running.append(file)
                if !file.functions.isEmpty { functionsOfFile[file.file, default: []].append(start..<(start + file.functions.count)) }
            }
            start += file.functions.count
        }
        let inherits = running.reduce(into: [String: Set<String>]()) { result, file in result.merge(file.supertypes) { $0.union($1) } }
        supertypes = inherits
        propertyTypes = running.flatMap(\.propertyTypes)
        runsInApp = runs
        launchKeys = Set(all.indices.lazy.filter { runs[$0] && all[$0].isLaunch }.map { all[$0].key })
        for (type, parents) in supertypes {
            for parent in parents { subtypes[parent, default: []].insert(type) }
        }
    }

    /// The functions that may run in an app mentioning `name`, in their order.
    private func mentioning(_ name: String) -> [Int] {
        mentionedBy.functions(mentioning: name).filter { runsInApp[$0] }
    }

    /// The function at `index` with each call's receiver chain typed (`FunctionMentions.typingReceivers`).
    private func function(_ index: Int) -> FunctionMentions {
        if let known = typed[index] { return known }
        if table == nil { table = PropertyTable(propertyTypes, supertypes: supertypes) }
        let function = table!.isEmpty ? functions[index] : functions[index].typingReceivers(with: &table!)
        typed[index] = function
        return function
    }

    /// The names the chain budget left unread among the receivers of `path`'s calls (each hop's call of the next,
    /// the last one's of `key`) that stay untyped, rarest first: any function of the name may be what such a call
    /// runs, so the path may be another type's.
    func unfollowed(on path: [FunctionMentions], to key: String) -> [(name: String, cut: CodeModel.ChainCut)] {
        guard !chainNamesNotFollowed.isEmpty else { return [] }
        var names = Set<String>()
        for (function, callee) in zip(path, path.dropFirst().map(\.key) + [key]) {
            for shape in function.calls[CodeModel.callableName(callee)] ?? [] where shape.receiverTypes == nil {
                names.formUnion(shape.receiverChain?.names ?? [])
            }
        }
        return names.compactMap { name in chainNamesNotFollowed.cut(of: name).map { (name, $0) } }
            .sorted { ($0.cut.unread, $0.name) < ($1.cut.unread, $1.name) }
    }

    /// The function a registration is in, as the walk starts from it; nil when it is not in a function.
    func callee(of use: TaskIdentifierUse) -> Callee? {
        guard case .function(let key) = use.launch else { return nil }
        return callee(key: key, at: use.location, receiver: use.launchReceiver)
    }

    /// The function `key` holding the code at `location` (the last of that key declared before it in its file).
    func callee(key: String, at location: FindingLocation, receiver: String? = nil) -> Callee {
        let declaration = (functionsOfFile[location.file] ?? []).joined()
            .filter { functions[$0].key == key && functions[$0].line <= location.line }.max { functions[$0].line < functions[$1].line }
        return Callee(key: key, receiver: receiver, declaration: declaration)
    }

    /// The functions whose bodies call `callee`: every one mentioning its name, other than itself, whose calls of
    /// it fit its parameters and receiver type; for one of bggen's, only those naming its type too
    /// (`BggenBackgroundTaskManager.shared.registerTasks()`) or declared in it.
    private func callers(of callee: Callee) -> [(index: Int, function: FunctionMentions)] {
        let name = CodeModel.callableName(callee.key)
        var candidates = mentioning(name)
        if let declaration = callee.declaration, let type = functions[declaration].type {
            // Only these can pass `mayCall`'s receiver test (`related`): a call on the type itself, on one it
            // inherits or conforms to, on one inheriting from it, or on a receiver of unknown type.
            let byReceiver = mentionersByReceiver(of: name)
            var found = Set(byReceiver[nil] ?? [])
            for related in [type] + ancestry(of: type) + descent(of: type) { found.formUnion(byReceiver[related] ?? []) }
            candidates = found.sorted()
        }
        let named = candidates.map { ($0, function($0)) }.filter { caller in
            callee.declaration.map { caller.1.mayCall(functions[$0], related: related) } ?? true
        }
        // A function of the callee's key is no caller (itself, or an override calling `super`), except another
        // initialiser of its type handing over with `self.init(…)`.
        guard let receiver = callee.receiver else {
            return named.filter { index, caller in
                caller.key != callee.key || callee.key.hasSuffix(".init") && callee.declaration.map { $0 != index } == true
            }
        }
        return named.filter { _, caller in
            !(caller.key == callee.key && caller.receiver == receiver) && (caller.mentions.contains(receiver) || caller.type == receiver)
        }
    }

    /// The functions mentioning `name` by the receiver types of their calls of it (see `mentionedByReceiver`).
    private func mentionersByReceiver(of name: String) -> [String?: [Int]] {
        if let known = mentionedByReceiver[name] { return known }
        var table: [String?: [Int]] = [:]
        for index in mentioning(name) {
            guard let shapes = function(index).calls[name] else {
                table[nil, default: []].append(index)
                continue
            }
            for receivers in Set(shapes.map(\.receiverTypes)) {
                for receiver in receivers.map({ Array($0) as [String?] }) ?? [nil] { table[receiver, default: []].append(index) }
            }
        }
        mentionedByReceiver[name] = table
        return table
    }

    /// Whether a receiver of one of `types` may run a method declared in `type`: the same type, or one inheriting
    /// or conforming to the other, as the files read declare it.
    private func related(_ types: Set<String>, _ type: String) -> Bool {
        types.contains(type) || !types.isDisjoint(with: ancestry(of: type)) || types.contains { ancestry(of: $0).contains(type) }
    }

    /// Every type `type` inherits or conforms to, through the declarations read, each looked up once per run.
    private func ancestry(of type: String) -> Set<String> {
        if let known = ancestors[type] { return known }
        var found = Set<String>()
        var pending = Array(supertypes[type] ?? [])
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += supertypes[next] ?? []
        }
        ancestors[type] = found
        return found
    }

    /// Every type inheriting or conforming to `type`, through the declarations read, each looked up once per run.
    private func descent(of type: String) -> Set<String> {
        if let known = descendants[type] { return known }
        var found = Set<String>()
        var pending = Array(subtypes[type] ?? [])
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += subtypes[next] ?? []
        }
        descendants[type] = found
        return found
    }

    /// A breadth-first walk back through the callers, each function once: the whole graph at most, never a cap.
    /// Launch itself ends no path here: whether launch reaches the function is `reaches`'s question.
    func afterLaunchPath(to target: Callee) -> [FunctionMentions]? {
        lock.withLock {
            var level = [target]
            // For each caller met, the function it calls on the way to `target`, and the caller itself.
            var callee: [Callee: Callee] = [:]
            var node: [Callee: FunctionMentions] = [:]
            var seen: Set<Callee> = [target]
            while !level.isEmpty {
                var next: [Callee] = []
                for current in level {
                    for (index, caller) in callers(of: current) where !caller.isLaunch {
                        let met = Callee(key: caller.key, receiver: caller.receiver, declaration: index)
                        guard seen.insert(met).inserted else { continue }
                        callee[met] = current
                        node[met] = caller
                        guard caller.entry != nil else {
                            next.append(met)
                            continue
                        }
                        var path = [caller]
                        var hop = current
                        while hop != target, let function = node[hop], let down = callee[hop] {
                            path.append(function)
                            hop = down
                        }
                        return path
                    }
                }
                level = next
            }
            return nil
        }
    }

    func reaches(_ target: Callee) -> Bool {
        lock.withLock {
            if let known = answers[target] { return known }
            var pending = [target]
            var seen: Set<Callee> = [target]
            var found = target.receiver == nil && launchKeys.contains(target.key)
            while !found, let current = pending.popLast() {
                if let known = answers[current], current != target {
                    if known { found = true }
                    continue
                }
                for (index, caller) in callers(of: current) {
                    if caller.isLaunch { found = true; break }
                    let met = Callee(key: caller.key, receiver: caller.receiver, declaration: index)
                    if seen.insert(met).inserted { pending.append(met) }
                }
            }
            // Every function the walk passed reaches launch exactly when this one does, if it did not find it.
            if !found { for met in seen { answers[met] = false } }
            answers[target] = found
            return found
        }
    }
}

/// A background session an app extension creates, with the extension targets compiling its file.
struct ExtensionSession: Sendable {
    let use: TaskIdentifierUse
    let targets: [String]
}
