import BggenCore
import Foundation

/// Renders a plan for people (a summary, diffs, a tree, next steps) or for scripts (JSON).
struct Report {
    let plan: Plan
    let configuration: Configuration
    let style: TextStyle
    var project: ExistingProject? = nil
    var edits = ProjectEdits()
    /// Every note the text report prints: the answers', the run's (tasks skipped, names prefixed, folders to add
    /// to the target), the edits' and the plan's.
    var notes: [String] = []

    func planSummary() -> String {
        var text = ""
        for entry in plan.entries {
            let label = style.paint(entry.action.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0), entry.action)
            let reason = entry.reason.map { "  (\($0))" } ?? ""
            text += "  \(label) \(TerminalText.escaped(entry.path))\(TerminalText.escaped(reason))\n"
        }
        return text
    }

    func dryRun() -> String {
        var text = style.bold("Plan for \(plan.root)") + "\n" + planSummary()
        for entry in plan.changes {
            text += "\n" + entry.diff
        }
        text += "\n" + identifierSummary()
        text += instructions()
        text += "\nDry run: nothing was written.\n"
        return text
    }

    /// After a confirmed interactive run the plan was just shown, so `repeatPlan` is false.
    func afterWriting(nextSteps: String, directory: String, repeatPlan: Bool = true) -> String {
        guard plan.hasChanges else {
            return "Nothing to change: all \(plan.entries.count) files are up to date.\n"
        }
        var text = repeatPlan ? planSummary() + "\n" : ""
        text += style.bold("Files in \(directory):") + "\n" + tree() + "\n"
        text += identifierSummary() + "\n"
        text += nextSteps
        text += instructions()
        return text
    }

    /// Changes bggen does not make itself, spelled out for the user.
    func instructions() -> String {
        guard !edits.instructions.isEmpty else { return "" }
        return "\nTo do by hand in your project:\n" + edits.instructions.map { "  - \($0)\n" }.joined()
    }

    func identifierSummary() -> String {
        let identifiers = Identifiers(configuration)
        var text = "Identifiers:\n"
        if let id = identifiers.appRefresh { text += "  \(id)  (BGAppRefreshTask)\n" }
        if let id = identifiers.processing { text += "  \(id)  (BGProcessingTask)\n" }
        if let id = identifiers.downloadSession { text += "  \(id)  (background URLSession, downloads)\n" }
        if let prefix = identifiers.continuedProcessingPrefix { text += "  \(prefix).<job UUID>  (BGContinuedProcessingTask)\n" }
        if let id = identifiers.uploadSession { text += "  \(id)  (background URLSession, uploads)\n" }
        let modes = backgroundModes(for: configuration)
        text += "Info.plist keys:\n"
        if !identifiers.permittedTaskIdentifiers.isEmpty {
            text += "  BGTaskSchedulerPermittedIdentifiers: \(identifiers.permittedTaskIdentifiers.joined(separator: ", "))\n"
        }
        text += modes.isEmpty ? "  none needed\n" : "  UIBackgroundModes: \(modes.joined(separator: ", "))\n"
        return text
    }

    /// The files on disk after the run, as a tree; the user's own files are marked.
    func tree() -> String {
        let entries = plan.entries.filter { $0.action != .delete }
        var lines: [String] = []
        func walk(_ paths: [(path: [Substring], entry: PlanEntry)], prefix: String) {
            let groups = Dictionary(grouping: paths, by: { $0.path[0] })
            let names = groups.keys.sorted()
            for (index, name) in names.enumerated() {
                let last = index == names.count - 1
                let children = groups[name]!
                let branch = last ? "└── " : "├── "
                if let leaf = children.first(where: { $0.path.count == 1 }) {
                    let mark = leaf.entry.ownership == .user ? "  (yours)" : ""
                    lines.append(prefix + branch + TerminalText.escaped(String(name)) + mark)
                } else {
                    lines.append(prefix + branch + TerminalText.escaped(String(name)) + "/")
                    walk(children.map { (Array($0.path.dropFirst()), $0.entry) }, prefix: prefix + (last ? "    " : "│   "))
                }
            }
        }
        walk(entries.map { ($0.path.split(separator: "/"), $0) }, prefix: "")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `nextSteps` is the text a run that wrote files prints after its plan.
    func json(written: Bool, dryRun: Bool, nextSteps: String? = nil) -> String {
        let identifiers = Identifiers(configuration)
        let document = JSONReport(
            root: plan.root,
            outputFolder: plan.outputFolder,
            dryRun: dryRun,
            written: written,
            answers: .init(configuration),
            identifiers: .init(
                appRefresh: identifiers.appRefresh, processing: identifiers.processing,
                downloadSession: identifiers.downloadSession, uploadSession: identifiers.uploadSession
            ),
            infoPlist: .init(
                permittedIdentifiers: identifiers.permittedTaskIdentifiers,
                backgroundModes: backgroundModes(for: configuration)
            ),
            files: plan.entries.map { .init(path: $0.path, action: $0.action.rawValue, owner: $0.ownership.rawValue, reason: $0.reason) },
            notes: notes,
            instructions: edits.instructions,
            nextSteps: nextSteps,
            project: project.map(ProjectJSON.init)
        )
        return Self.encode(document)
    }

    /// The `--json` document when the app's code already covers every chosen task and nothing is planned.
    static func nothingToAddJSON(notes: [String], dryRun: Bool) -> String {
        struct NothingToAdd: Encodable {
            let schemaVersion = JSONReport.schemaVersion
            let dryRun: Bool
            let written = false
            let nothingToAdd = true
            let notes: [String]
        }
        return encode(NothingToAdd(dryRun: dryRun, notes: notes))
    }

    /// The `--json` document of a run that failed: the message stderr shows, the exit status, and for conflicts
    /// the files in the way.
    static func errorJSON(_ error: any Error, exitStatus: Int32) -> String {
        struct Failure: Encodable {
            let schemaVersion = JSONReport.schemaVersion
            let error: String
            let exitStatus: Int32
            let conflicts: [String]?
        }
        var conflicts: [String]?
        if case PlanError.conflicts(let paths)? = error as? PlanError { conflicts = paths }
        return encode(Failure(error: "\(error)", exitStatus: exitStatus, conflicts: conflicts))
    }

    private static func encode(_ document: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The `--json` document. Field names are part of bggen's interface for scripts (documented in the README).
struct JSONReport: Encodable {
    /// Raised when a field changes meaning or goes away.
    static let schemaVersion = 1

    struct AnswersJSON: Encodable {
        let tasks: [String]
        let interval: String
        let network: Bool
        let power: Bool
        let bundleId: String
        let ios: String
        let checkpoint: Bool
        let at: String?
        let strategy: String?
        let gpu: Bool
        let style: String
        let prefix: String?

        init(_ configuration: Configuration) {
            tasks = configuration.tasks.map(\.rawValue)
            interval = configuration.interval.description
            network = configuration.requiresNetwork
            power = configuration.requiresPower
            bundleId = configuration.bundleIdentifier.description
            ios = configuration.deploymentTarget.description
            checkpoint = configuration.checkpoint
            at = configuration.nightlyAt?.description
            strategy = configuration.includes(.continuedProcessing) ? configuration.strategy.rawValue : nil
            gpu = configuration.gpu
            style = configuration.style.rawValue
            prefix = configuration.typePrefix.isEmpty ? nil : configuration.typePrefix
        }
    }
    struct IdentifiersJSON: Encodable {
        let appRefresh: String?
        let processing: String?
        let downloadSession: String?
        let uploadSession: String?
    }
    struct InfoPlistJSON: Encodable {
        let permittedIdentifiers: [String]
        let backgroundModes: [String]
    }
    struct FileJSON: Encodable {
        let path: String
        let action: String
        let owner: String
        let reason: String?
    }

    var schemaVersion = JSONReport.schemaVersion
    let root: String
    let outputFolder: String
    let dryRun: Bool
    let written: Bool
    let answers: AnswersJSON
    let identifiers: IdentifiersJSON
    let infoPlist: InfoPlistJSON
    let files: [FileJSON]
    let notes: [String]
    let instructions: [String]
    let nextSteps: String?
    let project: ProjectJSON?
}

/// The detection report in `--json`.
struct ProjectJSON: Encodable {
    struct CodeJSON: Encodable {
        let file: String
        let line: Int?
        let symbol: String
        let tasks: [String]
    }
    let kind: String
    let style: String?
    let projectFiles: [String]
    let target: String?
    let deploymentTarget: String?
    let swiftVersion: String?
    let defaultIsolation: String?
    let bundleId: String?
    /// As the project writes it, variables included.
    let bundleIdAsWritten: String?
    let infoPlist: String?
    let entitlements: [String]
    let existingCode: [CodeJSON]
    /// Task identifiers the app registers; its background sessions' identifiers are in `backgroundSessionIdentifiers`.
    let registeredIdentifiers: [String]
    let backgroundSessionIdentifiers: [String]
    let warnings: [String]

    init(_ project: ExistingProject) {
        let report = project.report
        kind = report.kind.rawValue
        style = project.style?.rawValue
        projectFiles = report.projectFiles
        target = project.target?.name
        deploymentTarget = project.target?.deploymentTarget ?? report.packageDeploymentTarget
        swiftVersion = project.target?.swiftVersion
        defaultIsolation = project.target?.defaultActorIsolation
        bundleId = project.target?.bundleIdentifier?.withoutUnresolved
        bundleIdAsWritten = project.target?.bundleIdentifier?.raw
        infoPlist = project.target?.infoPlist.path
        entitlements = project.target?.entitlements.map(\.path) ?? []
        existingCode = report.existingCode.filter { !$0.isBggenOutput }.map {
            CodeJSON(file: $0.file, line: $0.line, symbol: $0.symbol, tasks: $0.kinds.map(\.rawValue))
        }
        registeredIdentifiers = report.registeredIdentifiers.filter { $0.kind == .task }.map(\.identifier)
        backgroundSessionIdentifiers = report.registeredIdentifiers.filter { $0.kind == .urlSession }.map(\.identifier)
        warnings = project.warnings.map(\.description)
    }
}
