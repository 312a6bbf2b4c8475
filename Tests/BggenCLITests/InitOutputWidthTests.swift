import BggenTestSupport
import Foundation
import Testing

/// What `bggen init --yes demo` prints, a new user's first output, fits the terminal: at 80 columns the stand-in
/// note, the permitted identifiers, the next steps' heading and a step ran to 80–92 characters, cut wherever the
/// terminal ran out.
@Suite("init's output fits the terminal")
struct InitOutputWidthTests {
    @Test(arguments: [60, 80, 120])
    func aNewFoldersOutputIsFilledWithItsWordsUnchanged(width: Int) throws {
        let folder = try TemporaryDirectory()
        let first = try InProcessRunner.run(["init", "--yes", "demo"], in: folder.url, environment: ["COLUMNS": "\(width)"])
        #expect(first.status == 0, "\(first.stderr)")
        let again = try InProcessRunner.run(["init", "--yes", "demo"], in: folder.url, environment: ["COLUMNS": "\(width)"])
        let dryRun = try InProcessRunner.run(["init", "--yes", "--dry-run", "other"], in: folder.url, environment: ["COLUMNS": "\(width)"])
        let expected = [
            (first.stdout, "(com.example.app stands in for your app's bundle ID: pass --bundle-id with it)"),
            (first.stdout, "BGTaskSchedulerPermittedIdentifiers: com.example.app.refresh, com.example.app.processing"),
            (first.stdout, "Next steps (in full in demo/bggen/NEXT_STEPS.md, or run bggen init --next-steps demo):"),
            (first.stdout, "3. Put your own work in the files marked \"This file is yours\"; bggen never overwrites them"),
            (again.stdout, "Nothing to change: all 9 files are up to date. Next steps: demo/bggen/NEXT_STEPS.md."),
        ]
        #expect(dryRun.stdout.replacing(/\n */, with: " ").contains(/\d+ new files \(\d+ lines\); pass --verbose to see them in full\./), "\(dryRun.stdout)")
        for output in [first.stdout, again.stdout, dryRun.stdout] {
            // A path is never cut, so only a plan line (an action and one path) may be wider.
            let wide = FilledLines.tooWide(output, width: width).filter { !$0.hasPrefix("  create ") }
            #expect(wide.isEmpty, "at \(width): \(wide)")
        }
        for (output, sentence) in expected {
            #expect(output.replacing(/\n */, with: " ").contains(sentence), "at \(width):\n\(output)")
        }
        // The command stays whole on its line, so it can be copied.
        #expect(first.stdout.split(separator: "\n").contains { $0.hasSuffix("bggen init --next-steps demo):") }, "\(first.stdout)")
    }

    /// A long bundle ID makes the identifiers column wider than a narrow terminal: each role then goes under its
    /// identifier, so the only lines past the edge are identifiers alone, which are never cut (before, each line
    /// ran to 91 characters at 60 columns with the role past the edge). At 120 columns the column stays.
    @Test(arguments: [60, 120])
    func identifiersTooWideForTheTerminalHaveTheirRolesUnderThem(width: Int) throws {
        let folder = try TemporaryDirectory()
        let bundle = "com.example.averyveryverylongcompanyname.productname.app"
        let run = try InProcessRunner.run(["init", "--yes", "--bundle-id", bundle, "demo"], in: folder.url, environment: ["COLUMNS": "\(width)"])
        #expect(run.status == 0, "\(run.stderr)")
        let table = try #require(run.stdout.range(of: "Identifiers:\n").flatMap { start in
            run.stdout[start.upperBound...].range(of: "Info.plist keys:").map { String(run.stdout[start.upperBound..<$0.lowerBound]) }
        })
        let refresh = "\(bundle).refresh", processing = "\(bundle).processing"
        if width == 60 {
            #expect(table == "  \(refresh)\n      (BGAppRefreshTask)\n  \(processing)\n      (BGProcessingTask)\n", "\(table)")
        } else {
            #expect(table == "  \(refresh)     (BGAppRefreshTask)\n  \(processing)  (BGProcessingTask)\n", "\(table)")
        }
        // A line of one word (an identifier alone) is not too wide: it cannot be cut.
        let wide = FilledLines.tooWide(run.stdout, width: width).filter { !$0.hasPrefix("  create ") }
        #expect(wide.isEmpty, "at \(width): \(wide)")
    }

    /// In an XcodeGen app the changes to make by hand start with a sentence (119 characters in ElementX's), which is
    /// filled like the steps; the YAML under it is printed as it must be pasted, each line whole.
    @Test(arguments: [60, 80])
    func theChangesToMakeByHandAreFilledAndTheirYAMLKeptWhole(width: Int) throws {
        let repo = try Fixtures.copy("XcodeGen")
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run", "--tasks", "processing"], in: repo.url, environment: ["COLUMNS": "\(width)"])
        #expect(run.status == 0, "\(run.stderr)")
        let byHand = try #require(run.stdout.range(of: "To do by hand in your project:\n").map { String(run.stdout[$0.upperBound...]) })
        let sentence = "ElementX/SupportingFiles/target.yml generates ElementX's Info.plist; add under targets: ElementX: info: properties:"
        #expect(FilledLines.flat(byHand).hasPrefix("  - \(sentence) "), "at \(width):\n\(byHand)")
        let lines = byHand.split(separator: "\n")
        let yaml = lines.filter { $0.hasPrefix("      ") }
        #expect(yaml.contains { $0.hasPrefix("      BGTaskSchedulerPermittedIdentifiers: [io.element.elementx.background.refresh, io.element.elementx.processing]") },
                "at \(width):\n\(byHand)")
        #expect(lines.contains("  then run xcodegen generate."), "at \(width):\n\(byHand)")
        let wide = FilledLines.tooWide(byHand, width: width).filter { !yaml.map(String.init).contains($0) }
        #expect(wide.isEmpty, "at \(width): \(wide)")
    }

    /// The README's quick start shows the next steps as `init --yes demo` prints them at 80 columns.
    @Test func theReadmeShowsTheNextStepsAsPrinted() throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes", "demo"], in: folder.url, environment: ["COLUMNS": "80"])
        let printed = try #require(run.stdout.range(of: "Next steps (in full").map { String(run.stdout[$0.lowerBound...]) })
        let readme = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try #require(readme.range(of: "```\nNext steps (in full").flatMap { start in
            readme[start.upperBound...].range(of: "```").map { String(readme[readme.index(start.lowerBound, offsetBy: 4)..<$0.lowerBound]) }
        })
        #expect(shown == printed, "README:\n\(shown)\nprinted:\n\(printed)")
    }
}
