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
           "text\tfor people: findings grouped by file, each with why and fix",
           "xcode\tpath:line:column: error: … for a Run Script build phase",
           "json\tschema version \(DoctorOutput.jsonSchemaVersion), also printed when doctor fails",
           "sarif\tSARIF 2.1.0 for GitHub code scanning, also printed when doctor fails",
           "github\t::error file=…,line=…:: workflow commands, shown inline in a pull request"),
        .option("fail-on", "SEVERITY", values: .words(["error", "warning", "note"]), \.failOn, parse: { failOn throws(UsageError) in
            guard let value = Severity(rawValue: failOn) else {
                throw UsageError("--fail-on '\(failOn)' is not a severity; use error, warning or note.")
            }
            return value
        }, "exit 1 on a finding this severe: error (default), warning or note"),
        .flag("strict", \.strict, "report every warning as an error, so it fails the run"),
        .flag("lenient", \.lenient, "report every error as a warning, so a build phase stays green",
              "For a Run Script phase or the build plugin while a team adopts doctor: Xcode marks a Run Script that prints error: as failed."),
        .option("baseline", "FILE", values: .files, \.baseline, parse: { $0 }, "leave out the findings FILE lists: only new ones count"),
        .option("write-baseline", "FILE", values: .files, \.writeBaseline, parse: { $0 }, "record every current finding in FILE, for --baseline"),
        .flag("fix", \.fix, "add what is missing to the Info.plist and entitlements",
              "Permitted identifiers, background modes, aps-environment and Background GPU Access, with additions-only edits. It never removes or changes a value, never edits extensions' or generators' files, and never rewrites code."),
        .flag("dry-run", \.dryRun, "with --fix: print the diffs, write nothing"),
        .flag("use-generators", \.useGenerators, "read the project through xcodegen or tuist",
              "Runs xcodegen dump or tuist dump project to read the resolved project. They run the repository's own code, so use it only on a repository you trust."),
    ]

    /// `bggen doctor`'s interface: the one table its parser, help, completions, man page and README block come from.
    static let command = CommandSpec(
        name: "doctor",
        abstract: "audit an app's background work",
        argument: "[DIR]",
        argumentValues: .directories,
        options: table.map(\.spec) + OutputOptions.table.map(\.spec),
        groups: [
            OptionGroup(title: "WHAT TO AUDIT", names: ["target", "use-generators"]),
            OptionGroup(title: "REPORTING", names: ["format", "fail-on", "strict", "lenient"]),
            OptionGroup(title: "ADOPTING", names: ["baseline", "write-baseline"]),
            OptionGroup(title: "FIXING", names: ["fix", "dry-run"]),
            OptionGroup(title: "OUTPUT", names: OutputOptions.table.map(\.spec.name)),
        ],
        overview: "Audits the background work of every iOS app target in DIR (default: the current folder): code, Info.plist and entitlements, read as `bggen init` reads them (Pods, .git, DerivedData and other people's code are skipped). Nothing is written without --fix. Works on any repository, whether or not bggen generated its code.",
        sections: [
            HelpSection(title: "RULES", blocks: [
                // Padded by hand: Foundation's `padding(toLength:)` goes through NSString.
                .rows(DoctorRule.all.map { HelpRow($0.id + String(repeating: " ", count: DoctorRule.idWidth - $0.id.count) + " \($0.severity.rawValue)", $0.summary) }),
                .paragraph("When the code is too dynamic to decide (an identifier built at run time), doctor says so as a CHECK001 note rather than guess. Checks that depend on code doctor cannot read (Pods, remote packages) are notes in a repository that has such dependencies."),
            ]),
            HelpSection(title: "ADOPTING IN AN APP WITH FINDINGS", blocks: [.rows([
                HelpRow("// bggen:ignore BG002", "on the finding's line or the line above (<!-- bggen:ignore BG002 --> in a plist)"),
                HelpRow("// bggen:disable BG002", "from that line to // bggen:enable BG002, or to the end of the file; a comment that names no rule or suppresses nothing is IGNORE001"),
                HelpRow("--write-baseline FILE", "accept today's findings; then --baseline FILE fails only on new ones"),
                HelpRow("--lenient", "errors as warnings, for a build phase that must stay green"),
                HelpRow(".bggen.json", "\"doctor\": {\"disabled\": [\"MODE003\"], \"excluded\": [\"Legacy\"], \"severity\": {\"BG007\": \"warning\"}} (// comments allowed)"),
            ])]),
            HelpSection(title: "EXIT STATUS", blocks: [.paragraph("""
                0 no finding at or above --fail-on; 1 findings at or above --fail-on; 2 doctor could not do its job (a file it \
                could not read, no project); 64 a usage error. A CI job can tell a broken app (1) from a broken run (2).
                """)]),
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
