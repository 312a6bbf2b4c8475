import Foundation

/// What `bggen init` printed as still to do, said as one note each (GEN003) instead of the findings it explains:
/// right after init the app does not call bggen's code yet (a registration no launch path reaches, a background
/// session without the events hook: CHECK001, URL005), and a spec bggen does not edit lacks the Info.plist keys
/// bggen printed lines for (BG001, BG003). Only findings in the files `.bggen.json` records are folded in.
/// A schedule function the step to call bggen's code shows, which only bggen's files name, is said too: no
/// finding explains it, and without the call the kind's task never runs.
enum PendingNextSteps {
    /// `schedules`: bggen's schedule functions the code model found, each with the app target of its file.
    static func merge(_ findings: [DoctorFinding], root: String, project: ProjectReport, fileSystem: any FileSystem,
                      schedules: [(function: ScheduleFunction, target: String?)]) -> [DoctorFinding] {
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
        let callStep = steps.firstIndex { $0.range(of: #"^\d+\. Call the generated code"#, options: .regularExpression) != nil }
        let step = callStep.map { steps[$0] }
        let fix = step.map { "Do step \($0.prefix { $0.isNumber }) of \(shownSteps), which shows the lines to add: \($0.drop { $0.isNumber || $0 == "." || $0 == " " }.trimmingCharacters(in: CharacterSet(charactersIn: ":")))." }
            ?? "Do the step of \(shownSteps) that calls the generated code."
        let unscheduled = callStep.map { unscheduledFunctions(schedules, shownFrom: $0, in: steps, ours: ours) } ?? []
        let scheduleCalls = unscheduled.map { "\($0.function.name)()" }
        if let first = uncalled.filter({ $0.rule == .couldNotCheck }).min() ?? uncalled.min() {
            let names = (uncalled.compactMap(calledName) + scheduleCalls).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let what = names.isEmpty ? "bggen's code" : listed(names)
            kept.append(DoctorFinding(
                rule: .nextStepPending, location: first.location, target: first.target,
                message: "The app does not call \(what) yet, so no task is registered" + (uncalled.contains { $0.rule == .noSessionEvents } ? " and background session events are not delivered." : "."),
                why: nextStepWhy, fix: fix))
        } else if let first = unscheduled.first {
            let one = unscheduled.count == 1
            kept.append(DoctorFinding(
                rule: .nextStepPending, location: first.function.declaration, target: first.target,
                message: "The app does not call \(listed(scheduleCalls)) yet, so no request is submitted for \(one ? "its task, which never runs" : "their tasks, which never run").",
                why: "A registered task runs only once the app has submitted its request, which the schedule call does as the app enters the background; it is a step bggen printed, not a defect in its files.",
                fix: fix))
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

    /// The schedule functions the step to call bggen's code shows (its lines up to the next numbered step) that no
    /// file but bggen's names. A function bggen declares and the step does not show (a processing task only a push
    /// asks for) is no step left to do.
    private static func unscheduledFunctions(_ schedules: [(function: ScheduleFunction, target: String?)], shownFrom start: Int,
                                             in steps: [String], ours: Set<String>) -> [(function: ScheduleFunction, target: String?)] {
        let end = steps[(start + 1)...].firstIndex { $0.range(of: #"^\d+\. "#, options: .regularExpression) != nil } ?? steps.endIndex
        let shown = steps[start..<end]
        return schedules.filter { schedule in
            ours.contains(schedule.function.declaration.file) && schedule.function.namedIn.isSubset(of: ours)
                && shown.contains { $0.contains(schedule.function.name) }
        }
    }

    /// `a()`, `a() and b()`, `a(), b() and c()`.
    private static func listed(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
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
