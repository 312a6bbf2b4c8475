import Foundation

/// `bggen doctor`: reads a repository as `init` does, checks each iOS app target's background work across code,
/// Info.plist and entitlements, and returns findings. Reading only; `DoctorFixes` plans the repairs.
public struct Doctor: Sendable {
    private let fileSystem: any FileSystem

    public init(fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
    }

    /// `root` is absolute. `targetName` limits the audit to one app target; `disabled` lists rule ids to skip.
    public func audit(root: String, targetName: String? = nil, disabled: Set<String> = []) throws -> DoctorReport {
        let (project, ownership) = try ProjectDetector.read(root: root, fileSystem: fileSystem, scansCode: false)
        var targets = project.appTargets
        if let targetName {
            guard let target = project.appTarget(named: targetName) else {
                throw AugmentError.unknownTarget(targetName, available: project.appTargets.map(\.name))
            }
            targets = [target]
        }
        let scan = SourceScan(root: root, fileSystem: fileSystem).run()
        var findings = scan.unreadable.map { location in
            DoctorFinding(rule: .couldNotCheck, location: location, target: nil,
                          message: "\(location.file) nests too deeply to read, so its background work was not checked.",
                          why: "A finding there would be missed.", fix: "Nothing to do unless the file holds background work.")
        }
        let context = AuditContext(project: project, facts: scan.facts, dependenciesUnread: dependenciesUnread(project))
        for target in targets {
            let relevant = scan.facts.filter { facts in
                let owners = ownership.targets(of: facts.file)
                return owners.isEmpty || owners.contains(target.name)
            }
            let owned = scan.facts.filter { ownership.targets(of: $0.file).contains(target.name) }
            var audit = TargetAudit(target: target, context: context, relevant: relevant, owned: owned)
            try audit.readFiles(root: root, fileSystem: fileSystem)
            findings += audit.run()
        }
        if targets.isEmpty {
            findings += TargetAudit.codeOnly(context: context)
        }
        var unique: [DoctorFinding] = []
        var seen = Set<String>()
        for finding in findings.sorted() where seen.insert("\(finding.rule.id) \(finding.location) \(finding.message)").inserted {
            unique.append(finding)
        }
        let suppressions = Suppressions(root: root, fileSystem: fileSystem)
        let kept = unique.filter { !disabled.contains($0.rule.id) && !suppressions.suppresses($0) }
        return DoctorReport(root: root, targets: targets.map(\.name), findings: kept, suppressedCount: unique.count - kept.count)
    }

    /// Whether the app pulls in code doctor does not read (CocoaPods, Carthage, npm, pub, remote Swift packages),
    /// where a registration or a mode's use may live; checks that depend on not seeing something become notes.
    private func dependenciesUnread(_ project: ProjectReport) -> Bool {
        let managers = ["Podfile", "Cartfile", "package.json", "pubspec.yaml"]
        if managers.contains(where: { fileSystem.kind(of: PathText.join(project.root, $0)) == .file }) { return true }
        return project.projectFiles.contains { file in
            let path = file.hasSuffix(".xcodeproj") ? "\(file)/project.pbxproj" : file
            guard let text = try? fileSystem.read(PathText.join(project.root, path)) else { return false }
            return text.contains("XCRemoteSwiftPackageReference") || (file.hasSuffix(".yml") && text.contains("\npackages:"))
        }
    }
}

/// What every target's audit shares.
struct AuditContext: Sendable {
    let project: ProjectReport
    /// Every scanned file, whichever target compiles it: a registration anywhere counts as one.
    let facts: [SourceFacts]
    let dependenciesUnread: Bool

    var registrations: [TaskIdentifierUse] { facts.flatMap(\.uses).filter(\.isRegistration) }

    /// Whether some chain of functions, each mentioned in the body of the next, leads from launch
    /// (`didFinishLaunching`, `willFinishLaunching`, a SwiftUI `App`'s `init`) to the function `key`.
    func isReachedFromLaunch(_ key: String) -> Bool {
        var mentionedBy: [String: [FunctionMentions]] = [:]
        for function in facts.flatMap(\.functions) {
            for name in function.mentions { mentionedBy[name, default: []].append(function) }
        }
        var pending = [key]
        var seen: Set<String> = [key]
        while let current = pending.popLast() {
            let name = current.hasSuffix(".init") ? String(current.dropLast(5)) : current
            for caller in mentionedBy[name] ?? [] where caller.key != current {
                if caller.isLaunch { return true }
                if seen.insert(caller.key).inserted { pending.append(caller.key) }
            }
        }
        return facts.flatMap(\.functions).contains { $0.key == key && $0.isLaunch }
    }
}

/// `// bggen:ignore BG001` (or `<!-- bggen:ignore BG002 -->`) on a finding's line or the line above drops it.
struct Suppressions {
    let root: String
    let fileSystem: any FileSystem
    private let cache = Cache()

    private final class Cache: @unchecked Sendable {
        var lines: [String: [Substring]] = [:]
    }

    init(root: String, fileSystem: any FileSystem) {
        self.root = root
        self.fileSystem = fileSystem
    }

    func suppresses(_ finding: DoctorFinding) -> Bool {
        let location = finding.location
        guard location.line > 0 else { return false }
        if cache.lines[location.file] == nil {
            let text = (try? fileSystem.read(PathText.join(root, location.file))) ?? ""
            cache.lines[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        let lines = cache.lines[location.file] ?? []
        return [location.line - 1, location.line - 2].contains { index in
            index >= 0 && index < lines.count && Self.ids(in: lines[index]).contains(finding.rule.id)
        }
    }

    /// The rule ids after `bggen:ignore`, separated by spaces or commas.
    static func ids(in line: Substring) -> [String] {
        guard let marker = line.range(of: "bggen:ignore") else { return [] }
        return line[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .prefix { $0.allSatisfy { $0.isLetter || $0.isNumber } }.map(String.init)
    }
}
