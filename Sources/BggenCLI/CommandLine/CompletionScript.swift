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
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// The words after `bggen` outside any command.
    private static var topLevel: [String] {
        CommandSpec.all.map(\.name) + ["mcp", "help", "completion", "--help", "-h", "--version", "-V"]
    }

    /// What `bggen help` takes: a topic, or the man page or the agent skill.
    private static var helpTopics: [String] {
        CommandSpec.all.map(\.name) + ["mcp", "completion", "--man", "--skill"]
    }

    private static var bash: String {
        var text = """
            # bash completion for bggen. Load with: eval "$(bggen completion bash)"
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
                        \(CommandSpec.all.map(\.name).joined(separator: "|"))|mcp|help|completion) command="${COMP_WORDS[i]}"; break ;;
                    esac
                done
                case "$command" in
                    "") _bggen_words "\(topLevel.joined(separator: " "))" ;;
                    help) _bggen_words "\(helpTopics.joined(separator: " "))" ;;
                    mcp) if [[ "$prev" == --print-config ]]; then _bggen_words "\(mcpClients)"; else _bggen_words "--help --read-only --print-config"; fi ;;
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

    /// The agents `bggen mcp --print-config` knows.
    private static var mcpClients: String { MCPClientConfiguration.allCases.map(\.rawValue).joined(separator: " ") }

    private static func bashValues(_ values: CompletionValues) -> String {
        switch values {
        case .none: "COMPREPLY=()"
        case .words(let words): "_bggen_words \"\(words.joined(separator: " "))\""
        case .commaList(let words): "_bggen_list \"\(words.joined(separator: " "))\""
        case .directories: "COMPREPLY=($(compgen -d -- \"$cur\")); compopt -o filenames 2>/dev/null"
        case .files: "COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null"
        }
    }

    /// Native zsh completion (`_arguments`, with each option's summary): works from a folder on `fpath` on the
    /// first TAB after `compinit`, and when sourced after `compinit`.
    private static var zsh: String {
        var text = """
            #compdef bggen
            # zsh completion for bggen. Install as _bggen in a folder on $fpath (such as
            # $(brew --prefix)/share/zsh/site-functions), or load with: source <(bggen completion zsh) after compinit.
            _bggen() {
                local -a commands
                commands=(
            \((CommandSpec.all.map { ($0.name, $0.abstract) } + [("mcp", "serve bggen to a coding agent"), ("help", "show help, the man page or the agent skill"), ("completion", "print a completion script")]).map { "        \(zshQuoted("\($0.0):\($0.1)"))" }.joined(separator: "\n"))
                )
                if (( CURRENT == 2 )); then
                    if [[ $PREFIX == -* ]]; then
                        _arguments '(- *)'{-V,--version}'[print the version]' '(- *)'{-h,--help}'[show help]'
                    else
                        _describe -t commands 'bggen command' commands
                    fi
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in
                    help) _values 'topic' \(helpTopics.joined(separator: " ")) ;;
                    completion) _values 'shell' \(Shell.allCases.map(\.rawValue).joined(separator: " ")) ;;
                    mcp) _arguments '--read-only[offer only the tools that write nothing]' '--print-config[print the configuration of an agent]:client:(\(mcpClients))' ;;

            """
        for command in CommandSpec.all {
            text += "        \(command.name))\n            _arguments -s \\\n"
            for option in command.options {
                for spec in zshSpecs(option) { text += "                \(spec) \\\n" }
            }
            text += "                \(zshQuoted("1:folder:\(zshAction(command.argumentValues))")) ;;\n"
        }
        text += """
                esac
            }
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _bggen "$@"
            else
                compdef _bggen bggen
            fi

            """
        return text
    }

    /// `_arguments` specs for one option: `--name[summary]:VALUE:action`, both spellings of a flag with a short
    /// one excluding each other, both forms of a toggle.
    private static func zshSpecs(_ option: OptionSpec) -> [String] {
        let summary = "[" + option.summary.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]") + "]"
        switch option.kind {
        case .option:
            let message = option.valueName.replacingOccurrences(of: ":", with: "\\:")
            return [zshQuoted("--\(option.name)=\(summary):\(message):\(zshAction(option.values))")]
        case .flag:
            guard let short = option.short else { return [zshQuoted("--\(option.name)\(summary)")] }
            return ["'(-\(short) --\(option.name))'{-\(short),--\(option.name)}" + zshQuoted(summary)]
        case .toggle:
            return [zshQuoted("(--no-\(option.name))--\(option.name)\(summary)"), zshQuoted("(--\(option.name))--no-\(option.name)\(summary)")]
        }
    }

    private static func zshAction(_ values: CompletionValues) -> String {
        switch values {
        case .none: " "
        case .words(let words): "(\(words.joined(separator: " ")))"
        case .commaList(let words): "_sequence compadd - \(words.joined(separator: " "))"
        case .directories: "_files -/"
        case .files: "_files"
        }
    }

    private static func zshQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static var fish: String {
        var lines = [
            "# fish completion for bggen. Load with: bggen completion fish | source",
            "complete -c bggen -f",
            "# A comma-separated list: the words not chosen yet, after those that are.",
            "function __bggen_list",
            "    set -l token (commandline -ct)",
            "    set -l chosen (string split , -- $token)",
            "    set -e chosen[-1]",
            "    set -l prefix (string replace -r '[^,]*$' '' -- $token)",
            "    for word in $argv",
            "        contains -- $word $chosen; or echo $prefix$word",
            "    end",
            "end",
            "complete -c bggen -n '__fish_use_subcommand' -s V -l version -d 'print the version'",
            "complete -c bggen -n '__fish_use_subcommand' -s h -l help -d 'show help'",
        ]
        for command in CommandSpec.all {
            lines.append("complete -c bggen -n '__fish_use_subcommand' -a \(command.name) -d \(fishQuoted(command.abstract))")
        }
        lines.append("complete -c bggen -n '__fish_use_subcommand' -a mcp -d 'serve bggen to a coding agent'")
        lines.append("complete -c bggen -n '__fish_use_subcommand' -a help -d 'show help, the man page or the agent skill'")
        lines.append("complete -c bggen -n '__fish_use_subcommand' -a completion -d 'print a completion script'")
        lines.append("complete -c bggen -n '__fish_seen_subcommand_from help' -a '\(helpTopics.filter { !$0.hasPrefix("-") }.joined(separator: " "))' -l man -l skill")
        lines.append("complete -c bggen -n '__fish_seen_subcommand_from completion' -a '\(Shell.allCases.map(\.rawValue).joined(separator: " "))'")
        lines.append("complete -c bggen -n '__fish_seen_subcommand_from mcp' -l read-only -d 'offer only the tools that write nothing'")
        lines.append("complete -c bggen -n '__fish_seen_subcommand_from mcp' -l print-config -x -a '\(mcpClients)' -d 'print the configuration of an agent'")
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
                case .commaList(let words): line += " -x -a '(__bggen_list \(words.joined(separator: " ")))'"
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
