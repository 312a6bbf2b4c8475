@testable import BggenCLI
@testable import BggenCore
import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// Issue 43, item 9: what a hostile clone or client may hand bggen in small ways, each answered with what is true
/// of it: the file and line a bad value is on, the id a request sent, the reason a folder cannot be used.
@Suite struct SmallHostileInputTests {
    /// An XcodeGen app, `App`, with a unit-test target `AppTests` whose spec names `testsFolder`.
    static func appWithTests(in testsFolder: String) throws -> TemporaryDirectory {
        let repo = try TemporaryDirectory()
        try repo.write("""
            name: App
            targets:
              App:
                type: application
                platform: iOS
                deploymentTarget: "17.0"
                sources: [App]
                settings:
                  base:
                    INFOPLIST_FILE: App/Info.plist
                    PRODUCT_BUNDLE_IDENTIFIER: com.example.app
              AppTests:
                type: bundle.unit-test
                platform: iOS
                sources: [\(testsFolder)]
                dependencies: [{target: App}]

            """, to: "project.yml")
        try repo.write(ExampleApp().renderedFiles["App/Info.plist"]!, to: "App/Info.plist")
        try repo.write("import UIKit\n\n@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {}\n", to: "App/AppDelegate.swift")
        return repo
    }

    static let initTests = ["init", "--yes", "--tests", "--tasks", "refresh", "."]

    @Test func anOutputFolderOutsideInTheRecordIsTheRecordsErrorAtItsLine() throws {
        let repo = try Self.appWithTests(in: "AppTests")
        try repo.write("{\n  \"tasks\": [\"refresh\"],\n  \"output\": \"../x\"\n}\n", to: ".bggen.json")
        let run = try InProcessRunner.run(["init", "--yes", "."], in: repo.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains(".bggen.json line 3 cannot be used: 'output' is '../x', outside the repository"), "\(run.stderr)")
        #expect(!run.stderr.contains("--output"), "no --output was passed: \(run.stderr)")
        // A file where the record's folder would be is said the same way.
        try repo.write("not a folder\n", to: "Background")
        try repo.write("{\n  \"tasks\": [\"refresh\"],\n  \"output\": \"Background\"\n}\n", to: ".bggen.json")
        let file = try InProcessRunner.run(["init", "--yes", "."], in: repo.url)
        #expect(file.stderr.contains(".bggen.json line 3 cannot be used: 'output' is 'Background', a file, not a folder"), "\(file.stderr)")
    }

    @Test func aTestsFolderOutsideTheRepositoryIsNamedAndNotWritten() throws {
        for folder in ["../Elsewhere", "/tmp/bggen-tests-elsewhere"] {
            let repo = try Self.appWithTests(in: folder)
            let run = try InProcessRunner.run(Self.initTests, in: repo.url)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("AppTests's folder '\(folder)' lies outside the repository, so the rehearsal tests were written to Tests/BackgroundProcessingTests"), "\(run.stderr)")
            #expect(try repo.files()["Tests/BackgroundProcessingTests/\(RehearsalTarget.fileName)"] != nil)
            #expect(!run.stdout.contains(folder), "the folder is never shown as written: \(run.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/bggen-tests-elsewhere"))
    }

    @Test func aTestsFolderThatIsAFileIsSaidToBeAFile() throws {
        let repo = try Self.appWithTests(in: "AppTests")
        try repo.write("a file\n", to: "AppTests")
        let run = try InProcessRunner.run(Self.initTests, in: repo.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("'AppTests' is a file where bggen makes a folder for 'AppTests/\(RehearsalTarget.fileName)'; nothing was written"), "\(run.stderr)")
        #expect(!run.stderr.contains("symbolic link"), "\(run.stderr)")
    }

    @Test func aLinkedTestsFolderIsNotAdvisedAwayWithOutput() {
        let error = PlanError.outsideRepository(path: "AppTests/\(RehearsalTarget.fileName)", leadsTo: "/elsewhere")
        #expect(error.description.contains("run with --no-tests"), "\(error.description)")
        #expect(!error.description.contains("--output"), "\(error.description)")
    }

    @Test func aBundleIdentifierCutAtTheBoundSaysItWasCut() throws {
        let repo = try Self.appWithTests(in: "AppTests")
        // Each setting refers to the previous one ten times: the fifth is far past 4,096 characters.
        let settings = (1...5).map { "S\($0): \"\(String(repeating: "$(S\($0 - 1))", count: 10))\"" }.joined(separator: "\n        ")
        try repo.write(try String(contentsOf: repo.url.appending(path: "project.yml"), encoding: .utf8)
            .replacingOccurrences(of: "PRODUCT_BUNDLE_IDENTIFIER: com.example.app", with: "S0: abcdefghij\n        \(settings)\n        PRODUCT_BUNDLE_IDENTIFIER: com.example.$(S5)"),
            to: "project.yml")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "."], in: repo.url)
        #expect(run.status != 0)
        #expect(run.stderr.contains("which bggen did not build: S"), "\(run.stderr)")
        #expect(run.stderr.contains(ExpansionBound.cutNote), "\(run.stderr)")
        #expect(!run.stderr.contains("not a valid reverse-DNS name"), "\(run.stderr)")
    }

    @Test func aTargetNamedLikeAnOptionIsReadAsATargetAfterTheEqualsSign() throws {
        let repo = try Self.appWithTests(in: "AppTests")
        let run = try InProcessRunner.run(["doctor", "--format", "xcode", "--target=-h", "."], in: repo.url)
        #expect(!run.stdout.contains("USAGE") && !run.stdout.contains("OVERVIEW"), "help was printed: \(run.stdout)")
        #expect(run.stderr.contains("-h"), "the unknown target is named: \(run.stderr)")
        // The Xcode build-tool plugin passes the name that way, as one argument.
        let plugin = try String(contentsOf: RepositoryPaths.root.appending(path: "Sources/BggenBuildToolPlugin/plugin.swift"), encoding: .utf8)
        #expect(plugin.contains(#"["--target=\(target.displayName)"]"#))
        #expect(!plugin.contains(#""--target", "#))
    }

    @Test func temporariesAKilledRunLeftBesideItsFilesAreRemoved() throws {
        let repo = try Self.appWithTests(in: "AppTests")
        #expect(try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "."], in: repo.url).status == 0)
        let generated = try #require(try repo.files().keys.first { $0.hasSuffix("BackgroundTasks.swift") || $0.hasSuffix("BackgroundTaskManager.swift") })
        let folder = PathText.parent(of: generated), name = PathText.name(of: generated)
        // What SIGKILL between the write and the rename leaves, and names bggen never gives.
        try repo.write("half", to: "\(folder)/.\(name).bggen-3735928559")
        try repo.write("half", to: ".\(AnswersFile.name).bggen-1")
        try repo.write("keep", to: "\(folder)/.\(name).bggen-backup")
        try repo.write("keep", to: "\(folder)/.Unrelated.swift.bggen-12")
        #expect(try InProcessRunner.run(["init", "--yes", "--tasks", "refresh,processing", "."], in: repo.url).status == 0)
        let files = try repo.files()
        #expect(files["\(folder)/.\(name).bggen-3735928559"] == nil)
        #expect(files[".\(AnswersFile.name).bggen-1"] == nil)
        #expect(files["\(folder)/.\(name).bggen-backup"] == "keep")
        #expect(files["\(folder)/.Unrelated.swift.bggen-12"] == "keep")
    }

    @Test func writeTemporariesAreKnownByTheirExactName() {
        #expect(WriteTemporary.isTemporary(WriteTemporary.name(for: "Info.plist"), of: "Info.plist"))
        for other in [".Info.plist.bggen-", ".Info.plist.bggen-4294967296", ".Info.plist.bggen-12a", "Info.plist.bggen-1", ".Info.plist.bggen-+1"] {
            #expect(!WriteTemporary.isTemporary(other, of: "Info.plist"), "\(other)")
        }
    }

    // MARK: - bggen mcp

    @Test func numericIdsAreEchoedAsWritten() throws {
        let folder = try TemporaryDirectory()
        let ids = ["9007199254740993", "12345678901234567891", "2.50", "-0", "1e3"]
        let (_, _, raw) = MCPSessionTests.session([MCPSessionTests.initialize] + ids.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }, in: folder.url)
        for id in ids {
            #expect(raw.contains("{\"id\":\(id),\"jsonrpc\":\"2.0\",\"result\":{}}"), "\(id): \(raw)")
        }
    }

    @Test func aKeyWrittenTwiceIsRefusedAndNothingIsWritten() throws {
        let folder = try Fixtures.copy("XcodeGen")
        let before = try folder.files()
        let (_, replies, _) = MCPSessionTests.session([
            MCPSessionTests.initialize, MCPSessionTests.initialized,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bggen_fix","arguments":{"dryRun":true,"dryRun":false}}}"#,
        ], in: folder.url)
        let reply = try #require(replies.last)
        #expect(reply[key: "error"]?[key: "code"] == .number(-32700))
        #expect(reply[key: "error"]?[key: "message"]?.string?.contains("'dryRun' appears twice") == true, "\(reply)")
        #expect(try folder.files() == before)
    }

    @Test func anUnknownArgumentListsEachArgumentOnce() throws {
        let folder = try TemporaryDirectory()
        let (_, replies, _) = MCPSessionTests.session([MCPSessionTests.initialize, MCPSessionTests.initialized,
                                                       MCPSessionTests.call(2, "bggen_doctor", #"{"nope":1}"#)], in: folder.url)
        let text = try #require(replies.last?[key: "result"]?[key: "content"]?.array?.first?[key: "text"]?.string)
        #expect(text.contains("has no argument 'nope'"), "\(text)")
        #expect(text.components(separatedBy: "useGenerators").count == 2, "\(text)")
    }
}
