import BggenTestSupport
import Foundation
import Testing

/// Checks the harness itself: stubs build, a compile really generates code, timings stay visible, and
/// executables link against the stubs (the future run-time simulator depends on that).
@Suite("Stub SDK harness", .tags(.slow), .highPriority, .needsStubSDK)
struct StubSDKHarnessTests {
    @Test("A single compile is fast and reports its time")
    func singleCompileTiming() async throws {
        let sdk = try await StubSDK.shared()
        let tiny = try Scratch.writeSources([("Tiny.swift", "import BackgroundTasks\nnonisolated func f() {}\n")])
        let small = try await sdk.compile(swiftFiles: tiny, setup: .swift6)
        let app = try await sdk.compile(swiftFiles: Scratch.writeSources(FidelitySnippets.correctApp), setup: .xcode26Defaults)
        print("""
            stub SDK build: \(sdk.buildDuration)
            compile, 1 file + shim (swift6): \(small.duration)
            compile, \(FidelitySnippets.correctApp.count) files + shim (xcode26Defaults): \(app.duration)
            """)
        #expect(small.isClean, "\(small.output)")
        #expect(app.isClean, "\(app.output)")
    }

    @Test("Errors found only by SIL passes are reported, so the compile is not just a type-check")
    func compileRunsCodeGeneration() async throws {
        // Type-checks fine; only region-based isolation checking (a SIL pass, skipped by -typecheck) rejects it.
        let source = """
            nonisolated final class Box { var value = 0 }
            nonisolated func race() {
                let box = Box()
                Task.detached { box.value += 1 }
                box.value += 1
            }
            """
        let files = try Scratch.writeSources([("Race.swift", source)])
        let result = try await StubSDK.shared().compile(swiftFiles: files, setup: .swift6)
        #expect(result.exitCode != 0, "\(result.output)")
        #expect(result.diagnostics.contains { $0.contains("risks causing data races") }, "\(result.output)")
    }

    @Test("Executables link against the stubs, also with the thread sanitizer")
    func executableLinksAndRuns() async throws {
        let main = """
            import BackgroundTasks
            import StubRuntime

            let registered = BGTaskScheduler.shared.register(forTaskWithIdentifier: "r", using: nil) { task in
                task.setTaskCompleted(success: true)
            }
            try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "r"))
            let session = URLSession(configuration: .background(withIdentifier: "d"), delegate: nil, delegateQueue: nil)
            session.downloadTask(with: URL(string: "https://example.com/file")!).resume()
            print("registered=\\(registered) events=\\(StubLedger.shared.events.count)")
            """
        let files = try Scratch.writeSources([("main.swift", main)])
        let sdk = try await StubSDK.shared()
        for extraFlags in [[], ["-sanitize=thread"]] {
            let executable = try await sdk.buildExecutable(swiftFiles: files, setup: .swift6, extraFlags: extraFlags)
            let run = try await Subprocess.run([executable.path], in: executable.deletingLastPathComponent())
            #expect(run.exitCode == 0, "\(extraFlags): \(run.output)")
            #expect(run.output.contains("registered=true events=5"), "\(extraFlags): \(run.output)")
        }
    }
}
