@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// SARIF's rule list carries each rule's documentation from its rule file, and results carry fingerprints that
/// GitHub code scanning can follow from one commit to the next (issue 24, item 7).
@Suite("SARIF rules and fingerprints")
struct SarifRulesTests {
    /// An app delegate registering and submitting, after `above`, a refresh the Info.plist neither permits nor has the mode for.
    private func broken(above: String = "") -> InMemoryFileSystem {
        DoctorRepository(modes: ["audio"]).with("App/AppDelegate.swift", """
            import BackgroundTasks
            \(above)
            func start() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in }
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            """).launching("start()").fileSystem
    }

    private func run(_ fileSystem: InMemoryFileSystem) throws -> [String: Any] {
        let console = FakeConsole(terminal: false)
        _ = CLI(console: console, fileSystem: fileSystem).run(["doctor", DoctorRepository.root, "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        return try #require((log["runs"] as? [[String: Any]])?.first)
    }

    @Test func everyRuleHasItsDescriptionsHelpAnchorTagsAndLevel() throws {
        let driver = try #require((try run(broken())["tool"] as? [String: Any])?["driver"] as? [String: Any])
        // bggen has no web home yet: a placeholder link would be a broken "learn more" on every alert.
        #expect(driver["informationUri"] == nil)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == DoctorRule.all.count)
        for (entry, rule) in zip(rules, DoctorRule.all) {
            #expect(entry["id"] as? String == rule.id)
            #expect((entry["shortDescription"] as? [String: String]) == ["text": rule.summary])
            #expect((entry["fullDescription"] as? [String: String]) == ["text": rule.findsText, "markdown": rule.finds])
            let help = try #require(entry["help"] as? [String: String])
            #expect(help["text"] == rule.helpText && help["markdown"] == rule.helpMarkdown)
            #expect(help["text"]?.contains("`") == false, "\(rule.id)'s plain help has no Markdown")
            #expect(entry["helpUri"] == nil && help["markdown"]?.contains("OWNER") == false, "\(rule.id)")
            #expect((entry["properties"] as? [String: [String]])?["tags"] == rule.tags)
            #expect((entry["defaultConfiguration"] as? [String: String])?["level"] == rule.severity.rawValue)
        }
    }

    /// Fingerprints of the findings, keyed by rule, with their start lines.
    private func fingerprints(_ fileSystem: InMemoryFileSystem) throws -> [(rule: String, line: Int, fingerprint: String)] {
        let results = try #require(try run(fileSystem)["results"] as? [[String: Any]])
        return try results.map { result in
            let fingerprints = try #require(result["partialFingerprints"] as? [String: String])
            let region = (result["locations"] as? [[String: Any]])?.first.flatMap { ($0["physicalLocation"] as? [String: Any])?["region"] as? [String: Int] }
            return (try #require(result["ruleId"] as? String), region?["startLine"] ?? 0, try #require(fingerprints[FindingFingerprint.name]))
        }
    }

    /// The artifact's path and where `%SRCROOT%` is, for the first result.
    private func place(_ run: [String: Any]) throws -> (uri: String, base: String) {
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String])
        #expect(location["uriBaseId"] == "%SRCROOT%")
        let base = try #require((run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"])
        return (try #require(location["uri"]), base)
    }

    /// In a monorepo (the app in a folder of a git checkout), paths are relative to the checkout, where GitHub code
    /// scanning resolves them, as `--format github` names them; `originalUriBaseIds` says where that is.
    @Test func pathsAreRelativeToTheGitCheckoutHoldingTheAuditedFolder() throws {
        let alone = try place(try run(broken()))
        #expect(alone.uri == "App/AppDelegate.swift" && alone.base == "file://\(DoctorRepository.root)/", "\(alone)")

        let monorepo = broken()
        try monorepo.createDirectory("/.git", within: "/")
        let inCheckout = try place(try run(monorepo))
        #expect(inCheckout.uri == "\(DoctorRepository.root.dropFirst())/App/AppDelegate.swift" && inCheckout.base == "file:///", "\(inCheckout)")
    }

    @Test func aFindingKeepsItsFingerprintWhenLinesAreAddedAboveIt() throws {
        let before = try fingerprints(broken())
        let after = try fingerprints(broken(above: "\n// A comment.\n\n"))
        #expect(before.map(\.rule) == ["BG001", "BG003"])
        #expect(after.map(\.line) == before.map { $0.line + 3 }, "the findings moved")
        #expect(after.map(\.fingerprint) == before.map(\.fingerprint))
        #expect(Set(before.map(\.fingerprint)).count == before.count, "two findings, two fingerprints")
    }

    @Test func quotedLineNumbersAreLeftOutAndIdenticalFindingsAreCountedApart() {
        func finding(_ message: String, line: Int) -> DoctorFinding {
            DoctorFinding(rule: .registeredTwice, location: FindingLocation(file: "App/A.swift", line: line, column: 1), target: "App",
                          message: message, why: "", fix: "")
        }
        #expect(FindingFingerprint.key(finding("'a' is registered here and at App/B.swift:12.", line: 3))
                == FindingFingerprint.key(finding("'a' is registered here and at App/B.swift:40.", line: 9)))
        #expect(FindingFingerprint.key(finding("'a' is registered here and at App/B.swift:12.", line: 3))
                != FindingFingerprint.key(finding("'b' is registered here and at App/B.swift:12.", line: 3)))
        let report = DoctorReport(root: "/repo", targets: ["App"], findings: [finding("same", line: 1), finding("same", line: 2)], suppressedCount: 0)
        let log = DoctorOutput(report: report, style: .plain).sarif()
        let hash = GeneratedMarker.checksum(of: FindingFingerprint.key(finding("same", line: 1)))
        #expect(log.contains("\"\(FindingFingerprint.name)\" : \"\(hash):0\"") && log.contains("\"\(hash):1\""), "\(log)")
    }
}
