import BggenCore

/// Everything `bggen doctor` was told on the command line.
struct DoctorOptions {
    enum Format: String, CaseIterable {
        case text, json, sarif, xcode, github
    }

    var directory = "."
    var target: String?
    var format = Format.text
    var failOn = Severity.error
    var fix = false
    var dryRun = false
    var useGenerators = false
    var strict = false
    var lenient = false
    var baseline: String?
    var writeBaseline: String?
    var display = OutputOptions()

    /// The options in the order help lists them, each writing its field.
    static let table: [OptionRow<DoctorOptions>] = [
        .option("target", "NAME", \.target, parse: { $0 }, "audit only this app target"),
        .option("format", "FORMAT", values: .words(Format.allCases.map(\.rawValue)), \.format, parse: { format throws(UsageError) in
            guard let value = Format(rawValue: format) else {
                throw UsageError("--format '\(format)' is not a format; use one of \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return value
        }, "text (default; grouped by file), xcode, json, sarif or github",
           "xcode prints path:line:column: error: ... for a Run Script build phase;",
           "json is schema version \(DoctorOutput.jsonSchemaVersion); sarif is SARIF 2.1.0 for GitHub code scanning;",
           "github prints ::error file=...,line=...:: workflow commands, shown inline",
           "in a pull request; json and sarif are printed even when doctor fails"),
        .option("fail-on", "SEVERITY", values: .words(["error", "warning", "note"]), \.failOn, parse: { failOn throws(UsageError) in
            guard let value = Severity(rawValue: failOn) else {
                throw UsageError("--fail-on '\(failOn)' is not a severity; use error, warning or note.")
            }
            return value
        }, "exit 1 when a finding is at least this severe: error (default), warning or note"),
        .flag("strict", \.strict, "report every warning as an error (so it fails the run)"),
        .flag("lenient", \.lenient, "report every error as a warning, so a build phase or plugin stays green",
              "while a team adopts doctor (Xcode fails a Run Script that prints error:)"),
        .option("baseline", "FILE", values: .files, \.baseline, parse: { $0 }, "leave out the findings FILE lists (see --write-baseline): only new ones count"),
        .option("write-baseline", "FILE", values: .files, \.writeBaseline, parse: { $0 }, "record every current finding in FILE, to pass to --baseline later"),
        .flag("fix", \.fix, "add what is missing to the app's Info.plist and entitlements",
              "(permitted identifiers, background modes, aps-environment,",
              "Background GPU Access) with additions-only edits; never removes or",
              "changes a value, never edits extensions' or generators' files; code is",
              "never rewritten"),
        .flag("dry-run", \.dryRun, "with --fix: print the diffs, write nothing"),
        .flag("use-generators", \.useGenerators, "run xcodegen dump or tuist dump project to read the resolved project",
              "(they run the repository's own code, so only when you trust it; never recorded)"),
    ]

    /// `bggen doctor`'s interface: the one table its parser, help, completions, man page and README block come from.
    static let command = CommandSpec(
        name: "doctor",
        abstract: "audit an app's background work",
        argument: "[DIR]",
        argumentValues: .directories,
        options: table.map(\.spec) + OutputOptions.table.map(\.spec),
        description: [
            "Audits the background work of every iOS app target in DIR (default: the current folder): code,",
            "Info.plist and entitlements, read as `bggen init` reads them (Pods, .git, DerivedData and other",
            "people's code are skipped). Nothing is written without --fix. Works on any repository, whether",
            "or not bggen generated its code.",
        ],
        sections: [
            ("RULES", DoctorRule.all.map { "\($0.id.padding(toLength: 9, withPad: " ", startingAt: 0))\($0.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.summary)" } + [
                "When the code is too dynamic to decide (an identifier built at run time), doctor says so as a",
                "CHECK001 note rather than guess. Checks that depend on code doctor cannot read (Pods, remote",
                "packages) are notes in a repository that has such dependencies.",
            ]),
            ("ADOPTING IN AN APP WITH FINDINGS", [
                "// bggen:ignore BG002        on the finding's line or the line above (<!-- ... --> in a plist)",
                "--write-baseline FILE        accept today's findings; then --baseline FILE fails only on new ones",
                "--lenient                    errors as warnings, for a build phase that must stay green",
                ".bggen.json                  \"doctor\": {\"disabled\": [\"MODE003\"], \"excluded\": [\"Legacy\"],",
                "                             \"severity\": {\"BG007\": \"warning\"}} (// comments allowed)",
            ]),
            ("EXIT STATUS", [
                "0 no finding at or above --fail-on; 1 findings at or above --fail-on; 2 doctor could not do",
                "its job (a file it could not read, no project); 64 a usage error. A CI job can tell a broken",
                "app (1) from a broken run (2).",
            ]),
        ],
        examples: [
            "bggen doctor",
            "bggen doctor ~/src/MyApp --format sarif > bggen.sarif",
            "bggen doctor --format github --fail-on warning",
            "bggen doctor --fix --dry-run",
            "bggen doctor --write-baseline bggen-baseline.json",
            "bggen doctor --baseline bggen-baseline.json --format xcode --lenient",
        ]
    )

    static func parse(_ arguments: [String]) throws -> DoctorOptions {
        let parsed = try command.parser.parse(arguments)
        var options = DoctorOptions()
        options.display = try OutputOptions(parsed)
        guard parsed.positionals.count <= 1 else {
            throw UsageError("doctor takes one folder, but got \(parsed.positionals.count): \(parsed.positionals.joined(separator: " ")).")
        }
        options.directory = parsed.positionals.first ?? "."
        try parsed.write(table, into: &options)
        if options.strict && options.lenient {
            throw UsageError("--strict and --lenient pull opposite ways; pass one.")
        }
        if options.dryRun && !options.fix {
            throw UsageError("--dry-run shows what --fix would change; pass it with --fix.")
        }
        return options
    }
}
