import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `bggen init --tests`: the generated rehearsal file compiles against the stub SDK in the three set-ups, passes
/// with the template's own user files (run in the set-ups of `CompilerSetup.simulated`), and fails, naming the work and what iOS would do, when the user's work is
/// broken the ways real work breaks.
@Suite("Rehearsal tests (--tests)", .tags(.slow), .highPriority, .needsStubSDK)
struct RehearsalTests {
    static let scenario = "rehearsal-tests"
    /// The same rehearsals for a test target that uses Swift Testing.
    static let swiftTestingScenario = "rehearsal-tests-swift-testing"
    /// An app with transfers, silent push and continued processing, and no task manager, whose test target uses
    /// Swift Testing. The XCTest scenario has transfers too.
    static let transfersScenario = "rehearsal-tests-transfers"
    /// The iOS 27 SDK, where the fake scheduler answers `submitTaskRequest(_:completionHandler:)`.
    static let ios27Scenario = "rehearsal-tests-ios27"
    /// An app with only continued processing, below iOS 26: the job's rehearsals behind `#available`.
    static let continuedScenario = "rehearsal-tests-continued"
    static let rehearsalFile = RehearsalTarget.fileName

    @Test(arguments: [scenario, swiftTestingScenario, transfersScenario, ios27Scenario, continuedScenario], CompilerSetup.allCases)
    func compilesCleanAndPassesWithTheTemplatesOwnWork(_ scenario: String, _ setup: CompilerSetup) async throws {
        let files = try Self.swiftFiles(scenario)
        guard CompilerSetup.simulated.contains(setup) else {
            _ = try await Self.build(files, setup: setup, in: Scenarios.named(scenario))
            return
        }
        let run = try await Self.buildAndRun(files, setup: setup, scenario: scenario)
        #expect(run.ending == .exited(0), "\(scenario), \(setup): \(run.output)")
        let count = Self.testNames(in: files[Self.rehearsalFile]!).count
        // Two push rehearsals, two of downloads and one of uploads in the transfers scenario; three of the job.
        #expect(count >= [Self.transfersScenario: 5, Self.continuedScenario: 3][scenario, default: 12])
        #expect(Self.plain(run.output).contains(Scenarios.named(scenario).swiftTesting ? "Test run with \(count) tests in 1 suite passed"
                                                                                       : "Executed \(count) tests, with 0 failures"), "\(run.output)")
        // The template's own push work answers its own pushes: its rehearsal ran it, and is no skip.
        #expect(!run.output.contains("Nothing rehearsed"), "\(scenario), \(setup): \(run.output)")
        // The template's own processing work has no items: the checkpoint rehearsals had nothing to do, and say so.
        if scenario == Self.swiftTestingScenario {
            #expect(run.output.contains("Nothing to rehearse: makeRehearsedProcessingWork() built no CheckpointedWork"), "\(run.output)")
        }
    }

    /// Every other snapshot scenario (a `--prefix`, SwiftUI, an Objective-C app delegate, the GPU, iOS 12 and 13,
    /// each interval and task alone) with `--tests` as well: its rehearsal file, compiled as a test module of its
    /// own that `@testable import`s the scenario's `App` module (as an app's unit-test bundle does; the module the
    /// compile check and the simulation build), compiles clean in each set-up and passes with the template's own
    /// work in those the simulator runs.
    @Test(arguments: Scenarios.all.filter { $0.answers[AnswerSpecs.tests] != true }, CompilerSetup.allCases)
    func everyScenarioRehearsesWithItsOwnWork(_ base: Scenario, _ setup: CompilerSetup) async throws {
        let app = try await SimulatedApp.appModule(try SimulatedApp.sources(for: base), setup: setup)
        try #require(app.outcome.exitCode == 0, "\(base), \(setup): \(app.outcome.output)")
        var answers = base.answers
        answers[AnswerSpecs.tests] = true
        let scenario = Scenario(name: "\(base.name)-tests", flags: base.flags + ["--tests"], answers: answers,
                                appHasNoScenes: base.appHasNoScenes, swiftTesting: base.swiftTesting)
        let files = try Self.swiftFiles(scenario, appModule: "App").filter { $0.key.hasSuffix(Self.rehearsalFile) }
        let rehearsal = try #require(Self.rehearsal(in: files), "\(base): no rehearsal file")
        #expect(rehearsal.contents.contains("@testable import App\n"))
        let version = StubSDK.Version(for: try scenario.configuration.deploymentTarget)
        let sdk = try await StubSDK.shared(version)
        let compiled = try await RehearsalModule.compile(files.merging(["main.swift": Self.main(for: rehearsal, in: scenario)]) { $1 },
                                                         against: app, setup: setup, sdk: sdk, version: version)
        #expect(compiled.result.exitCode == 0 && compiled.result.diagnostics.filter { !$0.contains("main.swift:") }.isEmpty,
                "\(base), \(setup):\n\(compiled.result.output)")
        try #require(compiled.result.exitCode == 0)
        guard CompilerSetup.simulated.contains(setup) else { return }
        let folder = try TemporaryDirectory()
        let executable = folder.url.appendingPathComponent("Rehearsals")
        let linked = try await sdk.link(objects: [try app.linkableObject(), compiled.object], into: executable)
        try #require(linked.exitCode == 0, "\(base):\n\(linked.output)")
        let run = try await Self.run(executable, in: folder.url)
        #expect(run.ending == .exited(0), "\(base), \(setup): \(run.output)")
        let count = Self.testNames(in: rehearsal.contents).count
        // The checkpoint rehearsals find no items in the template's own work, and are skipped.
        let skips = base.flags.contains("--checkpoint") ? 2 : 0
        #expect(count > 0 && Self.plain(run.output).contains("Executed \(count) test\(count == 1 ? "" : "s"), with \(skips == 0 ? "" : "\(skips) tests skipped and ")0 failures"),
                "\(base): \(run.output)")
    }

    /// The same refresh work in a SwiftUI app, whose `.backgroundTask(.appRefresh(_:))` runs it through
    /// `performAppRefresh()`: the rehearsal runs it as SwiftUI does (an expiry cancels it), and catches it too.
    /// Before, a SwiftUI app's rehearsal file did not compile (it called the UIKit `handleAppRefresh(_:)`).
    /// Not cancelled 1.2 s after it started (the success rehearsal never expires it; the expiry ones do at 10 ms and
    /// 0.5 s), the work throws, as a refresh on CI without network does: SwiftUI, not the app, completes the task,
    /// so the success rehearsal skipped its check and passed; it fails, quoting the error.
    @Test func swiftUIRefreshWorkThatIgnoresCancellationIsCaught() async throws {
        var answers = Scenarios.named("swiftui-refresh-processing").answers
        answers[AnswerSpecs.tests] = true
        let scenario = Scenario(name: "swiftui-refresh-processing-tests", flags: [], answers: answers)
        var files = try SimulatedApp.sources(for: scenario).swiftFiles
        try #require(files["BackgroundTaskManager.swift"]?.contains("func performAppRefresh() async") == true)
        files["AppRefreshWork.swift"] = try Self.replacingBody(of: "AppRefreshWork", in: files["AppRefreshWork.swift"]!, with: """
                struct Offline: Error {}
                let start = Date()
                while Date() < start.addingTimeInterval(5) {
                    try? await Task.sleep(nanoseconds: 10_000_000)
                    if !Task.isCancelled && Date() > start.addingTimeInterval(1.2) {
                        throw Offline()
                    }
                }
            """)
        let run = try await Self.buildAndRun(files, setup: .xcode26Defaults, in: scenario)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testRefreshCompletesOnceWhenTheWorkSucceeds", in: run.output)?.contains(
            "The refresh work (AppRefreshWork) threw Offline: Offline(). With test doubles the work should succeed") == true, "\(run.output)")
        #expect(Self.passed("testRefreshCompletesOnceWhenTheWorkThrows", in: run.output), "\(run.output)")
        for test in ["testRefreshCompletesOnceWhenExpiredShortlyAfterItStarts", "testRefreshCompletesOnceWhenExpiredLate"] {
            #expect(Self.failure(of: test, in: run.output)?.contains(
                "iOS would suspend the app while the refresh work (AppRefreshWork) still ran 1.0 s after its task expired") == true,
                "\(test): \(run.output)")
        }
        #expect(Self.passed("testProcessingCompletesOnceWhenTheWorkSucceeds", in: run.output), "\(run.output)")
    }

    /// A busy machine (a loaded CI runner) takes a while to hand the next request over, and the run completes even
    /// an expired task only once it has, within `BackgroundTaskRun.submissionWaitLimit`. The rehearsals of an expiry
    /// waited 0.1 s after the work returned and said the task was never completed (seen once, the SwiftUI refresh at
    /// load 24); they wait for the hand-over's bound now. Here the fake scheduler takes 0.4 s to return from a
    /// request it has taken (its `submit` and, under the iOS 27 SDK, `submitTaskRequest`).
    @Test(arguments: ["rehearsal-tests", "swiftui-refresh-processing"])
    func anExpiredTaskCompletedAfterASlowHandOverPasses(_ name: String) async throws {
        var answers = Scenarios.named(name).answers
        answers[AnswerSpecs.tests] = true
        let scenario = Scenario(name: "\(name)-slow-hand-over", flags: [], answers: answers)
        var files = try SimulatedApp.sources(for: scenario).swiftFiles
        let recording = "            journal.record(.submitted(taskRequest.identifier))\n"
        let rehearsal = try #require(files[Self.rehearsalFile])
        try #require(rehearsal.contains(recording), "the fake scheduler's submits")
        files[Self.rehearsalFile] = rehearsal.replacingOccurrences(of: recording, with: recording + "            Thread.sleep(forTimeInterval: 0.4)\n")
        let run = try await Self.buildAndRun(files, setup: .swift6, in: scenario)
        #expect(run.ending == .exited(0), "\(name): \(run.output)")
        for test in ["testRefreshCompletesOnceWhenExpiredShortlyAfterItStarts", "testProcessingCompletesOnceWhenExpiredShortlyAfterItStarts"] {
            #expect(Self.passed(test, in: run.output), "\(name), \(test): \(run.output)")
        }
    }

    /// Refresh work that takes 90 s of a device's time (6 s here, on the rehearsals' clock, which runs 15 times
    /// faster) but stops when cancelled: only the refresh budget catches it, and the task it expires at the end of
    /// the budget is still completed once. 6 s, well past the success rehearsal's 2 s budget; and 2.6 s (39 s of a
    /// device's), which passed while the rehearsal gave the budget the run's 1 s hand-over bound too.
    @Test(arguments: [6_000_000_000, 2_600_000_000] as [UInt64])
    func refreshWorkThatRunsPastTheRefreshBudgetIsCaught(_ nanoseconds: UInt64) async throws {
        var files = try Self.swiftFiles()
        files["AppRefreshWork.swift"] = try Self.replacingBody(of: "AppRefreshWork", in: files["AppRefreshWork.swift"]!, with: """
                try await Task.sleep(nanoseconds: \(nanoseconds))
            """)
        let run = try await Self.buildAndRun(files, setup: .swift6)
        #expect(run.ending != .exited(0), "\(run.output)")
        let failure = Self.failure(of: "testRefreshCompletesOnceWhenTheWorkSucceeds", in: run.output)
        #expect(failure?.contains("iOS would expire the task before the refresh work (AppRefreshWork) finished: it had not finished 2.0 s after its task started (a device gives about 30 s; this clock runs 15 times faster, timeScale)") == true, "\(run.output)")
        #expect(failure?.contains("still running") == false, "\(run.output)")
        for test in ["testRefreshCompletesOnceWhenExpiredLate", "testRefreshCompletesOnceWhenExpiredBeforeItStarts", "testProcessingCompletesOnceWhenTheWorkSucceeds"] {
            #expect(Self.passed(test, in: run.output), "\(test): \(run.output)")
        }
    }

    /// Processing work that never returns, cancelled or not.
    /// The same build's push work has its cases renamed and no `rehearsedPushes`: the template's pushes (`sync`,
    /// `process`) reach only its `default: return .noData`. The push rehearsal, which passed or blamed the work for
    /// not scheduling processing, is skipped, saying so and to list the server's pushes.
    @Test func processingWorkThatNeverReturnsIsCaught() async throws {
        var files = try Self.swiftFiles()
        files["ProcessingWork.swift"] = try Self.replacingBody(of: "ProcessingWork", in: files["ProcessingWork.swift"]!, with: """
                await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
            """)
        let pushWork = try #require(files["SilentPushWork.swift"])
        files["SilentPushWork.swift"] = pushWork.replacingOccurrences(of: "case \"sync\"?:", with: "case \"messages\"?:")
            .replacingOccurrences(of: "case \"process\"?:", with: "case \"refreshInbox\"?:")
        try #require(files["SilentPushWork.swift"]!.contains("case \"messages\"?:") && files["SilentPushWork.swift"]!.contains("case \"refreshInbox\"?:"))
        let run = try await Self.buildAndRun(files, setup: .swift6)
        #expect(Self.skipped("testSilentPushAnswersWithinThePushBudget", in: run.output)?.contains(
            "Nothing rehearsed: the silent push work (AppSilentPushWork) answered every push of SilentPushHandler.rehearsedPushes with .noData and asked for no processing") == true,
            "\(run.output)")
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testProcessingCompletesOnceWhenTheWorkSucceeds", in: run.output)?.contains(
            "iOS would expire the task before the processing work (ProcessingWork) finished: it had not finished 5.0 s after its task started") == true, "\(run.output)")
        #expect(Self.failure(of: "testProcessingCompletesOnceWhenExpiredShortlyAfterItStarts", in: run.output)?.contains(
            "iOS would suspend the app while the processing work (ProcessingWork) still ran 1.0 s after its task expired") == true, "\(run.output)")
        #expect(Self.passed("testRefreshCompletesOnceWhenTheWorkSucceeds", in: run.output), "\(run.output)")
    }

    /// Checkpointed processing that forgets to save its cursor: its `process(_:)` returns no cursor of the item it
    /// finished (an empty string), so after an expiry between items the next run starts over. The same work
    /// returning the item's cursor passes every rehearsal.
    @Test func checkpointedProcessingThatForgetsItsCursorIsCaught() async throws {
        var files = try Self.swiftFiles(Self.swiftTestingScenario)
        let work = files["ProcessingWork.swift"]!
        let withItems = work.replacingOccurrences(of: "-> [String] {\n        []\n", with: "-> [String] {\n        [\"a\", \"b\", \"c\"].filter { cursor == nil || $0 > cursor! }\n")
        try #require(withItems != work)
        files["ProcessingWork.swift"] = withItems
        let saving = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.swiftTestingScenario)
        #expect(saving.ending == .exited(0), "\(saving.output)")
        let forgetting = withItems.replacingOccurrences(of: "        item\n    }\n", with: "        \"\"\n    }\n")
        try #require(forgetting != withItems)
        files["ProcessingWork.swift"] = forgetting
        let run = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.swiftTestingScenario)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testCheckpointedProcessingResumesAfterTheSavedCursorWhenExpiredBetweenItems", in: run.output)?.contains(
            "iOS would never see the processing finish: after its task expired between items, the next run of ProcessingWork started again at the first item instead of after the saved cursor") == true, "\(run.output)")
        #expect(Self.passed("testCheckpointedProcessingSkipsAnItemThatFailsForGoodAfterItsAttempts", in: run.output), "\(run.output)")
        #expect(Self.passed("testProcessingCompletesOnceWhenTheWorkSucceeds", in: run.output), "\(run.output)")
    }

    /// The app's own saved cursor, in its checkpoint file, is where it was after every rehearsal has run a
    /// checkpointed work with items: the rehearsals keep theirs in a folder of their own (the success rehearsal
    /// used to run the work's own checkpoint and clear the app's cursor).
    @Test func theRehearsalsLeaveTheAppsCheckpointAlone() async throws {
        var files = try Self.swiftFiles(Self.swiftTestingScenario)
        let work = files["ProcessingWork.swift"]!
        files["ProcessingWork.swift"] = work.replacingOccurrences(of: "-> [String] {\n        []\n", with: "-> [String] {\n        [\"a\", \"b\", \"c\"].filter { cursor == nil || $0 > cursor! }\n")
        try #require(files["ProcessingWork.swift"] != work)
        let key = "com.example.app.processing.cursor"
        let main = """
            @testable import App
            import Foundation
            import Testing

            ProcessingCheckpoint(key: "\(key)").save("b")
            let status = await Testing.__swiftPMEntryPoint() as CInt
            let cursor = ProcessingCheckpoint(key: "\(key)").load()
            if cursor != "b" {
                print("The rehearsals changed the app's saved cursor from b to \\(cursor ?? "nil").")
                exit(3)
            }
            exit(status)

            """
        let run = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.swiftTestingScenario, main: main)
        #expect(run.ending == .exited(0), "\(run.output)")
        // The rehearsals as they were: the work run with its own checkpoint.
        let rehearsal = try #require(files[Self.rehearsalFile])
        files[Self.rehearsalFile] = rehearsal.replacingOccurrences(of: "Observed(work: Self.withRehearsalCheckpoint(processing),", with: "Observed(work: processing,")
        try #require(files[Self.rehearsalFile] != rehearsal)
        let old = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.swiftTestingScenario, main: main)
        #expect(old.ending == .exited(3) && old.output.contains("The rehearsals changed the app's saved cursor from b to"), "\(old.output)")
    }

    /// A silent push handler whose work waits 3 s, past the push budget on the rehearsals' clock (25 s / 15).
    @Test func aPushHandlerThatWaitsPastTheBudgetIsCaught() async throws {
        var files = try Self.swiftFiles()
        let source = files["SilentPushWork.swift"]!
        let opening = "func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult {\n"
        let start = try #require(source.range(of: opening))
        let end = try #require(source.range(of: "\n    }\n}\n", range: start.upperBound..<source.endIndex))
        files["SilentPushWork.swift"] = source.replacingCharacters(in: start.upperBound..<end.lowerBound, with: """
                try await Task.sleep(nanoseconds: 3_000_000_000)
                return .newData
            """)
        let run = try await Self.buildAndRun(files, setup: .swift6)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testSilentPushAnswersWithinThePushBudget", in: run.output)?.contains(
            "iOS would stop waking the app for pushes: the silent push work (AppSilentPushWork) had not answered 1.7 s after the push") == true,
            "\(run.output)")
        #expect(Self.passed("testSilentPushAnswersNoDataToAPushWithoutContentAvailable", in: run.output), "\(run.output)")
        #expect(Self.passed("testRefreshCompletesOnceWhenTheWorkSucceeds", in: run.output), "\(run.output)")
    }

    /// Only the `sync` case of the push work hangs: a rehearsal sending a push with no custom key (`.noData` by
    /// the `switch`'s default) passed it; the rehearsal sends one push per case the file documents. The `process`
    /// case schedules with the app's own manager, as the template did before: its request never reaches the
    /// rehearsals' scheduler (it would move the app's schedule), and the rehearsal says so.
    /// The work has a stored property of the user's besides `processing`, so it has no `init(processing:)`: the
    /// rehearsal file, which called that initializer, did not compile; it calls `makeSilentPushWork(processing:)`.
    /// The same build's refresh work throws: its success rehearsal quotes the error instead of saying it succeeded.
    @Test func aPushCaseThatHangsIsCaught() async throws {
        var files = try Self.swiftFiles()
        let source = files["SilentPushWork.swift"]!
        let hanging = source.replacingOccurrences(
            of: "            // Fetch what changed, for example: try await SyncClient().pullChanges()\n",
            with: "            try await Task.sleep(nanoseconds: 3_000_000_000)\n")
            .replacingOccurrences(of: "    let processing: BackgroundTaskManager\n", with: "    let processing: BackgroundTaskManager\n    let since: Int\n")
            .replacingOccurrences(of: "AppSilentPushWork(processing: processing)\n", with: "AppSilentPushWork(processing: processing, since: 42)\n")
        files["SilentPushWork.swift"] = hanging.replacingOccurrences(
            of: "            await processing.requestProcessingSoon()\n",
            with: "            await BackgroundTaskManager.shared.requestProcessingSoon()\n")
        try #require(hanging.contains("let since: Int\n") && hanging.contains("since: 42)") && files["SilentPushWork.swift"] != hanging)
        files["AppRefreshWork.swift"] = try Self.replacingBody(of: "AppRefreshWork", in: files["AppRefreshWork.swift"]!, with: """
                struct Offline: Error {}
                throw Offline()
            """)
        let run = try await Self.buildAndRun(files, setup: .swift6)
        #expect(Self.failure(of: "testRefreshCompletesOnceWhenTheWorkSucceeds", in: run.output)?.contains(
            "The refresh work (AppRefreshWork) threw Offline: Offline(), so its task was completed with success: false") == true, "\(run.output)")
        #expect(Self.passed("testRefreshCompletesOnceWhenTheWorkThrows", in: run.output), "\(run.output)")
        let failure = Self.failure(of: "testSilentPushAnswersWithinThePushBudget", in: run.output)
        #expect(failure?.contains(
            #"had not answered 1.7 s after the push {"aps": {"content-available": 1}, "type": "sync"} arrived"#) == true, "\(run.output)")
        #expect(failure?.contains(
            #"The push {"aps": {"content-available": 1}, "type": "process"} asks for processing, yet no processing request reached the rehearsals' scheduler"#) == true, "\(run.output)")
    }

    /// The test target's own factory hands the rehearsals a test double with items, while the app's work would
    /// hang on its real database: every rehearsal runs the double, the checkpoint ones included.
    @Test func aFactoryInTheTestTargetHandsTheRehearsalsATestDouble() async throws {
        var files = try Self.swiftFiles(Self.swiftTestingScenario)
        let work = files["ProcessingWork.swift"]!
        files["ProcessingWork.swift"] = work.replacingOccurrences(of: "-> [String] {\n        []\n", with: "-> [String] {\n        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }\n        return []\n")
        try #require(files["ProcessingWork.swift"] != work)
        files["RehearsalDoubles.swift"] = """
            nonisolated struct InMemoryRecords: CheckpointedWork {
                func items(after cursor: String?) async throws -> [String] {
                    ["a", "b", "c"].filter { cursor == nil || $0 > cursor! }
                }

                func process(_ item: String) async throws -> String {
                    item
                }
            }

            extension BackgroundTaskManager {
                @MainActor static func makeRehearsedProcessingWork() -> any BackgroundWork {
                    InMemoryRecords()
                }
            }

            """
        let run = try await Self.buildAndRun(files, setup: .xcode26Defaults, scenario: Self.swiftTestingScenario)
        #expect(run.ending == .exited(0), "\(run.output)")
        for test in ["testProcessingCompletesOnceWhenTheWorkSucceeds", "testCheckpointedProcessingResumesAfterTheSavedCursorWhenExpiredBetweenItems",
                     "testCheckpointedProcessingSkipsAnItemThatFailsForGoodAfterItsAttempts"] {
            #expect(Self.passed(test, in: run.output), "\(test): \(run.output)")
        }
    }

    /// The issue's "download handler that reads the file after returning": it saves into the temporary folder,
    /// which iOS empties while the app is not running, and reads the file from a task that outlives the callback.
    /// The template's own handler, which saves into Application Support, passes.
    @Test func aDownloadHandlerThatReadsTheFileAfterReturningIsCaught() async throws {
        var files = try Self.swiftFiles(Self.transfersScenario)
        let handler = files["DownloadHandling.swift"]!
        let inTmp = handler.replacingOccurrences(of: "        BackgroundDownloadManager.defaultFolder.appendingPathComponent(\n",
                                                 with: "        FileManager.default.temporaryDirectory.appendingPathComponent(\n")
            .replacingOccurrences(of: "        // Record the file, for example in your database, and return quickly.\n",
                                  with: "        Task.detached {\n            _ = try? Data(contentsOf: destination)\n        }\n")
        try #require(inTmp.components(separatedBy: "temporaryDirectory").count == 2 && inTmp.contains("Task.detached"))
        files["DownloadHandling.swift"] = inTmp
        // The push work's case renamed: the template's push reaches only its `default: return .noData`.
        let pushWork = try #require(files["SilentPushWork.swift"])
        files["SilentPushWork.swift"] = pushWork.replacingOccurrences(of: "case \"sync\"?:", with: "case \"messages\"?:")
        try #require(files["SilentPushWork.swift"] != pushWork)
        let run = try await Self.buildAndRun(files, setup: .xcode26Defaults, scenario: Self.transfersScenario)
        #expect(Self.skipped("testSilentPushAnswersWithinThePushBudget", in: run.output)?.contains(
            #"Nothing rehearsed: the silent push work (AppSilentPushWork) answered every push of SilentPushHandler.rehearsedPushes with .noData, as its switch answers a type it does not name, or the work had nothing new with its test doubles: {"aps": {"content-available": 1}, "type": "sync"}. List the pushes your server sends"#) == true,
            "\(run.output)")
        #expect(Self.skipped("testSilentPushAnswersWithinThePushBudget", in: run.output)?.contains(
            "If they are listed, give the doubles makeRehearsedSilentPushWork() builds something new for one of them.") == true,
            "\(run.output)")
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testFinishedDownloadIsMovedBeforeTheCallbackReturns", in: run.output)?.contains(
            "iOS would lose the download: AppDownloadHandler left it in the temporary folder, which iOS empties while the app is not running") == true,
            "\(run.output)")
        #expect(Self.passed("testDownloadThatKeepsFailingReachesDownloadDidFailOnce", in: run.output), "\(run.output)")
        #expect(Self.passed("testUploadResponseBodyReachesUploadDidFinish", in: run.output), "\(run.output)")
    }

    /// Transfer handlers that import the file, or the server's answer, before they return, for 2 s: in a background
    /// relaunch the app times out, and the transfers not yet delivered are lost. They are the test target's own
    /// (`makeRehearsedDownloadHandler()`, `makeRehearsedUploadHandler()`), so the failures name them, not the app's.
    /// The same build's upload delegate sends a POST again only when it is idempotent, whatever the error, as before:
    /// a POST that could not connect, which never left the device, reached `uploadDidFail` at its first attempt, and
    /// the upload rehearsal says so, naming the test target's handler: that rehearsal built the app's own
    /// (`makeUploadHandler()`), whose `uploadDidFail` then ran in the test host for a file on `rehearsal.invalid`.
    @Test func transferHandlersThatWorkLongInTheirCallbackAreCaught() async throws {
        var files = try Self.swiftFiles(Self.transfersScenario)
        files["RehearsalDoubles.swift"] = """
            import Foundation

            nonisolated struct SlowImport: BackgroundDownloadHandling {
                func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
                    BackgroundDownloadManager.defaultFolder.appendingPathComponent(
                        BackgroundDownloadManager.fileName(for: source, suggestedFilename: suggestedFilename))
                }

                func downloadDidFinish(from source: URL, savedTo destination: URL) {
                    Thread.sleep(forTimeInterval: 2)
                }

                func downloadDidFail(from source: URL, error: any Error) {}
            }

            nonisolated struct SlowOutbox: BackgroundUploadHandling {
                func uploadDidFinish(of file: URL, response: BackgroundUploadResponse) {
                    Thread.sleep(forTimeInterval: 2)
                }

                func uploadDidFail(of file: URL, error: any Error) {}
            }

            extension BackgroundDownloadManager {
                @MainActor static func makeRehearsedDownloadHandler() -> any BackgroundDownloadHandling { SlowImport() }
            }

            extension BackgroundUploadManager {
                @MainActor static func makeRehearsedUploadHandler() -> any BackgroundUploadHandling { SlowOutbox() }
            }

            """
        let uploads = try #require(files["BackgroundUploadManager.swift"])
        files["BackgroundUploadManager.swift"] = uploads.replacingOccurrences(
            of: "Self.isIdempotent(request) || BackgroundTransferRecord.failedBeforeSending(error) {", with: "Self.isIdempotent(request) {")
        try #require(files["BackgroundUploadManager.swift"] != uploads)
        let run = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.transfersScenario)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testFinishedDownloadIsMovedBeforeTheCallbackReturns", in: run.output)?.contains(
            "iOS would end the background launch before the other transfers were delivered: SlowImport.downloadDidFinish took 2.0 s") == true,
            "\(run.output)")
        #expect(Self.failure(of: "testUploadResponseBodyReachesUploadDidFinish", in: run.output)?.contains(
            "iOS would end the background launch before the other transfers were delivered: SlowOutbox.uploadDidFinish took 2.0 s") == true,
            "\(run.output)")
        #expect(Self.failure(of: "testUploadThatCannotReachTheServerReachesUploadDidFailOnce", in: run.output)?.contains(
            "A POST upload that could not connect to the server was tried 1 times before SlowOutbox heard uploadDidFail") == true, "\(run.output)")
    }

    /// A continued-processing job that ignores cancellation and keeps writing into its partial-output folder, its
    /// task expired at its first step: one whose steps are 20 ms of work that cancellation cannot cut short (100
    /// steps, 2 s) is still running past the 1 s bound; one whose steps are cut-short sleeps returns at once as if
    /// it had finished, and its half-written output would be kept. Its progress and its success still pass.
    @Test(arguments: [("            let end = Date().addingTimeInterval(0.02)\n            while Date() < end {}\n",
                       "iOS would suspend the app while the continued-processing job (ExportJob) still ran 1.0 s after its task expired"),
                      ("            try? await Task.sleep(nanoseconds: 20_000_000)\n",
                       "iOS would leave half-written output behind: the continued-processing job (ExportJob) went on after its task expired at its first step and returned as if it had finished")])
    func aContinuedJobThatIgnoresItsExpiryAndKeepsWritingIsCaught(_ step: String, _ message: String) async throws {
        var files = try Self.swiftFiles(Self.continuedScenario)
        let job = files["ExportJob.swift"]!
        let writing = job.replacingOccurrences(of: "            try Task.checkCancellation()\n", with: step
            + "            try? Data(\"step \\(step)\".utf8).write(to: progress.partialOutputFolder.appendingPathComponent(\"part-\\(step)\"))\n")
        try #require(writing != job)
        files["ExportJob.swift"] = writing
        let run = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.continuedScenario)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testContinuedProcessingDiscardsPartialOutputWhenExpired", in: run.output)?.contains(message) == true, "\(run.output)")
        #expect(Self.passed("testContinuedProcessingShowsProgressFromTheFirstMoment", in: run.output), "\(run.output)")
        #expect(Self.passed("testContinuedProcessingKeepsTheOutputOfAJobThatReturns", in: run.output), "\(run.output)")
    }

    /// A continued-processing job that reports no progress until it is done: 1.5 s of work, then one update at
    /// the end. Its bar sits at 0 the whole time, so iOS would end it first.
    @Test func aContinuedJobThatReportsNoProgressUntilDoneIsCaught() async throws {
        var files = try Self.swiftFiles(Self.continuedScenario)
        let job = files["ExportJob.swift"]!
        let update = "            progress.update(completed: step, of: steps, subtitle: \"Step \\(step) of \\(steps)\")\n        }\n"
        let silent = job.replacingOccurrences(of: update, with: """
                    _ = step
                }
                try await Task.sleep(nanoseconds: 1_500_000_000)
                progress.update(completed: steps, of: steps, subtitle: "Done")

            """)
        try #require(silent != job)
        files["ExportJob.swift"] = silent
        let run = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.continuedScenario)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testContinuedProcessingShowsProgressFromTheFirstMoment", in: run.output)?.contains(
            "iOS ends first the jobs that show least progress: the continued-processing job (ExportJob) reported no step 1.0 s after it launched") == true,
            "\(run.output)")
        #expect(Self.passed("testContinuedProcessingKeepsTheOutputOfAJobThatReturns", in: run.output), "\(run.output)")
    }

    /// A job of one step reports its only step as its last: there is no moment to expire it part-way, and the
    /// generated code keeps a returned job's output, so the expiry rehearsal must not call that half-written output
    /// (review of stop 29: it did, with "iOS would leave half-written output behind"). The rehearsal that had
    /// nothing to rehearse is a skip, saying why (it printed "Skipped:" and passed).
    @Test func aJobOfOneStepIsNotBlamedForOutputKeptAfterItsLastStep() async throws {
        var files = try Self.swiftFiles(Self.continuedScenario)
        let job = files["ExportJob.swift"]!
        let oneStep = job.replacingOccurrences(of: "let totalUnitCount: Int64 = 100", with: "let totalUnitCount: Int64 = 1")
        try #require(oneStep != job)
        files["ExportJob.swift"] = oneStep
        let run = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.continuedScenario)
        #expect(run.ending == .exited(0), "\(run.output)")
        #expect(run.output.contains("Nothing to rehearse: the continued-processing job (ExportJob) returned without reporting a step before its last"), "\(run.output)")
        #expect(Self.plain(run.output).contains("Executed 3 tests, with 1 test skipped and 0 failures"), "\(run.output)")
    }

    /// The simulator's mutant of the generated launch path that shows the bar only after the job's first step
    /// (no `progress.begin`), in the app's copy: the first-moment rehearsal catches it too.
    @Test func aBarShownOnlyAfterTheFirstStepIsCaught() async throws {
        var files = try Self.swiftFiles(Self.continuedScenario)
        try Mutant.apply(Mutant.named("a continued-processing job shows no progress until its first step ends").edits, to: &files, scenario: Self.continuedScenario)
        let run = try await Self.buildAndRun(files, setup: .xcode26Defaults, scenario: Self.continuedScenario)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: "testContinuedProcessingShowsProgressFromTheFirstMoment", in: run.output)?.contains(
            "iOS ends first the jobs that show least progress: when the continued-processing job (ExportJob) launched, its bar showed 0 of 0 instead of 0 of 100") == true,
            "\(run.output)")
    }

    /// An `ExportJob.swift` written before the rehearsals existed (a plain `ContinuedProcessingJob`, no factory):
    /// the rehearsal file still compiles clean, and the job's rehearsals pass saying how to add the factory.
    @Test func anExportJobWrittenBeforeTheRehearsalsIsSkippedSayingHow() async throws {
        var files = try Self.swiftFiles(Self.continuedScenario)
        let job = files["ExportJob.swift"]!
        let start = try #require(job.range(of: "    /// The job the rehearsal tests (`--tests`) run"))
        let end = try #require(job.range(of: "    func discardPartialOutput() {"))
        let old = job.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
            .replacingOccurrences(of: "struct ExportJob: RehearsedContinuedJob {", with: "struct ExportJob: ContinuedProcessingJob {")
        try #require(!old.contains("Rehearsed"))
        files["ExportJob.swift"] = old
        let run = try await Self.buildAndRun(files, setup: .xcode26Defaults, scenario: Self.continuedScenario)
        #expect(run.ending == .exited(0), "\(run.output)")
        #expect(run.output.contains("Nothing to rehearse: ExportJob has no rehearsal factory. Make it conform to RehearsedContinuedJob and add static func makeRehearsedJob()"), "\(run.output)")
        #expect(Self.plain(run.output).contains("Executed 3 tests, with 3 tests skipped and 0 failures"), "\(run.output)")
    }

    /// The generated code broken the ways the simulator's mutants break it, in the app's copy: a delegate that
    /// moves the downloaded file only after didFinishDownloadingTo returned (pitfall 15), and one that drops an
    /// upload's response body. The rehearsals in the app's own suite catch them too. The first is the form in
    /// which "a download handler that reads the file after returning" exists in an app: bggen's handler API never
    /// shows the handler iOS's temporary file, only the delegate sees it.
    @Test(arguments: [("downloaded file moved after didFinishDownloadingTo returns", "testFinishedDownloadIsMovedBeforeTheCallbackReturns",
                       "iOS would lose the download: when downloadDidFinish(from:savedTo:) was called"),
                      ("upload response body dropped", "testUploadResponseBodyReachesUploadDidFinish",
                       "The server's answer to an upload (201, 39 bytes) reached uploadDidFinish as 201, 0 bytes")])
    func aTransferDelegateBrokenAsTheSimulatorsMutantsIsCaught(_ mutant: String, _ rehearsal: String, _ message: String) async throws {
        var files = try Self.swiftFiles(Self.transfersScenario)
        try Mutant.apply(Mutant.named(mutant).edits, to: &files, scenario: Self.transfersScenario)
        // The deferred move leaves a catch that nothing throws into: a warning, which only this mutant may have.
        let run = try await Self.buildAndRun(files, setup: .swift6, scenario: Self.transfersScenario, allowingWarnings: true)
        #expect(run.ending != .exited(0), "\(run.output)")
        #expect(Self.failure(of: rehearsal, in: run.output)?.contains(message) == true, "\(run.output)")
    }

    // MARK: - Building and running

    /// The scenario's Swift files by file name, as the compile check builds them into module `App`: the app's (a
    /// new folder's), the rehearsal file and the app-delegate example.
    static func swiftFiles(_ scenario: String = scenario) throws -> [String: String] {
        try SimulatedApp.sources(for: Scenarios.named(scenario)).swiftFiles
    }

    /// The scenario's rendered Swift files by file name, its rehearsal file importing `appModule`.
    static func swiftFiles(_ scenario: Scenario, appModule: String) throws -> [String: String] {
        var files: [String: String] = [:]
        for file in try scenario.renderedFiles(appModule: appModule) where file.path.hasSuffix(".swift") {
            files[(file.path as NSString).lastPathComponent] = file.contents
        }
        return files
    }

    /// The rehearsal file among `files`, and its class, whose name has the scenario's `--prefix`.
    static func rehearsal(in files: [String: String]) -> (className: String, contents: String)? {
        files.first { $0.key.hasSuffix(rehearsalFile) }.map { (String($0.key.dropLast(".swift".count)), $0.value) }
    }

    /// The test methods, as swift-corelibs-xctest needs them listed: an executable built with swiftc has no test
    /// discovery.
    static func testNames(in rehearsal: String) -> [String] {
        rehearsal.matches(of: /func (test\w+)\(\) async/).map { String($0.output.1) }
    }

    /// Builds the files into module `App`, as the compile check does (so the scenario's own files share its
    /// build), and the entry point, an `XCTMain` of every rehearsal or Swift Testing's, into a module of its own that
    /// `@testable import`s it, as a unit-test bundle sees the app; links the two and runs them. Any diagnostic in
    /// bggen's files fails the test. An edit inside function bodies leaves `App`'s interface as it was, so the entry
    /// point compiled against it serves every such build (`RehearsalModule`).
    static func buildAndRun(_ files: [String: String], setup: CompilerSetup, scenario: String = scenario,
                            allowingWarnings: Bool = false, main: String? = nil) async throws -> Subprocess.Run {
        try await buildAndRun(files, setup: setup, in: Scenarios.named(scenario), allowingWarnings: allowingWarnings, main: main)
    }

    /// `main`: an entry point of the test's own instead of the one `main(for:in:)` writes.
    static func buildAndRun(_ files: [String: String], setup: CompilerSetup, in scenario: Scenario,
                            allowingWarnings: Bool = false, main customMain: String? = nil) async throws -> Subprocess.Run {
        let (app, entry, sdk) = try await build(files, setup: setup, in: scenario, allowingWarnings: allowingWarnings, main: customMain)
        let folder = try TemporaryDirectory()
        let executable = folder.url.appendingPathComponent("Rehearsals")
        let linked = try await sdk.link(objects: [try app.linkableObject(), entry.object], into: executable)
        guard linked.exitCode == 0 else { throw StubSDK.Failure(summary: "linking the rehearsals failed", output: linked.output) }
        return try await run(executable, in: folder.url)
    }

    /// Module `App` and the entry point compiled against it, unlinked: the compile check alone, for a set-up the
    /// rehearsals do not run in (`CompilerSetup.simulated`).
    static func build(_ files: [String: String], setup: CompilerSetup, in scenario: Scenario, allowingWarnings: Bool = false,
                      main customMain: String? = nil) async throws -> (app: AppModule, entry: RehearsalModule, sdk: StubSDK) {
        let sources = SimulatedApp.Sources(scenario: scenario, configuration: try scenario.configuration, swiftFiles: files, infoPlist: nil)
        let app = try await SimulatedApp.appModule(sources, setup: setup)
        #expect(app.outcome.exitCode == 0 && (app.generatedCodeDiagnostics.isEmpty || allowingWarnings), "\(setup):\n\(app.outcome.output)")
        guard app.outcome.exitCode == 0 else { throw StubSDK.Failure(summary: "the rehearsal build failed", output: app.outcome.output) }
        let version = StubSDK.Version(for: sources.configuration.deploymentTarget)
        let sdk = try await StubSDK.shared(version)
        let entry = try await RehearsalModule.compile(["main.swift": customMain ?? main(for: rehearsal(in: files)!, in: scenario)], against: app,
                                                      setup: setup, sdk: sdk, version: version)
        guard entry.result.exitCode == 0 else { throw StubSDK.Failure(summary: "the rehearsals' entry point failed to compile", output: entry.result.output) }
        return (app, entry, sdk)
    }

    /// The entry point: an `XCTMain` of every rehearsal, or Swift Testing's, which finds the tests itself. The
    /// `XCTMain` `@testable import`s `App`, where `buildAndRun`'s rehearsals are.
    static func main(for rehearsal: (className: String, contents: String), in scenario: Scenario) -> String {
        scenario.swiftTesting
            ? "import Foundation\nimport Testing\n\nexit(await Testing.__swiftPMEntryPoint() as CInt)\n"
            : "import XCTest\n@testable import App\n\nXCTMain([testCase([\n"
                + testNames(in: rehearsal.contents).map { "    (\"\($0)\", asyncTest(\(rehearsal.className).\($0))),\n" }.joined() + "])])\n"
    }

    /// Runs a rehearsal executable. The transfer rehearsals save into the handler's folders, in Application
    /// Support: the run's own home, beside (not inside) its own temporary folder, as on a device.
    static func run(_ executable: URL, in folder: URL) async throws -> Subprocess.Run {
        var environment = ["NO_COLOR": "1"]
        for (variable, name) in [("HOME", "home"), ("TMPDIR", "tmp")] {
            let sub = folder.appendingPathComponent(name, isDirectory: true)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            environment[variable] = sub.path
        }
        environment["XDG_DATA_HOME"] = environment["HOME"]! + "/.local/share"
        return try await Subprocess.launch(executable, arguments: [], environment: environment, in: folder, timeLimit: 120)
    }

    /// `type`'s `run()` with `body`, as a user might have written it.
    static func replacingBody(of type: String, in source: String, with body: String) throws -> String {
        let opening = "struct \(type): BackgroundWork {\n    func run() async throws {\n"
        guard let start = source.range(of: opening), let end = source.range(of: "\n    }\n}\n", range: start.upperBound..<source.endIndex) else {
            throw StubSDK.Failure(summary: "no run() in \(type)", output: source)
        }
        return source.replacingCharacters(in: start.upperBound..<end.lowerBound, with: body)
    }

    /// The failure messages XCTest or Swift Testing (an issue's line and the comment below it) printed for
    /// `test`, nil when it did not fail.
    static func failure(of test: String, in output: String) -> String? {
        let lines = plain(output).split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Substring] = []
        for (index, line) in lines.enumerated() {
            if line.contains(".\(test) : ") || line.contains(" \(test) : ") || line.contains("\(test) : XCT") {
                found.append(line)
            } else if line.contains("Test \(test)() recorded an issue") {
                found += lines[index...].prefix(2)
            }
        }
        return found.isEmpty ? nil : found.joined(separator: "\n")
    }

    /// The reason XCTest (`XCTSkip`) or Swift Testing (a known issue) printed for `test` that had nothing to
    /// rehearse, nil when it was not skipped: an XCTest test that also failed is not skipped.
    static func skipped(_ test: String, in output: String) -> String? {
        let plain = plain(output)
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains(test) {
            if line.contains("\(test) : Test skipped - ") && plain.contains(".\(test)' skipped (") {
                return String(line)
            } else if line.contains("Test \(test)() recorded a known issue") {
                return lines[index...].prefix(2).joined(separator: "\n")
            }
        }
        return nil
    }

    static func passed(_ test: String, in output: String) -> Bool {
        output.contains("\(test)' passed") || plain(output).contains("Test \(test)() passed")
    }

    /// The output without terminal colours.
    static func plain(_ output: String) -> String {
        output.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }
}
