import Foundation

/// The rules' documentation in the forms docs/doctor.md and SARIF need, all made from the rule files.
extension DoctorRule {
    /// `finds` without Markdown, for SARIF's plain-text `fullDescription`.
    public var findsText: String { Self.plain(finds) }

    /// Why and fix as plain text, for SARIF's `help.text`.
    public var helpText: String { "Why it matters: \(Self.plain(why))\nFix: \(Self.plain(fix))" }

    /// Why and fix as Markdown, for SARIF's `help.markdown`.
    public var helpMarkdown: String { "**Why it matters.** \(why)\n\n**Fix.** \(fix)" }

    /// The rule table of docs/doctor.md: one row per rule, in `all`'s order, each anchored at `anchor`.
    public static var ruleTable: String {
        let rows = all.map { rule in
            "| <a id=\"\(rule.anchor)\"></a>\(rule.id) | \(rule.severity.rawValue) | \(cell(rule.finds)) | \(cell(rule.why)) | \(cell(rule.fix)) |\n"
        }
        return "| Rule | Severity | Finds | Why it matters | Fix |\n|---|---|---|---|---|\n" + rows.joined()
    }

    private static func cell(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    private static func plain(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "`", with: "")
    }
}
