import BggenFormats
import BggenModel

/// bggen's own files from an earlier run that this version would write differently: rendered again from the
/// answers `.bggen.json` records, and compared where the file is still exactly as bggen wrote it (an edited one is
/// GEN001's).
enum TemplateAge {
    /// A file to regenerate, and what to do first where regenerating it alone breaks the build.
    struct Outdated: Equatable {
        var path: String
        var note: String?
    }

    static func outdatedFiles(root: String, fileSystem: any FileSystem) -> [Outdated] {
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
        let note = pushWorkNote(rendered: rendered, root: root, fileSystem: fileSystem)
        return recorded.sorted().filter { path in
            guard let wanted = current[path], let onDisk = try? fileSystem.read(PathText.join(root, path)) else { return false }
            return GeneratedMarker.provenance(of: onDisk) == .pristine && onDisk != wanted
        }.map { path in
            Outdated(path: path, note: PathText.name(of: path).hasSuffix(RehearsalTarget.fileName) ? note : nil)
        }
    }

    /// The rehearsals of processing scheduled by a push build the work with `makeSilentPushWork(processing:)`, which
    /// the user's `SilentPushWork.swift` declares only since bggen wrote it with one: with an older file, which bggen
    /// never overwrites, the regenerated rehearsal file still compiles but leaves the "process" push out.
    private static func pushWorkNote(rendered: [GeneratedFile], root: String, fileSystem: any FileSystem) -> String? {
        let factory = "makeSilentPushWork(processing:"
        guard let work = rendered.first(where: { $0.ownership == .user && PathText.name(of: $0.path).hasSuffix("SilentPushWork.swift") }),
              work.contents.contains(factory),
              let onDisk = try? fileSystem.read(PathText.join(root, work.path)), !onDisk.contains(factory) else { return nil }
        return "\(work.path), written by an older bggen, declares no makeSilentPushWork(processing:), so the new rehearsal file leaves the \"process\" push out: add it to the extension of SilentPushHandler, declared SilentPushWorkFactory, building the work with the manager it is handed, as a newly written SilentPushWork.swift does (move the file aside and run bggen init --yes to see one, then bring your cases back)."
    }

    /// What the run's edits kept that the files repeat (the entitlements' `aps-environment`), as recorded.
    private static func recordedEdits(_ record: AnswersFile.Contents) -> ProjectEdits {
        var edits = ProjectEdits()
        edits.apsEnvironment = record.app.apsEnvironment
        return edits
    }
}
