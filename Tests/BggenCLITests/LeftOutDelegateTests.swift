@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// flutter_downloader's example compiles `AppDelegate.m`; the `AppDelegate.swift` beside it is in no sources phase.
@Suite("A delegate file the project does not compile")
struct LeftOutDelegateTests {
    @Test func theCompiledObjectiveCDelegateIsTheAppsAndTheSwiftLeftoverStartsNothing() throws {
        let repo = try Fixtures.copy("FlutterObjCLeftover")
        let run = try InProcessRunner.run(["init", "--dry-run", "--yes", "--tasks", "refresh"], in: repo.url.appendingPathComponent("ios"))
        #expect(run.stdout.contains("Objective-C app delegate (Runner/AppDelegate.m)"), "\(run.stdout)")
        // The Objective-C bridge needs iOS 13, and the example deploys to 12: refused, as for any such app.
        #expect(run.stderr.contains("an Objective-C app delegate needs iOS 13.0 in code bggen generates, but Runner deploys to iOS 12.0"), "\(run.stderr)")
        #expect(!run.stdout.contains("AppDelegate.swift"), "\(run.stdout)")
    }

    @Test func remoteNotificationWithoutAHandlerIsAModeNoteNotAnEntitlementError() throws {
        let repo = try Fixtures.copy("FlutterObjCLeftover")
        let run = try InProcessRunner.run(["doctor", "."], in: repo.url.appendingPathComponent("ios"))
        let output = run.stdout + run.stderr
        #expect(!output.contains("[PUSH004]"), "\(output)")
        #expect(output.contains("note [MODE003] Runner/Info.plist declares the 'remote-notification' background mode, but no code Runner compiles handles a silent push (application(_:didReceiveRemoteNotification:fetchCompletionHandler:)) (the app delegate's superclass may handle it)."), "\(output)")
    }
}
