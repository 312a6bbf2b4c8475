extension DoctorRule {
    public static let outdatedGenerated = DoctorRule(
        id: "GEN002", severity: .warning,
        summary: "A file bggen generated that this version of bggen would write differently (older templates).",
        finds: "a file bggen generated, unedited, that this version would write differently (rendered again from the answers `.bggen.json` records)",
        why: "Fixes in the newer templates (API rules, concurrency, expiry handling) do not reach the app until the file is regenerated.",
        fix: "Run `bggen init --yes` in the repository: it replays the answers in `.bggen.json` and updates the file.",
        tags: ["generated-code"],
        check: nil,
        examples: [
            .triggering("a file from an older template", ExampleSources.recorded("1️⃣" + GeneratedMarker.stamp("// An older template.\nimport Foundation\n", path: ExampleSources.recordedPath)),
                        "1️⃣"),
            .nonTriggering("an edited file, which is GEN001's",
                           ExampleSources.recorded("1️⃣" + GeneratedMarker.stamp("// An older template.\nimport Foundation\n", path: ExampleSources.recordedPath) + "// mine\n"),
                           "1️⃣ GEN001"),
            .nonTriggering("a file the answers file does not record",
                           ExampleSources.recorded(GeneratedMarker.stamp("import Foundation\n", path: ExampleSources.recordedPath))
                               .with(".bggen.json", #"{"bundleId": "com.example.app", "ios": "16.0", "style": "app-delegate", "tasks": ["refresh"], "version": 1}"#)),
        ])
}

extension ExampleSources {
    static let recordedPath = "App/BackgroundProcessing/BackgroundTaskRun.swift"

    /// A refresh app whose `.bggen.json` records one generated file, `recordedPath`, holding `contents`.
    static func recorded(_ contents: String) -> ExampleApp {
        ExampleApp().with(".bggen.json", """
            {"bundleId": "com.example.app", "files": ["\(recordedPath)"], "ios": "16.0", "style": "app-delegate", "tasks": ["refresh"], "version": 1}

            """).with(recordedPath, contents)
    }
}
