import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen init --yes` in each fixture repository, then the Swift it wrote compiled in every set-up: what lands
/// in a real app must build there too.
@Suite("Generated code in existing repositories compiles cleanly", .tags(.slow), .highPriority, .needsStubSDK)
struct FixtureCompileTests {
    static let runs: [(fixture: String, arguments: [String])] = [
        ("NetNewsWire", ["--tasks", "refresh,processing,silent-push"]),
        ("DuckDuckGo", ["--tasks", "silent-push,downloads"]),
        ("HomeAssistant", ["--tasks", "processing,uploads"]),
        ("GeneratedInfoPlist", ["--tasks", "refresh,silent-push"]),
        ("SynchronizedTemplate", ["--tasks", "refresh,continued-processing"]),
        ("XcodeGen", ["--tasks", "processing,silent-push"]),
        ("Tuist", ["--tasks", "refresh,downloads", "--target", "Hedvig"]),
        ("NotificationService", ["--tasks", "refresh,silent-push", "--replace"]),
        ("NestedWorkspace", []),
        ("SwiftPackage", []),
    ]

    @Test(arguments: runs.map(\.fixture), CompilerSetup.allCases)
    func fixtureOutputCompiles(_ fixture: String, _ setup: CompilerSetup) async throws {
        let arguments = Self.runs.first { $0.fixture == fixture }!.arguments
        let repo = try Fixtures.copy(fixture)
        let run = try BinaryRunner.run(["init", "--yes", "--json"] + arguments, in: repo.url)
        #expect(run.status == 0, "\(fixture): \(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        let sources = files.compactMap { $0["path"] as? String }.filter { $0.hasSuffix(".swift") }
            .map { repo.url.appendingPathComponent($0) }
        #expect(!sources.isEmpty, "\(fixture) generated no Swift")
        if CompileHost.current.runsStubs { try Self.answerTheSDKSwitchAsTheIOS26SDK(in: sources) }
        // One frontend for the module, as the scenario checks build it: the same diagnostics as a batch build for
        // about half its CPU (`platformGuardedOutputCompiles` keeps a batch build of the largest output).
        let result = try await StubSDK.shared().compile(swiftFiles: sources, setup: setup, extraFlags: ["-DDEBUG", "-wmo"])
        #expect(result.isClean, "\(fixture) in \(setup):\n\(result.output)")
    }

    /// Inside a platform guard (`SwiftPackage`) swiftc on Linux warns about the SDK switch it cannot answer: it is
    /// answered as the iOS 26 SDK does, which every scenario below 27 compiles and simulates; the iOS 27 answer is
    /// `GeneratedCodeCompileTests.platformGuardedOutputCompiles`'.
    private static func answerTheSDKSwitchAsTheIOS26SDK(in sources: [URL]) throws {
        for source in sources {
            let contents = try String(contentsOf: source, encoding: .utf8)
            let answered = IOS27SDKAnswer.answering(contents, asIOS27SDK: false)
            if answered.switches > 0 { try answered.contents.write(to: source, atomically: true, encoding: .utf8) }
        }
    }
}
