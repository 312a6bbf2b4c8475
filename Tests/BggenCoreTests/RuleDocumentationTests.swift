import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The rule table in docs/doctor.md (where SARIF's helpUri points) is the one the rule files make, re-recorded only
/// when asked.
@Suite("Doctor rule documentation")
struct RuleDocumentationTests {
    @Test func theRuleTableInDocsIsTheGeneratedOne() throws {
        let table = try GeneratedDocBlock.current(
            in: "docs/doctor.md",
            begin: "<!-- rules: generated from Sources/BggenCore/Doctor/Rules; BGGEN_RECORD_README=1 swift test --filter RuleDocumentationTests -->\n",
            end: "<!-- rules end -->", expected: DoctorRule.ruleTable
        )
        #expect(table == DoctorRule.ruleTable, "docs/doctor.md's rule table differs; re-record it")
    }

    @Test func everyRuleHasARowWithItsAnchor() {
        let table = DoctorRule.ruleTable
        for rule in DoctorRule.all {
            #expect(table.contains("| <a id=\"\(rule.anchor)\"></a>\(rule.id) | \(rule.severity.rawValue) | "), "\(rule.id)")
        }
        #expect(table.split(separator: "\n").count == DoctorRule.all.count + 2)
    }
}
