import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// A target that builds for iOS and macOS (`SDKROOT = auto`): the generated code must not break the macOS build.
@Suite("Multiplatform app targets")
struct MultiplatformTargetTests {
    @Test func everyGeneratedSwiftFileIsGuardedAndTheSharedEntitlementsAreMentioned() throws {
        let repo = try Fixtures.copy("Multiplatform")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh,silent-push"]
        let run = try BinaryRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("iOS 17.0 (also builds for other platforms)"), "\(run.stdout)")
        #expect(run.stderr.contains("Kite also builds for platforms other than iOS"), "\(run.stderr)")
        #expect(run.stderr.contains("Kite.entitlements also signs Kite's builds for other platforms"))
        let files = try repo.files()
        let swift = files.filter { original[$0.key] == nil && $0.key.hasSuffix(".swift") }
        #expect(swift.count >= 5)
        for (path, text) in swift {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let firstCode = lines.first { !$0.hasPrefix("//") && !$0.isEmpty }
            #expect(firstCode == "#if canImport(BackgroundTasks) && canImport(UIKit)", "\(path)")
            #expect(text.hasSuffix("#endif\n"), "\(path)")
        }
        #expect(files["Kite.entitlements"]?.contains("<key>aps-environment</key>") == true)

        let again = try BinaryRunner.run(arguments, in: repo.url)
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
    }

    @Test func anIOSOnlyTargetIsNotGuarded() throws {
        let repo = try Fixtures.copy("SynchronizedTemplate")
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!(try repo.files()).values.contains { $0.contains("#if canImport(BackgroundTasks)") })
    }
}
