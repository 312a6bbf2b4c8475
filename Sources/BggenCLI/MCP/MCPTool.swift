import BggenCore
import BggenFormats
import BggenModel
import Foundation

/// One tool `bggen mcp` offers. Its arguments are options of `init` or `doctor`, taken from the command's option
/// table (`CommandSpec`), so a tool's input schema and the CLI's parser cannot disagree; the tool itself decides what
/// the CLI leaves to flags about output and prompts (`--json`, `--yes`, `--dry-run`, `--fix`, `--format`).
struct MCPTool {
    enum Name: String, CaseIterable {
        case inspect = "bggen_inspect"
        case plan = "bggen_plan"
        case apply = "bggen_apply"
        case doctor = "bggen_doctor"
        case fix = "bggen_fix"
    }

    /// Which of the command's options become arguments.
    enum Selection {
        case only([String])
        case allExcept(Set<String>)
    }

    let name: Name
    let title: String
    let description: String
    let command: CommandSpec
    let selection: Selection
    /// Arguments a call must give (camelCase).
    var required: [String] = []
    /// Whether the tool can write (the annotations say so).
    let writes: Bool
    /// Whether a write may replace or delete what is there (`apply`: `force`, and generated files a re-run drops).
    var destructive = false

    /// The options the tools never take: the output controls every command has, what each tool decides itself, and
    /// doctor's baseline file, which `bggen_doctor` (a tool that writes nothing) does not write.
    private static let decidedByTheTool: Set<String> = Set(OutputOptions.table.map(\.spec.name))
        .union(["json", "yes", "dry-run", "next-steps", "fix", "format", "write-baseline"])

    static let all: [MCPTool] = [
        MCPTool(name: .inspect, title: "Read an app's background set-up",
                description: "What `bggen init --dry-run --json --yes` reads from the project in `directory`: the app target, its style, deployment target, bundle identifier, Info.plist and entitlements, the identifiers it registers, its existing background code with file and line, the defaults bggen would take, and `missing`: the answers neither the project nor .bggen.json gives, which the user must choose. Writes nothing. Call it first.",
                command: InitOptions.command, selection: .only(["target", "spec"]), writes: false),
        MCPTool(name: .plan, title: "Plan bggen's code for an app",
                description: "The plan `bggen_apply` would carry out with the same answers: every file with its action (create, update, unchanged, conflict, delete), the lines each change adds and removes, the task identifiers, Info.plist keys, changes to make by hand and notes; with diffs true, also each file's unified diff and the next steps. Writes nothing. Refuses, naming them, when an answer is missing; show the plan to the user before applying.",
                command: InitOptions.command, selection: .allExcept(decidedByTheTool), writes: false),
        MCPTool(name: .apply, title: "Write bggen's code into an app",
                description: "Writes what `bggen_plan` planned for the same answers (bggen init --yes with every answer given): the generated Swift files, .bggen.json, and additions-only edits to the app's Info.plist and entitlements. Never prompts; refuses without every answer (tasks, interval, bundleId, ios, and network and power with processing: pass the user's choices and, for the rest, bggen_inspect's answers), on a conflict (a generated file the user edited, unless force) and while another bggen run holds the folder. Returns the files and the next steps for the user.",
                command: InitOptions.command, selection: .allExcept(decidedByTheTool), writes: true, destructive: true),
        MCPTool(name: .doctor, title: "Audit an app's background work",
                description: "bggen doctor's findings for every iOS app target in `directory`, each with rule, severity, file, line, message, why, fix and whether bggen_fix can fix it; `exitStatus` is 1 when a finding is at least as severe as failOn. Writes nothing. Findings that are not fixable are fixed by editing the code as their `fix` says.",
                command: DoctorOptions.command, selection: .allExcept(decidedByTheTool), writes: false),
        MCPTool(name: .fix, title: "Fix an app's Info.plist and entitlements",
                description: "bggen doctor --fix: adds what is missing to the app's Info.plist and entitlements (permitted identifiers, background modes, aps-environment) with additions-only edits; never removes or changes a value and never rewrites code. With dryRun true it returns the diffs and writes nothing; with dryRun false it writes them and returns the findings left.",
                command: DoctorOptions.command, selection: .only(["target", "dry-run"]), required: ["dryRun"], writes: true),
    ]

    static func named(_ name: String) -> MCPTool? { all.first { $0.name.rawValue == name } }

    /// The command's options this tool takes, in the table's order.
    var options: [OptionSpec] {
        switch selection {
        case .only(let names): names.compactMap { name in command.options.first { $0.name == name } }
        case .allExcept(let excluded): command.options.filter { !excluded.contains($0.name) }
        }
    }

    /// `bundle-id` is `bundleId`, as in `.bggen.json` and the JSON reports.
    static func argumentName(_ optionName: String) -> String {
        let words = optionName.split(separator: "-")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// The argument a flag in one of bggen's messages stands for: `--network/--no-network` is `network`.
    static func argumentName(forFlag flag: String) -> String {
        argumentName(String(flag.split(separator: "/")[0].drop { $0 == "-" }))
    }

    /// The tool as `tools/list` describes it: the input schema from the option table with descriptions written for
    /// an agent (`MCPArgumentText`), the output schema from the JSON documents, and the annotations.
    var definition: JSONValue {
        var properties: [String: JSONValue] = ["directory": JSONSchema.described(JSONSchema.string, MCPArgumentText.directory)]
        for option in options {
            properties[Self.argumentName(option.name)] = Self.schema(option)
        }
        if !command.options.contains(where: { $0.name == "use-generators" }) {
            properties["useGenerators"] = JSONSchema.described(JSONSchema.boolean, MCPArgumentText.descriptions["use-generators"]!)
        }
        if name == .plan {
            properties[Self.diffsArgument] = JSONSchema.described(JSONSchema.boolean, MCPArgumentText.diffs)
        }
        var schema: [String: JSONValue] = ["type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false)]
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        return .object([
            "name": .string(name.rawValue),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": .object(schema),
            "outputSchema": outputSchema,
            "annotations": .object([
                "title": .string(title),
                "readOnlyHint": .bool(!writes),
                "destructiveHint": .bool(destructive),
                "idempotentHint": .bool(true),
                "openWorldHint": .bool(false),
            ]),
        ])
    }

    /// Every argument the tool takes, sorted, as its input schema lists them.
    var argumentNames: [String] {
        guard case .object(let properties)? = definition[key: "inputSchema"]?[key: "properties"] else { return [] }
        return properties.keys.sorted()
    }

    /// `bggen_plan`'s argument for the whole plan; without it, a summary.
    static let diffsArgument = "diffs"

    /// An option as an argument: flags and toggles are booleans, a list an array of its words, a value with fixed
    /// words one of them, and the interval one of its words or a duration.
    private static func schema(_ option: OptionSpec) -> JSONValue {
        let description = MCPArgumentText.descriptions[option.name] ?? option.summary
        let schema: JSONValue = switch (option.kind, option.values) {
        case (.flag, _), (.toggle, _): JSONSchema.boolean
        case (.option, .commaList(let words)): JSONSchema.array(JSONSchema.oneOf(words))
        case (.option, .words(let words)) where option.name == AnswerSpecs.interval.name:
            .object(["type": .string("string"), "anyOf": .array([JSONSchema.oneOf(words), .object(["pattern": .string(Interval.durationPattern)])])])
        case (.option, .words(let words)): JSONSchema.oneOf(words)
        case (.option, _): JSONSchema.string
        }
        return JSONSchema.described(schema, description)
    }

    /// What `structuredContent` holds: the CLI's JSON document for the command, the fields the tool adds, and a
    /// failure's fields. Every result has `schemaVersion` and `exitStatus`; a failed call (`isError`) has `error`
    /// too, and the rest only when the call succeeded.
    var outputSchema: JSONValue {
        guard case .object(var schema) = command.name == DoctorOptions.command.name ? DoctorJSON.schema : JSONReport.schema,
              case .object(var properties)? = schema["properties"] else { return JSONSchema.object }
        properties["exitStatus"] = JSONSchema.described(JSONSchema.integer, "bggen's exit status: 0 success, 1 findings at or above failOn or a conflict, 2 doctor could not do its job, 64 a bad argument")
        properties["error"] = JSONSchema.described(JSONSchema.string, "why the call failed (with isError true), in one line")
        properties["conflicts"] = JSONSchema.described(JSONSchema.strings, "the generated files the user edited, which stop bggen_apply unless force")
        let change = JSONSchema.object(["path": JSONSchema.string, "diff": JSONSchema.string], required: ["path", "diff"])
        switch name {
        case .inspect:
            properties["missing"] = JSONSchema.described(JSONSchema.strings, "the arguments the user must choose: neither the project nor .bggen.json gives them")
        case .plan:
            properties["diffs"] = JSONSchema.described(
                JSONSchema.array(JSONSchema.object(["path": JSONSchema.string, "added": JSONSchema.integer, "removed": JSONSchema.integer, "diff": JSONSchema.string],
                                                   required: ["path", "added", "removed"])),
                "each file that changes, with its lines added and removed, and its unified diff when the call set diffs")
        case .apply, .doctor:
            break
        case .fix:
            properties["changes"] = JSONSchema.described(JSONSchema.array(change), "each edit to the Info.plist or entitlements, as a unified diff")
            properties["written"] = JSONSchema.described(JSONSchema.boolean, "whether the edits were written (dryRun false)")
        }
        if command.name == InitOptions.command.name {
            properties["nothingToAdd"] = JSONSchema.described(JSONSchema.boolean, "true when the app's code already covers every chosen task; then only notes follow")
        }
        schema["properties"] = .object(properties)
        schema["required"] = .array([.string("exitStatus"), .string("schemaVersion")])
        return .object(schema)
    }
}
