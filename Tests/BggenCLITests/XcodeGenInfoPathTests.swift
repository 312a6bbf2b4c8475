@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// Issue 40 item 7: XcodeGen writes `info: path:` from the spec at every generation, `properties:` or not, so init
/// prints the keys for `info: properties:` instead of editing a file the next `xcodegen generate` rewrites, and
/// doctor reads `info.properties` when that Info.plist is generated and absent.
@Suite("XcodeGen info: path: without properties:")
struct XcodeGenInfoPathTests {
    @Test func initLeavesTheGeneratedInfoPlistAndPrintsTheSpecLines() throws {
        let repo = try Fixtures.copy("XcodeGenInfoPath")
        let plist = repo.url.appendingPathComponent("Pantry/Info.plist")
        let before = try Data(contentsOf: plist)
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: plist) == before)
        // The sentence is filled to the width; the YAML under it is printed whole, as it is pasted.
        #expect(FilledLines.flat(run.stdout).contains("- project.yml generates Pantry's Info.plist; add under targets: Pantry: info: properties: "), "\(run.stdout)")
        #expect(run.stdout.contains("""
            properties:
                  BGTaskSchedulerPermittedIdentifiers:
                    - org.example.pantry.refresh
                  UIBackgroundModes:
                    - fetch
              then run xcodegen generate.
            """), "\(run.stdout)")
    }

    @Test func doctorReadsInfoPropertiesWhenTheInfoPlistIsAbsent() throws {
        let repo = try Fixtures.copy("XcodeGenInfoPath")
        try FileManager.default.removeItem(at: repo.url.appendingPathComponent("Pantry/Info.plist"))
        let spec = repo.url.appendingPathComponent("project.yml")
        try String(contentsOf: spec, encoding: .utf8)
            .replacingOccurrences(of: "      path: Pantry/Info.plist\n", with: "      path: Pantry/Info.plist\n      properties:\n        UIBackgroundModes: [fetch]\n")
            .write(to: spec, atomically: true, encoding: .utf8)
        let run = try InProcessRunner.run(["doctor", "."], in: repo.url)
        let output = run.stdout + run.stderr
        #expect(output.contains("15:9  warning [MODE003] project.yml declares the 'fetch' background mode, but no code Pantry compiles uses BGAppRefreshTask."), "\(output)")
        #expect(!output.contains("does not exist"), "\(output)")
    }
}
