@testable import BggenCLI
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
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("iOS 17.0 (also builds for macOS)"), "\(run.stdout)")
        #expect(run.stderr.contains("Kite also builds for macOS; macOS has no BackgroundTasks or UIKit"), "\(run.stderr)")
        #expect(run.stderr.contains("Kite.entitlements also signs Kite's macOS build"))
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

        let again = try InProcessRunner.run(arguments, in: repo.url)
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
    }

    /// Issue 42 item 8: a package that also declares macOS builds its code for macOS with `swift build`, and has no
    /// bundle identifier, which the run says instead of using com.example.app without a word.
    @Test(arguments: [(#"[.iOS(.v16), .macOS(.v13)]"#, true), (#"[.iOS(.v16)]"#, false)])
    func aPackageDeclaringOtherPlatformsGetsGuardedFiles(platforms: String, guarded: Bool) throws {
        let folder = try TemporaryDirectory()
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(name: "MyFeature", platforms: \(platforms), targets: [.target(name: "MyFeature")])

            """
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("Sources/MyFeature"), withIntermediateDirectories: true)
        try manifest.write(to: folder.url.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "public struct Feature {}\n".write(to: folder.url.appendingPathComponent("Sources/MyFeature/Feature.swift"), atomically: true, encoding: .utf8)
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--output", "Sources/MyFeature/Background"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("a package has no bundle identifier, so the task identifiers start with com.example.app"), "\(run.stderr)")
        #expect(run.stderr.contains("Package.swift declares iOS, macOS") == guarded, "\(run.stderr)")
        let swift = try folder.files().filter { $0.key.hasPrefix("Sources/MyFeature/Background/") && $0.key.hasSuffix(".swift") }
        #expect(!swift.isEmpty)
        for (path, text) in swift {
            #expect(text.contains("#if canImport(BackgroundTasks) && canImport(UIKit)") == guarded, "\(path)")
        }
        let named = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--bundle-id", "com.acme.reader", "--output", "Sources/MyFeature/Background"],
                                            in: folder.url)
        #expect(!named.stderr.contains("a package has no bundle identifier"), "\(named.stderr)")
    }

    /// Issue 19 item 12: the messages name the platforms the target has, not macOS for every one.
    @Test func aVisionOSTargetIsNamedAsSuchAndNeverCalledMacOS() throws {
        let repo = try Fixtures.copy("VisionOSTarget")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("iOS 17.0 (also builds for visionOS)"), "\(run.stdout)")
        #expect(run.stderr.contains("Kite also builds for visionOS, which has BackgroundTasks and UIKit"), "\(run.stderr)")
        #expect(!(run.stdout + run.stderr).contains("macOS"), "\(run.stdout)\(run.stderr)")
        #expect(try repo.files().values.contains { $0.contains("#if canImport(BackgroundTasks) && canImport(UIKit)") })
    }

    @Test func aMacCatalystTargetIsNamedAndNotGuarded() throws {
        let repo = try Fixtures.copy("CatalystTarget")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("iOS 17.0 (also builds for Mac Catalyst)"), "\(run.stdout)")
        #expect(!(run.stdout + run.stderr).contains("macOS"), "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("also builds for"), "\(run.stderr)")
        #expect(!(try repo.files()).values.contains { $0.contains("#if canImport(BackgroundTasks)") })
    }

    @Test func anIOSOnlyTargetIsNotGuarded() throws {
        let repo = try Fixtures.copy("SynchronizedTemplate")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!(try repo.files()).values.contains { $0.contains("#if canImport(BackgroundTasks)") })
    }
}

/// An entitlements path that depends on a variable nothing in the repository defines is not the app's file for sure.
@Suite("Entitlements paths with undefined variables")
struct UndefinedEntitlementsPathTests {
    @Test func theGuessIsReportedAsSuchAndLeftAlone() throws {
        let repo = try Fixtures.copy("EntitlementsFromMissingConfig")
        let original = try repo.files()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FilledLines.entry("Entitlements:", in: run.stdout) == "CRIPiOSApp.entitlements (Debug, Release) · built from CRIPiOSApp$(ENTITLEMENTS_FLAVOR).entitlements; $(ENTITLEMENTS_FLAVOR) is defined nowhere in the repository", "\(run.stdout)")
        #expect(run.stderr.contains("so bggen cannot tell which file signs the app and left CRIPiOSApp.entitlements alone"), "\(run.stderr)")
        #expect(try repo.files()["CRIPiOSApp.entitlements"] == original["CRIPiOSApp.entitlements"])
        #expect(try repo.nextSteps().contains("aps-environment for CRIPiOSApp.entitlements: see the notes above."))
    }
}
