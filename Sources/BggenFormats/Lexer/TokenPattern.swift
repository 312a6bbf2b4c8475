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
        // The argument is the tokens from `start` to where it ends, copied once: appending each token, and copying
        // the last one again to compare it, cost each a copy of its text and interpolations, and the texts were
        // compared as strings where a punctuation's byte tells it (`hasText`).
        guard start < tokens.count else { return [] }
        return Array(tokens[start..<end(ofArgumentIn: tokens, from: start, endsAtLine: endsAtLine)])
    }

    /// Where `statement(_:from:)` ends: a reader that only looks at its tokens reads them in place, uncopied.
    package static func end(ofStatementIn tokens: [SourceToken], from start: Int) -> Int {
        start < tokens.count ? end(ofArgumentIn: tokens, from: start, endsAtLine: true) : start
    }

    /// Where the argument (or, `endsAtLine`, the statement) from `start` ends; `start` is a token's index.
    private static func end(ofArgumentIn tokens: [SourceToken], from start: Int, endsAtLine: Bool) -> Int {
        var depth = 0
        var index = start
        while index < tokens.count {
            if tokens[index].kind == .punctuation {
                let nesting = tokens[index].nesting
                if nesting < 0 && depth == 0 { break }
                depth += nesting
                if depth == 0 && (tokens[index].is(",") || tokens[index].is(";")) { break }
            }
            if depth == 0, tokens[index].kind == .identifier, index > start, index + 1 < tokens.count, tokens[index + 1].hasText(":"),
               !tokens[index - 1].hasText(".") {
                break
            }
            if endsAtLine, index > start, tokens[index].line > tokens[index - 1].line, !tokens[index].hasText("."), !tokens[index - 1].hasText(".") {
                break
            }
            index += 1
        }
        return index
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
