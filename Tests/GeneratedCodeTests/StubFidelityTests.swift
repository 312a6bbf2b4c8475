import BggenTestSupport
import Foundation
import Testing

/// Proves the stub SDK is as strict as Apple's: correct background code compiles without a single diagnostic, and
/// each known mistake is diagnosed, in every compiler set-up. Without both halves, "generated code compiles
/// cleanly against the stubs" would not mean it compiles cleanly in Xcode.
@Suite("Stub SDK fidelity", .tags(.slow), .highPriority, .needsStubSDK)
struct StubFidelityTests {
    @Test("Correct background code compiles without diagnostics", arguments: CompilerSetup.allCases)
    func correctCodeIsClean(setup: CompilerSetup) async throws {
        let files = try Scratch.writeSources(FidelitySnippets.correctApp)
        let result = try await StubSDK.shared().compile(swiftFiles: files, setup: setup)
        #expect(result.isClean, "expected no diagnostics under \(setup.rawValue), got:\n\(result.output)")
    }

    @Test("Correct background code is also clean in a Release build (whole module, -O)")
    func correctCodeIsCleanInRelease() async throws {
        let files = try Scratch.writeSources(FidelitySnippets.correctApp)
        let result = try await StubSDK.shared().compile(swiftFiles: files, setup: .swift6, extraFlags: ["-wmo", "-O"])
        #expect(result.isClean, "expected no diagnostics, got:\n\(result.output)")
    }

    @Test("Known-bad code is diagnosed", arguments: BadSnippet.all, CompilerSetup.allCases)
    func badCodeIsDiagnosed(snippet: BadSnippet, setup: CompilerSetup) async throws {
        let files = try Scratch.writeSources([("Snippet.swift", snippet.source)])
        let result = try await StubSDK.shared().compile(swiftFiles: files, setup: setup)
        #expect(
            result.diagnostics.contains { $0.contains(snippet.expected) },
            "expected a diagnostic containing \"\(snippet.expected)\" under \(setup.rawValue), got:\n\(result.output)"
        )
    }

    /// The iOS 27 SDK deprecates `submit(_:)` for apps that target iOS 27, so `--ios 27` output must use
    /// `submitTaskRequest`: the stubs built as that SDK warn about `submit(_:)`, and only they do.
    @Test("Only the iOS 27 SDK deprecates submit(_:)", arguments: CompilerSetup.allCases)
    func submitIsDeprecatedInTheIOS27SDK(setup: CompilerSetup) async throws {
        let submit = """
            import BackgroundTasks

            nonisolated func schedule() throws {
                try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.refresh"))
            }
            """
        let submitTaskRequest = """
            import BackgroundTasks

            nonisolated func schedule() {
                BGTaskScheduler.shared.submitTaskRequest(BGAppRefreshTaskRequest(identifier: "com.example.refresh")) { _ in }
            }
            """
        let deprecated = try await StubSDK.shared(.ios27).compile(swiftFiles: Scratch.writeSources([("Submit.swift", submit)]), setup: setup)
        #expect(deprecated.diagnostics.contains { $0.contains("'submit' is deprecated") }, "\(deprecated.output)")
        let earlier = try await StubSDK.shared(.standard).compile(swiftFiles: Scratch.writeSources([("Submit.swift", submit)]), setup: setup)
        #expect(earlier.isClean, "\(earlier.output)")
        let replacement = try await StubSDK.shared(.ios27).compile(
            swiftFiles: Scratch.writeSources([("Submit.swift", submitTaskRequest)]), setup: setup
        )
        #expect(replacement.isClean, "\(replacement.output)")
    }

    /// Pitfall 8: a launch handler written in main-actor code inherits that isolation, and iOS calls it on its own
    /// queue when registered `using: nil`, so the app traps in `_swift_task_checkIsolated`. No compiler catches
    /// it. Swift 6 puts the same dynamic isolation check into the closure when it is handed to the stub, so a
    /// run-time simulator that calls handlers the way iOS does sees the same crash.
    @Test("A main-actor launch handler traps when the system calls it off the main thread, as on iOS")
    func mainActorLaunchHandlerTrapsAtRunTime() async throws {
        let main = """
            @_spi(Simulator) import BackgroundTasks
            import Foundation

            @MainActor func registerFromMainActor() {
                _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: "main", using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
            }

            nonisolated func registerFromNonisolatedCode() {
                _ = BGTaskScheduler.shared.register(forTaskWithIdentifier: "nonisolated", using: nil) { task in
                    task.setTaskCompleted(success: true)
                }
            }

            /// What iOS does for `using: nil`: calls the handler on a queue of its own.
            nonisolated func launch(_ identifier: String) {
                let handler = BGTaskScheduler.shared.registeredLaunchHandler(forTaskWithIdentifier: identifier)!.launchHandler
                nonisolated(unsafe) let systemHandler = handler
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    systemHandler(BGAppRefreshTask(simulatedIdentifier: identifier))
                    done.signal()
                }
                done.wait()
                // Unbuffered: the next launch crashes and would lose buffered output.
                FileHandle.standardOutput.write(Data("\\(identifier) handler returned\\n".utf8))
            }

            registerFromNonisolatedCode()
            registerFromMainActor()
            launch("nonisolated")
            launch("main")
            """
        let files = try Scratch.writeSources([("main.swift", main)])
        let executable = try await StubSDK.shared().buildExecutable(swiftFiles: files, setup: .swift6)
        let run = try await Subprocess.run([executable.path], in: executable.deletingLastPathComponent())
        #expect(run.output.contains("nonisolated handler returned"), "\(run.output)")
        #expect(!run.output.contains("main handler returned"), "\(run.output)")
        #expect(run.exitCode != 0, "\(run.output)")
    }
}
