import BggenCore
import BggenFormats
import BggenModel

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
    /// One line: `--help`, the README's usage block and the completion descriptions.
    let summary: String
    /// What `bggen help COMMAND` and the man page add below the summary: each a paragraph, laid out at the
    /// terminal's width, or a table row written `label<TAB>text` (the interval table).
    var details: [String] = []

    /// The details as help lays them out: paragraphs, and consecutive table rows as one table.
    var detailBlocks: [HelpBlock] {
        details.reduce(into: []) { blocks, detail in
            let parts = detail.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return blocks.append(.paragraph(detail)) }
            let row = HelpRow(parts[0], parts[1])
            if case .rows(let rows) = blocks.last {
                blocks[blocks.count - 1] = .rows(rows + [row])
            } else {
                blocks.append(.rows([row]))
            }
        }
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

/// One row of a command's option table: the option as help describes it, and where its parsed value goes in the
/// command's options (a key path), so no command reads the parser's result by name.
struct OptionRow<Options>: Sendable {
    let spec: OptionSpec
    let write: @Sendable (inout Options, ArgumentParser.Result) throws -> Void

    /// Present or absent: `--force`.
    static func flag(_ name: String, short: Character? = nil, _ path: WritableKeyPath<Options, Bool> & Sendable, _ summary: String,
                     _ details: String...) -> OptionRow {
        OptionRow(spec: OptionSpec(name: name, kind: .flag, short: short, summary: summary, details: details)) { options, parsed in
            options[keyPath: path] = parsed.flags.contains(name)
        }
    }

    /// Takes a value, checked and converted by `parse` where it is given: `--target NAME`.
    static func option<Value>(_ name: String, _ valueName: String, values: CompletionValues = .none, _ path: WritableKeyPath<Options, Value> & Sendable,
                              parse: @escaping @Sendable (String) throws -> Value, _ summary: String, _ details: String...) -> OptionRow {
        let spec = OptionSpec(name: name, kind: .option, valueName: valueName, values: values, summary: summary, details: details)
        return OptionRow(spec: spec) { options, parsed in
            if let text = parsed.values[name] { options[keyPath: path] = try suggesting(spec, text) { try parse(text) } }
        }
    }

    /// An answer, from its one declaration: its flag, help and parser.
    static func answer(_ answer: AnyAnswerSpec, _ path: WritableKeyPath<Options, Answers> & Sendable) -> OptionRow {
        let kind: ArgumentParser.Kind = answer.isToggle ? (answer.isNegatable ? .toggle : .flag) : .option
        let values: CompletionValues = switch answer.choices {
        case .none: .none
        case .words(let words): .words(words)
        case .commaList(let words): .commaList(words)
        }
        let spec = OptionSpec(name: answer.name, kind: kind, valueName: answer.placeholder, values: values, summary: answer.summary,
                              details: answer.details)
        return OptionRow(spec: spec) { options, parsed in
            if let text = parsed.values[answer.name] {
                try suggesting(spec, text) { try answer.set(text, in: &options[keyPath: path]) }
            } else if let flag = parsed.toggles[answer.name] ?? (parsed.flags.contains(answer.name) ? true : nil) {
                answer.set(flag, in: &options[keyPath: path])
            }
        }
    }

    /// `body`'s error about `value`, ending in "Did you mean --format sarif?" when the value is a near miss of the
    /// words the option takes (each word of a comma list judged alone).
    private static func suggesting<Value>(_ spec: OptionSpec, _ value: String, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            let guess: String? = switch spec.values {
            case .words(let words): NearMiss.closest(to: value, among: words)
            case .commaList(let words): {
                let parts = value.split(separator: ",").map(String.init)
                let fixed = parts.map { words.contains($0) ? $0 : NearMiss.closest(to: $0, among: words) ?? $0 }
                return fixed != parts && fixed.allSatisfy(words.contains) ? fixed.joined(separator: ",") : nil
            }()
            default: nil
            }
            guard let guess, let failure = error as? any RunError else { throw error }
            throw UsageError("\(failure.description) Did you mean --\(spec.name) \(guess)?")
        }
    }

    /// Says what the option is; sets nothing (`--help`, which the command line answers before parsing).
    static func shown(_ spec: OptionSpec) -> OptionRow {
        OptionRow(spec: spec) { _, _ in }
    }
}

extension ArgumentParser.Result {
    /// Writes every row's value into `options`, in the table's order, so the first bad value named is the table's.
    func write<Options>(_ rows: [OptionRow<Options>], into options: inout Options) throws {
        for row in rows { try row.write(&options, self) }
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

/// Options `--help` lists under one heading, by name: `names` each with its summary, `more` only by flag on a line
/// of their own ("Also: --spec, --prefix"), so a command with many options still fits a screen at 60 columns.
/// `bggen help COMMAND` and the man page describe both.
struct OptionGroup: Sendable {
    let title: String
    let names: [String]
    var more: [String] = []

    var all: [String] { names + more }
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
    /// How `--help` groups the options; every option is in one group (`CommandTableTests` checks).
    let groups: [OptionGroup]
    /// The help page's paragraph below the usage line.
    let overview: String
    /// The reference `bggen help COMMAND` and the man page add after the options; `--help` leaves them out.
    /// Made when asked for: the spec is built on every run for its parser, and doctor's rule table alone was a
    /// share of an empty folder's run that printed no help.
    var sections: [HelpSection] { makeSections() }
    private let makeSections: @Sendable () -> [HelpSection]
    let examples: [String]

    init(name: String, abstract: String, argument: String, argumentValues: CompletionValues, options: [OptionSpec],
         groups: [OptionGroup], overview: String, sections: @autoclosure @escaping @Sendable () -> [HelpSection],
         examples: [String]) {
        self.name = name
        self.abstract = abstract
        self.argument = argument
        self.argumentValues = argumentValues
        self.options = options
        self.groups = groups
        self.overview = overview
        makeSections = sections
        self.examples = examples
    }

    var usage: String { "bggen \(name) \(argument) [options]" }

    var parser: ArgumentParser { ArgumentParser(specs: options) }

    /// Every command's name, in the order help lists them.
    static let names = ["init", "doctor"]

    /// Every command, in the order help lists them.
    static let all: [CommandSpec] = names.map { named($0)! }

    /// The one command `name` runs, built alone: building `all` made doctor build init's table too, whose answers'
    /// generic types the runtime looks up by name, a fifth of `bggen doctor`'s time on an empty folder.
    static func named(_ name: String) -> CommandSpec? {
        switch name {
        case "init": InitOptions.command
        case "doctor": DoctorOptions.command
        default: nil
        }
    }
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
    static let table: [OptionRow<OutputOptions>] = [
        .flag("quiet", short: "q", \.quiet, "print only errors and the result"),
        .flag("verbose", \.verbose, "say what was read and how long it took",
              "With --dry-run, new files are shown in full."),
        .option("color", "WHEN", values: .words(Color.allCases.map(\.rawValue)), \.color, parse: { text throws(UsageError) in
            guard let color = Color(rawValue: text) else {
                throw UsageError("--color '\(text)' is not one of \(Color.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return color
        }, "auto (default), always or never",
           "auto colours on a terminal, unless NO_COLOR is set or TERM=dumb."),
        .shown(OptionSpec(name: "help", kind: .flag, short: "h", summary: "show this help")),
    ]

    /// Read first, so a mistake here is named before anything else on the line.
    init(_ parsed: ArgumentParser.Result) throws {
        var badValue: (any Error)?
        do {
            try parsed.write(Self.table, into: &self)
        } catch {
            badValue = error
        }
        // The contradiction is named even when --color is bad too: the flags are written before it fails.
        if quiet && verbose {
            throw UsageError("--quiet and --verbose contradict each other; pass one.")
        }
        if let badValue { throw badValue }
    }

    init() {}
}
