import BggenCore
import BggenModel

/// The detection report, printed before any write so the user sees what bggen understood of their app.
enum ProjectSummary {
    static func text(_ project: ExistingProject) -> String {
        let report = project.report
        let kind = switch report.kind {
        case .xcodeProject: report.usesSynchronizedFolders ? "Xcode project with synchronized folders" : "Xcode project"
        case .xcodeGen: "XcodeGen project"
        case .tuist: "Tuist project"
        case .swiftPackage: "Swift package"
        }
        var lines = ["Project: \(project.projectFile) (\(kind))"]
        if let workspace = report.workspace { lines.append("  Workspace: \(workspace)") }
        if let target = project.target {
            let version = target.deploymentTarget ?? report.packageDeploymentTarget.map { "\($0) (from Package.swift)" } ?? "not set"
            var facts = ["iOS \(version)" + (target.otherPlatforms.isEmpty ? "" : " (also builds for \(target.otherPlatformNames))")]
            if let swift = target.swiftVersion { facts.append("Swift \(swift)") }
            facts.append("default isolation: \(target.defaultActorIsolation ?? "nonisolated")")
            if let bundle = target.bundleIdentifier {
                facts.append("bundle ID \(bundle.withoutUnresolved)" + (bundle.raw == bundle.withoutUnresolved ? "" : " (\(bundle.raw))"))
            }
            if let delegate = project.objectiveCDelegate {
                facts.append("Objective-C app delegate (\(delegate.file))")
            } else if let style = project.style {
                facts.append(style == .swiftUI ? "SwiftUI App" : "app delegate")
            }
            lines.append("  App target: \(target.name) · " + facts.joined(separator: " · "))
            let plist = target.infoPlist.path
                ?? target.infoPlist.regeneratedFrom.map { "generated from \($0)" }
                ?? (target.infoPlist.isGenerated ? "generated from build settings" : "none")
            lines.append("  Info.plist: \(plist)")
            for file in target.entitlements {
                let configurations = file.configurations.isEmpty ? "" : " (\(file.configurations.joined(separator: ", ")))"
                var facts = ""
                if !file.unresolvedVariables.isEmpty {
                    facts = " · built from \(file.rawValue); \(file.unresolvedVariables.map { "$(\($0))" }.joined(separator: ", ")) is defined nowhere in the repository"
                } else if !file.exists {
                    facts = " · does not exist"
                }
                lines.append("  Entitlements: \(file.path)\(configurations)\(facts)")
            }
        }
        lines += existingCode(project)
        for (kind, label) in [(RegisteredIdentifier.Kind.task, "Registered task identifiers"), (.urlSession, "Background session identifiers")] {
            let identifiers = report.registeredIdentifiers.filter { $0.kind == kind }.map(\.identifier)
            if !identifiers.isEmpty { lines.append("  \(label): " + identifiers.joined(separator: ", ")) }
        }
        lines += project.warnings.map { "  warning: \($0)" }
        // Names, paths and identifiers come from the repository: none may move the cursor or start a line.
        return lines.map(TerminalText.escaped).joined(separator: "\n") + "\n\n"
    }

    /// What already covers each task kind in the app target's code (shared code included), labelled by what it
    /// does, at most three places a kind; code only other targets compile goes on a line of its own.
    static func existingCode(_ project: ExistingProject) -> [String] {
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
                lines.append("    \(kind.rawValue): " + shown.joined(separator: ", ") + (places.count > 3 ? ", and \(places.count - 3) more" : ""))
            }
        }
        if !others.isEmpty {
            let targets = Set(others.flatMap(\.targets)).sorted()
            lines.append("  Background code in other targets (\(targets.joined(separator: ", "))): \(others.count) place\(others.count == 1 ? "" : "s"), not counted for \(name ?? "the app")")
        }
        return lines
    }
}
