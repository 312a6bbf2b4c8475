@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// bggen never edits the user's work files, so one from an earlier bggen keeps lacking what the generated code
/// now calls; the run says exactly what to add.
@Suite("Work files from an earlier bggen")
struct WorkFileMigrationTests {
    @Test func aWorkFileWithoutItsFactoryGetsTheLinesToAdd() throws {
        let folder = try TemporaryDirectory()
        #expect(try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing"], in: folder.url).status == 0)
        let files = try folder.files()
        let factory = #/\nnonisolated extension BackgroundTaskManager \{\n(?:    .*\n|\n)*?\}\n/#
        for name in ["AppRefreshWork.swift", "ProcessingWork.swift"] {
            let current = try #require(files["BackgroundProcessing/\(name)"])
            let earlier = current.replacing(factory, with: "\n")
            #expect(earlier != current, "\(name) has no factory to remove")
            try folder.write(earlier, to: "BackgroundProcessing/\(name)")
        }
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        for (name, function) in [("AppRefreshWork.swift", "makeAppRefreshWork"), ("ProcessingWork.swift", "makeProcessingWork")] {
            #expect(run.stderr.contains("BackgroundProcessing/\(name) is yours and comes from an earlier bggen: it has no \(function)()"), "\(run.stderr)")
            #expect(run.stderr.contains("    static func \(function)() -> any BackgroundWork {"), "\(run.stderr)")
        }
        let again = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing"], in: folder.url)
        #expect(again.stderr.contains("comes from an earlier bggen"), "said again until the file has it")
    }
}
