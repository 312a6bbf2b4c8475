@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// One bggen at a time per repository; a stop request waits for the plan to be written; a rollback takes back
/// only what this run wrote.
@Suite("Concurrent runs, signals and rollbacks", .serialized)
struct ConcurrentRunTests {
    @Test func aSecondRunStopsAtOnceWhileTheRepositoryIsLocked() throws {
        let folder = try TemporaryDirectory()
        let held = try #require(try LocalFileSystem().lockExclusively(folder.path))
        let run = try BinaryRunner.run(["init", "--yes"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("another bggen is changing '.' right now; nothing was written."), "\(run.stderr)")
        #expect(try folder.files().isEmpty)
        held.release()
        #expect(try BinaryRunner.run(["init", "--yes"], in: folder.url).status == 0)
    }

    @Test func aNewFolderIsLockedToo() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("demo"), withIntermediateDirectories: false)
        let held = try #require(try LocalFileSystem().lockExclusively(folder.url.appendingPathComponent("demo").path))
        let run = try BinaryRunner.run(["init", "--yes", "demo"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        held.release()
        let missing = try BinaryRunner.run(["init", "--yes", "--dry-run", "new/deeper"], in: folder.url)
        #expect(missing.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("new").path), "a dry run creates nothing")
    }

    /// Pairs of runs with different answers, started together: every tree ends up exactly what its record says,
    /// and a run that did not get the lock says so and changes nothing.
    @Test func concurrentRunsNeverLeaveATreeThatDisagreesWithItsRecord() throws {
        for round in 0..<8 {
            let folder = try TemporaryDirectory()
            let tasks = ["refresh,downloads", "silent-push,uploads"]
            nonisolated(unsafe) var runs: [BinaryRun?] = [nil, nil]
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                runs[index] = try? BinaryRunner.run(["init", "--yes", "--tasks", tasks[index]], in: folder.url)
            }
            for run in runs {
                let run = try #require(run)
                #expect(run.status == 0 || run.stderr.contains("another bggen is changing"), "round \(round): \(run.stderr)")
            }
            let check = try BinaryRunner.run(["init", "--yes", "--dry-run"], in: folder.url)
            let plan = check.stdout.components(separatedBy: "\n\n")[0]
            let changes = plan.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("  unchanged") && $0.contains("/") && !$0.contains(" (") }
            #expect(check.stdout.hasPrefix("Plan for") && changes.isEmpty, "round \(round): \(check.stdout)")
        }
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aStopRequestDuringTheWriteWaitsUntilEveryFileIsWritten(_ signal: Int32) throws {
        let disk = InMemoryFileSystem(directories: ["/project"])
        // Sent to the process, as `kill` from a shell would; test threads block signals, so another thread takes
        // it, and the write waits until it has.
        disk.afterWrite = { count in
            guard count == 2 else { return }
            kill(getpid(), signal)
            let deadline = Date().addingTimeInterval(5)
            while DeferredSignals.pending == nil && Date() < deadline { usleep(1_000) }
        }
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: disk).run(["init", "--yes", "--tasks", "refresh,processing"])
        #expect(status == 128 + signal)
        #expect(console.errors.contains("Stopped by \(DeferredSignals.name(of: signal)) after every file was written."))
        let expected = try Scenario(name: "defaults", flags: [], answers: Answers()).renderedFiles()
        for file in expected {
            #expect(disk.files["/project/\(file.path)"] == file.contents, "\(file.path)")
        }
        #expect(disk.files["/project/.bggen.json"] != nil)
    }

    @Test func aRollbackLeavesAFileSomeoneElseChangedMeanwhileAndNamesIt() throws {
        let disk = InMemoryFileSystem(directories: ["/project"])
        let root = "/project"
        let files = try OutputRenderer().files(for: Configuration(answers: Answers()), outputFolder: "BackgroundProcessing")
        let plan = try Planner(fileSystem: disk).plan(root: root, outputFolder: "BackgroundProcessing", files: files, force: false)
        let first = "\(root)/\(try #require(plan.changes.first).path)"
        disk.afterWrite = { count in
            if count == 2 { try? disk.writeAtomically("someone else's\n", to: first) }
        }
        disk.failingWrites = [4]
        #expect {
            try PlanWriter(fileSystem: disk).apply(plan)
        } throws: { error in
            guard case .writeFailed(_, _, let left) = error as? PlanError else { return false }
            return left == ["BackgroundProcessing", try! #require(plan.changes.first).path]
        }
        #expect(disk.files[first] == "someone else's\n")
        #expect(disk.files.count == 1, "everything else this run wrote was taken back")
    }
}
