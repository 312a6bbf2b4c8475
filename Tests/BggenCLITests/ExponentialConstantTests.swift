@testable import BggenCore
import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// Issue 43, item 1: string constants that each interpolate the previous one ten times ask for a value of a
/// billion characters from a file under a kilobyte. Every value stops at `ExpansionBound.maximumLength` as it is
/// built, and the constant that was cut is named.
@Suite("Exponential string constants")
struct ExponentialConstantTests {
    /// The file: `a0` of ten characters, each next constant ten interpolations of the one before, and a
    /// registration of the last.
    static let source: String = {
        var lines = ["import BackgroundTasks", "enum K {", "    static let a0 = \"abcdefghij\""]
        for level in 1...9 {
            lines.append("    static let a\(level) = \"" + String(repeating: "\\(a\(level - 1))", count: 10) + "\"")
        }
        lines += ["}", "func start() { BGTaskScheduler.shared.register(forTaskWithIdentifier: K.a9, using: nil) { $0.setTaskCompleted(success: true) } }"]
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func theTableCutsTheFirstConstantPastTheBoundAndKnowsNoneAfterIt() throws {
        #expect(Self.source.utf8.count < 900)
        let started = Date()
        let table = ConstantTable(tokens: try SourceLexer.tokens(of: Self.source, language: .swift))
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(table.values["a2"]?.count == 1_000)
        #expect(table.cut.map(\.name) == ["a3"])
        #expect(table.cut.map(\.line) == [6])
        #expect((3...9).allSatisfy { table.values["a\($0)"] == nil })
    }

    @Test func aPlusChainIsCutTheSameWay() throws {
        var lines = ["enum K {", "    static let b0 = \"abcdefghij\""]
        for level in 1...9 {
            lines.append("    static let b\(level) = " + Array(repeating: "b\(level - 1)", count: 10).joined(separator: " + \"-\" + "))
        }
        let table = ConstantTable(tokens: try SourceLexer.tokens(of: (lines + ["}"]).joined(separator: "\n") + "\n", language: .swift))
        #expect(table.values["b2"]?.count == 1_099)
        #expect(table.cut.map(\.name) == ["b3"])
        #expect(table.values["b9"] == nil)
    }

    @Test func aValueIsNeverBuiltPastTheBound() throws {
        let tokens = try SourceLexer.tokens(of: "let s = \"\\(a)\\(a)\\(a)\"\n", language: .swift)
        let string = try #require(tokens.first { $0.kind == .string })
        let quarter = String(repeating: "x", count: ExpansionBound.maximumLength / 4)
        #expect(ConstantTable.resolve(string, constants: ["a": quarter]) == .value(String(repeating: quarter, count: 3)))
        #expect(ConstantTable.resolve(string, constants: ["a": quarter + quarter]) == .cut)
        #expect(ConstantTable.resolve(string, constants: [:]) == .unknown)
    }

    /// Both commands finish in seconds under a 2 GB address-space limit (before the bound: 13–23 s and 1.2 GB at
    /// 726 bytes, a crash at 872), and say which constant was cut, with its file and line.
    @Test func doctorAndInitFinishFastWithBoundedMemoryAndNameTheCut() throws {
        let repo = try TemporaryDirectory()
        try repo.write(Self.source, to: "App/Tasks.swift")
        try repo.write("name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n", to: "project.yml")
        for arguments in [["doctor"], ["init", "--yes", "--dry-run", "--bundle-id", "com.example.app"]] {
            let started = Date()
            let run = try Self.runLimited(arguments, in: repo.url)
            #expect(Date().timeIntervalSince(started) < 20, "\(arguments)")
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(FilledLines.flat(run.stdout + run.stderr).contains("App/Tasks.swift:6 defines a3, whose value bggen did not build (cut: it expands to more than 4096 characters)"),
                    "\(arguments): \(run.stdout)\(run.stderr)")
        }
    }

    /// A cut constant is said only where an identifier bggen could not resolve may come from it: not beside a
    /// literal identifier (a long script in a file read for another's sake), but in another file's identifier
    /// that names it.
    @Test func aCutConstantIsSaidOnlyWhereAnUnknownIdentifierMayComeFromIt() throws {
        let literal = Self.source.replacingOccurrences(of: "forTaskWithIdentifier: K.a9", with: "forTaskWithIdentifier: \"com.example.app.refresh\"")
        let namer = "import BackgroundTasks\nfunc later() { BGTaskScheduler.shared.register(forTaskWithIdentifier: K.a3, using: nil) { $0.setTaskCompleted(success: true) } }\n"
        for (files, said) in [(["App/Tasks.swift": literal], false), (["App/Tasks.swift": literal, "App/Later.swift": namer], true)] {
            let repo = try TemporaryDirectory()
            for (path, source) in files { try repo.write(source, to: path) }
            try repo.write("name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n", to: "project.yml")
            let run = try InProcessRunner.run(["doctor"], in: repo.url)
            #expect(FilledLines.flat(run.stdout).contains("App/Tasks.swift:6 defines a3, whose value bggen did not build") == said,
                    "\(files.keys.sorted())\n\(run.stdout)\(run.stderr)")
        }
    }

    /// The cut constant's name comes from the repository: a name of thousands of characters is shown quoted and cut
    /// like any other repository text, so the warning stays a line a reader can take in.
    @Test func aCutConstantsLongNameIsShownCut() throws {
        let long = "a3" + String(repeating: "x", count: 5_000)
        let source = Self.source.replacingOccurrences(of: "static let a3 ", with: "static let \(long) ").replacingOccurrences(of: "\\(a3)", with: "\\(\(long))")
        let table = ConstantTable(tokens: try SourceLexer.tokens(of: source, language: .swift))
        #expect(table.cut.map(\.name) == [long])
        let warning = ProjectWarning.cutConstant(file: "App/Tasks.swift", line: 6, name: long).description
        #expect(warning.hasPrefix("App/Tasks.swift:6 defines 'a3xxx"), "\(warning)")
        #expect(warning.contains("(cut: 5002 characters)"), "\(warning)")
        #expect(warning.count < 400, "\(warning.count) characters")
    }

    /// The built binary with its address space limited by the shell's `ulimit -v` (in KiB).
    private static func runLimited(_ arguments: [String], in directory: URL) throws -> BinaryRun {
        let binary = try RepositoryPaths.binary.path
        let quoted = ([binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        return try BinaryRunner.run(["-c", "ulimit -v 2097152 && exec \(quoted)"], in: directory, executable: URL(fileURLWithPath: "/bin/sh"))
    }
}
