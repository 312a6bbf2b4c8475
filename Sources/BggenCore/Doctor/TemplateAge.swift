import BggenFormats
import BggenModel

/// bggen's own files from an earlier run that this version would write differently: rendered again from the
/// answers `.bggen.json` records, and compared where the file is still exactly as bggen wrote it (an edited one is
/// GEN001's).
enum TemplateAge {
    static func outdatedFiles(root: String, fileSystem: any FileSystem) -> [String] {
        guard let text = try? fileSystem.read(PathText.join(root, AnswersFile.name)),
              let record = try? AnswersFile.decode(text, path: AnswersFile.name), let recorded = record.files,
              let configuration = try? Configuration(answers: record.answers) else { return [] }
        // The folder the Swift files went to: the one most of them share.
        let folders = recorded.filter { $0.hasSuffix(".swift") }.map(PathText.parent(of:))
        guard let folder = Dictionary(grouping: folders, by: { $0 }).max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) })?.key,
              let rendered = try? OutputRenderer().files(for: configuration, outputFolder: folder, edits: recordedEdits(record),
                                                    appModule: record.app.testModule ?? OutputRenderer.defaultAppModule,
                                                    testsFolder: recorded.first { PathText.name(of: $0) == RehearsalTarget.fileName }
                                                        .map(PathText.parent(of:)) ?? OutputRenderer.defaultRehearsalFolder,
                                                    swiftTesting: record.app.testFramework == AppChoices.swiftTesting) else { return [] }
        let current = Dictionary(uniqueKeysWithValues: rendered.filter { $0.ownership == .tool }.map { ($0.path, $0.contents) })
        return recorded.sorted().filter { path in
            guard let wanted = current[path], let onDisk = try? fileSystem.read(PathText.join(root, path)) else { return false }
            return GeneratedMarker.provenance(of: onDisk) == .pristine && onDisk != wanted
        }
    }

    /// What the run's edits kept that the files repeat (the entitlements' `aps-environment`), as recorded.
    private static func recordedEdits(_ record: AnswersFile.Contents) -> ProjectEdits {
        var edits = ProjectEdits()
        edits.apsEnvironment = record.app.apsEnvironment
        return edits
    }
}
