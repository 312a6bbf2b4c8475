import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("Golden output per scenario")
struct SnapshotTests {
    @Test(arguments: Scenarios.all)
    func outputMatchesSnapshot(_ scenario: Scenario) throws {
        var tree: [String: String] = [:]
        for file in try scenario.renderedFiles() {
            tree[file.path] = file.contents
        }
        tree["NEXT_STEPS.txt"] = try scenario.nextSteps()
        if let failure = try Snapshot.verify(tree, named: scenario.name) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func everySnapshotFolderBelongsToAScenario() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.snapshots.path)
            .filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(Scenarios.all.map(\.name)))
    }
}
