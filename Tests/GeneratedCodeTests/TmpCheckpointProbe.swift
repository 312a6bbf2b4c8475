import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite struct TmpCheckpointProbe {
    @Test(arguments: CompilerSetup.allCases)
    func probe(_ setup: CompilerSetup) throws {
        let app = try SimulatedApp.build(try SimulatedApp.sources(for: Scenarios.named("processing-checkpoint-nightly")), setup: setup)
        for mode in app.modes {
            let run = try app.run(mode)
            print("PROBE \(run)")
            GeneratedCodeSimulationTests.expectClean(run, setup: setup)
        }
    }
    @Test func mutant() throws {
        let mutant = Mutant.all.first { $0.scenario == "processing-checkpoint-nightly" }!
        var sources = try SimulatedApp.sources(for: Scenarios.named(mutant.scenario))
        try mutant.apply(to: &sources)
        let app = try SimulatedApp.build(sources, setup: mutant.setup)
        let run = try app.run(.checks, eventTimeout: 2)
        print("PROBE MUTANT \(run)")
    }
}
