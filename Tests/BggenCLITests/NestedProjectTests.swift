import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen init` in repositories whose app project is not at the root.
@Suite("Projects in subfolders")
struct NestedProjectTests {
    @Test func theAppProjectThreeFoldersDownGetsTheFilesBesideItsSources() throws {
        let repo = try Fixtures.copy("NestedProjects")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh"]
        let run = try BinaryRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Project: src/xcode/App/App.xcodeproj (Xcode project)"), "\(run.stdout)")
        let files = try repo.files()
        #expect(files["src/xcode/App/App/BackgroundProcessing/AppRefreshWork.swift"] != nil)
        let info = try #require(files["src/xcode/App/App/Info.plist"])
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(info.utf8), format: nil) as? [String: Any])
        #expect(plist["BGTaskSchedulerPermittedIdentifiers"] as? [String] == ["org.example.reader.refresh"])
        for (path, text) in original where !path.hasPrefix("src/xcode/App/App/") {
            #expect(files[path] == text, "\(path) must stay untouched")
        }
        let again = try BinaryRunner.run(arguments, in: repo.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try repo.files() == files)
    }

    @Test func anUnknownTargetListsTheAppTargetsOfEveryProject() throws {
        let repo = try Fixtures.copy("SeveralAppProjects")
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh", "--target", "App"], in: repo.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("there is no iOS app target named 'App'; pass --target with one of Admin, Shop."), "\(run.stderr)")
        let ambiguous = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("several iOS app targets (Admin, Shop)"), "\(ambiguous.stderr)")
        #expect(try repo.files() == original)
    }
}
