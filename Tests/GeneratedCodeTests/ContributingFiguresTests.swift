import BggenTestSupport
import Foundation
import Testing

/// CONTRIBUTING.md gives a count only where this test computes it from the code: a scenario or a mutant added
/// without updating the text fails here instead of leaving the text wrong. Durations are not given there at all,
/// since nothing checks them.
@Suite("CONTRIBUTING.md's figures")
struct ContributingFiguresTests {
    static var text: String {
        get throws { try String(contentsOf: RepositoryPaths.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8) }
    }

    /// Every "N scenarios", "N mutants" or "N (deliberately) broken templates" in the text, with the count the code has.
    static var figures: [(pattern: Regex<(Substring, Substring)>, what: String, count: Int)] {
        [
            (#/(\d[\d,]*)\s+scenarios\b/#, "scenarios (Scenarios.all)", Scenarios.all.count),
            (#/(\d[\d,]*)\s+(?:deliberately\s+)?(?:broken\s+templates|mutants)\b/#, "mutants (Mutant.all)", Mutant.all.count),
        ]
    }

    @Test func everyCountItGivesIsTheCodes() throws {
        let text = try Self.text
        for figure in Self.figures {
            for match in text.matches(of: figure.pattern) {
                let given = Int(match.output.1.replacing(",", with: ""))
                #expect(given == figure.count, "CONTRIBUTING.md says \"\(match.output.0)\"; there are \(figure.count) \(figure.what)")
            }
        }
    }

    /// The inner loop's `--skip` leaves out exactly the slow test targets and the suites tagged `.slow` in the others,
    /// so a new slow suite cannot creep into it unnoticed, nor a renamed one stay listed.
    @Test func theInnerLoopSkipsExactlyTheSlowSuites() throws {
        let text = try Self.text
        let skip = try #require(text.firstMatch(of: #/--skip "([^"]+)"/#), "no --skip in the inner loop's command").output.1
        let slowTargets: Set = ["GeneratedCodeTests", "InstallationTests"]
        var slowSuites: Set<String> = []
        for target in ["BggenCoreTests", "BggenCLITests"] {
            let folder = RepositoryPaths.root.appendingPathComponent("Tests/\(target)")
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for match in source.matches(of: #/@Suite\([^\n]*\.tags\(\.slow\)\)\s*\n\s*struct (\w+)/#) {
                    slowSuites.insert(String(match.output.1))
                }
            }
        }
        #expect(!slowSuites.isEmpty)
        #expect(Set(skip.split(separator: "|").map(String.init)) == slowTargets.union(slowSuites), "the inner loop skips \(skip)")
    }

    @Test func itGivesNoDurationForTheWholeSuite() throws {
        let text = try Self.text
        let claims = text.matches(of: #/(?i)\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+minutes\b/#).map { String($0.output) }
        #expect(claims.isEmpty, "a duration nothing measures: \(claims)")
    }
}
