import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// What the rehearsal file (`--tests`) and its next step say, read as text for every scenario: the parts a user
/// reads that no rehearsal run can show.
@Suite("Rehearsal file and step text")
struct RehearsalTextTests {
    /// Each snapshot scenario with `--tests` as well, as `RehearsalTests.everyScenarioRehearsesWithItsOwnWork` builds it.
    static let withTests: [Scenario] = Scenarios.all.map { base in
        var answers = base.answers
        answers[AnswerSpecs.tests] = true
        return Scenario(name: "\(base.name)-tests", flags: base.flags + ["--tests"], answers: answers,
                        appHasNoScenes: base.appHasNoScenes, swiftTesting: base.swiftTesting)
    }

    /// A `switch` whose arms all give the same constant says nothing a constant would not (review 4, N7:
    /// `submitsNextRequest` was `true` for both kinds in every app without `--interval on-push`).
    @Test(arguments: withTests)
    func noSwitchInTheRehearsalFileGivesOneConstantInEveryArm(_ scenario: Scenario) throws {
        let rehearsal = try #require(try scenario.renderedFiles().first { $0.path.hasSuffix(RehearsalTarget.fileName) }?.contents)
        for block in rehearsal.matches(of: /switch self \{\n((?:\s+case [^\n]+\n)+)\s+\}/) {
            let values = block.output.1.matches(of: /case [^:]+: ([^\n]+)\n/).map { String($0.output.1) }
            #expect(values.count < 2 || Set(values).count > 1, "\(scenario): \(block.output.0)")
        }
    }

    /// The step that hands the user the rehearsals says they run the production work until the test target
    /// declares the rehearsal factories, and, with refresh, what that does on CI without network (review 4, N4:
    /// only the file's header and the docs said so).
    @Test(arguments: withTests)
    func theRehearsalStepSaysTheProductionWorkRunsUntilTheFactoriesAreDeclared(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        let steps = try scenario.nextSteps().replacing(/\n\s+/, with: " ")
        let factories = [.refresh, .processing, .downloads, .uploads, .silentPush].contains(where: configuration.includes)
        #expect(steps.contains("The rehearsals run your production work and what it uses until the test target declares the makeRehearsed…() factories the file's header names, with test doubles") == factories,
                "\(scenario): \(steps)")
        #expect(steps.contains("on CI without network the refresh rehearsal fails until then, quoting the error.") == configuration.includes(.refresh),
                "\(scenario): \(steps)")
    }
}
