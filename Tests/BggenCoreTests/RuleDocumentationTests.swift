import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The rule table in docs/doctor.md (where SARIF's helpUri points) is the one the rule files make, re-recorded only
/// when asked.
@Suite("Doctor rule documentation")
struct RuleDocumentationTests {
    @Test func theRuleTableInDocsIsTheGeneratedOne() throws {
        let readme = RepositoryPaths.root.appendingPathComponent("docs/doctor.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- rules: generated from Sources/BggenCore/Doctor/Rules; BGGEN_RECORD_README=1 swift test --filter RuleDocumentationTests -->\n"
        let end = "<!-- rules end -->"
        let start = try #require(text.range(of: begin), "docs/doctor.md has no rule table")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        if ProcessInfo.processInfo.environment["BGGEN_RECORD_README"] == "1" {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: DoctorRule.ruleTable).write(to: readme, atomically: true, encoding: .utf8)
        }
        #expect(String(text[start.upperBound..<stop.lowerBound]) == DoctorRule.ruleTable, "docs/doctor.md's rule table differs; re-record it")
    }

    @Test func everyRuleHasARowWithItsAnchor() {
        let table = DoctorRule.ruleTable
        for rule in DoctorRule.all {
            #expect(table.contains("| <a id=\"\(rule.anchor)\"></a>\(rule.id) | \(rule.severity.rawValue) | "), "\(rule.id)")
        }
        #expect(table.split(separator: "\n").count == DoctorRule.all.count + 2)
    }
}
