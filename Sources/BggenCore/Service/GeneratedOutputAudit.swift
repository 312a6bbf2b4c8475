import BggenFormats
import BggenModel

/// `bggen doctor` in a folder that holds bggen's output and no app project (the quick start's `demo`): the files
/// `.bggen.json` records are audited as generated code, since there is no app to read.
struct GeneratedOutputAudit {
    let fileSystem: any FileSystem

    /// Nil when the folder has no readable `.bggen.json` listing its files: then it holds nothing bggen knows.
    func run(root: String, settings: DoctorSettings) -> DoctorReport? {
        guard let text = try? fileSystem.read(PathText.join(root, AnswersFile.name)),
              let record = try? AnswersFile.decode(text, path: AnswersFile.name), let recorded = record.files,
              let configuration = try? Configuration(answers: record.answers) else { return nil }
        var findings: [DoctorFinding] = []
        for path in recorded.sorted() {
            guard let contents = try? fileSystem.read(PathText.join(root, path)),
                  GeneratedMarker.provenance(of: contents) == .edited else { continue }
            findings.append(.editedGenerated(path))
        }
        findings += TemplateAge.outdatedFiles(root: root, fileSystem: fileSystem).map { .outdatedGenerated($0, runIn: "the folder") }
        findings += fragmentFindings(root: root, configuration: configuration, recorded: recorded)
        let kept = settings.reported(findings.sorted()).map(settings.adjusted)
        return DoctorReport(root: root, targets: [], findings: kept, suppressedCount: findings.count - kept.count)
    }

    /// The Info.plist fragment must permit every task identifier the recorded answers give the code, or the
    /// user merges a fragment whose identifiers `register` then refuses.
    private func fragmentFindings(root: String, configuration: Configuration, recorded: [String]) -> [DoctorFinding] {
        let path = OutputRenderer.infoFragmentPath
        let identifiers = Identifiers(configuration).permittedTaskIdentifiers
        guard !identifiers.isEmpty, recorded.contains(path) else { return [] }
        guard let fragment = try? fileSystem.read(PathText.join(root, path)) else {
            return [DoctorFinding(rule: .notPermitted, location: FindingLocation(file: path), target: nil,
                                  message: "\(path) is missing, so nothing lists the identifiers \(identifiers.joined(separator: ", ")) to permit.",
                                  why: "BGTaskScheduler refuses to register an identifier the Info.plist does not permit.",
                                  fix: "Run bggen init --yes in the folder to write the fragment again.")]
        }
        return identifiers.filter { !fragment.contains("<string>\($0)</string>") }.map { identifier in
            DoctorFinding(rule: .notPermitted, location: FindingLocation(file: path, line: 1, column: 1), target: nil,
                          message: "\(identifier), which the generated code registers, is not in \(path)'s BGTaskSchedulerPermittedIdentifiers.",
                          why: "Merged into the app's Info.plist, the fragment leaves the identifier unpermitted, and register(forTaskWithIdentifier:) fails at launch.",
                          fix: "Run bggen init --yes in the folder to write the fragment again, or add <string>\(identifier)</string> to its BGTaskSchedulerPermittedIdentifiers.")
        }
    }

    /// Said with the findings: what this audit could not see.
    static func note(folder: String) -> String {
        "\(folder) holds bggen's output and no app project, so only the generated files were checked; run bggen doctor in the app's repository for its Info.plist, entitlements and code."
    }
}
