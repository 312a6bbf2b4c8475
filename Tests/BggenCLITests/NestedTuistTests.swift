@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// A Tuist workspace below the repository root (tuist/workshop's `App/`): found from the root like one at it, never
/// taken for an empty folder that gets `com.example.app` defaults.
@Suite("Tuist workspace below the repository root")
struct NestedTuistTests {
    @Test func initAtTheRootReadsTheWorkspaceBelowIt() throws {
        let repo = try Fixtures.copy("NestedTuist")
        let run = try InProcessRunner.run(["init", "--dry-run", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(Tuist project)"), "\(run.stdout)")
        #expect(run.stdout.contains("App target: Beacon · iOS 17.0"), "\(run.stdout)")
        #expect(run.stdout.contains("Bundle ID: dev.example.beacon"), "\(run.stdout)")
        #expect(run.stdout.contains("create     App/Modules/Beacon/Sources/BackgroundProcessing/BackgroundTaskManager.swift"), "\(run.stdout)")
        #expect(!run.stdout.contains("com.example.app"), "\(run.stdout)")
    }

    @Test func twoWorkspacesBelowTheRootStopWithOneLineNamingBoth() throws {
        let repo = try Fixtures.copy("NestedTuist")
        let second = repo.url.appendingPathComponent("Demo/Tuist")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        try "import ProjectDescription\n\nlet config = Config()\n".write(to: second.appendingPathComponent("Config.swift"), atomically: true, encoding: .utf8)
        let run = try InProcessRunner.run(["init", "--dry-run", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status != 0)
        #expect(run.stderr.contains("several Tuist workspaces below this folder (App/Workspace.swift, Demo/Tuist/Config.swift); run bggen in the folder of the app's, or pass its path."), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "nothing planned: \(run.stdout)")
    }

    /// A model the app calls `Workspace.swift` is no Tuist manifest.
    @Test func aWorkspaceSwiftThatIsNoManifestIsNotATuistWorkspace() throws {
        let repo = try Fixtures.copy("NestedTuist")
        try "struct Workspace {}\n".write(to: repo.url.appendingPathComponent("App/Modules/Beacon/Sources/Workspace.swift"), atomically: true, encoding: .utf8)
        let run = try InProcessRunner.run(["init", "--dry-run", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: Beacon"), "\(run.stdout)")
    }
}
