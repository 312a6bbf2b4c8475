import BggenFormats
import BggenModel
import Foundation

/// The checks for one iOS app target: its Info.plist and entitlements against the code it compiles.
struct TargetAudit {
    let target: AppTarget
    let context: AuditContext
    /// Files the target compiles, and files no target claims (local packages), which it may use.
    let relevant: [FileFacts]
    /// Files the project says the target compiles.
    let owned: [FileFacts]
    var plist: PlistFacts?
    /// The Info.plists of the target's other configurations (`INFOPLIST_FILE` set per configuration), where they exist.
    var otherPlists: [PlistFacts] = []
    var entitlements: [(file: EntitlementsFile, facts: PlistFacts?)] = []
    var findings: [DoctorFinding] = []

    init(target: AppTarget, context: AuditContext, relevant: [FileFacts], owned: [FileFacts]) {
        self.target = target
        self.context = context
        self.relevant = relevant
        self.owned = owned
    }

    mutating func readFiles(root: String, fileSystem: any FileSystem) throws {
        if let path = target.infoPlist.path, target.infoPlist.exists {
            plist = try Self.read(path, root: root, fileSystem: fileSystem)
            for other in target.infoPlist.otherPaths where fileSystem.kind(of: PathText.join(root, other)) == .file {
                otherPlists.append(try Self.read(other, root: root, fileSystem: fileSystem))
            }
        }
        for file in target.entitlements {
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

    var uses: [TaskIdentifierUse] { relevant.flatMap(\.uses) }

    mutating func run() -> [DoctorFinding] {
        if let plist {
            checkPermitted(plist)
            checkDeadEntries(plist)
            checkModes(plist)
            checkSilentPush(plist)
        } else {
            let reason = target.infoPlist.path.map { "its Info.plist \($0) does not exist" }
                ?? "Xcode generates its Info.plist from build settings, which cannot hold BGTaskSchedulerPermittedIdentifiers or UIBackgroundModes"
            if !uses.isEmpty || relevant.contains(where: { !$0.silentPushHandlers.isEmpty }) {
                add(.couldNotCheck, at: FindingLocation(file: target.definedIn), "\(target.name): \(reason), so its identifiers and background modes were not checked.",
                    why: "Without BGTaskSchedulerPermittedIdentifiers and UIBackgroundModes in the Info.plist, every register returns false and every submit fails with notPermitted.",
                    fix: "Point INFOPLIST_FILE at an Info.plist that holds the keys (Xcode merges it with the generated one).")
            }
        }
        checkEntitlements()
        checkSessionsSharedWithExtensions()
        checkHandlerIsolation()
        checkLegacyFetch()
        checkFilesKnown()
        findings += Self.codeRules(uses: uses, relevant: relevant, owned: owned, context: context, target: target.name)
        return findings
    }

    /// Code rules for a repository without an app target (a Swift package): everything counts.
    static func codeOnly(context: AuditContext) -> [DoctorFinding] {
        codeRules(uses: context.facts.flatMap(\.uses), relevant: context.facts, owned: [], context: context, target: nil)
    }

    // MARK: - Info.plist

    private mutating func checkPermitted(_ plist: PlistFacts) {
        let continuedValues = Set(uses.filter { $0.role == .request(.continued) }.compactMap(\.value))
        let continuedFiles = Set(relevant.filter { facts in facts.uses.contains { $0.role == .request(.continued) } }.map(\.file))
        var reported = Set<String>()
        for use in uses where use.isTaskIdentifier {
            guard let written = use.value, let value = expanded(written) else { continue }
            let continued = use.role == .request(.continued)
                || (use.isRegistration && (continuedValues.contains(value) || continuedFiles.contains(use.location.file)))
            guard !plist.permits(value, continued: continued, in: target), reported.insert(value).inserted else { continue }
            let verb = use.isRegistration ? "registers" : "submits a request for"
            add(.notPermitted, at: use.location,
                "\(target.name) \(verb) '\(value)', which \(plist.path) does not list in \(BackgroundModes.permittedIdentifiersKey).",
                why: use.isRegistration ? "register returns false and the handler never runs." : "submit throws BGTaskScheduler.Error.notPermitted (code 3) and the task never runs.",
                fix: continued ? "Add a wildcard such as '\(Self.wildcard(for: value))' to \(BackgroundModes.permittedIdentifiersKey) in \(plist.path)."
                    : "Add '\(value)' to \(BackgroundModes.permittedIdentifiersKey) in \(plist.path).",
                edit: continued ? nil : PlistFix(path: plist.path, edit: .addStrings(key: BackgroundModes.permittedIdentifiersKey, values: [value])))
        }
    }

    /// A value read from `Bundle.main.bundleIdentifier` holds `$(PRODUCT_BUNDLE_IDENTIFIER)`: this target's, when
    /// every configuration expands it alike; nil when it cannot be told.
    private func expanded(_ value: String) -> String? {
        guard value.contains("$(") else { return value }
        let values = Set(target.expansions(of: value).map { $0.isFullyResolved ? $0.resolved : "" })
        guard values.count == 1, let only = values.first, !only.isEmpty else { return nil }
        return only
    }

    private static func wildcard(for identifier: String) -> String {
        let parts = identifier.split(separator: ".")
        return (parts.count > 1 ? parts.dropLast().joined(separator: ".") : identifier) + ".*"
    }

    private mutating func checkDeadEntries(_ plist: PlistFacts) {
        let registrations = context.registrations
        let blind = registrations.contains { $0.value == nil && !$0.inBggenOutput }
        let registered = Set(registrations.compactMap(\.value).map { expanded($0) ?? $0 })
        for (entry, values) in plist.expandedEntries(in: target) where !entry.text.hasSuffix(".*") {
            guard let values, registered.isDisjoint(with: values), !blind else { continue }
            let unread = context.dependenciesUnread
            add(.neverRegistered, severity: unread ? .note : nil, at: entry.location,
                "\(plist.path) permits '\(entry.text)', but no code in the repository registers it\(unread ? " (dependencies such as Pods or remote packages were not read)" : "").",
                why: "Every permitted identifier needs a handler registered at launch; a dead entry usually means the code and the Info.plist disagree on a name.",
                fix: "Register '\(entry.text)' before launch finishes, or remove it from \(BackgroundModes.permittedIdentifiersKey).")
        }
    }

    private mutating func checkModes(_ plist: PlistFacts) {
        let modes = plist.modes
        var reported = Set<String>()
        for use in uses {
            guard case .request(let kind) = use.role, let mode = kind.mode, !modes.contains(mode), reported.insert(mode).inserted else { continue }
            add(.missingMode, at: use.location, "\(target.name) submits a \(kind.rawValue) request, but \(plist.path) has no '\(mode)' in \(BackgroundModes.key).",
                why: "submit throws BGTaskScheduler.Error.notPermitted (code 3) and the task never runs.",
                fix: "Add '\(mode)' to \(BackgroundModes.key) in \(plist.path) (Signing & Capabilities > Background Modes).",
                edit: PlistFix(path: plist.path, edit: .addStrings(key: BackgroundModes.key, values: [mode])))
        }
        if let processing = plist.backgroundModes?.first(where: { $0.text == "processing" }), (plist.permittedIdentifiers ?? []).isEmpty {
            add(.processingWithoutIdentifiers, at: processing.location,
                "\(plist.path) declares the 'processing' background mode but lists no \(BackgroundModes.permittedIdentifiersKey).",
                why: "App Store Connect rejects the upload with ITMS-90771.",
                fix: "List the processing task identifiers the app registers in \(BackgroundModes.permittedIdentifiersKey), or remove 'processing'.")
        }
        for value in plist.backgroundModes ?? [] where !BackgroundModes.valid.contains(value.text) {
            let looksLikeIdentifier = value.text.contains(".")
            add(.unknownMode, at: value.location, "\(plist.path) lists '\(value.text)' in \(BackgroundModes.key), which iOS does not know.",
                why: "iOS ignores the value, so the background work it was meant to allow is not allowed.",
                fix: looksLikeIdentifier ? "Move '\(value.text)' to \(BackgroundModes.permittedIdentifiersKey)."
                    : "Replace it with a valid mode (\(BackgroundModes.valid.sorted().joined(separator: ", "))).")
        }
        var used = relevant.reduce(into: Set<String>()) { $0.formUnion($1.modesUsed) }
        // A registration no request names may be a refresh or a processing task: either mode may be its.
        let requested = Set(uses.filter { !$0.isRegistration }.compactMap(\.value))
        if uses.contains(where: { $0.role == .register && ($0.value.map { !requested.contains($0) } ?? true) }) {
            used.formUnion(["fetch", "processing"])
        }
        for value in plist.backgroundModes ?? [] where ["fetch", "processing"].contains(value.text) && !used.contains(value.text) {
            let unread = context.dependenciesUnread
            let code = value.text == "fetch" ? "BGAppRefreshTask" : "BGProcessingTask"
            add(.unusedMode, severity: unread ? .note : nil, at: value.location,
                "\(plist.path) declares the '\(value.text)' background mode, but no code \(target.name) compiles uses \(code)\(unread ? " (dependencies such as Pods or remote packages were not read)" : "").",
                why: "App Review rejects apps that declare background modes they do not use (guideline 2.5.4).",
                fix: "Remove '\(value.text)' from \(BackgroundModes.key), or add the \(code) work it was meant for.")
        }
    }

    private mutating func checkSilentPush(_ plist: PlistFacts) {
        guard !plist.modes.contains("remote-notification"), let handler = owned.flatMap(\.silentPushHandlers).first else { return }
        add(.pushWithoutMode, at: handler, "\(target.name) handles silent pushes here, but \(plist.path) has no 'remote-notification' in \(BackgroundModes.key).",
            why: "iOS does not wake the app for a silent push, so this handler runs only while the app is in the foreground.",
            fix: "Add 'remote-notification' to \(BackgroundModes.key) in \(plist.path) (Background Modes > Remote notifications).",
            edit: PlistFix(path: plist.path, edit: .addStrings(key: BackgroundModes.key, values: ["remote-notification"])))
    }

    // MARK: - Sessions

    /// An extension creating a background session with an identifier the app's own code uses. With several app
    /// targets doctor cannot tell which app embeds the extension, so it is a note.
    private mutating func checkSessionsSharedWithExtensions() {
        let appSessions = owned.flatMap(\.uses).filter { $0.role == .session && $0.value != nil }
        for session in context.extensionSessions {
            guard let value = session.use.value,
                  let app = appSessions.filter({ $0.value == value }).min(by: { $0.location < $1.location }) else { continue }
            let extensions = session.targets.joined(separator: ", ")
            let several = context.project.appTargets.count > 1
            add(.duplicateSession, severity: several ? .note : nil, at: session.use.location,
                "\(extensions) creates a background session with identifier '\(value)', which \(target.name) also uses (\(app.location.file):\(app.location.line))\(several ? ", if \(target.name) embeds \(extensions)" : "").",
                why: "Only one process can use a background session at a time: iOS delivers the session's events to either the app or the extension, and the other's transfers never report back.",
                fix: "Give the extension an identifier of its own (such as '\(value).\(session.targets[0])'), and set sharedContainerIdentifier to the app group so the app can read what it downloads.")
        }
    }

    // MARK: - Handlers

    /// Swift 6 checks at run time that an isolated closure runs on its actor; the scheduler calls handlers on a
    /// queue of its own, so a main-actor closure traps there. Swift 5 mode has no such check.
    private mutating func checkHandlerIsolation() {
        guard let version = target.swiftVersion, version.split(separator: ".").first.flatMap({ Int($0) }).map({ $0 >= 6 }) == true else { return }
        let defaultMain = target.defaultActorIsolation == "MainActor"
        for var handler in owned.flatMap(\.handlers) where handler.isClosure && !handler.isNonisolated && !handler.runsOnMain {
            if case .extensionOf(let name) = handler.context {
                handler.context = context.code.isolation(ofType: name, forFile: handler.location.file)
            }
            guard handler.context == .mainActor || (handler.context == .moduleDefault && defaultMain) else { continue }
            let reason = handler.context == .mainActor ? "code isolated to the main actor" : "a module whose default isolation is MainActor"
            add(.mainActorHandler, at: handler.location,
                "This \(handler.kind.rawValue) handler closure is written in \(reason), so in Swift \(version) it is main-actor isolated.",
                why: "BGTaskScheduler calls it on its own background queue; Swift 6 checks the isolation at run time and the app traps (EXC_BREAKPOINT in _dispatch_assert_queue_fail).",
                fix: "Mark the closure @Sendable (\(handler.kind == .launch ? "{ @Sendable task in … }" : "= { @Sendable in … }")) or register from a nonisolated function, and hop to the main actor inside with Task { @MainActor in … } where needed.")
        }
    }

    // MARK: - Legacy fetch

    /// Adding BGTaskSchedulerPermittedIdentifiers switches legacy background fetch off: with the key in any of the
    /// target's Info.plists, in any configuration, the fetch the app relies on never runs there (an error); without
    /// it, it is deprecated.
    private mutating func checkLegacyFetch() {
        let fetches = relevant.flatMap(\.legacyFetch)
        guard !fetches.isEmpty else { return }
        let keyed = ([plist].compactMap { $0 } + otherPlists).first { !($0.permittedIdentifiers ?? []).isEmpty }
        let configurations = keyed.flatMap { target.infoPlist.configurations[$0.path] }?.sorted().joined(separator: ", ")
        for (symbol, location) in fetches {
            if let keyed {
                var which = keyed.path
                if keyed.path != plist?.path, let configurations { which += ", the Info.plist of \(configurations)," }
                add(.legacyFetchSwitchedOff, at: location,
                    "\(symbol) is legacy background fetch, which \(which) switches off: it lists \(BackgroundModes.permittedIdentifiersKey).",
                    why: "Since iOS 13 an Info.plist with BGTaskSchedulerPermittedIdentifiers disables performFetchWithCompletionHandler and setMinimumBackgroundFetchInterval: the fetch the app relies on never runs.",
                    fix: Self.legacyFetchFix)
            } else {
                add(.deprecatedFetch, at: location, "\(symbol) is deprecated background fetch (iOS 13).", why: Self.legacyFetchWhy,
                    fix: Self.legacyFetchFix)
            }
        }
    }

    /// A target whose files the project does not list is audited from the files in its folder, or not at all.
    private mutating func checkFilesKnown() {
        guard context.code.targets.isUndetermined(target) else { return }
        let fromFolder = target.sourceFolder.map { " (the files in \($0) were taken for its own)" } ?? ""
        add(.couldNotCheck, at: FindingLocation(file: target.definedIn),
            "Which files \(target.name) compiles could not be read from \(target.definedIn): it has no sources phase, synchronized folder or generator sources\(fromFolder), so its code checks may be incomplete.",
            why: "Registrations, handlers and sessions in files doctor does not attribute to the target are not checked against its Info.plist.",
            fix: "Check that \(target.name) lists its sources in the project, or add '// bggen:ignore CHECK001' once you have checked them.")
    }

    // MARK: - Entitlements

    private mutating func checkEntitlements() {
        let handler = owned.flatMap(\.silentPushHandlers).first
        let mode = plist?.backgroundModes?.first { $0.text == "remote-notification" }
        if let place = handler ?? mode?.location {
            require(.aps, for: place)
        }
        if let place = owned.flatMap(\.gpuRequests).min() {
            require(.gpu, for: place)
        }
    }

    /// An entitlement some code of the target needs, with what doctor says when it is missing.
    private struct EntitlementNeed: Sendable {
        let rule: DoctorRule
        let key: String
        let value: String
        /// What the code does that needs it, after the target's name: "uses silent push".
        let use: String
        let capability: String
        let why: String
        let edit: PlistPatcher.Edit

        /// A capability switched on is `<true/>`; aps-environment holds a string, whichever.
        func isPresent(in facts: PlistFacts) -> Bool {
            if case .addTrue = edit { return facts.trueKeys.contains(key) }
            return facts.keys[key] != nil
        }

        static let aps = EntitlementNeed(
            rule: .pushWithoutEntitlement, key: "aps-environment", value: "development", use: "uses silent push", capability: "Push Notifications",
            why: "Without aps-environment the app gets no device token, so no push, silent or not, ever arrives.",
            edit: .addString(key: "aps-environment", value: "development"))
        static let gpu = EntitlementNeed(
            rule: .gpuWithoutEntitlement, key: BackgroundModes.gpuEntitlementKey, value: "true", use: "asks for the GPU in a continued-processing request",
            capability: "Background GPU Access",
            why: "Without the Background GPU Access entitlement, submit throws BGTaskScheduler.Error.notPermitted (code 3) for a request whose requiredResources holds .gpu, and the job does not start.",
            edit: .addTrue(key: BackgroundModes.gpuEntitlementKey))
    }

    /// Every entitlements file the target signs with must hold `need`; `place` is the code that needs it.
    private mutating func require(_ need: EntitlementNeed, for place: FindingLocation) {
        guard !target.entitlements.isEmpty else {
            add(need.rule, severity: context.project.warnings.contains(where: Self.hidesSettings) ? .note : nil, at: place,
                "\(target.name) \(need.use), but has no entitlements file (CODE_SIGN_ENTITLEMENTS), so no \(need.key).",
                why: need.why, fix: "Add the \(need.capability) capability to \(target.name) in Xcode.")
            return
        }
        for (file, facts) in entitlements {
            guard let facts else {
                add(.couldNotCheck, at: place, "\(target.name) signs with \(file.path), which is not in the repository, so \(need.key) was not checked.",
                    why: need.why, fix: "Check that \(file.path) holds \(need.key).")
                continue
            }
            guard !need.isPresent(in: facts) else { continue }
            let editable = file.regeneratedFrom == nil && !file.sharedWithExtension
            let configurations = file.configurations.isEmpty ? "" : " (\(file.configurations.joined(separator: ", ")))"
            let setting = "\(need.key) = \(need.value)"
            add(need.rule, at: facts.rootLocation,
                "\(file.path)\(configurations) has no \(need.key), but \(target.name) \(need.use) (\(place.file):\(place.line)).",
                why: need.why,
                fix: editable ? "Add \(setting) to \(file.path) (Signing & Capabilities > \(need.capability))."
                    : "Add \(setting) to \(file.regeneratedFrom.map { "the entitlements properties in \($0)" } ?? "an entitlements file of \(target.name)'s own, since \(file.path) is shared with \(file.sharedWith.joined(separator: ", "))").",
                edit: editable ? PlistFix(path: file.path, edit: need.edit) : nil)
        }
    }

    /// Settings doctor cannot see may set the entitlements file.
    private static func hidesSettings(_ warning: ProjectWarning) -> Bool {
        switch warning {
        case .missingConfigurationFile, .missingInclude, .unreadableConfigurationFile, .unresolvedVariables: true
        default: false
        }
    }

    /// An edit of an Info.plist a generator rebuilds (XcodeGen `info.properties`) would be lost at the next
    /// generation, so such a finding says where the key belongs instead of carrying the edit.
    private mutating func add(_ rule: DoctorRule, severity: Severity? = nil, at location: FindingLocation, _ message: String, why: String, fix: String,
                              edit: PlistFix? = nil) {
        var fix = fix
        var edit = edit
        if let spec = target.infoPlist.regeneratedFrom, edit?.path == target.infoPlist.path {
            fix += " \(target.infoPlist.path ?? "The Info.plist") is generated from \(spec): make the change under the target's info: properties there."
            edit = nil
        }
        findings.append(DoctorFinding(rule: rule, severity: severity, location: location, target: target.name, message: message,
                                      why: why, fix: fix, edit: edit))
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
