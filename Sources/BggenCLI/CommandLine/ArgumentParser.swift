import BggenFormats

/// A small parser for `--name value`, `--name=value`, `--flag`, `--no-flag` and `-y`, with positional arguments.
///
/// Just enough for bggen's one command: every option is declared up front, so an unknown one, a repeated one,
/// a missing value or a contradiction is an error that names it.
struct ArgumentParser {
    enum Kind: Equatable {
        /// Takes a value.
        case option
        /// Present or absent.
        case flag
        /// `--name` or `--no-name`: true, false, or not given.
        case toggle
    }

    struct Result {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var toggles: [String: Bool] = [:]
        var positionals: [String] = []
    }

    let specs: [OptionSpec]

    /// En dash, em dash, minus sign, hyphen and figure dash: what word processors put where `--` was typed.
    static let lookalikeDashes: Set<Unicode.Scalar> = ["\u{2010}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}"]

    /// Whether `--help` or `-h` (alone or packed, as in `-yh`) comes before `--`: help then wins over every other
    /// mistake on the line.
    func asksForHelp(_ arguments: [String]) -> Bool {
        guard let help = specs.first(where: { $0.name == "help" }) else { return false }
        for argument in arguments.prefix(while: { $0 != "--" }) {
            if argument == "--help" { return true }
            if let short = help.short, argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.dropFirst().contains(short) { return true }
        }
        return false
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Result {
        var result = Result()
        if asksForHelp(arguments) {
            result.flags.insert("help")
            return result
        }
        var arguments = arguments[...]
        var onlyPositionals = false
        while let argument = arguments.popFirst() {
            // A dash pasted from a document (—yes, –yes) would otherwise become a folder name.
            if !onlyPositionals, let first = argument.unicodeScalars.first, Self.lookalikeDashes.contains(first) {
                let fixed = "--" + argument.unicodeScalars.drop { Self.lookalikeDashes.contains($0) || $0 == "-" }.map(String.init).joined()
                throw UsageError("'\(argument)' starts with a typographic dash, not '-' (pasted from a document?); type \(fixed).")
            }
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            // Packed short flags: -yq is -y -q.
            if !argument.hasPrefix("--"), argument.count > 2 {
                arguments.insert(contentsOf: argument.dropFirst().map { "-\($0)" }, at: arguments.startIndex)
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let (spec, negated) = lookup(name) else {
                throw UsageError("unknown option '\(name)'" + (suggestion(for: name) ?? "."))
            }
            switch spec.kind {
            case .option:
                if result.values[spec.name] != nil {
                    throw UsageError("--\(spec.name) was given more than once; give it once.")
                }
                if let inlineValue {
                    result.values[spec.name] = inlineValue
                } else if let value = arguments.first, !value.hasPrefix("--") {
                    result.values[spec.name] = value
                    arguments.removeFirst()
                } else {
                    throw UsageError("--\(spec.name) needs a value.")
                }
            case .flag, .toggle:
                if inlineValue != nil {
                    throw UsageError("\(name) takes no value.")
                }
                if spec.kind == .flag {
                    result.flags.insert(spec.name)
                } else if let earlier = result.toggles[spec.name], earlier == negated {
                    throw UsageError("--\(spec.name) and --no-\(spec.name) contradict each other; pass one of them.")
                } else {
                    result.toggles[spec.name] = !negated
                }
            }
        }
        return result
    }

    private func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private func lookup(_ name: String) -> (OptionSpec, negated: Bool)? {
        if name.count == 2, name.hasPrefix("-"), let short = name.last,
           let spec = specs.first(where: { $0.short == short }) {
            return (spec, false)
        }
        guard name.hasPrefix("--") else { return nil }
        let bare = name.dropFirst(2)
        if let spec = specs.first(where: { $0.name == bare }) { return (spec, false) }
        if bare.hasPrefix("no-"), let spec = specs.first(where: { $0.name == bare.dropFirst(3) && $0.kind == .toggle }) {
            return (spec, true)
        }
        return nil
    }

    /// "; did you mean --tasks?" for a near miss such as `--task`: a question, so the sentence ends there.
    private func suggestion(for name: String) -> String? {
        let bare = String(name.drop(while: { $0 == "-" }))
        let candidates = specs.flatMap { $0.kind == .toggle ? [$0.name, "no-\($0.name)"] : [$0.name] }
        return NearMiss.closest(to: bare, among: candidates).map { "; did you mean --\($0)?" }
    }
}
