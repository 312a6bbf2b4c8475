import BggenCore
import BggenModel
import BggenTestSupport
import Foundation
import Testing

/// `--bundle-id` and `--ios` that contradict the project bggen just read (an agent's copied example values): with
/// no one to see the plan they are refused; on a terminal they are said before the plan.
@Suite struct ContradictingAnswersTests {
    /// The XcodeGen fixture's ElementX: bundle identifier io.element.elementx, iOS 18.5, in its target.yml.
    static let fixture = "XcodeGen"

    @Test func withNoOneToSeeThePlanAContradictingFlagIsRefused() throws {
        let app = try Fixtures.copy(Self.fixture)
        let before = try app.files()
        let bundle = try InProcessRunner.run(["init", "--yes", "--tasks", "processing", "--bundle-id", "com.example.app"], in: app.url)
        #expect(bundle.status == 64)
        #expect(bundle.stderr.contains("error: --bundle-id com.example.app contradicts the project: ElementX's bundle identifier is io.element.elementx (ElementX/SupportingFiles/target.yml)."), "\(bundle.stderr)")
        let ios = try InProcessRunner.run(["init", "--tasks", "processing", "--interval", "daily", "--no-network", "--no-power", "--ios", "17.0"], in: app.url)
        #expect(ios.status == 64 && ios.stderr.contains("error: --ios 17.0 contradicts the project: ElementX's deployment target is 18.5"), "\(ios.stderr)")
        let both = try InProcessRunner.run(["init", "--yes", "--dry-run", "--bundle-id", "com.example.app", "--ios", "17"], in: app.url)
        #expect(both.status == 64 && both.stderr.split(separator: "\n").filter { $0.contains("contradicts the project") }.count == 2, "\(both.stderr)")
        let agreeing = try InProcessRunner.run(["init", "--yes", "--dry-run", "--tasks", "processing", "--bundle-id", "io.element.elementx", "--ios", "18.5.0"], in: app.url)
        #expect(agreeing.status == 0, "the project's own values, however written: \(agreeing.stderr)")
        #expect(try app.files() == before)
    }

    /// A person who sees the plan may keep another value: it is said first, and once recorded in .bggen.json a
    /// script replays it without complaint.
    @Test func onATerminalItIsSaidAndTheRecordedValueIsKept() throws {
        let app = try Fixtures.copy(Self.fixture)
        var request = InitRequest(root: app.path, shownAs: ".")
        request.answers.tasks = [.processing]
        request.answers[AnswerSpecs.bundleID] = try BundleIdentifier("com.acme.elementx")
        var questions = InitQuestions()
        questions.answers = { given, defaults in given.filling(from: defaults) }
        let service = InitService(fileSystem: LocalFileSystem())
        let planned = try service.run(request, questions: questions) { outcome -> InitPlan in
            guard case .planned(let planned) = outcome else { throw CancellationError() }
            try service.write(planned)
            return planned
        }
        #expect(planned.notes.first == "--bundle-id com.acme.elementx is not ElementX's bundle identifier (io.element.elementx): the task identifiers start with com.acme.elementx.", "\(planned.notes)")
        #expect(planned.configuration.bundleIdentifier.description == "com.acme.elementx")
        let replayed = try InProcessRunner.run(["init", "--yes", "--dry-run", "--bundle-id", "com.acme.elementx"], in: app.url)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(try InProcessRunner.run(["init", "--yes", "--dry-run", "--bundle-id", "com.acme.other"], in: app.url).status == 64)
    }
}
