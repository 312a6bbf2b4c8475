@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `--use-generators` with a stand-in `xcodegen` on the PATH: a slow dump is shown on a terminal and cleared, never
/// on a pipe; `--verbose` says which dump ran, for how long, and what was read; a failed dump reads alike in `init`
/// and `doctor`.
@Suite("Generator dumps: progress, --verbose and failures")
struct DumpProgressTests {
    private static let progress = "Reading project.yml through xcodegen dump…"
    private static let cleared = "\r\u{1B}[K"

    /// The XcodeGenDump fixture, and a folder holding an `xcodegen` that runs `script` (after checking it was asked
    /// for the dump) on the PATH.
    /// The tools folder is deleted when its value goes, so each test keeps it to its end.
    private func setUp(_ script: String) throws -> (repo: TemporaryDirectory, tools: TemporaryDirectory, environment: [String: String]) {
        let repo = try Fixtures.copy("XcodeGenDump")
        let tools = try TemporaryDirectory()
        try tools.writeExecutable("#!/bin/sh\n[ \"$*\" = \"dump --type json --spec project.yml\" ] || exit 3\n\(script)\n", to: "xcodegen")
        return (repo, tools, ["PATH": tools.url.path + ":/usr/bin:/bin"])
    }

    private var dump: String { Fixtures.folder.appendingPathComponent("Dumps/xcodegen-Orbit.json").path }

    private func run(_ arguments: [String], in repo: TemporaryDirectory, environment: [String: String], terminal: Bool) -> (status: Int32, output: String, errors: String) {
        let console = FakeConsole(terminal: false, environment: environment, currentDirectory: repo.url.standardizedFileURL.path)
        console.errorIsTerminal = terminal
        let status = CLI(console: console, fileSystem: LocalFileSystem()).run(arguments)
        return (status, console.output, console.errors)
    }

    @Test func aSlowDumpIsShownOnATerminalAndClearedButNotOnAPipe() throws {
        let (repo, tools, environment) = try setUp("sleep 0.9\ncat '\(dump)'")
        defer { withExtendedLifetime(tools) {} }
        for command in [["init", "--yes", "--dry-run", "--use-generators"], ["doctor", "--use-generators"]] {
            let shown = run(command, in: repo, environment: environment, terminal: true)
            #expect(shown.status == 0, "\(command): \(shown.errors)")
            #expect(shown.errors.hasPrefix(Self.progress + Self.cleared), "\(command): \(shown.errors.debugDescription)")
            #expect(!shown.output.contains("Reading project.yml"), "progress goes to stderr only")
        }
        let piped = run(["doctor", "--use-generators"], in: repo, environment: environment, terminal: false)
        #expect(piped.status == 0)
        #expect(!piped.errors.contains("Reading project.yml") && !piped.errors.contains("\u{1B}"), "\(piped.errors.debugDescription)")
    }

    @Test func aQuickDumpShowsNothingEvenOnATerminal() throws {
        let (repo, tools, environment) = try setUp("cat '\(dump)'")
        defer { withExtendedLifetime(tools) {} }
        let quick = run(["doctor", "--use-generators"], in: repo, environment: environment, terminal: true)
        #expect(quick.status == 0, "\(quick.errors)")
        #expect(quick.errors.isEmpty, "\(quick.errors.debugDescription)")
        #expect(quick.output.contains("in Orbit"), "read through the dump: \(quick.output)")
    }

    @Test func verboseSaysWhichDumpRanHowLongAndWhatWasRead() throws {
        let (repo, tools, environment) = try setUp("cat '\(dump)'")
        defer { withExtendedLifetime(tools) {} }
        let pattern = /note: ran xcodegen dump --type json --spec project.yml \((\d+) ms\)\.\n/
        for command in [["init", "--yes", "--dry-run", "--use-generators", "--verbose"], ["doctor", "--use-generators", "--verbose"]] {
            let verbose = run(command, in: repo, environment: environment, terminal: false)
            #expect(verbose.status == 0, "\(command): \(verbose.errors)")
            #expect(verbose.errors.contains(pattern), "\(command): \(verbose.errors)")
            // The dump has merged the include.
            #expect(verbose.errors.contains("note: read project.yml.\n"), "\(command): \(verbose.errors)")
        }
        let without = run(["doctor", "--verbose"], in: repo, environment: environment, terminal: false)
        #expect(!without.errors.contains("note: ran "), "no dump without --use-generators: \(without.errors)")
        #expect(without.errors.contains("note: read project.yml, targets/app.yml.\n"), "\(without.errors)")
        let plain = run(["doctor", "--use-generators"], in: repo, environment: environment, terminal: false)
        #expect(!plain.errors.contains("note: "), "only with --verbose: \(plain.errors)")
    }

    @Test func aFailedDumpIsOneLineNamingTheFileInTheSameWordsInInitAndDoctor() throws {
        let (repo, tools, environment) = try setUp("echo 'Spec validation error: bad target' >&2\nexit 1")
        defer { withExtendedLifetime(tools) {} }
        let message = "project.yml: xcodegen dump --type json --spec project.yml exited with status 1: Spec validation error: bad target; bggen read project.yml itself instead, so targets only the generator resolves may be missing."
        let initRun = run(["init", "--yes", "--dry-run", "--use-generators"], in: repo, environment: environment, terminal: false)
        #expect(initRun.status == 0, "\(initRun.errors)")
        #expect(FilledLines.entries("warning:", in: initRun.output).contains(message), "\(initRun.output)")
        let doctor = run(["doctor", "--use-generators", "--format", "xcode"], in: repo, environment: environment, terminal: false)
        #expect(doctor.output.contains("/project.yml: note: [CHECK001] \(message)"), "\(doctor.output)")
        let text = run(["doctor", "--use-generators"], in: repo, environment: environment, terminal: false)
        #expect(text.output.contains(message), "\(text.output)")
        #expect(text.output.contains("1 note"), "not only '0 errors': \(text.output)")
    }
}
