import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `init --dry-run --json` and `doctor --format json` read one model of the code, so on every fixture they agree:
/// an identifier doctor sees registered (BG001, BG005) is one init lists, one doctor says nothing registers (BG002)
/// is not, and every registration init could not resolve is one doctor reports it could not check, at the same line.
@Suite("init and doctor agree on every fixture")
struct InitDoctorAgreementTests {
    static let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.path)) ?? [])
        .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()

    private func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The text between the first pair of quotes after `marker`.
    private func quoted(after marker: String, in message: String) -> String? {
        guard let range = message.range(of: marker) else { return nil }
        let rest = message[range.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    @Test(arguments: fixtures)
    func theyAgree(fixture: String) throws {
        let folder = Fixtures.folder.appendingPathComponent(fixture)
        let doctor = try InProcessRunner.run(["doctor", folder.path, "--format", "json"], in: folder)
        guard let report = json(doctor.stdout) else { return }  // no project doctor can read: nothing to compare
        let findings = report["findings"] as? [[String: Any]] ?? []
        let targets = report["targets"] as? [String] ?? []
        let elsewhere = findings.filter { ($0["message"] as? String)?.contains("compiled by no target") == true }.compactMap { $0["file"] as? String }
        var compared = 0
        for target in targets.count > 1 ? targets.map(Optional.some) : [nil] {
            let arguments = ["init", folder.path, "--yes", "--dry-run", "--json"] + (target.map { ["--target", $0] } ?? [])
            var run = try InProcessRunner.run(arguments, in: folder)
            // init stops where it must not guess (an unreadable app, a bundle identifier it cannot use).
            guard run.status == 0 else { continue }
            compared += 1
            if json(run.stdout)?["nothingToAdd"] as? Bool == true {
                // Everything is covered: the plan with --replace still reports what init read.
                run = try InProcessRunner.run(arguments + ["--replace"], in: folder)
            }
            guard let project = json(run.stdout)?["project"] as? [String: Any] else { continue }
            let registered = Set((project["registeredIdentifiers"] as? [String] ?? []) + (project["backgroundSessionIdentifiers"] as? [String] ?? []))
            let expanding = registered.contains { $0.contains("$(") }
            for finding in findings where target == nil || finding["target"] as? String == target {
                let message = finding["message"] as? String ?? ""
                let place = "\(finding["file"] ?? ""):\(finding["line"] ?? "")"
                switch finding["rule"] as? String {
                case "BG001":
                    if let identifier = quoted(after: " registers '", in: message) {
                        #expect(registered.contains(identifier) || expanding, "\(fixture) \(place): doctor sees \(identifier) registered, init does not")
                    }
                case "BG005":
                    if let identifier = quoted(after: "'", in: message) {
                        #expect(registered.contains(identifier), "\(fixture) \(place): doctor sees \(identifier) registered twice, init does not")
                    }
                case "BG002":
                    if let identifier = quoted(after: "permits '", in: message) {
                        #expect(!registered.contains(identifier), "\(fixture) \(place): init lists \(identifier) as registered, doctor says nothing registers it")
                    }
                default:
                    break
                }
            }
            let couldNotCheck = Set(findings.filter { $0["rule"] as? String == "CHECK001" && ($0["message"] as? String)?.hasPrefix("The task identifier") == true }
                .map { "\($0["file"] ?? ""):\($0["line"] ?? "")" })
            for warning in project["warnings"] as? [String] ?? [] {
                guard let range = warning.range(of: " registers a task with ") else { continue }
                let place = String(warning[..<range.lowerBound])
                guard !elsewhere.contains(where: { place.hasPrefix($0 + ":") }) else { continue }
                #expect(couldNotCheck.contains(place), "\(fixture): init could not resolve the registration at \(place), doctor did not say so")
            }
        }
        if !targets.isEmpty, compared == 0 {
            // Where init stops, doctor still audits; the stop itself must be a one-line error.
            let run = try InProcessRunner.run(["init", folder.path, "--yes", "--dry-run", "--json"], in: folder)
            #expect(run.status != 0 && !run.stderr.isEmpty, "\(fixture): init neither planned nor said why")
        }
    }
}
