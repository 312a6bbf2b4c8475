@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// Issue 40 item 6: a Tuist workspace of apps whose manifests name helper constants (`destinations: .app`, a `let`
/// of the manifest), give the Info.plist as `.extendingDefault(with: […])` and the sources as `buildableFolders:`.
@Suite("Tuist: helper constants, extendingDefault and buildable folders")
struct TuistAppsTests {
    @Test func bothAppsAreReadAndTheHelperBuiltManifestsAreNamedInOneLine() throws {
        let repo = try Fixtures.copy("TuistApps")
        let run = try InProcessRunner.run(["init", "--dry-run", "--yes", "--target", "Chime", "--tasks", "refresh,processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let output = run.stdout + run.stderr
        #expect(FilledLines.flat(output).contains("warning: Apps/Lumen/Project.swift: Lumen's destinations: .app is defined by a helper bggen does not read, so it is taken as an iOS app; pass --use-generators to have tuist resolve it."), "\(output)")
        #expect(FilledLines.flat(output).contains("warning: Experiments/Sketch/Project.swift, Shared/Project.swift: 2 manifests with no literal .target(…) calls, perhaps built by helper functions;"), "\(output)")
        #expect(output.components(separatedBy: "no literal .target").count == 2, "\(output)")
        #expect(output.contains("Info.plist: generated from Apps/Chime/Project.swift"), "\(output)")
        #expect(output.contains("create     Apps/Chime/Sources/BackgroundProcessing/BackgroundTaskManager.swift"), "\(output)")
        #expect(FilledLines.flat(output).contains("""
            - Apps/Chime/Project.swift generates Chime's Info.plist from the dictionary of its infoPlist: add "BGTaskSchedulerPermittedIdentifiers": ["app.example.chime.refresh", "app.example.chime.processing"] to the dictionary; add "processing" to the existing "UIBackgroundModes" array, then run tuist generate.
            """), "\(output)")

        let lumen = try InProcessRunner.run(["init", "--dry-run", "--yes", "--target", "Lumen", "--tasks", "processing"], in: repo.url)
        #expect(lumen.status == 0, "\(lumen.stderr)")
        #expect(lumen.stdout.contains("create     Apps/Lumen/Sources/BackgroundProcessing/BackgroundTaskManager.swift"), "\(lumen.stdout)")
        #expect(FilledLines.flat(lumen.stdout).contains("""
            Apps/Lumen/Project.swift generates Lumen's Info.plist from the dictionary of its infoPlist: add "app.example.lumen.processing" to the existing "BGTaskSchedulerPermittedIdentifiers" array, then run tuist generate.
            """), "\(lumen.stdout)")
    }

    @Test func doctorChecksTheDictionaryAtItsLines() throws {
        let repo = try Fixtures.copy("TuistApps")
        let run = try InProcessRunner.run(["doctor", "."], in: repo.url)
        let output = run.stdout + run.stderr
        #expect(output.contains("16:43  warning [MODE003] Apps/Chime/Project.swift declares the 'fetch' background mode, but no code Chime compiles uses BGAppRefreshTask."), "\(output)")
        #expect(output.contains("6:3  warning [BG002] Apps/Lumen/Project.swift permits 'app.example.lumen.sync', but no code in the repository registers it."), "\(output)")
        #expect(output.contains("fix: Register 'app.example.lumen.sync' before launch finishes, or remove it from BGTaskSchedulerPermittedIdentifiers. The Info.plist is generated from Apps/Lumen/Project.swift: make the change in the target's infoPlist dictionary there."), "\(output)")
        #expect(!output.contains("from build settings"), "\(output)")
        // buildableFolders are the targets' sources: doctor knows which files each app compiles.
        #expect(!output.contains("Which files"), "\(output)")
        // `entitlements: .dictionary([…])` is what Chime signs with, not a file named after its first key.
        #expect(!output.contains("[PUSH004]") && !output.contains("aps-environment was not checked"), "\(output)")
    }
}
