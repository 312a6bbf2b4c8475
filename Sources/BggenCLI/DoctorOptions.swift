import BggenCore

/// Everything `bggen doctor` was told on the command line.
struct DoctorOptions {
    enum Format: String, CaseIterable {
        case text, json, sarif, xcode
    }

    var directory = "."
    var target: String?
    var format = Format.text
    var failOn = Severity.error
    var fix = false
    var dryRun = false
    var help = false

    static let parser = ArgumentParser(specs: [
        .init(name: "target", kind: .option),
        .init(name: "format", kind: .option),
        .init(name: "fail-on", kind: .option),
        .init(name: "fix", kind: .flag),
        .init(name: "dry-run", kind: .flag),
        .init(name: "help", kind: .flag, shortName: "h"),
    ])

    static func parse(_ arguments: [String]) throws(UsageError) -> DoctorOptions {
        let parsed = try parser.parse(arguments)
        var options = DoctorOptions()
        options.help = parsed.flags.contains("help")
        if options.help { return options }
        guard parsed.positionals.count <= 1 else {
            throw UsageError("doctor takes one folder, but got \(parsed.positionals.count): \(parsed.positionals.joined(separator: " ")).")
        }
        options.directory = parsed.positionals.first ?? "."
        options.target = parsed.values["target"]
        if let format = parsed.values["format"] {
            guard let value = Format(rawValue: format) else {
                throw UsageError("--format '\(format)' is not a format; use one of \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            options.format = value
        }
        if let failOn = parsed.values["fail-on"] {
            guard let value = Severity(rawValue: failOn) else {
                throw UsageError("--fail-on '\(failOn)' is not a severity; use error, warning or note.")
            }
            options.failOn = value
        }
        options.fix = parsed.flags.contains("fix")
        options.dryRun = parsed.flags.contains("dry-run")
        if options.dryRun && !options.fix {
            throw UsageError("--dry-run shows what --fix would change; pass it with --fix.")
        }
        return options
    }
}
