import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The skill an agent follows is made of bggen's own commands, so every command line in it runs here, in order,
/// against a new folder, an XcodeGen app and an `.xcodeproj` app that already has background code: the skill cannot
/// drift from the CLI. `bggen help --skill` prints the repository's file byte for byte.
@Suite struct MCPSkillTests {
    static let skill = RepositoryPaths.root.appendingPathComponent("skills/bggen/SKILL.md")

    /// Every line of a ```sh block: the only place the skill writes a command.
    static func commandLines() throws -> [String] {
        var lines: [String] = [], inShell = false
        for line in try String(contentsOf: skill, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            if inShell, !line.isEmpty { lines.append(String(line)) }
        }
        return lines
    }

    @Test func helpPrintsTheRepositorysSkill() throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["help", "--skill"], in: folder.url)
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout == (try String(contentsOf: Self.skill, encoding: .utf8)))
        #expect(run.stdout.hasPrefix("---\nname: bggen\ndescription: \""))
        #expect(run.stdout.contains("Use when") && run.stdout.contains("Not for"))
    }

    @Test func theSkillGivesTheWholeFlow() throws {
        let lines = try Self.commandLines()
        #expect(lines.allSatisfy { $0.hasPrefix("bggen ") })
        for expected in ["bggen init --dry-run --json --yes", "bggen init --yes --json", "bggen doctor --format json",
                         "bggen doctor --fix --dry-run", "bggen doctor --fix"] {
            #expect(lines.contains(expected), "\(expected)")
        }
        #expect(lines.contains { $0.hasPrefix("bggen init --dry-run --tasks ") })
        #expect(lines.contains { $0.hasPrefix("bggen init --yes --json --tasks ") })
        // Issue 42 item 7: an example's identifier or iOS version, copied, would be written into a real app.
        let text = try String(contentsOf: Self.skill, encoding: .utf8)
        #expect(!text.contains("com.example.app") && !text.contains("--ios 17"), "the skill takes them from bggen_inspect's answers")
    }

    @Test(arguments: ["", "XcodeGen", "NetNewsWire"])
    func everyCommandRuns(fixture: String) throws {
        let folder = fixture.isEmpty ? try TemporaryDirectory() : try Fixtures.copy(fixture)
        var applied = false
        // BUNDLE_ID and IOS stand for step 1's answers, as the skill says.
        var answers: [String: String] = [:]
        for line in try Self.commandLines() {
            let arguments = Array(line.split(separator: " ").dropFirst().map { answers[String($0)] ?? String($0) })
            let run = try InProcessRunner.run(arguments, in: folder.url)
            let context = "\(fixture.isEmpty ? "new folder" : fixture): \(line): \(run.stderr)"
            if arguments[0] == "doctor" && fixture.isEmpty {
                // What the skill says of a new folder: only bggen's files are checked, and they are clean.
                #expect(run.status == 0 && !run.stderr.contains("error:"), "\(context)")
                continue
            } else if arguments[0] == "doctor" {
                // Exit 1 is what the skill says: findings at error severity.
                #expect(run.status == 0 || run.status == 1, "\(context)")
                #expect(!run.stderr.contains("error:"), "\(context)")
            } else {
                #expect(run.status == 0, "\(context)")
            }
            if arguments.contains("--json") || arguments.contains("json") {
                let document = try JSONDecoder().decode(JSONValue.self, from: Data(run.stdout.utf8))
                guard case .object(let fields) = document else { Issue.record("not an object: \(context)"); continue }
                if line == "bggen init --dry-run --json --yes", case .object(let given)? = fields["answers"],
                   case .string(let bundle)? = given["bundleId"], case .string(let ios)? = given["ios"] {
                    answers = ["BUNDLE_ID": bundle, "IOS": ios]
                }
                if line == "bggen init --yes --json" {
                    // The replay after an apply changes nothing.
                    #expect(applied && fields["written"] == .bool(false), "\(context)")
                }
                if line.hasPrefix("bggen init --yes --json --tasks") {
                    applied = fields["written"] == .bool(true)
                    #expect(applied, "\(context)")
                }
            }
        }
        #expect(applied)
        #expect(answers.count == 2, "step 1 gives the bundle identifier and the iOS version")
    }
}
