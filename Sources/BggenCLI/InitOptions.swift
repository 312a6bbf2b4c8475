import BggenCore
import BggenModel

/// Everything `bggen init` was told on the command line.
struct InitOptions {
    var directory = "."
    /// What the flags ask of `InitService`, written by the option rows; the command adds where the folder is and
    /// the environment (`InitCommand.request`).
    var request = InitRequest(root: "", shownAs: ".")
    var json = false
    /// `--next-steps`: print the steps, write nothing.
    var showNextSteps = false
    var display = OutputOptions()

    /// The options in the order help lists them: every answer, from its `AnswerSpec`, with where the files go
    /// right after the deployment target (where help has always listed them), then how the run behaves.
    static let table: [OptionRow<InitOptions>] = {
        let split = (answerRows.firstIndex { $0.spec.name == AnswerSpecs.ios.name } ?? answerRows.count - 1) + 1
        return Array(answerRows[..<split]) + placement + answerRows[split...] + behaviour
    }()

    private static let answerRows: [OptionRow<InitOptions>] = AnswerSpecs.all.map { .answer($0, \.request.answers) }

    private static let placement: [OptionRow<InitOptions>] = [
        .option("output", "PATH", values: .directories, \.request.output, parse: { output throws(UsageError) in
            guard !output.isEmpty else { throw UsageError("--output is empty; pass a folder inside DIR.") }
            return output
        }, "folder for the Swift files, relative to DIR"),
        .option("target", "NAME", \.request.target, parse: { $0 }, "the app target, when the project has several"),
        .flag("all-targets", \.request.allTargets, "also patch flavours sharing the folder or delegate",
              "Other app targets that compile the same folder, or in a project listing files one by one the same app delegate (flavours of one app), get the Info.plist keys too; asked on a terminal."),
    ]

    private static let behaviour: [OptionRow<InitOptions>] = [
        .option("spec", "PATH", values: .files, \.request.spec, parse: { spec throws(UsageError) in
            guard !spec.isEmpty, !spec.hasPrefix("/"), !spec.split(separator: "/").contains("..") else {
                throw UsageError("--spec '\(spec)' must be a path inside the folder, such as project-app.yml.")
            }
            return spec
        }, "the XcodeGen spec, when it is not project.yml",
           "Needed only when several YAML files look like one: a single file with top-level name: and targets: is found alone."),
        .flag("replace", \.request.replace, "generate a task kind the app's code already covers"),
        .flag("migrate-background-fetch", \.request.migrateBackgroundFetch, "replace legacy background fetch with refresh",
              "The permitted task identifiers key switches legacy fetch off, so bggen asks first on a terminal and otherwise needs this flag."),
        .flag("allow-binary-plist", \.request.allowBinaryPlist, "convert a binary Info.plist to XML to patch it",
              "Without it, a binary Info.plist is an error."),
        .flag("yes", short: "y", \.request.assumeDefaults, "take the defaults for what is not given; never prompt"),
        .flag("dry-run", \.request.dryRun, "print the plan with diffs; write nothing",
              "Each file is create, update, unchanged, conflict or delete, with a unified diff; new files in full with --verbose. Exits 1 if a real run would conflict."),
        .flag("force", \.request.force, "overwrite edited generated files; never deletes",
              "This includes files bggen did not write."),
        .flag("json", \.json, "print the plan or the result as one JSON document"),
        .flag("next-steps", \.showNextSteps, "print the next steps again; write nothing",
              "They are also in bggen/NEXT_STEPS.md."),
        .flag("use-generators", \.request.useGenerators, "read the project through xcodegen or tuist",
              "Runs xcodegen dump or tuist dump project to read the resolved project. They run the repository's own code, so use it only on a repository you trust; it is never recorded."),
    ]

    /// `bggen init`'s interface: the one table its parser, help, completions, man page and README block come from.
    static let command = CommandSpec(
        name: "init",
        abstract: "generate the code",
        argument: "[DIR]",
        argumentValues: .directories,
        options: table.map(\.spec) + OutputOptions.table.map(\.spec),
        groups: [
            // What most runs set is described; the rest is named, and `bggen help init` describes it.
            OptionGroup(title: "WHAT TO GENERATE", names: ["tasks", "interval", "network", "power", "tests"], more: ["checkpoint", "at", "strategy", "gpu"]),
            OptionGroup(title: "THE APP (read from its project when there is one)", names: ["style", "bundle-id", "ios", "target"],
                        more: ["all-targets", "spec", "use-generators", "prefix", "objc", "replace", "migrate-background-fetch", "allow-binary-plist"]),
            OptionGroup(title: "THE RUN", names: ["output", "yes", "dry-run"], more: ["force", "json", "next-steps"]),
            OptionGroup(title: "OUTPUT", names: OutputOptions.table.map(\.spec.name)),
        ],
        overview: "Generates background-work code into DIR (default: the current folder, created if missing), or into the app whose project is there.",
        sections: [
            HelpSection(title: "WHERE FILES GO", blocks: [
                .paragraph("In an existing project, Swift files go to BackgroundProcessing/ in the app target's own folder. Otherwise they go to DIR/Sources/BackgroundProcessing/ when DIR/Sources/ exists, else to DIR/App/BackgroundProcessing/ when DIR/App/ exists, else to DIR/BackgroundProcessing/. The Info.plist and entitlements fragments go to DIR/bggen/, outside the source folders, so they never become stray build inputs or a second Info.plist."),
                .paragraph("Files marked \"Generated by bggen\" are bggen's: re-runs update them, and refuse (unless --force) when you edited them. Files marked \"This file is yours\" hold your work: written once, never overwritten. A re-run deletes only files .bggen.json records as generated, and only while untouched (also after --output changes)."),
                .paragraph("bggen writes and deletes only inside DIR, judged on real paths: a project folder or symbolic link leading elsewhere is an error (exit 1). One run at a time per folder: a second one stops at once (exit 1)."),
            ]),
            HelpSection(title: "IN AN EXISTING APP", blocks: [
                .paragraph("bggen first reads the project (.xcodeproj and its xcconfigs, XcodeGen project.yml, Tuist Project.swift, or Package.swift) and reports it: the app target, its deployment target, Swift version, default isolation and bundle identifier (the defaults for --ios and --bundle-id), its Info.plist and entitlements, and existing background code with file:line."),
                .paragraph("A task kind that code already covers is skipped (and said so) unless --replace; an identifier the app already registers is never registered again. A type or Swift file the app already has (anywhere in the repository, packages included) is never generated a second time: bggen's names get a prefix (--prefix, else Bggen, said so), and a chosen prefix that still clashes is an error (exit 1)."),
                .paragraph("bggen then adds the missing keys to the app's Info.plist and aps-environment to its entitlements with additions-only edits, and prints the exact change for anything it does not edit itself (generated Info.plists, XcodeGen and Tuist specs, files shared with extensions). Swift files go into the app target's own folder; other app targets that compile it are named (--all-targets patches their Info.plists too). The style is read from every file the target compiles; an Objective-C app delegate gets an @objc entry point (--objc). A target that also builds for macOS, and a package whose Package.swift declares platforms besides iOS, gets every file behind #if canImport(BackgroundTasks) && canImport(UIKit). Code that covers a task kind is code compiled into the app: its own files, linked frameworks and packages."),
                .paragraph("A folder that plainly holds an app (an Info.plist, an app delegate or @main App, an .xcodeproj) but no project bggen can read, or a project with no iOS app target bggen can read (Tuist targets built by helper functions), stops the run with exit 1 and nothing written: pass --spec, run bggen where the project is, or pass --output to generate only the files."),
            ]),
            HelpSection(title: "QUESTIONS AND ANSWERS FILE", blocks: [
                .paragraph("On a terminal, bggen asks for every answer no flag gave (arrow keys and space, or numbers such as 1,3 when TERM=dumb), shows the plan, and writes only after you confirm. Ctrl-C exits 130 and end of input exits 1, both with nothing written."),
                .paragraph("Each run records its answers in DIR/.bggen.json, for example:"),
                .literal([
                    "{\"bundleId\": \"com.acme.news\", \"interval\": \"daily\",",
                    " \"ios\": \"16.0\", \"network\": false, \"power\": false,",
                    " \"tasks\": [\"refresh\", \"downloads\"], \"version\": 1}",
                ]),
                .paragraph("A later run offers them as defaults, and `bggen init --yes` replays them exactly; flags win over the file. An invalid file is an error that names it; it is never ignored. Without a terminal on stdin, pass --yes or every answer as a flag (a --dry-run takes the defaults, and says for which); bggen never waits for input."),
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
        // Every answer is judged before the other options, so of several bad values the first answer's is named.
        try parsed.write(answerRows + placement + behaviour, into: &options)
        return options
    }
}
