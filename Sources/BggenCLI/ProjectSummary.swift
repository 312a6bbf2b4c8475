import BggenCore
import BggenFormats
import BggenModel

/// The detection report, printed before any write so the user sees what bggen understood of their app.
enum ProjectSummary {
    /// The report, its lists filled to `width` (the terminal's, else 80): an app's facts with its bundle ID as the
    /// project writes it made "App target:" about 200 characters, broken anywhere by the terminal.
    static func text(_ project: ExistingProject, width: Int) -> String {
        let report = project.report
        let kind = switch report.kind {
        case .xcodeProject: report.usesSynchronizedFolders ? "Xcode project with synchronized folders" : "Xcode project"
        case .xcodeGen: "XcodeGen project"
        case .tuist: "Tuist project"
        case .swiftPackage: "Swift package"
        }
        var lines = filled("Project: ", [project.projectFile] + LineFill.words("(\(kind))"), parted: "", width: width)
        if let workspace = report.workspace { lines.append("  Workspace: \(workspace)") }
        if let target = project.target {
            let version = target.deploymentTarget ?? report.packageDeploymentTarget.map { "\($0) (from Package.swift)" } ?? "not set"
            var facts = ["iOS \(version)" + (target.otherPlatforms.isEmpty ? "" : " (also builds for \(target.otherPlatformNames))")]
            if let swift = target.swiftVersion { facts.append("Swift \(swift)") }
            facts.append("default isolation: \(target.defaultActorIsolation ?? "nonisolated")")
            if let delegate = project.objectiveCDelegate {
                facts.append("Objective-C app delegate (\(delegate.file))")
            } else if let style = project.style {
                facts.append(style == .swiftUI ? "SwiftUI App" : "app delegate")
            }
            lines += filled("  App target: ", [target.name] + facts, parted: " ·", width: width)
            if let bundle = target.bundleIdentifier {
                let raw = bundle.raw == bundle.withoutUnresolved ? [] : ["(\(bundle.raw))"]
                lines += filled("  Bundle ID: ", [bundle.withoutUnresolved] + raw, parted: "", width: width)
            }
            let plist = target.infoPlist.path
                ?? target.infoPlist.regeneratedFrom.map { "generated from \($0)" }
                ?? (target.infoPlist.isGenerated ? "generated from build settings" : "none")
            lines += filled("  Info.plist: ", LineFill.words(plist), parted: "", width: width)
            for file in target.entitlements {
                // The path whole, then words: a line breaks between configurations or inside the sentence.
                var items = [file.path] + (file.configurations.isEmpty ? [] : LineFill.words("(\(file.configurations.joined(separator: ", ")))"))
                var facts: String?
                if !file.unresolvedVariables.isEmpty {
                    facts = "built from \(file.rawValue); \(file.unresolvedVariables.map { "$(\($0))" }.joined(separator: ", ")) is defined nowhere in the repository"
                } else if !file.exists {
                    facts = "does not exist"
                }
                if let facts { items[items.count - 1] += " ·"; items += LineFill.words(facts) }
                lines += filled("  Entitlements: ", items, parted: "", width: width)
            }
        }
        lines += existingCode(project, width: width)
        for (kind, label) in [(RegisteredIdentifier.Kind.task, "Registered task identifiers"), (.urlSession, "Background session identifiers")] {
            let identifiers = report.registeredIdentifiers.filter { $0.kind == kind }.map(\.identifier)
            if !identifiers.isEmpty { lines += filled("  \(label): ", identifiers, parted: ",", width: width) }
        }
        for warning in project.warnings { lines += filled("  warning: ", LineFill.words(warning.description), parted: "", width: width) }
        // Names, paths and identifiers come from the repository: none may move the cursor or start a line.
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n\n"
    }

    /// `label` then `items`, each but the last followed by `mark` (` ·`, `,`, or nothing for a sentence's words) and
    /// a space, as many to a line as fit in `width`; each further line starts under the first item, and an item is
    /// never cut inside a word: one wider than the room under the label (`app refresh request (file:line)` at 60
    /// columns) breaks at its spaces, and a word wider than that (a path) stands alone. Items are escaped first, so
    /// a control character's escape counts towards the width it takes.
    static func filled(_ label: String, _ items: [String], parted mark: String, width: Int) -> [String] {
        let room = width - label.count
        let pieces = LineFill.parted(items, by: mark).map(TerminalText.escaped).flatMap { $0.count > room ? LineFill.words($0) : [$0] }
        return LineFill.labelled(label, pieces, width: width)
    }

    /// What already covers each task kind in the app target's code (shared code included), labelled by what it
    /// does, at most three places a kind; code only other targets compile goes on a line of its own.
    static func existingCode(_ project: ExistingProject, width: Int) -> [String] {
        let code = project.report.existingCode.filter { !$0.isBggenOutput && !$0.kinds.isEmpty }
        let name = project.target?.name
        let own = code.filter(project.isCompiledIntoApp)
        let others = code.filter { !project.isCompiledIntoApp($0) }
        var lines: [String] = []
        if !own.isEmpty {
            lines.append("  Existing background code\(name.map { " in \($0)" } ?? ""):")
            for kind in TaskKind.allCases {
                // What names the kind (a request, a task class) before the scheduler calls around it.
                let places = own.filter { $0.kinds.contains(kind) }.sorted { ($0.symbol == "BGTaskScheduler" ? 1 : 0) < ($1.symbol == "BGTaskScheduler" ? 1 : 0) }
                guard !places.isEmpty else { continue }
                let shown = places.prefix(3).map { finding in "\(finding.label) (\(finding.line.map { "\(finding.file):\($0)" } ?? finding.file))" }
                let more = places.count > 3 ? ["and \(places.count - 3) more"] : []
                lines += filled("    \(kind.rawValue): ", shown + more, parted: ",", width: width)
            }
        }
        if !others.isEmpty {
            let targets = Set(others.flatMap(\.targets)).sorted()
            let text = "(\(targets.joined(separator: ", "))): \(others.count) place\(others.count == 1 ? "" : "s"), not counted for \(name ?? "the app")"
            lines += filled("  Background code in other targets ", LineFill.words(text), parted: "", width: width)
        }
        return lines
    }
}
