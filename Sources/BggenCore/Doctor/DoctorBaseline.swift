import BggenFormats

/// The findings a team accepted when it adopted doctor (`--write-baseline FILE`), so a later run with
/// `--baseline FILE` reports only new ones, as SwiftLint's baseline does. Findings are keyed by the fingerprints SARIF
/// carries (`FindingFingerprint`), which survive edits elsewhere in the file; the rule, file and message are kept
/// beside each for the person reading the file in a review.
public enum DoctorBaseline {
    /// The document for every finding of `findings`, one a line, sorted, so a re-recorded baseline diffs cleanly.
    public static func encode(_ findings: [DoctorFinding]) -> String {
        let entries = zip(FindingFingerprint.all(findings), findings).map { fingerprint, finding in
            JSONValue.object(["fingerprint": .string(fingerprint), "rule": .string(finding.rule.id), "file": .string(finding.location.file),
                              "message": .string(finding.message)]).inline
        }.sorted()
        let list = entries.isEmpty ? "[]" : "[\n    " + entries.joined(separator: ",\n    ") + "\n  ]"
        return "{\n  \"version\": 1,\n  \"fingerprints\": \(list)\n}\n"
    }

    /// The fingerprints a baseline file lists; `path` is how the user named it, for the error.
    public static func decode(_ text: String, path: String) throws(BaselineError) -> Set<String> {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: text)
        } catch {
            throw BaselineError(path: path, line: error.line, problem: "it is not valid JSON: \(error.problem)")
        }
        guard case .object(let fields) = document.value, fields["version"] == .number(1),
              let entries = fields["fingerprints"]?.array else {
            throw BaselineError(path: path, line: 1, problem: "it is not a bggen baseline (write one with --write-baseline)")
        }
        let fingerprints = entries.compactMap { entry -> String? in
            guard case .object(let fields) = entry else { return nil }
            return fields["fingerprint"]?.string
        }
        guard fingerprints.count == entries.count else {
            throw BaselineError(path: path, line: document.keyLines["fingerprints"] ?? 1, problem: "each entry of 'fingerprints' needs a \"fingerprint\" string")
        }
        return Set(fingerprints)
    }

    /// `findings` without those `baseline` lists, and how many it left out.
    static func newFindings(_ findings: [DoctorFinding], baseline: Set<String>) -> (kept: [DoctorFinding], known: Int) {
        let kept = zip(FindingFingerprint.all(findings), findings).filter { !baseline.contains($0.0) }.map(\.1)
        return (kept, findings.count - kept.count)
    }
}

/// A baseline file that cannot be used, named with its path and line.
public struct BaselineError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let problem: String

    public var description: String {
        "\(path) line \(line) cannot be used as a baseline: \(problem)."
    }
}
