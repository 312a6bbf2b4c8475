import BggenCore
import Foundation

/// Renders a doctor report in the four formats: for people, for Xcode's issue navigator, for scripts and for
/// GitHub code scanning.
struct DoctorOutput {
    let report: DoctorReport
    let style: TextStyle

    /// Version of the `--format json` document; raised whenever a field changes meaning or goes away.
    static let jsonSchemaVersion = 1

    func render(_ format: DoctorOptions.Format) -> String {
        switch format {
        case .text: text()
        case .xcode: xcode()
        case .json: json()
        case .sarif: sarif()
        }
    }

    /// Grouped by file, each finding with why it matters and how to fix it, then a summary line.
    func text() -> String {
        var text = ""
        for (file, findings) in Dictionary(grouping: report.findings, by: \.location.file).sorted(by: { $0.key < $1.key }) {
            text += style.bold(TerminalText.escaped(file)) + "\n"
            for finding in findings {
                let place = finding.location.line > 0 ? "\(finding.location.line):\(finding.location.column)" : "-"
                text += "  \(place)  \(style.paint(finding.severity)) [\(finding.rule.id)] \(TerminalText.escaped(finding.message))\n"
                text += "      why: \(TerminalText.escaped(finding.why))\n      fix: \(TerminalText.escaped(finding.fix))\n"
            }
            text += "\n"
        }
        return text + summary() + "\n"
    }

    func summary() -> String {
        let counts = Severity.allCases.reversed().map { severity in
            let count = report.findings.filter { $0.severity == severity }.count
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        let audited = report.targets.isEmpty ? "no app target" : TerminalText.escaped(report.targets.joined(separator: ", "))
        let suppressed = report.suppressedCount > 0 ? ", \(report.suppressedCount) suppressed" : ""
        return "\(counts.joined(separator: ", ")) in \(audited)\(suppressed)."
    }

    /// `path:line:column: warning: [rule] message`, which Xcode shows inline when a Run Script phase prints it.
    /// Xcode knows error, warning and note; paths are absolute so it can open them.
    func xcode() -> String {
        report.findings.map { finding in
            let path = TerminalText.escaped(report.root == "/" ? "/\(finding.location.file)" : "\(report.root)/\(finding.location.file)")
            let place = finding.location.line > 0 ? "\(path):\(finding.location.line):\(max(finding.location.column, 1))" : path
            return "\(place): \(finding.severity.rawValue): [\(finding.rule.id)] \(TerminalText.escaped("\(finding.message) \(finding.fix)"))\n"
        }.joined()
    }

    func json() -> String {
        let document = DoctorJSON(
            schemaVersion: Self.jsonSchemaVersion, tool: "bggen", version: HelpText.version, root: report.root, targets: report.targets,
            findings: report.findings.map { finding in
                DoctorJSON.Finding(rule: finding.rule.id, severity: finding.severity.rawValue, file: finding.location.file,
                                   line: finding.location.line, column: finding.location.column, target: finding.target,
                                   message: finding.message, why: finding.why, fix: finding.fix, fixable: finding.edit != nil)
            },
            summary: .init(errors: count(.error), warnings: count(.warning), notes: count(.note), suppressed: report.suppressedCount))
        return encode(document)
    }

    /// SARIF 2.1.0, as GitHub code scanning reads it: one run, the rule list, results with physical locations
    /// relative to the repository root (`%SRCROOT%`).
    func sarif() -> String {
        let rules = DoctorRule.all.map { rule in
            Sarif.Rule(id: rule.id, shortDescription: .init(text: rule.summary),
                       defaultConfiguration: .init(level: Self.sarifLevel(rule.severity)))
        }
        let results = report.findings.map { finding in
            let region = finding.location.line > 0 ? Sarif.Region(startLine: finding.location.line, startColumn: max(finding.location.column, 1)) : nil
            return Sarif.Result(
                ruleId: finding.rule.id, ruleIndex: DoctorRule.all.firstIndex(of: finding.rule) ?? 0, level: Self.sarifLevel(finding.severity),
                message: .init(text: "\(finding.message) \(finding.why) Fix: \(finding.fix)"),
                locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: TerminalText.uriPath(finding.location.file), uriBaseId: "%SRCROOT%"), region: region))])
        }
        let log = Sarif(
            version: "2.1.0", schema: "https://json.schemastore.org/sarif-2.1.0.json",
            runs: [.init(tool: .init(driver: .init(name: "bggen", version: HelpText.version, rules: rules)),
                         results: results)])
        return encode(log)
    }

    private static func sarifLevel(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private func count(_ severity: Severity) -> Int {
        report.findings.filter { $0.severity == severity }.count
    }

    private func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The `--format json` document, schema version 1; the README documents every field.
struct DoctorJSON: Encodable {
    struct Finding: Encodable {
        let rule: String
        let severity: String
        let file: String
        /// 0 when the place in the file is unknown.
        let line: Int
        let column: Int
        let target: String?
        let message: String
        let why: String
        let fix: String
        let fixable: Bool
    }
    struct Summary: Encodable {
        let errors: Int
        let warnings: Int
        let notes: Int
        let suppressed: Int
    }

    let schemaVersion: Int
    let tool: String
    let version: String
    let root: String
    let targets: [String]
    let findings: [Finding]
    let summary: Summary
}

/// The part of SARIF 2.1.0 doctor writes.
struct Sarif: Encodable {
    struct Text: Encodable { let text: String }
    struct Configuration: Encodable { let level: String }
    struct Rule: Encodable {
        let id: String
        let shortDescription: Text
        let defaultConfiguration: Configuration
    }
    struct Driver: Encodable {
        let name: String
        let version: String
        let rules: [Rule]
    }
    struct Tool: Encodable { let driver: Driver }
    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String
    }
    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }
    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region?
    }
    struct Location: Encodable { let physicalLocation: PhysicalLocation }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
    }
    struct Run: Encodable {
        let tool: Tool
        let results: [Result]
    }

    let version: String
    let schema: String
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case version
        case schema = "$schema"
        case runs
    }
}

extension TextStyle {
    /// Red errors, yellow warnings, dim notes.
    func paint(_ severity: Severity) -> String {
        guard self == .color else { return severity.rawValue }
        let code = switch severity {
        case .error: "31"
        case .warning: "33"
        case .note: "2"
        }
        return "\u{1B}[\(code)m\(severity.rawValue)\u{1B}[0m"
    }
}
