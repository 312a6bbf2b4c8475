@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// A cloned repository is untrusted input: whatever its project files, links and records say, bggen writes and
/// deletes only inside it, and only what it generated itself.
@Suite("Writes and deletions stay inside the repository")
struct RepositorySafetyTests {
    /// `parent/repo` holding `files`, next to `parent/escape` holding one file of someone else's and one marked
    /// as bggen's, which must both survive any run in `repo`.
    private func repository(_ files: [String: String], outside: String = "escape") throws -> (parent: TemporaryDirectory, repo: URL) {
        let parent = try TemporaryDirectory()
        for (path, text) in files { try parent.write(text, to: "repo/\(path)") }
        try parent.write("// someone else's\n", to: "\(outside)/Keep.swift")
        try parent.write(try generatedSupportFile(), to: "\(outside)/BackgroundProcessing/BackgroundSupport.swift")
        return (parent, parent.url.appendingPathComponent("repo"))
    }

    private func generatedSupportFile() throws -> String {
        try #require(try Scenario(name: "defaults", flags: [], answers: Answers()).renderedFiles().first { $0.path.hasSuffix("BackgroundSupport.swift") }).contents
    }

    private static let escapingProjects: [(file: String, text: String)] = [
        ("project.yml", """
            name: Escape
            targets:
              Escape:
                type: application
                platform: iOS
                sources: [../escape]
                settings:
                  PRODUCT_BUNDLE_IDENTIFIER: com.example.escape

            """),
        ("Project.swift", """
            import ProjectDescription

            let project = Project(name: "Escape", targets: [
                .target(name: "Escape", destinations: .iOS, product: .app, bundleId: "com.example.escape", sources: ["../escape/**"]),
            ])

            """),
        ("Escape.xcodeproj/project.pbxproj", SyntheticProject.pbxproj(name: "Escape", folder: "../escape", bundleIdentifier: "com.example.escape")),
    ]

    @Test(arguments: escapingProjects.map(\.file))
    func aProjectFileCannotMoveTheOutputOutside(_ file: String) throws {
        let text = try #require(Self.escapingProjects.first { $0.file == file }).text
        let (parent, repo) = try repository([file: text])
        let before = try parent.files()
        let run = try InProcessRunner.run(["init", "--yes"], in: repo)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("leads outside the project folder"), "\(run.stderr)")
        #expect(try parent.files() == before)
    }

    @Test func anOutputFolderLinkedElsewhereIsRefused() throws {
        let (parent, repo) = try repository(["README.md": "# app\n"])
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("link").path, withDestinationPath: parent.url.appendingPathComponent("escape").path)
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("up").path, withDestinationPath: "..")
        let before = try parent.files()
        for output in ["link", "up/escaped", "link/BackgroundProcessing"] {
            let run = try InProcessRunner.run(["init", "--yes", "--output", output], in: repo)
            #expect(run.status == 1, "\(output): \(run.stderr)")
            #expect(run.stderr.contains("leads outside the project folder"), "\(output): \(run.stderr)")
            #expect(try parent.files() == before, "\(output)")
            #expect(!FileManager.default.fileExists(atPath: parent.url.appendingPathComponent("escaped").path))
        }
    }

    @Test func theDefaultFolderLinkedToAnotherProjectIsNeitherWrittenNorSwept() throws {
        let parent = try TemporaryDirectory()
        let other = parent.url.appendingPathComponent("other")
        let first = try InProcessRunner.run(["init", "--yes", "other"], in: parent.url)
        #expect(first.status == 0, "\(first.stderr)")
        let repo = parent.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("BackgroundProcessing").path,
                                                   withDestinationPath: other.appendingPathComponent("BackgroundProcessing").path)
        // A record that claims the other project's files, as a copied .bggen.json would.
        try FileManager.default.copyItem(at: other.appendingPathComponent(".bggen.json"), to: repo.appendingPathComponent(".bggen.json"))
        let before = try parent.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "downloads"], in: repo)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("leads outside the project folder"), "\(run.stderr)")
        #expect(try parent.files() == before)
    }

    @Test func onlyFilesBggenGeneratedAreDeletedAndForceNeverDeletes() throws {
        let folder = try TemporaryDirectory()
        #expect(try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,downloads"], in: folder.url).status == 0)
        let manager = try #require(try folder.files()["BackgroundProcessing/BackgroundTaskManager.swift"])
        try folder.write(manager, to: "BackgroundProcessing/BackgroundTaskManager backup.swift")
        try folder.write(manager.replacingOccurrences(of: "BackgroundTaskManager", with: "MyScheduler"), to: "BackgroundProcessing/MyScheduler.swift")
        let downloads = try #require(try folder.files()["BackgroundProcessing/BackgroundDownloadManager.swift"])
        try folder.write(downloads + "// my edit\n", to: "BackgroundProcessing/BackgroundDownloadManager.swift")

        for force in [[], ["--force"]] {
            let run = try InProcessRunner.run(["init", "--yes", "--tasks", "silent-push"] + force, in: folder.url)
            #expect(run.status == 0, "\(force): \(run.stderr)")
            let files = try folder.files()
            #expect(files["BackgroundProcessing/BackgroundTaskManager backup.swift"] == manager, "\(force)")
            #expect(files["BackgroundProcessing/MyScheduler.swift"] != nil, "\(force)")
            #expect(files["BackgroundProcessing/BackgroundDownloadManager.swift"] == downloads + "// my edit\n", "\(force)")
            if force.isEmpty {
                #expect(run.stderr.contains("BackgroundProcessing/BackgroundDownloadManager.swift is no longer generated, but you edited it"), "\(run.stderr)")
            }
        }
        // The generated, untouched manager went; the user's work files stayed.
        let files = try folder.files()
        #expect(files["BackgroundProcessing/BackgroundTaskManager.swift"] == nil)
        #expect(files["BackgroundProcessing/AppRefreshWork.swift"] != nil)
    }

    @Test func changingTheOutputFolderSweepsTheOldSet() throws {
        let folder = try TemporaryDirectory()
        #expect(try InProcessRunner.run(["init", "--yes"], in: folder.url).status == 0)
        let before = try folder.files()
        // The user's work files still serve refresh and processing: a second copy in the new folder would declare
        // AppRefreshWork twice, so bggen stops and says to move them (issue 20, item 15).
        let refused = try InProcessRunner.run(["init", "--yes", "--output", "Sources2"], in: folder.url)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("'BackgroundProcessing/AppRefreshWork.swift' is yours and a chosen task still uses it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("Move 'BackgroundProcessing/AppRefreshWork.swift' to 'Sources2/AppRefreshWork.swift'"), "\(refused.stderr)")
        #expect(try folder.files() == before, "nothing was written")
        // Moved as told, the run sweeps the old generated set and keeps the user's files where they now are.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Sources2"), withIntermediateDirectories: true)
        for name in ["AppRefreshWork.swift", "ProcessingWork.swift"] {
            try FileManager.default.moveItem(at: folder.url.appendingPathComponent("BackgroundProcessing/\(name)"),
                                             to: folder.url.appendingPathComponent("Sources2/\(name)"))
        }
        let run = try InProcessRunner.run(["init", "--yes", "--output", "Sources2"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try folder.files()
        #expect(files.keys.filter { $0.hasPrefix("BackgroundProcessing/") }.isEmpty, "the old generated set is swept")
        #expect(files["Sources2/BackgroundTaskManager.swift"] != nil)
        #expect(files["Sources2/AppRefreshWork.swift"] == before["BackgroundProcessing/AppRefreshWork.swift"], "the user's file is kept as it was")
        let again = try InProcessRunner.run(["init", "--yes"], in: folder.url)
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)\(again.stderr)")
    }

    @Test func aRecordFromBeforeTheFileListStillSweepsWhatItsAnswersGenerated() throws {
        let folder = try TemporaryDirectory()
        #expect(try InProcessRunner.run(["init", "--yes"], in: folder.url).status == 0)
        let record = try #require(try folder.files()[".bggen.json"])
        let legacy = record.replacing(#/  "files": \[[^\]]*\],\n/#, with: "")
        #expect(legacy != record && !legacy.contains("files"))
        try folder.write(legacy, to: ".bggen.json")
        #expect(try folder.files()["BackgroundProcessing/BackgroundTaskManager.swift"] != nil)
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "silent-push"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.files()["BackgroundProcessing/BackgroundTaskManager.swift"] == nil)
    }
}
