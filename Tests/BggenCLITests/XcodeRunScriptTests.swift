import BggenTestSupport
import Foundation
import Testing

/// Issue 38.7: Xcode runs a Run Script phase with its own PATH, which has neither Homebrew's folders nor
/// `~/.local/bin` (`make install PREFIX=~/.local`) nor `~/.swiftpm/bin` (`experimental-install`). The script
/// docs/doctor.md gives, run as written with that PATH, must still find bggen there.
@Suite("The Xcode Run Script of docs/doctor.md")
struct XcodeRunScriptTests {
    /// A build phase's PATH in Xcode 26: the toolchain's and the system's folders only.
    static let xcodePath = "/Applications/Xcode.app/Contents/Developer/usr/bin:/usr/bin:/bin:/usr/sbin:/sbin"

    /// The `sh` block after "**In Xcode**" in docs/doctor.md.
    static func documentedScript() throws -> String {
        let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("docs/doctor.md"), encoding: .utf8)
        let section = try #require(text.range(of: "**In Xcode**"))
        let start = try #require(text.range(of: "```sh\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```\n", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// Runs the script in bash with Xcode's PATH, a fake HOME and the build settings it reads.
    static func runScript(home: URL) throws -> Shell.Run {
        let environment = ["PATH=\(xcodePath)", "HOME=\(home.path)", "SRCROOT=/Users/me/App", "TARGET_NAME=App"]
        return try Shell.run("/usr/bin/env", ["-i"] + environment + ["/bin/bash", "-c", try documentedScript()], input: "")
    }

    @Test(arguments: [".local/bin", ".swiftpm/bin"])
    func theScriptFindsBggenInstalledUnderHome(_ folder: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"))
        let home = try TemporaryDirectory()
        let bin = home.url.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let standIn = bin.appendingPathComponent("bggen")
        try Data("#!/bin/sh\necho \"bggen ran: $*\"\n".utf8).write(to: standIn)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
        let run = try Self.runScript(home: home.url)
        #expect(run.stdout == "bggen ran: doctor /Users/me/App --target App --format xcode\n", "\(run.stdout)\(run.stderr)")
    }

    @Test func theScriptAddsHomebrewsFoldersAndWarnsWhenBggenIsNowhere() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"))
        let script = try Self.documentedScript()
        #expect(script.contains("/opt/homebrew/bin") && script.contains("/usr/local/bin"))
        let home = try TemporaryDirectory()
        try #require(!FileManager.default.isExecutableFile(atPath: "/opt/homebrew/bin/bggen") && !FileManager.default.isExecutableFile(atPath: "/usr/local/bin/bggen"),
                     "a bggen is installed on this machine")
        let run = try Self.runScript(home: home.url)
        #expect(run.stdout == "warning: bggen is not installed; background work was not checked\n", "\(run.stdout)\(run.stderr)")
    }
}
