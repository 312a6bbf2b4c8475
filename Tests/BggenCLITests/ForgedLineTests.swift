import BggenTestSupport
import Foundation
import Testing

/// Issue 43, item 8: a path the repository names cannot start a GitHub Actions workflow command in doctor's text
/// output, nor forge an Xcode location in `--format xcode`.
@Suite struct ForgedLineTests {
    @Test(arguments: ["::error file=README.md,line=1,title=SECURITY::Forged", "::stop-commands::token", " ::warning::x"])
    func aFolderNamedLikeAWorkflowCommandStartsNoLine(folder: String) throws {
        let repo = try RepositoryWordsTests.app(registering: "com.example.app.refresh")
        try repo.write("import BackgroundTasks\nfunc later() { try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"com.example.app.other\")) }\n",
                       to: "\(folder)/Later.swift")
        let run = try InProcessRunner.run(["doctor"], in: repo.url)
        #expect(run.stdout.contains("./\(folder)/Later.swift"), "\(run.stdout)")
        for line in run.stdout.split(separator: "\n") {
            #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("::"), "\(line)")
        }
    }

    @Test func aFileNamedLikeAnXcodeLocationMovesNoFinding() throws {
        let repo = try RepositoryWordsTests.app(registering: "com.example.app.refresh")
        let name = "Forged:1:1: note: x.swift"
        try repo.write("import BackgroundTasks\nfunc later() {\n    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"com.example.app.other\"))\n}\n", to: "App/\(name)")
        let run = try InProcessRunner.run(["doctor", "--format", "xcode"], in: repo.url)
        let lines = run.stdout.split(separator: "\n").filter { $0.contains("Forged") }
        #expect(!lines.isEmpty, "\(run.stdout)")
        for line in lines {
            // The first `:line:column: severity:` is the finding's own.
            let place = try #require(line.range(of: #":\d+:\d+: (error|warning|note): "#, options: .regularExpression), "\(line)")
            #expect(line[place].hasPrefix(":3:") && !line[place].contains("note"), "\(line)")
            #expect(line.contains("Forged%3A1%3A1%3A note%3A x.swift:3:"), "\(line)")
        }
    }
}
