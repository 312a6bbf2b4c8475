import Foundation

/// `bggen completion bash|zsh|fish`: a script that completes the commands, their options, the options' values
/// (task names, intervals, styles, formats) and paths, made from the commands' option tables.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        // zsh runs the bash function through its bash-completion layer, so both complete the same words.
        case .zsh: "#compdef bggen\n# Load with: source <(bggen completion zsh)\nautoload -U +X bashcompinit && bashcompinit\n" + bash
        case .fish: fish
        }
    }

    /// The words after `bggen` outside any command.
    private static var topLevel: [String] {
        CommandSpec.all.map(\.name) + ["help", "completion", "--help", "-h", "--version", "-V"]
    }

    private static var bash: String {
        var text = """
            # bash completion for bggen. Load with: source <(bggen completion bash)
            _bggen_words() { COMPREPLY=($(compgen -W "$1" -- "$cur")); }
            _bggen_list() {
                local chosen="" part="$cur"
                if [[ "$cur" == *,* ]]; then chosen="${cur%,*},"; part="${cur##*,}"; fi
                COMPREPLY=($(compgen -W "$1" -P "$chosen" -- "$part"))
                compopt -o nospace 2>/dev/null
            }
            _bggen() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" command="" i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                        \(CommandSpec.all.map(\.name).joined(separator: "|"))|help|completion) command="${COMP_WORDS[i]}"; break ;;
                    esac
                done
                case "$command" in
                    "") _bggen_words "\(topLevel.joined(separator: " "))" ;;
                    help) _bggen_words "\(CommandSpec.all.map(\.name).joined(separator: " ")) --man" ;;
                    completion) _bggen_words "\(Shell.allCases.map(\.rawValue).joined(separator: " "))" ;;

            """
        for command in CommandSpec.all {
            text += "        \(command.name))\n            case \"$prev\" in\n"
            for option in command.options where option.kind == .option {
                text += "                --\(option.name)) \(bashValues(option.values)); return ;;\n"
            }
            let spellings = command.options.flatMap(\.spellings).joined(separator: " ")
            text += "            esac\n"
            text += "            if [[ \"$cur\" == -* ]]; then _bggen_words \"\(spellings)\"; else \(bashValues(command.argumentValues)); fi ;;\n"
        }
        text += "    esac\n}\ncomplete -F _bggen bggen\n"
        return text
    }

    private static func bashValues(_ values: CompletionValues) -> String {
        switch values {
        case .none: "COMPREPLY=()"
        case .words(let words): "_bggen_words \"\(words.joined(separator: " "))\""
        case .commaList(let words): "_bggen_list \"\(words.joined(separator: " "))\""
        case .directories: "COMPREPLY=($(compgen -d -- \"$cur\")); compopt -o filenames 2>/dev/null"
        case .files: "COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null"
        }
    }

    private static var fish: String {
        var lines = [
            "# fish completion for bggen. Load with: bggen completion fish | source",
            "complete -c bggen -f",
            "complete -c bggen -n '__fish_use_subcommand' -s V -l version -d 'print the version'",
            "complete -c bggen -n '__fish_use_subcommand' -s h -l help -d 'show help'",
        ]
        for command in CommandSpec.all {
            lines.append("complete -c bggen -n '__fish_use_subcommand' -a \(command.name) -d \(fishQuoted(command.abstract))")
        }
        lines.append("complete -c bggen -n '__fish_use_subcommand' -a help -d 'show help'")
        lines.append("complete -c bggen -n '__fish_use_subcommand' -a completion -d 'print a completion script'")
        lines.append("complete -c bggen -n '__fish_seen_subcommand_from help' -a '\(CommandSpec.all.map(\.name).joined(separator: " "))' -l man")
        lines.append("complete -c bggen -n '__fish_seen_subcommand_from completion' -a '\(Shell.allCases.map(\.rawValue).joined(separator: " "))'")
        for command in CommandSpec.all {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            if command.argumentValues == .directories {
                lines.append("complete -c bggen \(condition) -a '(__fish_complete_directories)'")
            }
            for option in command.options {
                var line = "complete -c bggen \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                switch option.values {
                case .none: line += option.kind == .option ? " -x" : ""
                case .words(let words): line += " -x -a '\(words.joined(separator: " "))'"
                case .commaList(let words): line += " -x -a '(__fish_append , \(words.joined(separator: " ")))'"
                case .directories: line += " -x -a '(__fish_complete_directories)'"
                case .files: line += " -r -F"
                }
                lines.append(line + " -d \(fishQuoted(option.summary))")
                if option.kind == .toggle {
                    lines.append("complete -c bggen \(condition) -l no-\(option.name) -d \(fishQuoted(option.summary))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
