import BggenTestSupport
import Foundation
import Testing

/// `init` skips a task kind the app registers already (a second registration would crash); when that registration
/// runs after launch finishes, the skip says why it is broken and where the call goes, in doctor's words (BG004).
@Suite("init on an app that registers after launch")
struct LateRegistrationInitTests {
    @Test func theSkipSaysWhyTheRegistrationIsBrokenAndWhereToMoveIt() throws {
        let folder = Fixtures.folder.appendingPathComponent("Corpus/SwiftUI-OnAppearRegistration")
        let run = try InProcessRunner.run(["init", folder.path, "--yes", "--dry-run", "--tasks", "refresh"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let output = run.stdout + run.stderr
        #expect(output.contains("skipped refresh: the app already registers com.example.notes.refresh"), "\(output)")
        #expect(output.contains("That registration is broken, as bggen doctor reports (BG004): 'com.example.notes.refresh' is registered after launch finishes, from `.onAppear` at Notes/ContentView.swift:10 through boot() (Notes/AppModel.swift:7) → registerTasks()."), "\(output)")
        #expect(output.contains("Call registerTasks from application(_:didFinishLaunchingWithOptions:)"), "\(output)")
    }
}
