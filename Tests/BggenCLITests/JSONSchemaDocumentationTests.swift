@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The field tables of docs/json-and-sarif.md are made from the document types (`DocumentedJSON`), and what bggen
/// writes has exactly the keys those types declare.
@Suite("JSON documents documented from their types")
struct JSONSchemaDocumentationTests {
    /// Each table: its name in the markers and the type it is made from.
    static let tables: [(name: String, table: String)] = [
        ("init", JSONReport.fieldTable),
        ("init files", JSONReport.FileJSON.fieldTable),
        ("init nextSteps", JSONReport.StepJSON.fieldTable),
        ("init project", ProjectJSON.fieldTable),
        ("doctor", DoctorJSON.fieldTable),
        ("doctor findings", DoctorJSON.Finding.fieldTable),
        ("doctor summary", DoctorJSON.Summary.fieldTable),
    ]

    /// One test for every table, so a recording run rewrites the file one block at a time.
    @Test func theTablesInTheDocsAreTheGeneratedOnes() throws {
        for (name, expected) in Self.tables {
            let table = try GeneratedDocBlock.current(
                in: "docs/json-and-sarif.md",
                begin: "<!-- json \(name): generated from Sources/BggenCLI/JSON; BGGEN_RECORD_README=1 swift test --filter JSONSchemaDocumentationTests -->\n",
                end: "<!-- json end -->", expected: expected
            )
            #expect(table == expected, "the \(name) table of docs/json-and-sarif.md differs; re-record it")
        }
    }

    /// The keys of `object` (and of each object in `key`'s array or object) are among `documented`, and every key
    /// in `required` is there.
    private func expectKeys(_ object: [String: Any], documented: [String], required: [String] = [], _ what: String) {
        #expect(Set(object.keys).isSubset(of: documented), "\(what) has undocumented keys: \(Set(object.keys).subtracting(documented).sorted())")
        #expect(Set(required).isSubset(of: object.keys), "\(what) lacks \(Set(required).subtracting(object.keys).sorted())")
    }

    @Test func initWritesTheDocumentedKeys() throws {
        let app = try Fixtures.copy("NetNewsWire")
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run", "--json", "--tasks", "refresh,processing"], in: app.url)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let keys = JSONReport.CodingKeys.allCases.map(\.stringValue)
        expectKeys(document, documented: keys, required: keys, "the init document")
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(!files.isEmpty)
        for file in files {
            expectKeys(file, documented: JSONReport.FileJSON.CodingKeys.allCases.map(\.stringValue), required: ["path", "action", "owner"], "a file")
        }
        for step in try #require(document["nextSteps"] as? [[String: Any]]) {
            let keys = JSONReport.StepJSON.CodingKeys.allCases.map(\.stringValue)
            expectKeys(step, documented: keys, required: keys, "a next step")
        }
        let project = try #require(document["project"] as? [String: Any])
        expectKeys(project, documented: ProjectJSON.CodingKeys.allCases.map(\.stringValue), required: ["kind", "projectFiles"], "project")
    }

    @Test func doctorWritesTheDocumentedKeys() throws {
        let app = try Fixtures.copy("NetNewsWire")
        let run = try InProcessRunner.run(["doctor", "--format", "json"], in: app.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        let keys = DoctorJSON.CodingKeys.allCases.map(\.stringValue)
        expectKeys(document, documented: keys, required: keys, "the doctor document")
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty, "the fixture has findings to look at")
        for finding in findings {
            expectKeys(finding, documented: DoctorJSON.Finding.CodingKeys.allCases.map(\.stringValue), required: ["rule", "severity", "file", "message"], "a finding")
        }
        let summary = try #require(document["summary"] as? [String: Any])
        let summaryKeys = DoctorJSON.Summary.CodingKeys.allCases.map(\.stringValue)
        expectKeys(summary, documented: summaryKeys, required: summaryKeys, "summary")
    }
}
