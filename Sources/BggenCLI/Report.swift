import BggenCore
import BggenFormats
import BggenModel
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
    /// The terminal's width (`Console.helpWidth`): the lists and sentences below are filled to it.
    var width = HelpText.defaultWidth

    func planSummary() -> String {
        var text = ""
        for entry in plan.entries {
            let label = style.paint(entry.action.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0), entry.action)
            let reason = entry.reason.map { "  (\($0))" } ?? ""
            text += "  \(label) \(TerminalText.escaped(entry.path))\(TerminalText.escaped(reason))\n"
        }
        return text
    }

    /// Edits to the app's existing files first (the change that matters), then the new files in one line each;
    /// `verbose` shows the new files' whole text too.
    func dryRun(nextSteps: NextSteps, verbose: Bool) -> String {
        var text = style.bold(LineFill.lines(["Plan", "for", plan.root], width: width).joined(separator: "\n")) + "\n" + planSummary()
        let edits = plan.changes.filter { $0.oldContents != nil }
        let created = plan.changes.filter { $0.oldContents == nil }
        for entry in edits + (verbose ? created : []) {
            text += "\n" + entry.diff
        }
        if !verbose && !created.isEmpty {
            let lines = created.reduce(0) { $0 + ($1.newContents ?? "").split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
            text += "\n" + filled("", LineFill.words("\(created.count) new file\(created.count == 1 ? "" : "s") (\(lines) lines); pass --verbose to see \(created.count == 1 ? "it" : "them") in full."), rest: "")
        }
        text += "\n" + identifierSummary()
        text += "\n" + stepList(nextSteps, heading: LineFill.words("Next steps once written:"))
        text += "\nDry run: nothing was written.\n"
        return text
    }

    /// The plan (unless a confirmed interactive run just showed it), the identifiers and keys, and the next steps
    /// by their first phrase: the whole steps are in `bggen/NEXT_STEPS.md` and `bggen init --next-steps`.
    func afterWriting(nextSteps: NextSteps, directory: String, repeatPlan: Bool = true) -> String {
        guard plan.hasChanges else {
            return filled("", LineFill.words("Nothing to change: all \(plan.entries.count) files are up to date. Next steps:") + ["\(Self.stepsFile(in: directory))."], rest: "")
        }
        var text = repeatPlan ? planSummary() + "\n" : ""
        text += identifierSummary() + "\n"
        // The file and the command stay whole, so either can be copied from the terminal.
        text += stepList(nextSteps, heading: LineFill.words("Next steps (in full in") + ["\(Self.stepsFile(in: directory)),", "or", "run", "\(Self.stepsCommand(directory))):"])
        return text
    }

    /// The heading's words, each step's first phrase, numbered, then the changes to make by hand.
    func stepList(_ nextSteps: NextSteps, heading: [String]) -> String {
        var text = filled("", heading, rest: "")
        for (index, step) in nextSteps.steps.enumerated() {
            text += filled("  \(index + 1). ", LineFill.words(step.title))
        }
        return text + instructions()
    }

    /// Changes bggen does not make itself, spelled out in full: the steps point at them, and each is an edit to
    /// the app's own project. An instruction's first line, a sentence, is filled to the width; the lines under it are
    /// YAML to paste and the command to run after, printed as they are, so what is copied is what the spec takes.
    func instructions() -> String {
        guard !edits.instructions.isEmpty else { return "" }
        return "\nTo do by hand in your project:\n" + edits.instructions.map { instruction in
            let lines = instruction.split(separator: "\n", omittingEmptySubsequences: false)
            return filled("  - ", LineFill.words(String(lines[0])), rest: "    ") + lines.dropFirst().map { "\($0)\n" }.joined()
        }.joined()
    }

    /// `bggen/NEXT_STEPS.md` as the user reaches it from where they ran bggen.
    static func stepsFile(in directory: String) -> String {
        directory == "." ? NextSteps.path : "\(directory.hasSuffix("/") ? String(directory.dropLast()) : directory)/\(NextSteps.path)"
    }

    /// The command that shows the steps again, the folder quoted for a shell when it needs to be.
    static func stepsCommand(_ directory: String) -> String {
        guard directory != "." else { return "bggen init --next-steps" }
        let plain = directory.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._/-~+".unicodeScalars.contains($0)) }
        return "bggen init --next-steps " + (plain ? directory : "'" + directory.replacingOccurrences(of: "'", with: "'\\''") + "'")
    }

    /// The lines of the summary, each identifier's role in one column; no empty heading when no task has an
    /// identifier (silent push alone).
    func identifierSummary() -> String {
        let identifiers = Identifiers(configuration)
        let shown = identifiers.chosen.map { each in
            switch each.declared.permission {
            case .none, .exact: each.value
            case .wildcard: "\(each.value).<job UUID>"
            }
        }
        let column = shown.map(\.count).max() ?? 0
        let roles = identifiers.chosen.map { "(\($0.declared.role))" }
        // An identifier is never cut, so where the column and its role do not fit the terminal, each role goes
        // under its identifier instead of past the edge.
        let fits = 2 + column + 2 + (roles.map(\.count).max() ?? 0) <= width
        let lines = zip(shown, roles).map { shown, role in
            fits ? "  \(shown.padding(toLength: column, withPad: " ", startingAt: 0))  \(role)" : "  \(shown)\n      \(role)"
        }
        var text = lines.isEmpty ? "" : "Identifiers:\n" + lines.map { $0 + "\n" }.joined()
        // A folder with no app gets the stand-in prefix unless told one; an app's own is never replaced by it.
        if !lines.isEmpty && configuration.bundleIdentifier == .example {
            text += filled("  ", LineFill.words("(\(BundleIdentifier.example) stands in for your app's bundle ID: pass --bundle-id with it)"), rest: "   ")
        }
        let modes = backgroundModes(for: configuration)
        text += "Info.plist keys:\n"
        if !identifiers.permittedTaskIdentifiers.isEmpty {
            text += filled("  BGTaskSchedulerPermittedIdentifiers: ", LineFill.parted(identifiers.permittedTaskIdentifiers, by: ","))
        }
        text += modes.isEmpty ? "  none needed\n" : filled("  UIBackgroundModes: ", LineFill.parted(modes, by: ","))
        return text
    }

    /// `items` after `first`, filled to the width, each further line after `rest`, ending in a newline. Without
    /// `rest`, `first` is a label (`LineFill.labelled`).
    private func filled(_ first: String, _ items: [String], rest: String? = nil) -> String {
        let lines = rest.map { LineFill.lines(items, first: first, rest: $0, width: width) } ?? LineFill.labelled(first, items, width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `nextSteps` are the steps of the run, written or not, also when nothing changes.
    func json(written: Bool, dryRun: Bool, nextSteps: NextSteps) -> String {
        let identifiers = Identifiers(configuration)
        let document = JSONReport(
            root: plan.root,
            outputFolder: plan.outputFolder,
            dryRun: dryRun,
            written: written,
            answers: JSONReport.answers(configuration),
            identifiers: identifiers.reported,
            infoPlist: .init(
                permittedIdentifiers: identifiers.permittedTaskIdentifiers,
                backgroundModes: backgroundModes(for: configuration)
            ),
            files: plan.entries.map { .init(path: $0.path, action: $0.action.rawValue, owner: $0.ownership.rawValue, reason: $0.reason) },
            notes: notes,
            instructions: edits.instructions,
            nextSteps: nextSteps.steps.map(JSONReport.StepJSON.init),
            project: project.map(ProjectJSON.init)
        )
        return Self.encode(document)
    }

    /// `init --next-steps --json`: the steps alone.
    static func stepsJSON(_ nextSteps: NextSteps) -> String {
        struct Steps: Encodable {
            let schemaVersion = JSONReport.schemaVersion
            let nextSteps: [JSONReport.StepJSON]
        }
        return encode(Steps(nextSteps: nextSteps.steps.map(JSONReport.StepJSON.init)))
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
        JSONOutput.document(document)
    }
}
