import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen init` with a stand-in `tuist` on the PATH that prints a recorded `tuist dump project`.
@Suite("Generator dumps")
struct GeneratorDumpTests {
    @Test func aTuistProjectBuiltByHelperFunctionsIsReadFromTuistsDump() throws {
        let repo = try Fixtures.copy("TuistHelpers")
        let tools = try TemporaryDirectory()
        let dump = Fixtures.folder.appendingPathComponent("Dumps/tuist-Kite.json").path
        try tools.writeExecutable("#!/bin/sh\n[ \"$1 $2\" = \"dump project\" ] || exit 2\ncat '\(dump)'\n", to: "tuist")
        let path = tools.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try BinaryRunner.run(["init", "--yes", "--use-generators", "--tasks", "refresh"], in: repo.url, environment: ["PATH": path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: Kite"), "\(run.stdout)")
        let files = try repo.files()
        #expect(files["Targets/Kite/Sources/BackgroundProcessing/AppRefreshWork.swift"] != nil)

        let without = try Fixtures.copy("TuistHelpers")
        let stopped = try BinaryRunner.run(["init", "--yes", "--use-generators", "--tasks", "refresh"], in: without.url, environment: ["PATH": "/usr/bin:/bin"])
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("tuist is not on the PATH, so bggen read the spec itself"), "\(stopped.stderr)")
    }
}

/// The summary names the spec a person edits, not the first target file it includes.
@Suite("The project an XcodeGen summary names")
struct XcodeGenSummaryTests {
    @Test func theSummaryNamesTheSpecNotAnIncludedTargetFile() throws {
        let repo = try Fixtures.copy("XcodeGenDump")
        let target = try #require(try repo.files()["targets/app.yml"])
        // Without xcodegen on the PATH, bggen's own reader must read the spec: keep the flags on one line.
        // An included file that sorts before project.yml, as element-x-ios's AccessibilityTests/…/target.yml does.
        try repo.write(target.replacingOccurrences(of: "=200\n    -Xfrontend", with: "=200 -Xfrontend"), to: "Config/app.yml")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("targets"))
        let spec = try #require(try repo.files()["project.yml"])
        try repo.write(spec.replacingOccurrences(of: "- targets/app.yml", with: "- Config/app.yml"), to: "project.yml")
        let run = try BinaryRunner.run(["init", "--yes", "--dry-run"], in: repo.url, environment: ["PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Project: project.yml (XcodeGen project)"), "\(run.stdout)")
    }
}
