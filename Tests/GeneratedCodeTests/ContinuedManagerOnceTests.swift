import BggenTestSupport
import Foundation
import Testing

/// Only `ContinuedProcessingManager.shared` exists, so the sweep of abandoned partial output runs once per
/// process, before any job: a second manager, created while a job runs, would delete that job's unfinished output.
@Suite("One continued-processing manager per process", .tags(.slow), .highPriority, .needsStubSDK)
struct ContinuedManagerOnceTests {
    static let secondManager = "func makeAnotherManager() {\n    if #available(iOS 26.0, *) { _ = ContinuedProcessingManager() }\n}\n"
    static let managerFile = "ContinuedProcessingManager.swift"

    @Test func aSecondManagerDoesNotCompile() async throws {
        let rendered = try Self.renderedSwift()
        let refused = try await Self.compile(rendered, adding: Self.secondManager)
        #expect(refused.exitCode != 0 && refused.output.contains("inaccessible due to 'private' protection level"), "\(refused.output)")
        // What this catches: a template whose initializer is internal again.
        var mutant = rendered
        let text = try #require(mutant[Self.managerFile])
        #expect(text.components(separatedBy: "    private init() {").count == 2)
        mutant[Self.managerFile] = text.replacingOccurrences(of: "    private init() {", with: "    init() {")
        let accepted = try await Self.compile(mutant, adding: Self.secondManager)
        #expect(accepted.exitCode == 0, "the mutant should compile, so only the private initializer refuses a second manager:\n\(accepted.output)")
    }

    static func renderedSwift() throws -> [String: String] {
        var files: [String: String] = [:]
        for file in try Scenarios.named("continued-processing").renderedFiles() where file.path.hasSuffix(".swift") {
            files[(file.path as NSString).lastPathComponent] = file.contents
        }
        return files
    }

    static func compile(_ files: [String: String], adding extra: String) async throws -> CompileResult {
        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for (name, contents) in files.merging(["SecondManager.swift": extra], uniquingKeysWith: { $1 }) {
            let url = folder.url.appendingPathComponent(name)
            try contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        return try await StubSDK.shared().compile(swiftFiles: sources, setup: .swift6)
    }
}
