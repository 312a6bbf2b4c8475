@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// docs/generated-code.md's "What it writes" table is the one the task kinds' declarations and the renderer's list
/// of its other files make, re-recorded only when asked.
@Suite("The What it writes table")
struct FileTableTests {
    @Test func theTableInDocsIsTheGeneratedOne() throws {
        let table = try GeneratedDocBlock.current(
            in: "docs/generated-code.md",
            begin: "<!-- files: generated from Sources/BggenModel/TaskSpec.swift and OutputRenderer.writtenFiles; BGGEN_RECORD_README=1 swift test --filter FileTableTests -->\n",
            end: "<!-- files end -->", expected: OutputRenderer.fileTable
        )
        #expect(table == OutputRenderer.fileTable, "docs/generated-code.md's What it writes table differs; re-record it")
    }

    /// A new template cannot be left out of the table, nor a renamed one linger in it.
    @Test func theTableNamesEveryTemplateOnce() {
        let templates = Set(EmbeddedTemplates.files.keys.map { String($0.dropLast(".tmpl".count)) })
        #expect(OutputRenderer.tabledTemplates.sorted() == templates.sorted())
        #expect(Set(OutputRenderer.tabledTemplates).count == OutputRenderer.tabledTemplates.count)
    }

    /// Each file no kind owns is written exactly when its row's words say: the renderer asks the row's condition,
    /// so the docs cannot promise what bggen does not do. Every scenario and a few more configurations are rendered,
    /// among which each condition both holds and fails. (`bggen/NEXT_STEPS.md` is written by `NextSteps`, always.)
    @Test func eachFileNoKindOwnsIsWrittenExactlyWhenItsRowSays() throws {
        let more = [["--tasks", "downloads"], ["--tasks", "uploads,downloads", "--prefix", "Acme"],
                    ["--tasks", "continued-processing", "--gpu"], ["--tasks", "continued-processing"],
                    ["--tasks", "refresh", "--style", "swiftui", "--ios", "16.0"], ["--tasks", "refresh", "--style", "swiftui", "--ios", "15.0"],
                    ["--tasks", "processing", "--style", "swiftui", "--ios", "17.0"]]
        let configurations = try Scenarios.all.map { try $0.configuration }
            + more.map { try Configuration(answers: AnswerSpecs.answers(fromFlags: $0)) }
        // Rendered once per configuration, not once per row as well.
        let rendered = try configurations.map { try OutputRenderer().files(for: $0, outputFolder: OutputLocation.folderName) }
        var rows = 0
        for case .shared(let template, _, _, let when, _) in OutputRenderer.writtenFiles where template != "NextSteps.md" {
            rows += 1
            var seen: Set<Bool> = []
            for (configuration, files) in zip(configurations, rendered) {
                let written = files.contains { $0.path.hasSuffix(template) }
                #expect(written == when.holds(configuration), "\(template) (\(when.words)): \(configuration.answers)")
                seen.insert(written)
            }
            #expect(when.words == "always" ? seen == [true] : seen == [true, false], "\(template): no configuration makes '\(when.words)' \(seen.contains(true) ? "fail" : "hold")")
        }
        #expect(rows == 7)
    }

    /// A file several kinds write says all of them, in `TaskKind`'s order; every kind's work file is in the user's row.
    @Test func aKindsFileSaysWhichKindsWriteIt() {
        let table = OutputRenderer.fileTable
        #expect(table.contains("| `BackgroundTaskRun.swift` | refresh, processing or continued processing | bggen: exactly-once completion"))
        #expect(table.contains("| `BackgroundTaskManager.swift` | refresh or processing | bggen: registration and scheduling"))
        #expect(table.contains("| `SilentPushHandler.swift` | silent push | bggen: "))
        let userRow = table.split(separator: "\n").map(String.init).filter { $0.contains("**you**") }
        #expect(userRow == ["| " + TaskSpec.all.compactMap(\.workFile).map { "`\($0)`" }.joined(separator: ", ")
                + " | per task | **you**: your work, written once and never overwritten |"])
    }
}
