@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Prints a recorded dump, as `tuist` or `xcodegen` would, and remembers how it was asked.
private final class RecordedDumper: ProjectDumping, @unchecked Sendable {
    let outputs: [String: Result<String, ProjectDumpFailure>]
    private(set) var calls: [(tool: String, arguments: [String], folder: String)] = []

    init(_ outputs: [String: Result<String, ProjectDumpFailure>]) {
        self.outputs = outputs
    }

    func run(tool: String, arguments: [String], in folder: String) -> Result<String, ProjectDumpFailure>? {
        calls.append((tool, arguments, folder))
        return outputs[tool]
    }
}

private func fixture(_ name: String) -> String {
    Fixtures.folder.appendingPathComponent(name).path
}

private func recorded(_ name: String) throws -> String {
    try String(contentsOf: Fixtures.folder.appendingPathComponent("Dumps/\(name)"), encoding: .utf8)
}

/// A shell script named `tool` in a fresh folder, for a PATH holding only it.
private func standIn(_ tool: String, script: String) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    try folder.writeExecutable("#!/bin/sh\n" + script, to: tool)
    return folder
}

@Suite("Project detection: the generators' own dumps")
struct ProjectDumpTests {
    @Test func tuistsDumpGivesTheAppTargetThatHelperFunctionsBuild() throws {
        let dumper = RecordedDumper(["tuist": .success(try recorded("tuist-Kite.json"))])
        let report = try ProjectDetector.detect(root: fixture("TuistHelpers"), fileSystem: LocalFileSystem(), dumper: dumper)
        #expect(dumper.calls.map(\.tool) == ["tuist"])
        #expect(dumper.calls.first?.arguments == ["dump", "project"])
        #expect(dumper.calls.first?.folder == fixture("TuistHelpers"))
        let app = try #require(report.appTarget(named: "Kite"))
        #expect(app.definedIn == "Project.swift")
        #expect(app.bundleIdentifier?.resolved == "org.kiteapp.Kite")
        #expect(!app.isMultiplatform, "iPad apps on the Mac and on Vision Pro are the iOS app")
        #expect(app.infoPlist == InfoPlist(path: nil, isGenerated: true, exists: false, regeneratedFrom: "Project.swift"))
        #expect(app.sourceFolder == "Targets/Kite/Sources")
        #expect(app.outputFolder == "Targets/Kite/Sources/BackgroundProcessing")
        #expect(report.otherTargets.map(\.name) == ["KiteKit"])
        #expect(!report.warnings.contains { if case .unreadableSpec = $0 { true } else { false } }, "\(report.warnings)")
    }

    @Test func xcodeGensDumpIsReadWhenXcodeGenIsThere() throws {
        let dumper = RecordedDumper(["xcodegen": .success(try recorded("xcodegen-Orbit.json"))])
        let report = try ProjectDetector.detect(root: fixture("XcodeGenDump"), fileSystem: LocalFileSystem(), dumper: dumper)
        #expect(dumper.calls.first?.arguments == ["dump", "--type", "json", "--spec", "project.yml"])
        #expect(dumper.calls.first?.folder == fixture("XcodeGenDump"))
        let app = try #require(report.appTarget(named: "Orbit"))
        #expect(app.bundleIdentifier?.resolved == "io.orbit.app")
        #expect(app.deploymentTarget == "16.0")
        #expect(app.swiftVersion == "6.0")
        #expect(app.infoPlist.path == "Orbit/Info.plist")
        #expect(app.sourceFolder == "Orbit")
    }

    @Test func withoutTheToolTheManifestIsReadAndTheReportSaysWhatWouldHaveReadIt() throws {
        let empty = try TemporaryDirectory()
        let dumper = ProcessProjectDumper(environment: ["PATH": empty.url.path])
        let report = try ProjectDetector.detect(root: fixture("TuistHelpers"), fileSystem: LocalFileSystem(), dumper: dumper)
        #expect(report.appTargets.isEmpty)
        #expect(report.warnings.contains(.generatorNotFound(tool: "tuist", command: "tuist dump project")))
        #expect(report.warnings.contains { if case .unreadableSpec(file: "Project.swift", _) = $0 { true } else { false } })
    }

    @Test func withoutXcodeGenTheContinuedPlainValueIsReadAsXcodeGenReadsIt() throws {
        let empty = try TemporaryDirectory()
        let report = try ProjectDetector.detect(root: fixture("XcodeGenDump"), fileSystem: LocalFileSystem(),
                                                dumper: ProcessProjectDumper(environment: ["PATH": empty.url.path]))
        #expect(report.appTargets.map(\.name) == ["Orbit"])
        #expect(report.appTargets.first?.bundleIdentifier?.resolved == "io.orbit.app")
    }

    @Test func withoutXcodeGenALineItsReaderCannotReadNamesTheTool() throws {
        let empty = try TemporaryDirectory()
        try empty.write("name: Orbit\n? complex\n: key\n", to: "project.yml")
        #expect(throws: ProjectError.malformed(
            path: "project.yml", line: 2,
            reason: "a complex key (?), which bggen does not read; with xcodegen on the PATH bggen reads the spec through xcodegen dump --type json")) {
            try ProjectDetector.detect(root: empty.path, fileSystem: LocalFileSystem(), dumper: ProcessProjectDumper(environment: ["PATH": empty.url.path]))
        }
    }

    @Test func aFailedDumpIsSaidAndTheSpecIsReadInstead() throws {
        let dumper = RecordedDumper(["xcodegen": .failure(ProjectDumpFailure(reason: "exited with status 1: Spec validation error"))])
        let report = try ProjectDetector.detect(root: fixture("XcodeGen"), fileSystem: LocalFileSystem(), dumper: dumper)
        #expect(report.warnings.contains(.dumpFailed(file: "project.yml", reason: "exited with status 1: Spec validation error")))
        #expect(report.appTarget(named: "ElementX") != nil, "the spec reader still reads the app")
        let garbled = RecordedDumper(["xcodegen": .success("⚠️ Unable to load spec")])
        let fallback = try ProjectDetector.detect(root: fixture("XcodeGen"), fileSystem: LocalFileSystem(), dumper: garbled)
        #expect(fallback.warnings.contains(.dumpFailed(file: "project.yml", reason: "xcodegen dump --type json --spec project.yml printed no JSON")))
    }

    @Test func theProcessDumperRunsTheToolOnThePATHInTheProjectFolderAndStopsAHungOne() throws {
        let project = try TemporaryDirectory()
        let tools = try standIn("tuist", script: "[ \"$1 $2\" = \"dump project\" ] || exit 3\necho \"{\\\"folder\\\": \\\"$(pwd)\\\"}\"\n")
        let dumper = ProcessProjectDumper(environment: ["PATH": tools.url.path], timeout: 10)
        let output = try #require(dumper.run(tool: "tuist", arguments: ["dump", "project"], in: project.url.path)).get()
        let folder = try DumpJSON.node(from: output)["folder"]?.string
        #expect(folder.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == project.url.resolvingSymlinksInPath().path)
        #expect(dumper.run(tool: "xcodegen", arguments: [], in: project.url.path) == nil, "not on the PATH")
        #expect(throws: ProjectDumpFailure.self) { try dumper.run(tool: "tuist", arguments: ["graph"], in: project.url.path)?.get() }

        let hung = try standIn("xcodegen", script: "exec \(["/usr/bin/sleep", "/bin/sleep"].first { FileManager.default.fileExists(atPath: $0) } ?? "sleep") 30\n")
        let impatient = ProcessProjectDumper(environment: ["PATH": hung.url.path], timeout: 0.5)
        let started = Date()
        let result = try #require(impatient.run(tool: "xcodegen", arguments: ["dump"], in: project.url.path))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(throws: ProjectDumpFailure(reason: "xcodegen dump did not finish within 0.5 seconds, so bggen stopped it")) { try result.get() }
    }
}
