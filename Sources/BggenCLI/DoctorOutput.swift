import BggenCore
import BggenFormats
import BggenModel
import Foundation

/// Renders a doctor report in the four formats: for people, for Xcode's issue navigator, for scripts and for
/// GitHub code scanning.
struct DoctorOutput {
    let report: DoctorReport
    let style: TextStyle
    /// The folder as the user typed it: GitHub annotations name files from where the job runs.
    var shownRoot = "."
    /// Absolute: the folder SARIF's paths are relative to (`%SRCROOT%`), the git checkout holding the audited folder
    /// where there is one, so GitHub code scanning places a monorepo's alerts; nil for the audited folder itself.
    var sourceRoot: String?
    /// With `--quiet`, the text lists only the findings at or above this severity (the summary counts all).
    var listedAtLeast: Severity? = nil
    /// What the audit could not see (no app project): in the JSON document; the text prints them on stderr.
    var notes: [String] = []
    /// Only bggen's output was audited, not an app.
    var generatedOutputOnly = false
    /// The terminal's width, to which the text is wrapped at word boundaries (a terminal would break words); nil
    /// in a pipe or a file, where each finding stays one line per part.
    var width: Int? = nil

    /// Version of the `--format json` document; raised whenever a field changes meaning or goes away.
    static let jsonSchemaVersion = 1

    func render(_ format: DoctorOptions.Format) -> String {
        switch format {
        case .text: text()
        case .xcode: xcode()
        case .json: json()
        case .sarif: sarif()
        case .github: github()
        }
    }

    /// Grouped by file, each finding with why it matters and how to fix it, then a summary line.
    func text() -> String {
        var text = ""
        let listed = report.findings.filter { finding in listedAtLeast.map { finding.severity >= $0 } ?? true }
        for (file, findings) in Dictionary(grouping: listed, by: \.location.file).sorted(by: { $0.key < $1.key }) {
            text += style.bold(Self.lineStart(file)) + "\n"
            for finding in findings {
                let place = finding.location.line > 0 ? "\(finding.location.line):\(finding.location.column)" : "-"
                text += wrapped("  \(place)  \(style.paint(finding.severity)) [\(finding.rule.id)]", TerminalText.escaped(finding.message), indent: 6)
                text += wrapped("      why:", TerminalText.escaped(finding.why), indent: 11)
                text += wrapped("      fix:", TerminalText.escaped(finding.fix), indent: 11)
                if finding.edit != nil { text += "      bggen doctor --fix makes this change.\n" }
            }
            text += "\n"
        }
        text += wrapped(nil, summary(), indent: 0)
        let fixable = report.findings.filter { $0.edit != nil }.count
        if fixable > 0 {
            text += wrapped(nil, "\(fixable) of \(fixable == report.findings.count ? "these" : "the \(report.findings.count)") can be fixed with `bggen doctor --fix` (see the changes first with --fix --dry-run).", indent: 0)
        }
        return text
    }

    /// `lead` and `text` on one line, or filled to `width` with the rest under `indent`.
    private func wrapped(_ lead: String?, _ text: String, indent: Int) -> String {
        guard let width else { return (lead.map { "\($0) " } ?? "") + text + "\n" }
        return HelpLayout.fill(text, indent: indent, width: width, lead: lead).joined(separator: "\n") + "\n"
    }

    func summary() -> String {
        let counts = Severity.allCases.reversed().map { severity in
            let count = report.findings.filter { $0.severity == severity }.count
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        let audited = generatedOutputOnly ? " in bggen's generated files (no app project)"
            : report.targets.isEmpty ? "; no iOS app target found, so only the code was checked" : " in \(TerminalText.escaped(report.targets.joined(separator: ", ")))"
        let suppressed = report.suppressedCount > 0 ? ", \(report.suppressedCount) suppressed" : ""
        let baselined = report.baselinedCount > 0 ? ", \(report.baselinedCount) in the baseline" : ""
        return "\(counts.joined(separator: ", "))\(audited)\(suppressed)\(baselined)."
    }

    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=BG001::…`): each finding appears on
    /// its line in the pull request, without uploading SARIF, then a summary notice; a clean run prints nothing, so
    /// it adds no annotation to the pull request.
    func github() -> String {
        report.findings.map { finding in
            let command = switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            let file = shownRoot == "." ? finding.location.file : (shownRoot.hasSuffix("/") ? shownRoot : shownRoot + "/") + finding.location.file
            var properties = ["file=\(Self.githubProperty(file))"]
            if finding.location.line > 0 {
                properties += ["line=\(finding.location.line)", "col=\(max(finding.location.column, 1))"]
            }
            properties.append("title=\(finding.rule.id)")
            return "::\(command) \(properties.joined(separator: ","))::\(Self.githubMessage("\(finding.message) Fix: \(finding.fix)"))\n"
        }.joined() + (report.findings.isEmpty ? "" : "::notice title=bggen doctor::\(Self.githubMessage(summary()))\n")
    }

    /// A workflow command's message: `%`, CR and LF escaped, as the runner unescapes them; any other control
    /// character from the repository (an escape sequence in a file name) written out, as in the other formats.
    static func githubMessage(_ text: String) -> String {
        TerminalText.escaped(text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// A property value: also `:` and `,`, which end it.
    static func githubProperty(_ text: String) -> String {
        githubMessage(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A relative path from the repository where a line of the text format starts: `./` goes before one that starts
    /// with anything but a letter, digit, `_` or `.`, so a folder named `::error file=…::Forged` is no GitHub
    /// Actions workflow command in a `run: bggen doctor` step.
    static func lineStart(_ path: String) -> String {
        let escaped = TerminalText.escaped(path)
        guard let first = escaped.unicodeScalars.first, !(first.properties.isAlphabetic || ("0"..."9").contains(first) || first == "_" || first == ".") else {
            return escaped
        }
        return "./" + escaped
    }

    /// `path:line:column: warning: [rule] message`, which Xcode shows inline when a Run Script phase prints it.
    /// Xcode knows error, warning and note; paths are absolute so it can open them, and a `:` in one is written
    /// `%3A`, so a file named `x:1:1: warning: y` cannot move a finding or change its severity.
    func xcode() -> String {
        report.findings.map { finding in
            let path = TerminalText.escaped(report.root == "/" ? "/\(finding.location.file)" : "\(report.root)/\(finding.location.file)")
                .replacingOccurrences(of: ":", with: "%3A")
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
            summary: .init(errors: count(.error), warnings: count(.warning), notes: count(.note), suppressed: report.suppressedCount),
            notes: notes)
        return encode(document)
    }

    /// SARIF 2.1.0, as GitHub code scanning reads it: one run, the rule list with each rule's documentation, results
    /// with physical locations relative to the checkout (`%SRCROOT%`, which `originalUriBaseIds` gives), and
    /// fingerprints that survive edits elsewhere in the file, so code scanning tracks a finding across commits.
    func sarif() -> String {
        let rules = DoctorRule.all.map { rule in
            Sarif.Rule(id: rule.id, shortDescription: .init(text: rule.summary),
                       fullDescription: .init(text: rule.findsText, markdown: rule.finds),
                       help: .init(text: rule.helpText, markdown: rule.helpMarkdown),
                       properties: .init(tags: rule.tags), defaultConfiguration: .init(level: Self.sarifLevel(rule.severity)))
        }
        let base = sourceRoot ?? report.root
        // The audited folder's path inside the checkout, which every finding's path continues.
        let inside = report.root == base ? "" : String(report.root.dropFirst(base.count).drop { $0 == "/" }) + "/"
        let results = zip(report.findings, FindingFingerprint.all(report.findings)).map { finding, fingerprint in
            let region = finding.location.line > 0 ? Sarif.Region(startLine: finding.location.line, startColumn: max(finding.location.column, 1)) : nil
            return Sarif.Result(
                ruleId: finding.rule.id, ruleIndex: DoctorRule.all.firstIndex(of: finding.rule) ?? 0, level: Self.sarifLevel(finding.severity),
                message: .init(text: "\(finding.message) \(finding.why) Fix: \(finding.fix)"),
                locations: [.init(physicalLocation: .init(artifactLocation: .init(uri: TerminalText.uriPath(inside + finding.location.file), uriBaseId: "%SRCROOT%"), region: region))],
                partialFingerprints: [FindingFingerprint.name: fingerprint])
        }
        let log = Sarif(
            version: "2.1.0", schema: "https://json.schemastore.org/sarif-2.1.0.json",
            runs: [.init(tool: .init(driver: .init(name: "bggen", version: HelpText.version, rules: rules)),
                         originalUriBaseIds: ["%SRCROOT%": .init(uri: "file://" + TerminalText.uriPath(base.hasSuffix("/") ? base : base + "/"))],
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
        JSONOutput.document(value)
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
