import BggenCore
import BggenTestSupport
import Foundation

/// A scenario's Swift output, with files of the test's own beside it (the app-delegate example, a framework's
/// delegate), compiled as module `App` against what this machine has (`CompileHost`): the stub SDK on Linux,
/// Apple's iOS Simulator SDK on a Mac. One place, so every compile check of rendered output builds it alike.
enum ScenarioCompile {
    /// The scenario's rendered Swift files, by file name.
    static func renderedSwiftFiles(of scenario: Scenario) throws -> [String: String] {
        var files: [String: String] = [:]
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            files[(file.path as NSString).lastPathComponent] = file.contents
        }
        return files
    }

    /// `files` compiled into object files for the scenario's deployment target; code for iOS 27 or later is checked
    /// against the stubs built as the iOS 27 SDK, where `submit(_:)` is deprecated.
    static func compile(_ files: [String: String], for scenario: Scenario, setup: CompilerSetup, flags: [String]) async throws -> CompileResult {
        let target = try scenario.configuration.deploymentTarget
        guard CompileHost.current.runsStubs else {
            return try await IOSSimulatorCompile.compile(files, deployingTo: target, setup: setup, flags: flags)
        }
        let sdk = try await StubSDK.shared(StubSDK.Version(for: target))
        let sources = try Scratch.writeSources(files.sorted { $0.key < $1.key }.map { (fileName: $0.key, contents: $0.value) })
        return try await sdk.compile(swiftFiles: sources, setup: setup, extraFlags: flags)
    }
}
