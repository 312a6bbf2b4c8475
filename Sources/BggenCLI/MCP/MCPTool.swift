import BggenCore
import BggenFormats
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

    /// The options the tools never take: the output controls every command has, and what each tool decides itself.
    private static let decidedByTheTool: Set<String> = Set(OutputOptions.table.map(\.spec.name)).union(["json", "yes", "dry-run", "next-steps", "fix", "format"])

    static let all: [MCPTool] = [
        MCPTool(name: .inspect, title: "Read an app's background set-up",
                description: "What `bggen init --dry-run --json --yes` reads from the project in `directory`: the app target, its style, deployment target, bundle identifier, Info.plist and entitlements, the identifiers it registers, its existing background code with file and line, the defaults bggen would take, and `missing`: the answers neither the project nor .bggen.json gives, which the user must choose. Writes nothing. Call it first.",
                command: InitOptions.command, selection: .only(["target", "spec"]), writes: false),
        MCPTool(name: .plan, title: "Plan bggen's code for an app",
                description: "The plan `bggen_apply` would carry out with the same answers: every file with its action (create, update, unchanged, conflict, delete), unified diffs, identifiers, Info.plist keys and notes. Writes nothing. Refuses, naming them, when an answer is missing; show the plan to the user before applying.",
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

    /// The tool as `tools/list` describes it: the input schema from the option table, and the annotations.
    var definition: JSONValue {
        var properties: [String: JSONValue] = [
            "directory": .object([
                "type": .string("string"),
                "description": .string("The app's folder (absolute, or relative to the folder the server started in; default: that folder)."),
            ]),
        ]
        for option in options {
            properties[Self.argumentName(option.name)] = Self.schema(option)
        }
        if !command.options.contains(where: { $0.name == "use-generators" }) {
            properties["useGenerators"] = .object([
                "type": .string("boolean"),
                "description": .string("run the repository's xcodegen or tuist to read the resolved project (runs code from the repository; default: no, the spec is read as written)"),
            ])
        }
        var schema: [String: JSONValue] = ["type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false)]
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        return .object([
            "name": .string(name.rawValue),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": .object(schema),
            "annotations": .object([
                "title": .string(title),
                "readOnlyHint": .bool(!writes),
                "destructiveHint": .bool(destructive),
                "idempotentHint": .bool(true),
                "openWorldHint": .bool(false),
            ]),
        ])
    }

    /// An option's help text as a schema: flags and toggles are booleans, a comma list is an array of its words.
    private static func schema(_ option: OptionSpec) -> JSONValue {
        let description = JSONValue.string(([option.summary] + option.details.map { $0.trimmingCharacters(in: .whitespaces) }).joined(separator: " "))
        switch option.kind {
        case .flag, .toggle:
            return .object(["type": .string("boolean"), "description": description])
        case .option:
            if case .commaList(let words) = option.values {
                return .object(["type": .string("array"), "items": .object(["type": .string("string"), "enum": .array(words.map(JSONValue.string))]),
                                "description": description])
            }
            return .object(["type": .string("string"), "description": description])
        }
    }
}
