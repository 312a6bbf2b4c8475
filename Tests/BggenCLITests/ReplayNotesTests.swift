@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// Issue 40 item 12: a second `init --yes` says nothing about the values its first run added (or already reported),
/// while a value the app had that only this run asks for is still said.
@Suite("A replay's notes about values already in the Info.plist")
struct ReplayNotesTests {
    @Test func aReplayIsSilentAboutTheFirstRunsAdditionsButNotAboutTheAppsOwnValues() throws {
        let repo = try Fixtures.copy("FlavourTargets")
        let plist = repo.url.appendingPathComponent("Courier/Info.plist")
        let own = try String(contentsOf: plist, encoding: .utf8)
            .replacingOccurrences(of: "</dict>", with: "\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>processing</string>\n\t</array>\n</dict>")
        try own.write(to: plist, atomically: true, encoding: .utf8)
        let first = try InProcessRunner.run(["init", "--yes", "--target", "Courier", "--tasks", "refresh"], in: repo.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!(first.stdout + first.stderr).contains("already contains"), "\(first.stdout)")

        let replay = try InProcessRunner.run(["init", "--yes"], in: repo.url)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(!(replay.stdout + replay.stderr).contains("already contains"), "\(replay.stdout)\(replay.stderr)")

        let more = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing"], in: repo.url)
        #expect(more.status == 0, "\(more.stderr)")
        let said = more.stdout + more.stderr
        #expect(!said.contains("UIBackgroundModes already contains 'fetch'"), "\(said)")
        #expect(said.contains("Courier/Info.plist: UIBackgroundModes already contains 'processing'; left as it is."), "\(said)")
    }
}
