/// Small questions about a run of tokens, shared by every reader of the code model.
package enum TokenPattern {
    package static func matches(_ tokens: [SourceToken], at start: Int, _ texts: [String]) -> Bool {
        guard start >= 0, start + texts.count <= tokens.count else { return false }
        return zip(tokens[start...], texts).allSatisfy { $0.kind != .string && $0.text == $1 }
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

/// Words to look for in a file's bytes, with the bytes they start with at hand: the table is made once, not on
/// each of thousands of files.
package struct ByteNeedles: Sendable {
    let words: [[UInt8]]
    let starts: [Bool]

    package init(_ words: [[UInt8]]) {
        self.words = words
        var starts = [Bool](repeating: false, count: 256)
        for word in words { starts[Int(word[0])] = true }
        self.starts = starts
    }
}

/// Byte searches over a file's text, which spare most files the lexer.
package enum ByteSearch {
    /// Whether `text` holds one of `needles`.
    package static func contains(anyOf needles: ByteNeedles, in text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { buffer in
            let count = buffer.count
            var index = 0
            while index < count {
                let byte = buffer[index]
                if needles.starts[Int(byte)] {
                    for needle in needles.words where needle[0] == byte && index + needle.count <= count {
                        var offset = 1
                        while offset < needle.count && buffer[index + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count { return true }
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// The hashes of the identifier-like words in `text`, sorted and unique: what a file not lexed keeps, so the
    /// model can tell later, without reading it again, whether it mentions a constant, a type or a function.
    package static func words(in text: String) -> [UInt32] {
        var copy = text
        var result: [UInt32] = []
        copy.withUTF8 { buffer in
            var hash: UInt32 = 2166136261
            var inWord = false
            for byte in buffer {
                let isWord = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
                if isWord {
                    if !inWord { hash = 2166136261; inWord = true }
                    hash = (hash ^ UInt32(byte)) &* 16777619
                } else if inWord {
                    result.append(hash)
                    inWord = false
                }
            }
            if inWord { result.append(hash) }
        }
        result.sort()
        var kept = 0
        for value in result where kept == 0 || result[kept - 1] != value {
            result[kept] = value
            kept += 1
        }
        result.removeLast(result.count - kept)
        return result
    }

    /// Whether the words of a file (`words(in:)`) hold any of a few hashes: the question asked of every file the
    /// first pass skipped, in each round of the search for what the facts need. A 1,024-bit filter of the hashes
    /// answers most words with one bit, where a set would hash each of them.
    package struct WordFilter: Sendable {
        private var bits = [UInt64](repeating: 0, count: 16)
        private let hashes: Set<UInt32>

        package init(_ hashes: some Sequence<UInt32>) {
            self.hashes = Set(hashes)
            for hash in self.hashes { bits[Int(hash >> 6 & 15)] |= 1 << (hash & 63) }
        }

        package func matchesAny(of words: [UInt32]) -> Bool {
            words.contains(where: matches)
        }

        package func matches(_ word: UInt32) -> Bool {
            bits[Int(word >> 6 & 15)] & (1 << (word & 63)) != 0 && hashes.contains(word)
        }
    }

    package static func hash(_ word: String) -> UInt32 {
        var hash: UInt32 = 2166136261
        for byte in word.utf8 { hash = (hash ^ UInt32(byte)) &* 16777619 }
        return hash
    }

    /// Whether the sorted `words` hold `hash` (a hash collision only costs one extra lex).
    package static func mentions(_ words: [UInt32], _ hash: UInt32) -> Bool {
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < words.count && words[low] == hash
    }
}
