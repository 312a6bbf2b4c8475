@testable import BggenCLI
import BggenTestSupport
import Foundation
import Testing

/// What `bggen init` says it read of an existing app fits the terminal: NetNewsWire's "App target:" line was about
/// 200 characters and its existing refresh code 170, each broken wherever the terminal ran out.
@Suite("The project summary fits the terminal")
struct ProjectSummaryTests {
    @Test(arguments: [80, 120])
    func netNewsWiresSummaryIsFilledToTheWidth(width: Int) throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run", "--tasks", "processing"], in: repo.url, environment: ["COLUMNS": "\(width)"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(run.stdout.components(separatedBy: "\n\n").first).split(separator: "\n").map(String.init)
        let bundleExpression = "($(ORGANIZATION_IDENTIFIER).NetNewsWire.iOS$(BUNDLE_ID_SUFFIX))"
        let wide = summary.filter { $0.count > width }
        #expect(wide.isEmpty, "\(wide)")
        #expect(Self.entry("App target:", in: summary) == "NetNewsWire-iOS · iOS 17.0 · Swift 6.0 · default isolation: nonisolated · app delegate")
        #expect(Self.entry("Bundle ID:", in: summary) == "com.ranchero.NetNewsWire.iOS \(bundleExpression)")
        #expect(Self.entry("refresh:", in: summary)?.hasSuffix("app refresh task (iOS/AppDelegate.swift:33), and 2 more") == true, "\(summary)")
        let target = summary.filter { $0.hasPrefix("  App target: ") || $0.hasPrefix(String(repeating: " ", count: 14)) && !$0.hasPrefix(String(repeating: " ", count: 15)) }
        #expect(target.count == (width >= 100 ? 1 : 2), "one line where it fits, else under the first fact: \(summary)")
    }

    /// Items are never cut: one wider than the line stands alone past the width, and a narrow terminal gets one a line.
    @Test func anItemWiderThanTheLineStandsAloneUncut() {
        let long = String(repeating: "x", count: 50)
        #expect(ProjectSummary.filled("  List: ", ["a", long, "b"], parted: ",", width: 30) == ["  List: a,", "        \(long),", "        b"])
        #expect(ProjectSummary.filled("  T: ", ["one", "two", "three"], parted: " ·", width: 80) == ["  T: one · two · three"])
        #expect(ProjectSummary.filled("  T: ", ["one", "two", "three"], parted: " ·", width: 12) == ["  T: one ·", "     two ·", "     three"])
    }

    /// The text after `label` on its line and the lines under it, as one line.
    private static func entry(_ label: String, in lines: [String]) -> String? {
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label + " ") }) else { return nil }
        let column = lines[start].range(of: label)!.upperBound.utf16Offset(in: lines[start]) + 1
        let under = lines[(start + 1)...].prefix { $0.prefix(column).allSatisfy { $0 == " " } && $0.count > column && $0.dropFirst(column).first != " " }
        return ([String(lines[start].dropFirst(column))] + under.map { String($0.dropFirst(column)) }).joined(separator: " ")
    }
}
