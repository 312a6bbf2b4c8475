import BggenCore
import BggenFormats

/// A tool call's arguments turned into the command line they stand for, so the CLI's own parser checks every value
/// and its messages name what was wrong. What the CLI has no option for (running generators, until it does) is kept
/// aside.
struct MCPArguments {
    /// For `InitOptions.parse` or `DoctorOptions.parse`: the options, then `--` and the folder.
    var commandLine: [String] = []
    var useGenerators = false
    /// `dryRun`, which `bggen_fix` requires, as given.
    var dryRun: Bool?
    /// `bggen_plan`'s `diffs`: the whole plan instead of its summary.
    var diffs = false

    init(_ arguments: [String: JSONValue], for tool: MCPTool) throws(UsageError) {
        let options = Dictionary(uniqueKeysWithValues: tool.options.map { (MCPTool.argumentName($0.name), $0) })
        var directory = "."
        for name in tool.required where arguments[name] == nil {
            throw UsageError("\(tool.name.rawValue) needs the argument '\(name)'.")
        }
        for (name, value) in arguments.sorted(by: { $0.key < $1.key }) {
            if name == "directory" {
                guard case .string(let text) = value, !text.isEmpty else { throw Self.wrongType(name, "a non-empty string") }
                directory = text
            } else if name == "useGenerators", options[name] == nil {
                useGenerators = try Self.bool(name, value)
            } else if let option = options[name] {
                if option.name == "dry-run" { dryRun = try Self.bool(name, value) }
                // Once init and doctor take --use-generators, the argument comes from their table and means the same.
                if option.name == "use-generators" { useGenerators = try Self.bool(name, value) }
                commandLine += try Self.spelling(option, argument: name, value: value)
            } else if name == MCPTool.diffsArgument, tool.name == .plan {
                diffs = try Self.bool(name, value)
            } else {
                let known = tool.argumentNames.joined(separator: ", ")
                throw UsageError("\(tool.name.rawValue) has no argument '\(name)'; its arguments are \(known).")
            }
        }
        commandLine += ["--", directory]
    }

    /// `--name=value`, `--flag`, `--name` or `--no-name`; a list is comma-separated, as on the command line.
    private static func spelling(_ option: OptionSpec, argument: String, value: JSONValue) throws(UsageError) -> [String] {
        switch option.kind {
        case .flag:
            return try bool(argument, value) ? ["--\(option.name)"] : []
        case .toggle:
            return [try bool(argument, value) ? "--\(option.name)" : "--no-\(option.name)"]
        case .option:
            switch value {
            case .string(let text):
                return ["--\(option.name)=\(text)"]
            case .array(let items) where option.values.isList:
                let words = items.compactMap(\.string)
                guard words.count == items.count else { throw wrongType(argument, "a list of strings") }
                return ["--\(option.name)=\(words.joined(separator: ","))"]
            default:
                throw wrongType(argument, option.values.isList ? "a list of strings" : "a string")
            }
        }
    }

    private static func bool(_ name: String, _ value: JSONValue) throws(UsageError) -> Bool {
        guard case .bool(let flag) = value else { throw wrongType(name, "true or false") }
        return flag
    }

    private static func wrongType(_ name: String, _ expected: String) -> UsageError {
        UsageError("argument '\(name)' must be \(expected).")
    }
}

extension CompletionValues {
    var isList: Bool {
        if case .commaList = self { return true }
        return false
    }
}
