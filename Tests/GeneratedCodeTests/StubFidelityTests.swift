import Foundation
import Testing

/// Proves the stub SDK is as strict as Apple's: correct background code compiles without a single diagnostic, and
/// each known mistake is diagnosed, in every compiler set-up. Without both halves, "generated code compiles
/// cleanly against the stubs" would not mean it compiles cleanly in Xcode.
@Suite("Stub SDK fidelity")
struct StubFidelityTests {
    @Test("Correct background code compiles without diagnostics", arguments: CompilerSetup.allCases)
    func correctCodeIsClean(setup: CompilerSetup) throws {
        let files = try Scratch.writeSources(FidelitySnippets.correctApp)
        let result = try StubSDK.shared().compile(swiftFiles: files, setup: setup)
        #expect(result.isClean, "expected no diagnostics under \(setup.rawValue), got:\n\(result.output)")
    }

    @Test("Known-bad code is diagnosed", arguments: BadSnippet.all, CompilerSetup.allCases)
    func badCodeIsDiagnosed(snippet: BadSnippet, setup: CompilerSetup) throws {
        let files = try Scratch.writeSources([("Snippet.swift", snippet.source)])
        let result = try StubSDK.shared().compile(swiftFiles: files, setup: setup)
        #expect(
            result.diagnostics.contains { $0.contains(snippet.expected) },
            "expected a diagnostic containing \"\(snippet.expected)\" under \(setup.rawValue), got:\n\(result.output)"
        )
    }
}
