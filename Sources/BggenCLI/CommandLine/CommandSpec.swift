import BggenCore

/// One option of a command, declared once: the parser, `--help`, the completion scripts, the man page and the
/// README's usage block are all made from it, so they cannot drift apart.
struct OptionSpec {
    let name: String
    let kind: ArgumentParser.Kind
    var short: Character? = nil
    /// The value's placeholder in help, such as `LIST`; empty for flags and toggles.
    var valueName = ""
    /// What a shell offers after the option.
    var values = CompletionValues.none
    /// One line: the README's usage block and the completion descriptions.
    let summary: String
    /// The lines `--help` and the man page add below the summary.
    var details: [String] = []

    static func option(_ name: String, _ valueName: String, values: CompletionValues = .none, _ summary: String, _ details: String...) -> OptionSpec {
        OptionSpec(name: name, kind: .option, valueName: valueName, values: values, summary: summary, details: details)
    }

    static func flag(_ name: String, short: Character? = nil, _ summary: String, _ details: String...) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, short: short, summary: summary, details: details)
    }

    static func toggle(_ name: String, _ summary: String, _ details: String...) -> OptionSpec {
        OptionSpec(name: name, kind: .toggle, summary: summary, details: details)
    }

    /// How the option is written in help: `-y, --yes`, `--network, --no-network`, `--tasks LIST`.
    var label: String {
        switch kind {
        case .option: "--\(name) \(valueName)"
        case .flag: (short.map { "-\($0), " } ?? "") + "--\(name)"
        case .toggle: "--\(name), --no-\(name)"
        }
    }

    /// Every spelling a shell completes.
    var spellings: [String] {
        (kind == .toggle ? ["--\(name)", "--no-\(name)"] : ["--\(name)"]) + (short.map { ["-\($0)"] } ?? [])
    }
}

/// The values a shell offers for an option or a command's argument.
enum CompletionValues: Equatable {
    case none
    /// One of these words.
    case words([String])
    /// One or more of these words, separated by commas.
    case commaList([String])
    case directories
    case files
}

/// A command's whole interface: its synopsis, its options and the prose of its help page.
struct CommandSpec {
    let name: String
    /// One line for the main help and the man page's NAME-like list.
    let abstract: String
    /// `[DIR]`, completed as folders.
    let argument: String
    let argumentValues: CompletionValues
    let options: [OptionSpec]
    /// The help page's paragraph below USAGE.
    let description: [String]
    /// Titled sections after OPTIONS, as plain lines.
    let sections: [(title: String, lines: [String])]
    let examples: [String]

    var usage: String { "bggen \(name) \(argument) [options]" }

    var parser: ArgumentParser { ArgumentParser(specs: options) }

    /// Every command, in the order help lists them.
    static let all: [CommandSpec] = [InitOptions.command, DoctorOptions.command]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}

/// How much a command prints, and whether in colour: the options every command takes.
struct OutputOptions {
    enum Color: String, CaseIterable {
        case auto, always, never
    }

    var quiet = false
    var verbose = false
    var color = Color.auto

    /// `--quiet`, `--color` and `--help`, at the end of every command's table.
    static let specs: [OptionSpec] = [
        .flag("quiet", short: "q", "print only errors and the result"),
        .flag("verbose", "say what was read and how long it took; with --dry-run, new files in full"),
        .option("color", "WHEN", values: .words(Color.allCases.map(\.rawValue)),
                "auto (default: on a terminal, unless NO_COLOR is set or TERM=dumb), always or never"),
        .flag("help", short: "h", "show this help"),
    ]

    init(_ parsed: ArgumentParser.Result) throws(UsageError) {
        quiet = parsed.flags.contains("quiet")
        verbose = parsed.flags.contains("verbose")
        if quiet && verbose {
            throw UsageError("--quiet and --verbose contradict each other; pass one.")
        }
        if let text = parsed.values["color"] {
            guard let color = Color(rawValue: text) else {
                throw UsageError("--color '\(text)' is not one of \(Color.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            self.color = color
        }
    }

    init() {}
}
