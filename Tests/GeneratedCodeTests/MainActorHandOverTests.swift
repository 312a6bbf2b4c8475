import BggenTestSupport
import Foundation
import Testing

/// The way the user files tell an app to give its work and handlers their dependencies compiles as printed, with
/// dependencies that are main-actor isolated (as every type of an Xcode 26 project is by default): the factories
/// in the user files run on the main actor, where the app's launch code first uses `shared`.
///
/// Each user file's documented example (`AppRefreshWork(store: AppDatabase.shared, client: APIClient.live)`, …)
/// replaces the factory's body, the type gets the properties the example names, and the app delegate of the next
/// steps is compiled unchanged with it. The protected-data advice of `ProcessingWork.swift` is written where it
/// says, at the start of the work, with the import it names.
@Suite("Main-actor dependencies compile as the user files document them", .tags(.slow), .highPriority, .needsStubSDK)
struct MainActorHandOverTests {
    /// The app's own objects, explicitly main-actor isolated so that every set-up sees them as Xcode 26 does.
    static let dependencies = """
        import Foundation

        @MainActor final class AppDatabase {
            static let shared = AppDatabase()
            private(set) var saved: [String] = []

            func save(_ items: [String]) {
                saved += items
            }
        }

        @MainActor final class APIClient {
            static let live = APIClient()

            func latestItems() async throws -> [String] {
                ["item"]
            }
        }

        @MainActor final class SyncClient {
            static let shared = SyncClient()
        }

        """

    /// The user types whose factories print an example, and the file each lives in.
    static let documented: [(type: String, file: String)] = [
        ("AppRefreshWork", "AppRefreshWork.swift"),
        ("ProcessingWork", "ProcessingWork.swift"),
        ("AppDownloadHandler", "DownloadHandling.swift"),
        ("AppUploadHandler", "UploadHandling.swift"),
        ("AppSilentPushWork", "SilentPushWork.swift"),
    ]

    @Test(arguments: CompilerSetup.allCases)
    func everyTaskWithMainActorDependencies(_ setup: CompilerSetup) async throws {
        try await expectClean("all-tasks", setup)
    }

    @Test(arguments: ["uploads", "swiftui-ios17-all-tasks", "objc-delegate-all-tasks", "ios27-all-tasks"])
    func otherStylesWithMainActorDependencies(_ scenario: String) async throws {
        try await expectClean(scenario, .xcode26Defaults)
    }

    /// What this catches: factories that are not main-actor isolated, as they were before, make the documented
    /// example an error ("main actor-isolated static property 'shared' can not be referenced from a nonisolated
    /// context").
    @Test func nonisolatedFactoriesRefuseTheDocumentedExample() async throws {
        var files = try Self.handedOver(Self.renderedSwift("all-tasks"))
        for (name, text) in files where text.contains("    @MainActor\n    static func make") {
            files[name] = text.replacingOccurrences(of: "    @MainActor\n    static func make", with: "    static func make")
        }
        let result = try await Self.compile(files, scenario: "all-tasks", setup: .swift6)
        #expect(result.exitCode != 0 && result.output.contains("main actor-isolated"), "\(result.output)")
    }

    /// What this catches: the advice as it was printed before ("stop early while
    /// `UIApplication.shared.isProtectedDataAvailable` is false") reaches the main actor's `shared` from the
    /// nonisolated work, an error under Swift 6.
    @Test func theOldProtectedDataAdviceIsRefused() async throws {
        var files = try Self.handedOver(Self.renderedSwift("all-tasks"))
        let processing = try #require(files["ProcessingWork.swift"])
        let advice = try #require(try Self.protectedDataAdvice(in: processing))
        files["ProcessingWork.swift"] = files["ProcessingWork.swift"]?.replacingOccurrences(
            of: advice, with: "if !UIApplication.shared.isProtectedDataAvailable { throw CocoaError(.fileReadNoPermission) }"
        )
        let result = try await Self.compile(files, scenario: "all-tasks", setup: .swift6)
        #expect(result.exitCode != 0 && result.output.contains("'shared'"), "\(result.output)")
    }

    private func expectClean(_ scenario: String, _ setup: CompilerSetup) async throws {
        let files = try Self.handedOver(Self.renderedSwift(scenario))
        let result = try await Self.compile(files, scenario: scenario, setup: setup)
        #expect(result.isClean, "\(scenario) in \(setup):\n\(result.output)")
    }

    /// The rendered Swift files, plus the app-delegate code of the next steps exactly as printed.
    static func renderedSwift(_ name: String) throws -> [String: String] {
        let scenario = Scenarios.named(name)
        var files: [String: String] = [:]
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            files[(file.path as NSString).lastPathComponent] = file.contents
        }
        let example = try scenario.appDelegateExample()
        if !example.isEmpty {
            files["AppDelegate.swift"] = example
        }
        if example.contains("ContentView()") {
            files["ContentView.swift"] = "import SwiftUI\n\nstruct ContentView: View {\n    var body: some View {\n        Text(\"Hello\")\n    }\n}\n"
        }
        return files
    }

    /// Applies each user file's documented example to its factory, as a user following it would.
    static func handedOver(_ rendered: [String: String]) throws -> [String: String] {
        var files = rendered
        var applied = 0
        for (type, name) in documented {
            guard let text = files[name] else { continue }
            let example = try #require(try Self.example(of: type, in: text), "\(name) documents no example for \(type)")
            // The properties the example hands over, each typed by the dependency it names.
            let properties = example.matches(of: #/(\w+): (\w+)\.\w+/#).map { "    let \($0.1): \($0.2)\n" }.joined()
            #expect(!properties.isEmpty, "\(example) hands over nothing")
            let declaration = try #require(
                text.firstMatch(of: try Regex("nonisolated struct \(type): \\w+ \\{\n")), "\(name) declares no struct \(type)"
            )
            var edited = text.replacingCharacters(in: declaration.range, with: String(text[declaration.range]) + properties)
            // The factory's body as rendered: `Type()`, or `Type(processing: .shared)` for the push work.
            let body = try Regex("        \(type)\\([^\n]*\\)\n    }\n}\n")
            #expect(edited.matches(of: body).count == 1, "\(name) has no factory that returns \(type)(…)")
            edited = edited.replacing(body, with: "        \(example)\n    }\n}\n")
            files[name] = edited
            applied += 1
        }
        #expect(applied > 0)
        files["AppDependencies.swift"] = dependencies
        if let text = files["ProcessingWork.swift"] {
            files["ProcessingWork.swift"] = try Self.followingProtectedDataAdvice(text)
        }
        return files
    }

    /// `ProcessingWork.swift` with its protected-data advice written at the start of the work, and `import UIKit`.
    static func followingProtectedDataAdvice(_ text: String) throws -> String {
        let advice = try #require(try protectedDataAdvice(in: text), "ProcessingWork.swift gives no protected-data advice in code")
        #expect(text.contains("with `import UIKit`"), "the advice no longer names its import")
        let start = try #require(
            ["    func run() async throws {\n", "    func process(_ item: String) async throws -> String {\n"].first { text.contains($0) },
            "ProcessingWork.swift has no work to start"
        )
        return text
            .replacingOccurrences(of: "import Foundation\n", with: "import Foundation\nimport UIKit\n")
            .replacingOccurrences(of: start, with: start + "        \(advice)\n")
    }

    /// The file's doc comments, each run of them joined into one line.
    static func docProse(_ text: String) -> String {
        text.split(separator: "\n").map { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("///")
                ? String(line.trimmingCharacters(in: .whitespaces).dropFirst(3))
                : "\n"
        }.joined()
    }

    /// The code in backticks that reads `isProtectedDataAvailable`, in the file's doc comments.
    static func protectedDataAdvice(in text: String) throws -> String? {
        let prose = docProse(text)
        return prose.firstMatch(of: #/`([^`]*isProtectedDataAvailable[^`]*)`/#).map { String($0.output.1) }
    }

    /// The example in backticks after "for example" in the doc comment of the file, joined across comment lines.
    static func example(of type: String, in text: String) throws -> String? {
        let prose = docProse(text)
        guard let match = prose.firstMatch(of: try Regex("for\\s+example\\s+`(\(type)\\([^`]*\\))`")) else { return nil }
        return match.output[1].substring.map(String.init)
    }

    static func compile(_ files: [String: String], scenario: String, setup: CompilerSetup) async throws -> CompileResult {
        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.url.appendingPathComponent(name)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let sdk = try await StubSDK.shared(StubSDK.Version(for: try Scenarios.named(scenario).configuration.deploymentTarget))
        return try await sdk.compile(swiftFiles: sources, setup: setup, extraFlags: ["-DDEBUG"])
    }
}
