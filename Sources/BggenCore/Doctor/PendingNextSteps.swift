import Foundation

/// What `bggen init` printed as still to do, said as one note each (GEN003) instead of the findings it explains:
/// right after init the app does not call bggen's code yet (a registration no launch path reaches, a background
/// session without the events hook: CHECK001, URL005), and a spec bggen does not edit lacks the Info.plist keys
/// bggen printed lines for (BG001, BG003). Only findings in the files `.bggen.json` records are folded in.
enum PendingNextSteps {
    static func merge(_ findings: [DoctorFinding], root: String, project: ProjectReport, fileSystem: any FileSystem) -> [DoctorFinding] {
        guard let text = try? fileSystem.read(PathText.join(root, AnswersFile.name)),
              let record = try? AnswersFile.decode(text, path: AnswersFile.name), let files = record.files else { return findings }
        let ours = Set(files)
        let folders = Set(files.map(PathText.parent(of:)).filter { PathText.name(of: $0) == "bggen" }).union(["bggen"]).sorted()
        let stepsPath = folders.map { PathText.join($0, "NEXT_STEPS.md") }.first { fileSystem.kind(of: PathText.join(root, $0)) == .file }
        let steps = stepsPath.flatMap { try? fileSystem.read(PathText.join(root, $0)) }?.split(separator: "\n").map(String.init) ?? []
        let shownSteps = stepsPath ?? "the next steps (bggen init --next-steps)"

        var kept: [DoctorFinding] = []
        var uncalled: [DoctorFinding] = []
        var unlisted: [String: [DoctorFinding]] = [:]
        for finding in findings {
            guard ours.contains(finding.location.file) else { kept.append(finding); continue }
            if finding.rule == .couldNotCheck && finding.message.hasPrefix("No path from application(_:didFinishLaunchingWithOptions:)")
                || finding.rule == .noSessionEvents {
                uncalled.append(finding)
            } else if [DoctorRule.notPermitted, .missingMode].contains(finding.rule),
                      let spec = project.appTargets.first(where: { $0.name == finding.target })?.infoPlist.regeneratedFrom {
                unlisted[spec, default: []].append(finding)
            } else {
                kept.append(finding)
            }
        }
        if let first = uncalled.filter({ $0.rule == .couldNotCheck }).min() ?? uncalled.min() {
            let step = steps.first { $0.range(of: #"^\d+\. Call the generated code"#, options: .regularExpression) != nil }
            let names = uncalled.compactMap(calledName).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let what = names.isEmpty ? "bggen's code" : names.joined(separator: " and ")
            kept.append(DoctorFinding(
                rule: .nextStepPending, location: first.location, target: first.target,
                message: "The app does not call \(what) yet, so no task is registered" + (uncalled.contains { $0.rule == .noSessionEvents } ? " and background session events are not delivered." : "."),
                why: nextStepWhy,
                fix: step.map { "Do step \($0.prefix { $0.isNumber }) of \(shownSteps), which shows the lines to add: \($0.drop { $0.isNumber || $0 == "." || $0 == " " }.trimmingCharacters(in: CharacterSet(charactersIn: ":")))." }
                    ?? "Do the step of \(shownSteps) that calls the generated code."))
        }
        for (spec, pending) in unlisted.sorted(by: { $0.key < $1.key }) {
            guard let first = pending.min() else { continue }
            let lines = byHandLines(for: spec, in: steps)
            // The value each finding quotes first: the identifier (BG001) or the mode (BG003).
            let values = pending.compactMap { finding -> String? in
                let quoted = finding.message.split(separator: "'", omittingEmptySubsequences: false)
                guard quoted.count > 2 else { return nil }
                return "\(finding.rule == .notPermitted ? BackgroundModes.permittedIdentifiersKey : BackgroundModes.key): \(quoted[1])"
            }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            kept.append(DoctorFinding(
                rule: .nextStepPending, location: first.location, target: first.target,
                message: "The Info.plist keys bggen printed for \(spec) are not added yet (\(values.joined(separator: "; "))); the Info.plist built from it lacks them until they are.",
                why: nextStepWhy,
                fix: lines.isEmpty ? "Add them under the target's info: properties: in \(spec) as \(shownSteps) shows under \"To do by hand\", then run the generator."
                    : "As \(shownSteps) shows under \"To do by hand\": " + oneLine(lines)))
        }
        return kept
    }

    private static let nextStepWhy = "Until the step is done no task is registered, or submit throws notPermitted; it is a step bggen printed, not a defect in its files."

    /// `registerTasks` from CHECK001's fix ("Check that registerTasks is called synchronously at launch").
    private static func calledName(_ finding: DoctorFinding) -> String? {
        guard finding.rule == .couldNotCheck, let start = finding.fix.range(of: "Check that "),
              let end = finding.fix.range(of: " is called", range: start.upperBound..<finding.fix.endIndex) else { return nil }
        return String(finding.fix[start.upperBound..<end.lowerBound]) + "()"
    }

    /// The item's lines on one line, as a finding's fix is printed: `key: value` lines apart with "; ", list
    /// items after their key.
    private static func oneLine(_ lines: [String]) -> String {
        var text = ""
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if index == 0 { text = String(trimmed.dropFirst(trimmed.hasPrefix("- ") ? 2 : 0)); continue }
            text += trimmed.hasPrefix("- ") || index == 1 ? " " + trimmed : (trimmed.hasPrefix("then ") ? ", " : "; ") + trimmed
        }
        return text
    }

    /// The "To do by hand" item of NEXT_STEPS.md for `spec`: its first line through "then run …".
    private static func byHandLines(for spec: String, in steps: [String]) -> [String] {
        guard let start = steps.firstIndex(where: { $0.hasPrefix("  - \(spec) generates") }) else { return [] }
        var lines: [String] = []
        for line in steps[start...] {
            if !lines.isEmpty, line.hasPrefix("  - ") || line.isEmpty { break }
            lines.append(line)
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("then run") { break }
        }
        return lines
    }
}
