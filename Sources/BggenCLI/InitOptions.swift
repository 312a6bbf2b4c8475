import BggenCore

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
    var allowBinaryPlist = false
    var assumeDefaults = false
    var dryRun = false
    var force = false
    var json = false
    var help = false

    static let parser = ArgumentParser(specs: [
        .init(name: "tasks", kind: .option),
        .init(name: "interval", kind: .option),
        .init(name: "network", kind: .toggle),
        .init(name: "power", kind: .toggle),
        .init(name: "checkpoint", kind: .toggle),
        .init(name: "at", kind: .option),
        .init(name: "strategy", kind: .option),
        .init(name: "style", kind: .option),
        .init(name: "gpu", kind: .toggle),
        .init(name: "bundle-id", kind: .option),
        .init(name: "ios", kind: .option),
        .init(name: "output", kind: .option),
        .init(name: "target", kind: .option),
        .init(name: "prefix", kind: .option),
        .init(name: "spec", kind: .option),
        .init(name: "objc", kind: .flag),
        .init(name: "all-targets", kind: .flag),
        .init(name: "replace", kind: .flag),
        .init(name: "allow-binary-plist", kind: .flag),
        .init(name: "yes", kind: .flag, shortName: "y"),
        .init(name: "dry-run", kind: .flag),
        .init(name: "force", kind: .flag),
        .init(name: "json", kind: .flag),
        .init(name: "help", kind: .flag, shortName: "h"),
    ])

    /// Parses and checks each value where it is given, so the first error names the flag at fault.
    static func parse(_ arguments: [String]) throws -> InitOptions {
        let parsed = try parser.parse(arguments)
        var options = InitOptions()
        options.help = parsed.flags.contains("help")
        if options.help { return options }
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
        options.allTargets = parsed.flags.contains("all-targets")
        options.allowBinaryPlist = parsed.flags.contains("allow-binary-plist")
        options.assumeDefaults = parsed.flags.contains("yes")
        options.dryRun = parsed.flags.contains("dry-run")
        options.force = parsed.flags.contains("force")
        options.json = parsed.flags.contains("json")
        return options
    }
}
