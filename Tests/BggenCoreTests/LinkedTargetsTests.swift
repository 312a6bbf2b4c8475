import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The framework and library targets an XcodeGen or Tuist app declares as dependencies are code the app runs as its
/// own (as an Xcode project's linked targets already are): doctor reads them with the app's, so a background mode
/// used only there is used. Extensions the app embeds run apart, so their code is not the app's.
@Suite("Linked targets of generated projects")
struct LinkedTargetsTests {
    @Test func anXcodeGenAppLinksItsFrameworksAndTheirLibrariesButNotItsExtensions() throws {
        let spec = """
            name: Reader
            targets:
              Reader:
                type: application
                platform: iOS
                sources: [Reader]
                dependencies:
                  - target: ReaderKit
                  - target: ReaderWidget
                  - sdk: BackgroundTasks.framework
              ReaderKit:
                type: framework
                platform: iOS
                sources: [ReaderKit]
                dependencies:
                  - target: Shared/Storage
              Storage:
                type: library.static
                platform: iOS
                sources: [Storage]
              ReaderWidget:
                type: app-extension
                platform: iOS
                sources: [ReaderWidget]
                dependencies:
                  - target: Storage

            """
        let report = try ProjectDetector.detect(root: "/repo", fileSystem: InMemoryFileSystem(files: ["/repo/project.yml": spec]))
        #expect(report.appTargets.map(\.name) == ["Reader"])
        #expect(report.appTargets.first?.linkedTargets == ["ReaderKit", "Storage"])
    }

    @Test func aTuistAppLinksItsLibrariesAndTheirsButNotItsExtensions() throws {
        let report = try ProjectDetector.detect(root: Fixtures.folder.appendingPathComponent("TuistLinkedLibrary").path, fileSystem: LocalFileSystem())
        let linked = Dictionary(uniqueKeysWithValues: report.appTargets.map { ($0.name, $0.linkedTargets) })
        #expect(linked == ["Tone": ["AppService", "Transcription"], "Clock": []])
    }

    /// Tone uses `processing` only in a framework its static library depends on (whose findings are Tone's); Clock
    /// declares it, and only an extension it embeds submits a processing request. Each app's Info.plist keys are placed in its own
    /// `.extendingDefault(with:)`, not at the first app's in the manifest.
    @Test func doctorReadsALinkedLibrarysCodeAsTheAppsAndPlacesEachAppsKeysInItsOwnTarget() throws {
        let root = Fixtures.folder.appendingPathComponent("TuistLinkedLibrary").path
        let findings = try Doctor(fileSystem: LocalFileSystem()).audit(root: root).findings.map {
            "\($0.rule.id) \($0.severity.rawValue) \($0.target ?? "-") \($0.location.file):\($0.location.line)"
        }
        #expect(findings == [
            "MODE003 warning Clock Project.swift:51",
            "CHECK001 note Tone Sources/Transcription/TranscriptionTasks.swift:9",
            "CHECK001 note Tone Sources/Transcription/TranscriptionTasks.swift:13",
        ])
    }
}
