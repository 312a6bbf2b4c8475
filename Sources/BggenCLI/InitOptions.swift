import BggenCore
import BggenModel

/// Everything `bggen init` was told on the command line.
struct InitOptions {
    var directory = "."
    var answers = Answers()
    var output: String?
    var target: String?
    /// An XcodeGen spec not named `project.yml`, relative to the folder.
    var spec: String?
    /// Also patch the other app targets that compile the same folder.
    var allTargets = false
    var replace = false
    var migrateBackgroundFetch = false
    var allowBinaryPlist = false
    var assumeDefaults = false
    var dryRun = false
    var force = false
    var json = false
    /// `--next-steps`: print the steps, write nothing.
    var showNextSteps = false
    var useGenerators = false
    var display = OutputOptions()

    /// `bggen init`'s interface: the one table its parser, help, completions, man page and README block come from.
    static let command = CommandSpec(
        name: "init",
        abstract: "generate the code",
        argument: "[DIR]",
        argumentValues: .directories,
        options: [
            .option("tasks", "LIST", values: .commaList(TaskKind.allCases.map(\.rawValue)),
                    "\(TaskKind.allCases.map(\.rawValue).joined(separator: ", "))",
                    "comma-separated (default: refresh,processing)"),
            .option("interval", "VALUE", values: .words(Interval.keywords),
                    "hourly | few-hours | daily | on-push | 30m, 6h, 1d … (default: few-hours)",
                    "how often periodic work may run:",
                    "  hourly      1 hour",
                    "  few-hours   4 hours",
                    "  daily       24 hours",
                    "  on-push     no periodic refresh; silent push triggers the work",
                    "              (adds silent-push; replaces the default refresh)",
                    "  30m, 6h, 1d any duration; the refresh minimum is 15 minutes",
                    "Processing uses the same interval, raised to 1 hour if shorter.",
                    "iOS treats every interval as \"not before\", never as a timetable."),
            .toggle("network", "the processing task needs network connectivity (default: no)"),
            .toggle("power", "the processing task needs external power (default: no)"),
            .toggle("checkpoint", "processing saves a cursor after each item and resumes from it next run"),
            .option("at", "HH:MM", "processing starts no earlier than this local time each night",
                    "(pair it with --power for overnight work); replaces the processing interval;",
                    "--at none removes a recorded time"),
            .option("strategy", "queue|fail", values: .words(ContinuedStrategy.allCases.map(\.rawValue)),
                    "continued processing: wait for the system, or refuse at once",
                    "so the app can tell the user (default: queue)"),
            .toggle("gpu", "continued processing asks for the GPU where the device supports it",
                    "(needs the Background GPU Access capability, written to the entitlements",
                    "fragment; refused, a job goes on without it; default: no)"),
            .option("style", "STYLE", values: .words(AppStyle.allCases.map(\.rawValue)),
                    "app-delegate or swiftui: where registration and scheduling go (detected in an existing app)",
                    "app-delegate (the default) schedules from a scene delegate; with swiftui on",
                    "iOS 16+, SwiftUI's .backgroundTask registers the refresh"),
            .option("bundle-id", "ID", "reverse-DNS prefix of every identifier (default: com.example.app)"),
            .option("ios", "VERSION", "deployment target, 12.0 to \(DeploymentTarget.newestMajor).x (default: 16.0)",
                    "below 13.0 the code is guarded with @available; from 27.0 requests",
                    "are submitted with submitTaskRequest, as the iOS 27 SDK asks"),
            .option("output", "PATH", values: .directories, "folder for the Swift files, relative to DIR"),
            .option("target", "NAME", "the app target to add to, when the project has several"),
            .flag("all-targets", "also patch the other app targets that compile the same folder",
                  "(flavours of one app); asked on a terminal"),
            .option("prefix", "NAME", "put NAME before every generated type and Swift file name",
                    "(BackgroundTaskManager becomes NAMEBackgroundTaskManager); an uppercase",
                    "letter, then letters or digits. Chosen as Bggen when the app already",
                    "declares one of bggen's names, and recorded in .bggen.json"),
            .flag("objc", "the app delegate is Objective-C: an @objc entry point and Objective-C calls",
                  "(BackgroundTasksObjC.swift; detected in an existing app)"),
            .flag("tests", "also write rehearsal tests of the background work",
                  "into the app's unit-test target (XCTest, or Swift Testing where its files",
                  "import Testing; asked on a terminal when there is one): your work runs through",
                  "the generated code with a fake task, scheduler and session, succeeding,",
                  "throwing, expired and failing; a failure says what iOS would do on a device",
                  "(continued processing is not rehearsed yet). Run them with",
                  "xcodebuild test or swift test"),
            .option("spec", "PATH", values: .files, "the XcodeGen spec, when it is not project.yml",
                    "and several YAML files look like one (one with top-level name: and targets:",
                    "is found alone)"),
            .flag("replace", "generate a task kind even where the app's code already covers it"),
            .flag("migrate-background-fetch", "generate refresh to replace the app's legacy background fetch",
                  "(the permitted task identifiers key switches it off; asked on a terminal)"),
            .flag("allow-binary-plist", "convert a binary Info.plist to XML to patch it (otherwise an error)"),
            .flag("yes", short: "y", "take the defaults for everything not given; never prompt"),
            .flag("dry-run", "print the plan with unified diffs of the files that change; write nothing",
                  "(create / update / unchanged / conflict / delete; exit 1 if a real run would conflict);",
                  "new files in full with --verbose"),
            .flag("force", "overwrite generated files that were edited; never deletes",
                  "(also files bggen did not write)"),
            .flag("json", "print the plan or the result as one JSON document on stdout"),
            .flag("next-steps", "print the next steps again (bggen/NEXT_STEPS.md); write nothing"),
            .flag("use-generators", "run xcodegen dump or tuist dump project to read the resolved project",
                  "(they run the repository's own code, so only when you trust it; never recorded)"),
        ] + OutputOptions.specs,
        description: ["Generates background-work code into DIR (default: the current folder; created if missing)."],
        sections: [
            ("WHERE FILES GO", [
                "In an existing project, Swift files go to BackgroundProcessing/ in the app target's own folder.",
                "Otherwise they go to DIR/Sources/BackgroundProcessing/ when DIR/Sources/ exists, else to",
                "DIR/App/BackgroundProcessing/ when DIR/App/ exists, else to DIR/BackgroundProcessing/.",
                "The Info.plist and entitlements fragments go to DIR/bggen/, outside the source folders, so they",
                "never become stray build inputs or a second Info.plist.",
                "Files marked \"Generated by bggen\" are bggen's: re-runs update them, and refuse (unless --force)",
                "when you edited them. Files marked \"This file is yours\" hold your work: written once, never",
                "overwritten. A re-run deletes only files .bggen.json records as generated, and only while",
                "untouched (also after --output changes). bggen writes and deletes only inside DIR, judged on",
                "real paths: a project folder or symbolic link leading elsewhere is an error (exit 1). One run",
                "at a time per folder: a second one stops at once (exit 1).",
            ]),
            ("IN AN EXISTING APP", [
                "bggen first reads the project (.xcodeproj and its xcconfigs, XcodeGen project.yml, Tuist",
                "Project.swift, or Package.swift) and reports it: the app target, its deployment target, Swift",
                "version, default isolation and bundle identifier (the defaults for --ios and --bundle-id), its",
                "Info.plist and entitlements, and existing background code with file:line. A task kind that code",
                "already covers is skipped (and said so) unless --replace; an identifier the app already",
                "registers is never registered again. A type or Swift file the app already has (anywhere in the",
                "repository, packages included) is never generated a second time: bggen's names get a prefix",
                "(--prefix, else Bggen, said so), and a chosen prefix that still clashes is an error (exit 1).",
                "bggen then adds the missing keys to the app's Info.plist and aps-environment to its",
                "entitlements with additions-only edits, and prints the exact change for anything it does not",
                "edit itself (generated Info.plists, XcodeGen and Tuist specs, files shared with extensions).",
                "Swift files go into the app target's own folder; other app targets that compile it are named",
                "(--all-targets patches their Info.plists too). The style is read from every file the target",
                "compiles; an Objective-C app delegate gets an @objc entry point (--objc). A target that also",
                "builds for macOS gets every file behind #if canImport(BackgroundTasks) && canImport(UIKit).",
                "Code that covers a task kind is code compiled into the app: its own files, linked frameworks",
                "and packages.",
                "A folder that plainly holds an app (an Info.plist, an app delegate or @main App, an .xcodeproj)",
                "but no project bggen can read, or a project with no iOS app target bggen can read (Tuist",
                "targets built by helper functions), stops the run with exit 1 and nothing written: pass",
                "--spec, run bggen where the project is, or pass --output to generate only the files.",
            ]),
            ("QUESTIONS AND ANSWERS FILE", [
                "On a terminal, bggen asks for every answer no flag gave (arrow keys and space, or numbers such as",
                "1,3 when TERM=dumb), shows the plan, and writes only after you confirm. Ctrl-C exits 130 and",
                "end of input exits 1, both with nothing written.",
                "Each run records its answers in DIR/.bggen.json, for example:",
                "  {\"bundleId\": \"com.acme.news\", \"interval\": \"daily\", \"ios\": \"16.0\", \"network\": false,",
                "   \"power\": false, \"tasks\": [\"refresh\", \"downloads\"], \"version\": 1}",
                "A later run offers them as defaults, and `bggen init --yes` replays them exactly; flags win",
                "over the file. An invalid file is an error that names it; it is never ignored.",
                "Without a terminal on stdin, pass --yes or every answer as a flag; bggen never waits for input.",
            ]),
        ],
        examples: [
            "bggen init --yes MyApp",
            "bggen init . --tasks refresh,downloads --interval daily --bundle-id com.acme.news --ios 17.0",
            "bggen init --tasks processing --network --power --dry-run",
        ]
    )

    /// Parses and checks each value where it is given, so the first error names the flag at fault.
    static func parse(_ arguments: [String]) throws -> InitOptions {
        let parsed = try command.parser.parse(arguments)
        var options = InitOptions()
        options.display = try OutputOptions(parsed)
        guard parsed.positionals.count <= 1 else {
            throw UsageError("init takes one folder, but got \(parsed.positionals.count): \(parsed.positionals.joined(separator: " ")).")
        }
        options.directory = parsed.positionals.first ?? "."
        for field in AnswerField.allCases {
            if let text = parsed.values[field.rawValue] {
                try field.set(text, in: &options.answers)
            } else if let flag = parsed.toggles[field.rawValue] ?? (parsed.flags.contains(field.rawValue) ? true : nil) {
                field.set(flag, in: &options.answers)
            }
        }
        if let output = parsed.values["output"] {
            guard !output.isEmpty else { throw UsageError("--output is empty; pass a folder inside DIR.") }
            options.output = output
        }
        options.target = parsed.values["target"]
        if let spec = parsed.values["spec"] {
            guard !spec.isEmpty, !spec.hasPrefix("/"), !spec.split(separator: "/").contains("..") else {
                throw UsageError("--spec '\(spec)' must be a path inside the folder, such as project-app.yml.")
            }
            options.spec = spec
        }
        options.replace = parsed.flags.contains("replace")
        options.migrateBackgroundFetch = parsed.flags.contains("migrate-background-fetch")
        options.allTargets = parsed.flags.contains("all-targets")
        options.allowBinaryPlist = parsed.flags.contains("allow-binary-plist")
        options.assumeDefaults = parsed.flags.contains("yes")
        options.dryRun = parsed.flags.contains("dry-run")
        options.force = parsed.flags.contains("force")
        options.json = parsed.flags.contains("json")
        options.showNextSteps = parsed.flags.contains("next-steps")
        options.useGenerators = parsed.flags.contains("use-generators")
        return options
    }
}
