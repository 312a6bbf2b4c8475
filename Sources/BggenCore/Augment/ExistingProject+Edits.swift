import BggenFormats
import BggenModel
import Foundation

extension ExistingProject {
    /// Plans the Info.plist and entitlements edits for `configuration`. The user's files get only additions;
    /// files a generator rewrites, files shared with extensions and files outside the project are left alone,
    /// with the change to make by hand instead.
    /// `others` are further app targets that compile the same files (flavours of one app): their Info.plists
    /// get the same keys, since the same code registers the same identifiers in each.
    /// `replaying` is the configuration `.bggen.json` records: a value it asked for that a file already holds was
    /// added by that run or reported by it, so a replay says nothing about it (issue 40, item 12).
    public func edits(for configuration: Configuration, fileSystem: any FileSystem, allowBinaryPlist: Bool,
                      alsoFor others: [AppTarget] = [], replaying: Configuration? = nil) throws -> ProjectEdits {
        var edits = ProjectEdits()
        edits.appHasNoScenes = hasNoScenes
        edits.swiftUIApp = Self.entryPoints(report, target: target).filter { $0.kind == .swiftUIApp && $0.typeName != nil }.min()
        edits.appDelegate = Self.entryPoints(report, target: target).filter { $0.kind == .swiftDelegate && $0.typeName != nil }.min()
            ?? objectiveCDelegate.flatMap { $0.typeName == nil ? nil : $0 }
        edits.sceneDelegate = Self.ofTarget(report.sceneDelegates, target: target).filter { $0.typeName != nil }.min()
        edits.frameworkSceneDelegate = frameworkSceneDelegate
        guard let target else { return edits }
        let identifiers = Identifiers(configuration).permittedTaskIdentifiers
        let modes = backgroundModes(for: configuration)
        let patcher = PlistPatcher(allowsBinaryConversion: allowBinaryPlist)
        let replayed = replaying.map(Self.values(wantedBy:)) ?? []
        var plistSteps: [String] = [], entitlementSteps: [String] = []
        for each in [target] + others {
            if !identifiers.isEmpty || !modes.isEmpty {
                plistSteps += try planInfoPlist(each, identifiers: identifiers, modes: modes, patcher: patcher, replayed: replayed,
                                                fileSystem: fileSystem, into: &edits).map { [$0] } ?? []
            }
            let wanted = Entitlement.needed(by: configuration)
            if !wanted.isEmpty {
                entitlementSteps += try planEntitlements(each, wanted, patcher: patcher, replayed: replayed, fileSystem: fileSystem, into: &edits).map { [$0] } ?? []
            }
        }
        let transfers = configuration.tasks.filter { $0 == .downloads || $0 == .uploads }
        for session in sessionsThatCannotGetEvents where !transfers.isEmpty {
            edits.notes.append("\(session.file)\(session.line.map { ":\($0)" } ?? "") makes a background session outside the app target, and nothing in the app implements application(_:handleEventsForBackgroundURLSession:completionHandler:), so that session cannot get background events; bggen's \(transfers.map(\.rawValue).joined(separator: " and ")) handling is generated anyway.")
        }
        // A step per target; the generic "merge the fragment" step stays only when no target's file was handled.
        edits.infoPlistStep = plistSteps.isEmpty ? nil : plistSteps.joined(separator: "\n   ")
        edits.entitlementsStep = entitlementSteps.isEmpty ? nil : entitlementSteps.joined(separator: "\n   ")
        return edits
    }

    /// Plans one target's Info.plist edit and returns the next step that replaces "merge the fragment", if any.
    /// Every Info.plist the target's configurations use gets the keys; an identifier an entry already permits
    /// after expansion (`$(PRODUCT_BUNDLE_IDENTIFIER).refresh`) is not added a second time.
    private func planInfoPlist(
        _ target: AppTarget, identifiers: [String], modes: [String],
        patcher: PlistPatcher, replayed: Set<PlistAddition>, fileSystem: any FileSystem, into edits: inout ProjectEdits
    ) throws -> String? {
        let plist = target.infoPlist
        if let spec = plist.regeneratedFrom {
            let flow = Self.flowStyleKeys(in: (try? fileSystem.read(PathText.join(report.root, spec))) ?? "")
            guard let instruction = specInstruction(spec: spec, target: target.name, existing: plist.specProperties, flowKeys: flow, info: [
                (BackgroundModes.permittedIdentifiersKey, identifiers), (BackgroundModes.key, modes),
            ]) else {
                return "\(spec) already gives \(RepositoryText.name(target.name))'s Info.plist every key this needs; nothing to add."
            }
            edits.instructions.append(instruction)
            return "Add the Info.plist keys to \(spec) as shown under \"To do by hand\" below; \(plist.path ?? "the Info.plist") is rebuilt from it."
        }
        guard let path = plist.path else {
            edits.instructions.append(
                "\(RepositoryText.name(target.name)) generates its Info.plist from build settings, which cannot hold arrays: set INFOPLIST_FILE = \(OutputRenderer.infoFragmentPath) for \(RepositoryText.name(target.name)), and keep GENERATE_INFOPLIST_FILE = YES so Xcode still generates the rest."
            )
            return "Set INFOPLIST_FILE as shown under \"To do by hand\" below, so Xcode merges \(OutputRenderer.infoFragmentPath) into the Info.plist it generates."
        }
        guard plist.exists else {
            edits.notes.append("\(RepositoryText.name(target.name))'s INFOPLIST_FILE names \(path), which does not exist; merge \(OutputRenderer.infoFragmentPath) into the Info.plist the target really uses.")
            return nil
        }
        var changed: [String] = [], unchanged: [String] = []
        for each in [path] + plist.otherPaths {
            guard fileSystem.kind(of: PathText.join(report.root, each)) == .file else {
                edits.notes.append("\(RepositoryText.name(target.name))'s INFOPLIST_FILE names \(each) for \(configurationList(plist, each)), which does not exist; merge \(OutputRenderer.infoFragmentPath) into the Info.plist that configuration really uses.")
                continue
            }
            let missing = identifiersMissing(from: each, of: target, identifiers, fileSystem: fileSystem)
            var plistEdits: [PlistPatcher.Edit] = []
            if !missing.isEmpty { plistEdits.append(.addStrings(key: BackgroundModes.permittedIdentifiersKey, values: missing)) }
            if !modes.isEmpty { plistEdits.append(.addStrings(key: BackgroundModes.key, values: modes)) }
            switch try patch(each, plistEdits, patcher: patcher, replayed: replayed, fileSystem: fileSystem, into: &edits) {
            case .changed: changed.append(each)
            case .unchanged: unchanged.append(each)
            case .leftAlone: return nil
            }
        }
        guard !plist.otherPaths.isEmpty else {
            if !changed.isEmpty { return "bggen added the Info.plist keys to \(path); nothing to merge." }
            return unchanged.isEmpty ? nil : "\(path) already has every Info.plist key this needs; nothing to merge."
        }
        let all = ([path] + plist.otherPaths).map { "\($0) (\(configurationList(plist, $0)))" }.joined(separator: ", ")
        guard changed.count + unchanged.count == plist.otherPaths.count + 1 else { return nil }
        return changed.isEmpty
            ? "\(RepositoryText.name(target.name))'s configurations use several Info.plists, \(all), and each already has every key this needs; nothing to merge."
            : "\(RepositoryText.name(target.name))'s configurations use several Info.plists, and bggen added the keys to each that lacked them: \(all); nothing to merge."
    }

    /// Every Info.plist and entitlements value `configuration` asks for: its identifiers, modes and entitlements.
    private static func values(wantedBy configuration: Configuration) -> Set<PlistAddition> {
        Set(Identifiers(configuration).permittedTaskIdentifiers.map { PlistAddition(key: BackgroundModes.permittedIdentifiersKey, value: $0) }
            + backgroundModes(for: configuration).map { PlistAddition(key: BackgroundModes.key, value: $0) }
            + Entitlement.needed(by: configuration).map { PlistAddition(key: $0.key, value: $0.value.text) })
    }

    /// The configurations using the Info.plist at `path`, for messages.
    private func configurationList(_ plist: InfoPlist, _ path: String) -> String {
        (plist.configurations[path] ?? []).sorted().joined(separator: ", ")
    }

    /// The additions-only edit that adds `entitlement` where it is absent, as `PlistPatcher` does.
    private static func edit(adding entitlement: Entitlement) -> PlistPatcher.Edit {
        switch entitlement.value {
        case .string(let value): .addString(key: entitlement.key, value: value)
        case .true: .addTrue(key: entitlement.key)
        }
    }

    /// Plans one target's entitlements edits and returns the next step that replaces "merge the fragment", if any.
    private func planEntitlements(_ target: AppTarget, _ wanted: [Entitlement], patcher: PlistPatcher, replayed: Set<PlistAddition>,
                                  fileSystem: any FileSystem, into edits: inout ProjectEdits) throws -> String? {
        let keys = wanted.map(\.key).joined(separator: " and ")
        let values = wanted.map { "\($0.key) = \($0.value.text)" }.joined(separator: " and ")
        guard !target.entitlements.isEmpty else {
            edits.instructions.append(
                "\(RepositoryText.name(target.name)) has no entitlements file: add the \(wanted.map(\.capability).joined(separator: " and ")) capability in Xcode (Signing & Capabilities), which creates \(RepositoryText.name(target.name)).entitlements with \(values); \(OutputRenderer.entitlementsFragmentPath) shows the entries, but bggen rewrites it, so do not sign with it."
            )
            return nil
        }
        var handled: [String] = [], specs: [String] = [], noted: [String] = []
        for file in target.entitlements {
            if let spec = file.regeneratedFrom {
                if let instruction = specInstruction(spec: spec, target: target.name, entitlements: true, existing: file.specProperties,
                                                     info: wanted.map { ($0.key, [$0.value.text]) }) {
                    edits.instructions.append(instruction)
                    specs.append(spec)
                } else {
                    handled.append(spec)
                }
            } else if let reason = file.unreadableReason {
                edits.notes.append("\(RepositoryText.name(target.name))'s CODE_SIGN_ENTITLEMENTS is \(file.rawValue), which bggen could not read (\(reason)), so it left the app's entitlements alone; add \(values) to the file your build signs with. Keep CODE_SIGN_ENTITLEMENTS as it is.")
                noted.append(file.rawValue)
            } else if file.sharedWithExtension {
                edits.notes.append("\(file.path) is shared with \(file.sharedWith.joined(separator: ", ")), so \(keys) was not added; give \(RepositoryText.name(target.name)) an entitlements file of its own with \(values).")
                noted.append(file.path)
            } else if !file.unresolvedVariables.isEmpty {
                edits.notes.append("\(RepositoryText.name(target.name))'s CODE_SIGN_ENTITLEMENTS is \(file.rawValue), and nothing in the repository defines \(file.unresolvedVariables.map { "$(\($0))" }.joined(separator: ", ")), so bggen cannot tell which file signs the app and left \(file.path) alone; add \(values) to the one your build uses.")
                noted.append(file.path)
            } else if !file.exists {
                edits.notes.append("\(RepositoryText.name(target.name))'s CODE_SIGN_ENTITLEMENTS names \(file.path), which does not exist; add \(values) to the file it really uses.")
                noted.append(file.path)
            } else {
                switch try patch(file.path, wanted.map(Self.edit(adding:)), patcher: patcher, replayed: replayed, fileSystem: fileSystem, into: &edits) {
                case .leftAlone:
                    noted.append(file.path)
                case .unchanged:
                    handled.append(file.path)
                case .changed:
                    handled.append(file.path)
                    if target.otherPlatforms.contains(.macOS), wanted.contains(where: { $0.key == Entitlement.apsEnvironment.key }) {
                        edits.notes.append("\(file.path) also signs \(RepositoryText.name(target.name))'s macOS build; aps-environment was added for iOS, and a macOS build ignores it (macOS reads com.apple.developer.aps-environment).")
                    }
                }
            }
        }
        var parts: [String] = []
        if !handled.isEmpty { parts.append("\(keys) \(wanted.count > 1 ? "are" : "is") set in \(handled.joined(separator: ", "))") }
        if !specs.isEmpty { parts.append("\(keys) \(wanted.count > 1 ? "go" : "goes") in \(specs.joined(separator: ", ")) as shown under \"To do by hand\" below") }
        if !noted.isEmpty { parts.append("\(keys) for \(noted.joined(separator: ", ")): see the notes above") }
        return parts.joined(separator: "; ") + (specs.isEmpty && noted.isEmpty ? "; nothing to merge." : ".")
    }

    /// What `patch` did with a file.
    private enum PatchOutcome {
        case changed, unchanged
        /// Not bggen's to edit (it leads outside the project); a note says what to do.
        case leftAlone
    }

    private func patch(
        _ path: String, _ plistEdits: [PlistPatcher.Edit], patcher: PlistPatcher, replayed: Set<PlistAddition>, fileSystem: any FileSystem,
        into edits: inout ProjectEdits
    ) throws -> PatchOutcome {
        let absolute = "\(report.root)/\(path)"
        guard RepositoryBounds(root: report.root, fileSystem: fileSystem).contains(absolute) else {
            edits.notes.append("\(path) leads outside the project through a symbolic link, so bggen left it alone; add the keys from bggen/ by hand.")
            return .leftAlone
        }
        let users = report.nonAppTargets(using: path, fileSystem: fileSystem)
        guard users.isEmpty else {
            edits.notes.append("\(path) is also \(users.joined(separator: ", "))'s, so bggen left it alone; give the app a file of its own and add the keys from bggen/ to it.")
            return .leftAlone
        }
        let result = try patcher.patch(try fileSystem.readData(absolute), path: path, edits: plistEdits)
        for warning in result.warnings {
            if case .alreadyPresent(let key, let value) = warning, replayed.contains(PlistAddition(key: key, value: value)) { continue }
            edits.notes.append("\(path): \(warning)")
            if case .existingValueKept("aps-environment", let existing, _) = warning { edits.apsEnvironment = existing }
        }
        if result.warnings.contains(where: { if case .preprocessedNotPatched = $0 { true } else { false } }) { return .leftAlone }
        guard result.hasChanges else { return .unchanged }
        edits.files.append(GeneratedFile(path: path, contents: result.text, ownership: .patched))
        return .changed
    }

    /// The keys whose value a spec writes as a flow list (`UIBackgroundModes: [fetch]`, or `[` on the next line).
    static func flowStyleKeys(in text: String) -> Set<String> {
        var keys = Set<String>()
        var pending: String?
        for line in text.split(separator: "\n") {
            let trimmed = YAMLSubset.stripComment(String(line)).trimmingBlanks()
            guard !trimmed.isEmpty else { continue }
            if let key = pending, trimmed.hasPrefix("[") { keys.insert(key) }
            pending = nil
            guard let (key, rest) = YAMLSubset.splitKey(trimmed) else { continue }
            if rest.hasPrefix("[") { keys.insert(key) } else if rest.isEmpty { pending = key }
        }
        return keys
    }

    /// The exact lines to add to an XcodeGen or Tuist spec, whose generator would undo an edit of its output; nil
    /// when an XcodeGen spec already gives every value. Values the spec lists already are left out, and a key it
    /// has is appended to rather than written twice (a second YAML key would replace the first).
    /// The additions to a Tuist Info.plist dictionary that already exists (`.extendingDefault(with: [...])`): values
    /// go into the arrays already there, since a second `"UIBackgroundModes"` key traps when the manifest loads and a
    /// replaced array drops what it held; a key it lacks is added to the dictionary. Nil when nothing is missing.
    private func tuistAdditions(spec: String, target: String, existing: [String: [String]], info: [(String, [String])]) -> String? {
        var steps: [String] = []
        for (key, values) in info {
            let missing = values.filter { !(existing[key] ?? []).contains($0) }
            guard !missing.isEmpty else { continue }
            let quoted = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            steps.append(existing[key] == nil
                ? "add \"\(key)\": [\(quoted)] to the dictionary"
                : "add \(quoted) to the existing \"\(key)\" array")
        }
        guard !steps.isEmpty else { return nil }
        return "\(spec) generates \(target)'s Info.plist from the dictionary of its infoPlist: \(steps.joined(separator: "; ")), then run tuist generate."
    }

    private func specInstruction(spec: String, target: String, entitlements: Bool = false, existing: [String: [String]] = [:],
                                 flowKeys: Set<String> = [], info: [(String, [String])]) -> String? {
        let section = entitlements ? "entitlements" : "info"
        if report.kind == .tuist {
            if !entitlements, !existing.isEmpty {
                return tuistAdditions(spec: spec, target: target, existing: existing, info: info)
            }
            let pairs = info.map { key, values in
                entitlements ? "\"\(key)\": \(values == ["true"] ? "true" : "\"\(values.joined())\"")" : "\"\(key)\": [\(values.map { "\"\($0)\"" }.joined(separator: ", "))]"
            }
            let call = entitlements ? ".dictionary([\(pairs.joined(separator: ", "))])" : ".extendingDefault(with: [\(pairs.joined(separator: ", "))])"
            return "\(spec) generates \(target)'s \(section == "info" ? "Info.plist" : "entitlements"); set its \(entitlements ? "entitlements" : "infoPlist") there to include \(call), then run tuist generate."
        }
        var body: [String] = []
        for (key, values) in info {
            let missing = values.filter { !(existing[key] ?? []).contains($0) }
            guard !missing.isEmpty else { continue }
            if entitlements {
                body.append(existing[key] == nil ? "      \(key): \(missing.joined())" : "      \(key): \(missing.joined())  (now \(existing[key]!.joined(separator: ", ")))")
            } else if let listed = existing[key], flowKeys.contains(key) {
                // A list written `[a, b]` takes the new items inside its brackets, never `- c` lines under it.
                body.append("      \(key): [\((listed + missing).joined(separator: ", "))]  (replaces the list already there)")
            } else if existing[key] != nil {
                body.append("      \(key):  (append to the list already there)")
                body += missing.map { "        - \($0)" }
            } else {
                body.append("      \(key):")
                body += missing.map { "        - \($0)" }
            }
        }
        guard !body.isEmpty else { return nil }
        let header = "\(spec) generates \(target)'s \(section == "info" ? "Info.plist" : "entitlements"); add under targets: \(target): \(section): properties:"
        return ([header] + body + ["  then run xcodegen generate."]).joined(separator: "\n")
    }
}
