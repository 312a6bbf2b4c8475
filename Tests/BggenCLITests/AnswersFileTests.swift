@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("The .bggen.json answers file")
struct AnswersFileTests {
    /// Every answer that does not fit is named at once, one `error:` line each, and nothing is written.
    @Test func everyConflictIsOneErrorLineAndAllAreReportedTogether() throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh", "--network", "--gpu", "--style", "swiftui", "--objc"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr == """
            error: --network applies only to the processing task; add processing to --tasks or drop --network.
            error: --gpu applies only to the continued-processing task; add continued-processing to --tasks or drop --gpu.
            error: --objc is for an Objective-C app delegate, but the style is swiftui; drop --objc or pass --style app-delegate.
            See 'bggen init --help'.

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func aRunRecordsItsAnswersAndYesReplaysThemExactly() throws {
        let folder = try TemporaryDirectory()
        let first = try InProcessRunner.run(
            ["init", "--yes", "--tasks", "processing,downloads", "--interval", "6h", "--network", "--bundle-id", "io.x.app", "--ios", "17.0", "--output", "Code/Bg"],
            in: folder.url
        )
        #expect(first.status == 0, "\(first.stderr)")
        let recorded = try String(contentsOf: folder.url.appendingPathComponent(".bggen.json"), encoding: .utf8)
        #expect(recorded == """
            {
              "bundleId": "io.x.app",
              "files": [
                "Code/Bg/BackgroundDownloadManager.swift",
                "Code/Bg/BackgroundSupport.swift",
                "Code/Bg/BackgroundTaskConfiguration.swift",
                "Code/Bg/BackgroundTaskManager.swift",
                "Code/Bg/BackgroundTaskRun.swift",
                "Code/Bg/DownloadHandling.swift",
                "Code/Bg/ProcessingWork.swift",
                "bggen/Info.fragment.plist"
              ],
              "interval": "6h",
              "ios": "17.0",
              "network": true,
              "output": "Code/Bg",
              "power": false,
              "style": "app-delegate",
              "tasks": ["processing", "downloads"],
              "version": 1
            }

            """)
        let before = try folder.files()
        let replay = try InProcessRunner.run(["init", "--yes"], in: folder.url)
        #expect(replay.status == 0)
        #expect(replay.stdout.hasPrefix("Nothing to change"))
        #expect(try folder.files() == before)

        let changed = try InProcessRunner.run(["init", "--yes", "--interval", "daily"], in: folder.url)
        #expect(changed.status == 0)
        let files = try folder.files()
        #expect(files["Code/Bg/BackgroundTaskConfiguration.swift"]?.contains("processingInterval: TimeInterval? = 24 * 60 * 60") == true)
        #expect(files[".bggen.json"]?.contains("\"interval\": \"daily\"") == true)
        #expect(files[".bggen.json"]?.contains("\"network\": true") == true)
    }

    @Test(arguments: [
        ("{", "is not valid JSON"),
        ("[]", "must hold one JSON object"),
        ("{\"taskz\": [\"refresh\"]}", "'taskz' is not a known answer"),
        ("{\"tasks\": \"refresh\"}", "'tasks' must be a list"),
        ("{\"tasks\": [\"backup\"]}", "unknown task 'backup'"),
        ("{\"interval\": \"5m\"}", "shorter than 15 minutes"),
        ("{\"bundleId\": \"com.x\\\"; exit(1)\"}", "not a valid bundle identifier"),
        ("{\"network\": 1}", "'network' must be true or false"),
        ("{\"ios\": \"11.0\"}", "older than iOS 12.0"),
        ("{\"version\": 2}", "'version' must be 1"),
        ("{\"style\": \"storyboard\"}", "'storyboard' is not an app style"),
        ("{\"strategy\": \"later\"}", "'later' is not a strategy"),
        ("{\"at\": \"9pm\"}", "'9pm' is not a time of day"),
        ("{\"version\": true}", "'version' must be 1"),
        ("{\"tasks\": [\"refresh,processing\"]}", "one per string"),
        ("{\"files\": [\"../outside/BackgroundTaskManager.swift\"]}", "'files' must list paths inside the project"),
        ("{\"files\": [\"/etc/passwd\"]}", "'files' must list paths inside the project"),
        ("{\"files\": \"BackgroundProcessing\"}", "'files' must list paths inside the project"),
        ("{\"testModule\": \"My App\"}", "'testModule' must be a Swift module name"),
        ("{\"tests\": \"yes\"}", "'tests' must be true or false"),
    ] as [(String, String)])
    func aMalformedFileIsAClearErrorNamingTheFile(_ contents: String, _ problem: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write(contents, to: "app/.bggen.json")
        let run = try InProcessRunner.run(["init", "--yes", "app"], in: folder.url)
        // A damaged file in the repository, not a mistake on the command line (issue 20, item 14).
        #expect(run.status == 1)
        #expect(run.stderr.contains("app/.bggen.json line 1 cannot be used: "), "\(run.stderr)")
        #expect(run.stderr.contains(problem), "\(run.stderr)")
        #expect(try folder.files() == ["app/.bggen.json": contents])
    }

    /// A team edits the file by hand: an error names the line it is on, a trailing comma (which other JSON tools
    /// reject) is an error too, and `//` comments are allowed.
    @Test(arguments: [
        ("{\n  \"tasks\": [\"refresh\"],\n  \"interval\": \"5m\"\n}", "line 3 cannot be used: interval '5m'"),
        ("{\n  \"tasks\": [\n    \"refresh\",\n  ]\n}", "line 4 cannot be used: it is not valid JSON: a trailing comma before ']'"),
        ("{\n  \"tasks\": [\"refresh\"],\n}", "line 3 cannot be used: it is not valid JSON: a trailing comma before '}'"),
        ("{\n  // why\n  \"tasks\": [\"refresh\"]\n  \"ios\": \"17.0\"\n}", "line 4 cannot be used: it is not valid JSON: ',' or '}' expected after the value of 'tasks'"),
        ("{\n  \"doctor\": {\n    \"disabled\": [\"BG07\"]\n  }\n}", "line 3 cannot be used: 'doctor.disabled' lists 'BG07', which is not a doctor rule"),
        ("{\n  \"doctor\": {\n    \"severity\": {\n      \"BG007\": \"fatal\"\n    }\n  }\n}", "line 4 cannot be used: 'doctor.severity.BG007' must be \"error\", \"warning\" or \"note\""),
    ] as [(String, String)])
    func anErrorNamesItsLine(_ contents: String, _ problem: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write(contents, to: ".bggen.json")
        let command = problem.contains("doctor") ? ["doctor"] : ["init", "--yes"]
        let run = try InProcessRunner.run(command, in: folder.url)
        #expect(run.stderr.contains(".bggen.json \(problem)"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(try folder.files() == [".bggen.json": contents])
    }

    @Test func commentsAreAllowedAndInitKeepsTheDoctorSettingsAsWritten() throws {
        let folder = try TemporaryDirectory()
        let doctor = "{\n    // The legacy sync is being rewritten.\n    \"excluded\": [\"Legacy\"]\n  }"
        try folder.write("{\n  /* replayed by init --yes */\n  \"tasks\": [\"refresh\"],\n  \"doctor\": \(doctor)\n}\n", to: ".bggen.json")
        let run = try InProcessRunner.run(["init", "--yes"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let record = try folder.files()[".bggen.json"] ?? ""
        #expect(record.contains("  \"doctor\": \(doctor),\n"), "\(record)")
    }
}
