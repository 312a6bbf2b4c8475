import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("InitService: the init pipeline without a terminal")
struct InitServiceTests {
    @Test func aScriptWithoutAnswersIsToldWhichFlagsToGive() throws {
        let disk = InMemoryFileSystem(directories: ["/new"])
        #expect(throws: ConfigurationError.answersMissing(flags: ["--tasks", "--interval", "--network/--no-network", "--power/--no-power", "--bundle-id", "--ios"])) {
            try InitService(fileSystem: disk).run(InitRequest(root: "/new", shownAs: "new"), questions: InitQuestions()) { _ in }
        }
        #expect(disk.files.isEmpty)
    }

    @Test func theQuestionsAreAskedWithTheDefaultsAndThePlanIsWrittenOnlyByWrite() throws {
        let disk = InMemoryFileSystem(directories: ["/new"])
        var questions = InitQuestions()
        var offered: Answers?
        questions.answers = { given, defaults in
            offered = defaults
            var answers = given
            answers.tasks = [.downloads]
            return answers.filling(from: defaults)
        }
        let service = InitService(fileSystem: disk)
        let planned = try service.run(InitRequest(root: "/new", shownAs: "new"), questions: questions) { outcome -> InitPlan in
            guard case .planned(let planned) = outcome else { throw CancellationError() }
            #expect(disk.files.isEmpty, "planning writes nothing")
            try service.write(planned)
            return planned
        }
        #expect(offered?.tasks == Answers.defaults.tasks)
        #expect(planned.configuration.tasks == [.downloads])
        #expect(planned.nextSteps.markdown.contains("BackgroundDownloadManager"))
        #expect(disk.files["/new/.bggen.json"]?.contains(#""tasks": ["downloads"]"#) == true)
    }
}
