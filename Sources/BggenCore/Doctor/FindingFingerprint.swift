/// What identifies a finding from one commit to the next, for SARIF's `partialFingerprints` (GitHub code scanning
/// tracks an alert by it) and for a baseline (`--baseline`), which keeps the findings a team has already accepted.
public enum FindingFingerprint {
    /// The `partialFingerprints` entry doctor writes; the version goes up if what it hashes changes.
    public static let name = "bggenFinding/v1"

    /// Each finding's fingerprint, in order: the hash of its key, then its occurrence among findings with the same key
    /// (GitHub's own line hashes tell repeats apart the same way).
    public static func all(_ findings: [DoctorFinding]) -> [String] {
        var occurrences: [String: Int] = [:]
        return findings.map { finding in
            let key = self.key(finding)
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            return "\(GeneratedMarker.checksum(of: key)):\(occurrence)"
        }
    }

    /// The rule, file, target and message, without the line numbers a message quotes (`at App/Tasks.swift:12`),
    /// which move when lines are added above; the finding's own line is left out for the same reason.
    public static func key(_ finding: DoctorFinding) -> String {
        var message = ""
        var afterColon = false
        for character in finding.message {
            if afterColon && character.isNumber { continue }
            afterColon = character == ":"
            message.append(character)
        }
        return [finding.rule.id, finding.location.file, finding.target ?? "", message].joined(separator: "\u{0}")
    }
}
