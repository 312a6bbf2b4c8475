import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("The bggen binary, as scripts use it")
struct BinaryTests {
    @Test func helpDescribesEveryOptionAndTheReferenceTheIntervalMapping() throws {
        let folder = try TemporaryDirectory()
        let options = ["--tasks", "--interval", "--network", "--no-network", "--power", "--no-power", "--bundle-id", "--ios", "--output", "--prefix",
                       "--spec", "--objc", "--all-targets", "--yes", "--dry-run", "--force", "--json"]
        let reference = ["hourly       1 hour", "few-hours    4 hours", "daily        24 hours", "on-push", "15 minutes", ".bggen.json",
                         "replays them exactly", "TERM=dumb"]
        for (arguments, expected) in [(["init", "--help"], options), (["init", "-h"], options), (["help", "init"], options + reference)] {
            let run = try BinaryRunner.run(arguments, in: folder.url)
            #expect(run.status == 0)
            #expect(run.stderr.isEmpty)
            let unwrapped = run.stdout.replacingOccurrences(of: #"\n +"#, with: " ", options: .regularExpression)
            for text in expected {
                #expect(unwrapped.contains(text), "\(arguments) lacks \(text)")
            }
        }
        // --help is the short page: the reference is bggen help init's.
        let short = try BinaryRunner.run(["init", "--help"], in: folder.url).stdout
        #expect(!short.contains("replays them exactly") && short.contains("bggen help init"), "\(short)")
        let main = try BinaryRunner.run(["--help"], in: folder.url)
        #expect(main.status == 0 && main.stdout.contains("  init [DIR]  ") && main.stdout.contains("  mcp  "), "\(main.stdout)")
        let version = try BinaryRunner.run(["--version"], in: folder.url)
        #expect(version.status == 0 && version.stdout == "bggen 0.1.0\n")
        #expect(try folder.files().isEmpty)
    }

    @Test func yesWritesTheDefaultsAndPrintsNextSteps() throws {
        let folder = try TemporaryDirectory()
        let run = try BinaryRunner.run(["init", "--yes", "demo"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let written = try folder.files()
        let expected = try Scenario(name: "defaults", flags: [], answers: Answers()).renderedFiles()
        #expect(Set(written.keys) == Set(expected.map { "demo/\($0.path)" } + ["demo/.bggen.json", "demo/\(NextSteps.path)"]))
        for file in expected {
            #expect(written["demo/\(file.path)"] == file.contents)
        }
        for text in ["BackgroundTaskManager.shared.registerTasks()", "scheduleAppRefresh()", "_simulateLaunchForTaskWithIdentifier:@\"com.example.app.refresh\"",
                     "_simulateExpirationForTaskWithIdentifier:@\"com.example.app.processing\"", "Background fetch",
                     "BackgroundProcessing/AppRefreshWork.swift"] {
            #expect(written["demo/\(NextSteps.path)"]?.contains(text) == true, "NEXT_STEPS.md lacks \(text)")
        }
        // The terminal gets the plan and the steps by name, filled to its 80 columns (26 lines: as many rows as the
        // terminal made of the 23 unfilled ones, three of which it broke); the whole steps are in the file.
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 26 && lines.allSatisfy { $0.count <= 80 }, "\(run.stdout)")
        #expect(!run.stdout.contains("```") && run.stdout.contains("  4. Try it on a device\n"), "\(run.stdout)")
        #expect(run.stdout.contains("Next steps (in full in demo/bggen/NEXT_STEPS.md, or run\nbggen init --next-steps demo):\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("\u{1B}["), "no colour without a terminal")
    }

    /// The binary, given a scenario's flags, writes exactly the files the snapshot tests pin down; in a new folder
    /// there is no test target whose files import Testing, so the Swift Testing rehearsals are left out.
    @Test(arguments: Scenarios.all.filter { !$0.swiftTesting })
    func flagsProduceTheScenariosFiles(_ scenario: Scenario) throws {
        let folder = try TemporaryDirectory()
        let run = try BinaryRunner.run(["init", "--yes", "out"] + scenario.flags, in: folder.url)
        #expect(run.status == 0, "\(scenario): \(run.stderr)")
        var written = try folder.files()
        written.removeValue(forKey: "out/.bggen.json")
        written.removeValue(forKey: "out/\(NextSteps.path)")
        // The rehearsal tests import the module named after the folder, as Xcode names a new project's app.
        let expected = try scenario.renderedFiles(appModule: "out").reduce(into: [String: String]()) { $0["out/\($1.path)"] = $1.contents }
        #expect(written == expected, "\(scenario)")
    }

    @Test func aSecondRunChangesNothingAndSaysSo() throws {
        let folder = try TemporaryDirectory()
        let arguments = ["init", "--yes", "--tasks", "refresh,processing,downloads,silent-push", "app"]
        #expect(try BinaryRunner.run(arguments, in: folder.url).status == 0)
        let before = try modificationDates(folder.url)
        let second = try BinaryRunner.run(arguments, in: folder.url)
        #expect(second.status == 0)
        // Every file the first run wrote is counted, bggen/NEXT_STEPS.md and .bggen.json included.
        let written = try folder.files().keys.filter { $0.hasPrefix("app/") }
        #expect(written.contains("app/\(NextSteps.path)") && written.count == 14, "\(written.sorted())")
        #expect(second.stdout == "Nothing to change: all \(written.count) files are up to date. Next steps:\napp/bggen/NEXT_STEPS.md.\n")
        #expect(try modificationDates(folder.url) == before)
    }

    @Test func dryRunPrintsDiffsAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        let run = try BinaryRunner.run(["init", "--yes", "--dry-run", "--verbose", "--tasks", "refresh"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout.contains("create     BackgroundProcessing/BackgroundTaskManager.swift"))
        #expect(run.stdout.contains("+++ b/BackgroundProcessing/BackgroundTaskManager.swift"))
        #expect(run.stdout.contains("+    static let appRefreshIdentifier = \"com.example.app.refresh\""))
        #expect(run.stdout.contains("Dry run: nothing was written."))
        #expect(try folder.files().isEmpty)
    }

    @Test func conflictsAreRefusedWithoutForceAndNothingIsWritten() throws {
        let folder = try TemporaryDirectory()
        #expect(try BinaryRunner.run(["init", "--yes"], in: folder.url).status == 0)
        let manager = folder.url.appendingPathComponent("BackgroundProcessing/BackgroundTaskManager.swift")
        try (try String(contentsOf: manager, encoding: .utf8) + "// my change\n").write(to: manager, atomically: true, encoding: .utf8)
        let before = try folder.files()

        let refused = try BinaryRunner.run(["init", "--yes", "--interval", "daily"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("conflict   BackgroundProcessing/BackgroundTaskManager.swift  (edited since bggen wrote it)"))
        #expect(refused.stderr.contains("BackgroundProcessing/BackgroundTaskManager.swift"))
        #expect(refused.stderr.contains("--force"))
        #expect(try folder.files() == before)

        let dryRun = try BinaryRunner.run(["init", "--yes", "--interval", "daily", "--dry-run"], in: folder.url)
        #expect(dryRun.status == 1)
        #expect(dryRun.stdout.contains("-// my change"))

        let forced = try BinaryRunner.run(["init", "--yes", "--interval", "daily", "--force"], in: folder.url)
        #expect(forced.status == 0)
        #expect(try !String(contentsOf: manager, encoding: .utf8).contains("// my change"))
    }

    @Test func jsonDescribesThePlanAndTheResult() throws {
        let folder = try TemporaryDirectory()
        let plan = try BinaryRunner.run(["init", "--yes", "--json", "--dry-run", "--tasks", "downloads,silent-push", "--bundle-id", "org.sample.photos"], in: folder.url)
        #expect(plan.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any])
        #expect(document["dryRun"] as? Bool == true)
        #expect(document["written"] as? Bool == false)
        let identifiers = try #require(document["identifiers"] as? [String: Any])
        #expect(identifiers["downloadSession"] as? String == "org.sample.photos.background-downloads")
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.allSatisfy { $0["action"] as? String == "create" })
        #expect(files.contains { $0["path"] as? String == "BackgroundProcessing/DownloadHandling.swift" && $0["owner"] as? String == "user" })
        let infoPlist = try #require(document["infoPlist"] as? [String: Any])
        #expect(infoPlist["backgroundModes"] as? [String] == ["remote-notification"])
        #expect(try folder.files().isEmpty)

        let result = try BinaryRunner.run(["init", "--yes", "--json", "--tasks", "downloads"], in: folder.url)
        let written = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(written["written"] as? Bool == true)
    }

    @Test func missingAnswersWithoutATerminalNameTheFlags() throws {
        let folder = try TemporaryDirectory()
        let run = try BinaryRunner.run(["init", "--tasks", "refresh"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--yes"))
        #expect(run.stderr.contains("--interval"))
        #expect(run.stderr.contains("--bundle-id"))
        #expect(!run.stderr.contains("--network"), "network applies only to processing")
        #expect(try folder.files().isEmpty)
    }

    /// Each bad input: a clear sentence on stderr, a pointer to --help, exit 64, and nothing written.
    @Test(arguments: [
        (["--tasks", "refresh,backup"], "unknown task 'backup'"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--task", "refresh"], "did you mean --tasks?"),
        (["--interval", "weekly"], "'weekly' is not an interval"),
        (["--tasks", ""], "--tasks is empty"),
        (["--tasks", ","], "--tasks is empty"),
        (["--interval", "10m"], "shorter than 15 minutes"),
        (["--bundle-id", "com.acme\"; exit(1); \""], "is not a valid bundle identifier"),
        (["--bundle-id", "not a bundle"], "is not a valid bundle identifier"),
        (["--ios", "11.0"], "older than iOS 12.0"),
        (["--ios", "12.0", "--tasks", "silent-push"], "silent-push needs iOS 13.0"),
        (["--ios", "latest"], "'latest' is not an iOS deployment target"),
        (["--output", "../outside"], "points outside the project folder"),
        (["--output", "/tmp/elsewhere"], "points outside the project folder"),
        (["--output", "notes.txt"], "is a file, not a folder"),
        (["--network", "--no-network"], "contradict each other"),
        (["--tasks", "refresh", "--tasks", "processing"], "more than once"),
        (["--tasks", "refresh", "--network"], "applies only to the processing task"),
        (["--tasks", "refresh", "--interval", "on-push"], "cannot be combined with the refresh task"),
        (["notes.txt"], "is a file; pass the project folder"),
        (["one", "two"], "init takes one folder"),
        (["--bundle-id"], "--bundle-id needs a value"),
        (["--at", "25:00"], "'25:00' is not a time of day"),
        (["--tasks", "refresh", "--checkpoint"], "--checkpoint applies only to the processing task"),
        (["--style", "storyboard"], "'storyboard' is not an app style"),
        (["--style", "swiftui", "--ios", "13.0"], "a SwiftUI App needs iOS 14 or later"),
        (["--tasks", "refresh", "--strategy", "fail"], "--strategy applies only to the continued-processing task"),
        (["--tasks", "continued-processing", "--strategy", "later"], "'later' is not a strategy"),
        (["--target"], "--target needs a value"),
    ] as [([String], String)])
    func badInputIsAUsageErrorAndWritesNothing(_ arguments: [String], _ message: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write("my notes\n", to: "notes.txt")
        let run = try BinaryRunner.run(["init", "--yes"] + arguments, in: folder.url)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("error: "))
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.contains("See 'bggen init --help'."))
        #expect(run.stdout.isEmpty)
        #expect(try folder.files() == ["notes.txt": "my notes\n"])
    }

    @Test func unknownCommandsPointAtTheMainHelp() throws {
        let folder = try TemporaryDirectory()
        let run = try BinaryRunner.run(["generate"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown command 'generate'"))
        #expect(run.stderr.contains("the commands are init, doctor, mcp, help, completion"))
        #expect(run.stderr.contains("See 'bggen --help'."))
    }

    @Test func anUnwritableFolderFailsWithStatusOneAndLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        // A file where a folder must be created refuses it even to root, which a chmod would not stop, on every
        // platform (/proc, used before, is Linux's).
        try folder.write("not a folder\n", to: "blocker")
        let run = try BinaryRunner.run(["init", "--yes", "blocker/app"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("could not write"), "\(run.stderr)")
        #expect(try folder.files() == ["blocker": "not a folder\n"])
    }

    @Test func theBinaryWorksWhenCopiedAloneElsewhere() throws {
        let folder = try TemporaryDirectory()
        let copy = folder.url.appendingPathComponent("bin/bggen")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Copied by `cp`, not by this process: a test on another thread that starts a process while the copy is
        // open for writing here would hold it open in the child, and running the copy would fail with "Text file
        // busy".
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [try RepositoryPaths.binary.path, copy.path]
        try cp.run()
        cp.waitUntilExit()
        try #require(cp.terminationStatus == 0)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["init", "--yes", "--tasks", "silent-push", "out"]
        process.currentDirectoryURL = folder.url
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/BackgroundProcessing/SilentPushHandler.swift").path))
    }

    private func modificationDates(_ url: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.contentModificationDateKey])
        while let file = enumerator?.nextObject() as? URL {
            dates[file.path] = try file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate
        }
        return dates
    }
}
