/// Small questions about a run of tokens, shared by every reader of the code model.
package enum TokenPattern {
    package static func matches(_ tokens: [SourceToken], at start: Int, _ texts: [String]) -> Bool {
        guard start >= 0, start + texts.count <= tokens.count else { return false }
        // By index: zipping the tokens copied each one (its text and interpolations retained) to compare it.
        for (offset, text) in texts.enumerated() where tokens[start + offset].kind == .string || tokens[start + offset].text != text {
            return false
        }
        return true
    }

    /// The tokens of a call argument: up to the `,` or closing bracket at its own depth, or an Objective-C
    /// selector part (`usingQueue:`).
    package static func argument(_ tokens: [SourceToken], from start: Int) -> [SourceToken] {
        argument(tokens, from: start, endsAtLine: false)
    }

    /// `argument`, ending also where a token on a later line continues no chain (`statement`): the line's end is
    /// found as the argument is read, since the argument of a property's `=` runs to its type's closing brace, and
    /// reading that for each of a generated file's 7,000 properties was quadratic (home-assistant's icon table).
    private static func argument(_ tokens: [SourceToken], from start: Int, endsAtLine: Bool) -> [SourceToken] {
        var depth = 0
        var result: [SourceToken] = []
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                if token.nesting < 0 && depth == 0 { break }
                depth += token.nesting
                if depth == 0 && (token.text == "," || token.text == ";") { break }
            }
            if depth == 0, token.kind == .identifier, !result.isEmpty, index + 1 < tokens.count, tokens[index + 1].text == ":",
               result.last?.text != "." {
                break
            }
            if endsAtLine, let last = result.last, token.line > last.line, token.text != ".", last.text != "." { break }
            result.append(token)
            index += 1
        }
        return result
    }

    /// The expression a binding's `=` starts, up to its line's end (a chain may go on with a leading `.`).
    package static func statement(_ tokens: [SourceToken], from start: Int) -> [SourceToken] {
        argument(tokens, from: start, endsAtLine: true)
    }

    /// The argument as written, for messages.
    package static func written(_ expression: [SourceToken]) -> String {
        expression.map { $0.kind == .string ? "\"\($0.text)\"" : $0.text }.joined()
    }

    /// `name`, `Config.name`, `Self.name.rawValue`: a plain name or a dotted chain, and the name it ends in.
    package static func chainName(_ expression: [SourceToken]) -> String? {
        guard !expression.isEmpty, expression.allSatisfy({ $0.kind == .identifier || $0.text == "." }) else { return nil }
        return expression.last { $0.kind == .identifier && $0.text != "rawValue" }?.text
    }
}
