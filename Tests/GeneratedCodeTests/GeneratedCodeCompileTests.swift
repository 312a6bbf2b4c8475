import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Every scenario's Swift output, and the app-delegate code its next steps tell users to write, compiled with
/// real code generation in each compiler set-up: no error and no warning allowed.
@Suite("Generated code compiles cleanly")
struct GeneratedCodeCompileTests {
    @Test(arguments: Scenarios.all, CompilerSetup.allCases)
    func scenarioCompilesWithoutDiagnostics(_ scenario: Scenario, _ setup: CompilerSetup) throws {
        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            let url = folder.url.appendingPathComponent((file.path as NSString).lastPathComponent)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let appDelegate = folder.url.appendingPathComponent("AppDelegate.swift")
        try scenario.appDelegateExample().write(to: appDelegate, atomically: true, encoding: .utf8)
        sources.append(appDelegate)

        let result = try StubSDK.shared().compile(swiftFiles: sources, setup: setup)
        #expect(result.isClean, "\(scenario) in \(setup):\n\(result.output)")
    }
}
