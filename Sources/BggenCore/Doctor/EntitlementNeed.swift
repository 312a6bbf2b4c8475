import BggenFormats
import BggenModel

/// An entitlement some code of a target needs, with what doctor says when it is missing; each rule that asks for
/// one declares its need beside it (PUSH004's `aps`, CPT001's `gpu`).
struct EntitlementNeed: Sendable {
    let rule: DoctorRule
    /// The code (or the Info.plist entry) of the target that needs the entitlement; nil when nothing does.
    let neededAt: @Sendable (RuleAudit) -> FindingLocation?
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

    /// Every entitlement a rule asks for, which CHECK001 looks for in entitlements files outside the repository.
    static let all: [EntitlementNeed] = [.aps, .gpu]
}

extension RuleAudit {
    /// Every entitlements file of the target's in the repository must hold `need` when its code needs it (a file
    /// outside the repository is CHECK001's).
    mutating func require(_ need: EntitlementNeed) {
        guard let target, let place = need.neededAt(self) else { return }
        guard !target.entitlements.isEmpty else {
            add(need.rule, severity: context.project.warnings.contains(where: Self.hidesSettings) ? .note : nil, at: place,
                "\(target.name) \(need.use), but has no entitlements file (CODE_SIGN_ENTITLEMENTS), so no \(need.key).",
                why: need.why, fix: "Add the \(need.capability) capability to \(target.name) in Xcode.")
            return
        }
        for (file, facts) in entitlements {
            guard let facts, !need.isPresent(in: facts) else { continue }
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
}
