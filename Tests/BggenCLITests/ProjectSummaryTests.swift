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
        #expect(FilledLines.entry("App target:", in: summary.joined(separator: "\n")) == "NetNewsWire-iOS · iOS 17.0 · Swift 6.0 · default isolation: nonisolated · app delegate")
        #expect(FilledLines.entry("Bundle ID:", in: summary.joined(separator: "\n")) == "com.ranchero.NetNewsWire.iOS \(bundleExpression)")
        #expect(FilledLines.entry("refresh:", in: summary.joined(separator: "\n"))?.hasSuffix("app refresh task (iOS/AppDelegate.swift:33), and 2 more") == true, "\(summary)")
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

    /// The Entitlements line with its configurations and why its path is unsure, a warning's sentence and the line
    /// on other targets' code ran past the terminal (113, about 200 and 75 characters); each is filled now, its
    /// words unchanged.
    @Test(arguments: [60, 80, 120])
    func entitlementsWarningsAndOtherTargetsAreFilled(width: Int) throws {
        let cases: [(fixture: String, tasks: String, label: String, text: String)] = [
            ("EntitlementsFromMissingConfig", "silent-push", "Entitlements:", "CRIPiOSApp.entitlements (Debug, Release) · built from CRIPiOSApp$(ENTITLEMENTS_FLAVOR).entitlements; $(ENTITLEMENTS_FLAVOR) is defined nowhere in the repository"),
            ("PodsNotInstalled", "processing", "warning:", "the CocoaPods xcconfigs are not there (3 configurations are based on Pods/Target Support Files/…, which pod install writes), so settings from them are unknown to bggen; run pod install first if they set the bundle identifier or deployment target."),
            ("FrameworkCode", "refresh", "Background code in other targets", "(KiteMac): 1 place, not counted for Kite"),
            ("NestedTuist", "refresh", "Info.plist:", "generated from App/Modules/Beacon/Project.swift"),
        ]
        for (fixture, tasks, label, text) in cases {
            let repo = try Fixtures.copy(fixture)
            let run = try InProcessRunner.run(["init", "--yes", "--dry-run", "--tasks", tasks], in: repo.url, environment: ["COLUMNS": "\(width)"])
            #expect(run.status == 0, "\(fixture): \(run.stderr)")
            let summary = try #require(run.stdout.components(separatedBy: "\n\n").first)
            #expect(FilledLines.tooWide(summary, width: width).isEmpty, "\(fixture) at \(width):\n\(summary)")
            #expect(FilledLines.entries(label, in: summary).contains(text), "\(fixture) at \(width):\n\(summary)")
        }
    }

    /// An identifier too long to follow its label goes under it, and "Nothing to add" is filled too (DuckDuckGo's
    /// `Registered task identifiers:` line was 71 characters at 60 columns).
    @Test(arguments: [60, 80, 120])
    func aLabelWithoutRoomForItsIdentifierStandsAlone(width: Int) throws {
        let repo = try Fixtures.copy("DuckDuckGo")
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run"], in: repo.url, environment: ["COLUMNS": "\(width)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FilledLines.tooWide(run.stdout, width: width).isEmpty, "at \(width):\n\(run.stdout)")
        #expect(FilledLines.flat(run.stdout).contains("Registered task identifiers: com.duckduckgo.app.configurationRefresh,"), "\(run.stdout)")
    }
}
