import BggenCore
import BggenModel

/// How a prompt session ended without an answer.
enum PromptInterruption: RunError, Equatable {
    /// Ctrl-C: exit 130, as the shell reports SIGINT.
    case interrupted
    /// End of input (Ctrl-D, or a closed pipe): exit 1.
    case endOfInput

    var description: String {
        switch self {
        case .interrupted: "interrupted; nothing was written."
        case .endOfInput: "input ended before every question was answered; nothing was written."
        }
    }

    var exitStatus: Int32 {
        self == .interrupted ? ExitStatus.interrupted : ExitStatus.failure
    }

    var hint: ErrorHint { .none }
}

/// Generic questions on a terminal: pick several, pick one, yes or no, and free text with validation.
///
/// With raw mode, choices move with the arrow keys (or j/k) and toggle with space; without it (`TERM=dumb`, or a
/// terminal that refuses), choices are typed as numbers such as `1,3`. Both paths validate and ask again.
final class Prompter {
    private let terminal: any TerminalDevice
    private let allowRawMode: Bool

    init(terminal: any TerminalDevice, allowRawMode: Bool) {
        self.terminal = terminal
        self.allowRawMode = allowRawMode
    }

    func say(_ text: String) {
        terminal.write(text)
    }

    /// Returns the indices chosen, at least one.
    func pickSeveral(_ question: String, options: [String], preselected: Set<Int>) throws(PromptInterruption) -> [Int] {
        if allowRawMode, terminal.enterRawMode() {
            defer { terminal.restoreMode() }
            return try pickWithKeys(question, options: options, selected: preselected, several: true)
        }
        let fallback = preselected.sorted().map { String($0 + 1) }.joined(separator: ",")
        return try askNumbered(question + " Pick one or more, separated by commas.", options: options, fallback: fallback) { text in
            let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            var picked: [Int] = []
            for part in parts where !part.isEmpty {
                guard let number = Int(part), (1...options.count).contains(number) else {
                    return .failure("'\(part)' is not one of 1-\(options.count).")
                }
                if !picked.contains(number - 1) { picked.append(number - 1) }
            }
            return picked.isEmpty ? .failure("Pick at least one.") : .success(picked.sorted())
        }
    }

    /// Returns the index chosen.
    func pickOne(_ question: String, options: [String], preselected: Int) throws(PromptInterruption) -> Int {
        if allowRawMode, terminal.enterRawMode() {
            defer { terminal.restoreMode() }
            return try pickWithKeys(question, options: options, selected: [preselected], several: false)[0]
        }
        return try askNumbered(question, options: options, fallback: String(preselected + 1)) { text in
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)), (1...options.count).contains(number) else {
                return .failure("'\(text)' is not one of 1-\(options.count).")
            }
            return .success(number - 1)
        }
    }

    func confirm(_ question: String, default defaultAnswer: Bool) throws(PromptInterruption) -> Bool {
        try ask(question + (defaultAnswer ? " [Y/n]" : " [y/N]"), fallback: nil) { text in
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "": .success(defaultAnswer)
            case "y", "yes": .success(true)
            case "n", "no": .success(false)
            default: .failure("Answer y or n.")
            }
        }
    }

    /// Free text parsed as an answer; Enter takes `fallback`; the parser's error says what is wrong, and the
    /// question is asked again.
    func value<Value>(_ question: String, fallback: String?, parse: (String) throws(ConfigurationError) -> Value) throws(PromptInterruption) -> Value {
        try ask(question, fallback: fallback) { text in
            do throws(ConfigurationError) {
                return .success(try parse(text.isEmpty ? fallback ?? "" : text.trimmingCharacters(in: .whitespaces)))
            } catch {
                return .failure(ValidationMessage(stringLiteral: error.description))
            }
        }
    }

    /// Why an answer was refused, shown before the question is asked again.
    struct ValidationMessage: Error, ExpressibleByStringInterpolation {
        let text: String

        init(stringLiteral value: String) {
            text = value
        }
    }

    private func askNumbered<Value>(
        _ question: String, options: [String], fallback: String, parse: (String) -> Result<Value, ValidationMessage>
    ) throws(PromptInterruption) -> Value {
        terminal.write("\(question)\n")
        for (index, option) in options.enumerated() {
            terminal.write("  \(index + 1)) \(option)\n")
        }
        return try ask("Choice", fallback: fallback) { text in parse(text.isEmpty ? fallback : text) }
    }

    private func ask<Value>(_ prompt: String, fallback: String?, parse: (String) -> Result<Value, ValidationMessage>) throws(PromptInterruption) -> Value {
        while true {
            terminal.write(fallback.map { "\(prompt) [\($0)]: " } ?? "\(prompt) ")
            guard let line = terminal.readLine() else {
                terminal.write("\n")
                throw .endOfInput
            }
            switch parse(line) {
            case .success(let value): return value
            case .failure(let message): terminal.write("  \(message.text)\n")
            }
        }
    }

    private func pickWithKeys(_ question: String, options: [String], selected: Set<Int>, several: Bool) throws(PromptInterruption) -> [Int] {
        var selected = selected
        var cursor = selected.min() ?? 0
        var hint = several ? "↑/↓ move, space selects, enter confirms" : "↑/↓ move, enter confirms"
        // What the last draw printed, to go back over it: its lines take one row each at the width they were laid
        // out for, and more after the window narrows.
        var drawn: [String] = []
        func draw() {
            let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
            if !drawn.isEmpty {
                terminal.write("\r\u{1B}[\(PickerScreen.rows(of: drawn, columns: size.columns))A\u{1B}[J")
            }
            drawn = PickerScreen(question: question, hint: hint, options: options, several: several)
                .lines(cursor: cursor, selected: selected, columns: size.columns, rows: size.rows)
            terminal.write(drawn.map { $0 + "\n" }.joined())
        }
        draw()
        while true {
            guard let input = terminal.readInput() else { throw .endOfInput }
            guard case .byte(let byte) = input else {
                draw()
                continue
            }
            switch byte {
            case 3:
                terminal.write("\n")
                throw .interrupted
            case 4: throw .endOfInput
            case 0x1B:
                guard terminal.readByte() == UInt8(ascii: "["), let arrow = terminal.readByte() else { continue }
                if arrow == UInt8(ascii: "A") { cursor = (cursor + options.count - 1) % options.count }
                if arrow == UInt8(ascii: "B") { cursor = (cursor + 1) % options.count }
            case UInt8(ascii: "k"): cursor = (cursor + options.count - 1) % options.count
            case UInt8(ascii: "j"): cursor = (cursor + 1) % options.count
            case UInt8(ascii: " ") where several:
                if selected.contains(cursor) { selected.remove(cursor) } else { selected.insert(cursor) }
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                let chosen = several ? selected.sorted() : [cursor]
                if chosen.isEmpty {
                    hint = "pick at least one with space"
                } else {
                    return chosen
                }
            default: break
            }
            draw()
        }
    }
}
