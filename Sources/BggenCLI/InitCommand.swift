import BggenCore
import Foundation

/// `bggen init`: answers → configuration → files → plan → (write) → report.
struct InitCommand {
    let console: any Console
    let fileSystem: any FileSystem
    let options: InitOptions

    func run() throws -> Int32 {
        let configuration = try resolveConfiguration()
        let root = absolutePath(options.directory)
        if fileSystem.kind(of: root) == .file {
            throw PlanError.rootIsFile(options.directory)
        }
        let outputFolder = try OutputLocation.resolve(root: root, explicit: options.output, fileSystem: fileSystem)
        let renderer = OutputRenderer()
        let files = try renderer.files(for: configuration, outputFolder: outputFolder)
        let plan = try Planner(fileSystem: fileSystem).plan(
            root: root, outputFolder: outputFolder, files: files, force: options.force
        )
        let report = Report(plan: plan, configuration: configuration, style: style)
        for note in configuration.notes + plan.notes where !options.json {
            console.writeError("note: \(note)\n")
        }
        if options.dryRun {
            console.writeOutput(options.json ? report.json(written: false, dryRun: true) : report.dryRun())
            return plan.conflicts.isEmpty ? ExitStatus.success : ExitStatus.failure
        }
        guard plan.conflicts.isEmpty else {
            if !options.json { console.writeOutput(report.planSummary()) }
            throw PlanError.conflicts(plan.conflicts.map(\.path))
        }
        try PlanWriter(fileSystem: fileSystem).apply(plan)
        if options.json {
            console.writeOutput(report.json(written: plan.hasChanges, dryRun: false))
        } else {
            let nextSteps = try renderer.nextSteps(for: configuration, outputFolder: outputFolder)
            console.writeOutput(report.afterWriting(nextSteps: nextSteps, directory: options.directory))
        }
        return ExitStatus.success
    }

    /// Flags first, then defaults with `--yes`; never a silent guess.
    private func resolveConfiguration() throws -> Configuration {
        let missing = options.answers.missingFlags
        if !options.assumeDefaults && !missing.isEmpty {
            throw UsageError(
                "bggen init needs answers it cannot ask for here: pass --yes to take the defaults, or give \(missing.joined(separator: ", "))."
            )
        }
        do {
            return try Configuration(answers: options.answers)
        } catch {
            throw UsageError(error.description)
        }
    }

    private var style: TextStyle {
        console.outputIsTerminal && console.environment["NO_COLOR"] == nil && console.environment["TERM"] != "dumb"
            ? .color : .plain
    }

    private func absolutePath(_ path: String) -> String {
        let base = URL(fileURLWithPath: console.currentDirectory, isDirectory: true)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path, relativeTo: base)
        var standardized = url.standardizedFileURL.path
        while standardized.count > 1 && standardized.hasSuffix("/") { standardized.removeLast() }
        return standardized
    }
}
