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
    /// The words by their first byte, so a byte that starts one is compared with those alone: with thirty words,
    /// comparing each at every `B`, `f` or `U` of a large file was a fifth of doctor's time on element-x-ios.
    let byStart: [[[UInt8]]]
    let starts: [Bool]
    /// One bit for each pair of bytes a word starts with (every pair, for a word of one byte): the one question
    /// asked at most bytes of a file, since the letters words start with (`f`, `b`, `d`) are common but the pairs
    /// (`fo`, `ba`, `di`) much less so. Checking the first byte alone was a fifth of doctor's time on element-x-ios.
    let pairs: [UInt64]

    package init(_ words: [[UInt8]]) {
        var byStart = [[[UInt8]]](repeating: [], count: 256)
        var pairs = [UInt64](repeating: 0, count: 65_536 / 64)
        for word in words where !word.isEmpty {
            byStart[Int(word[0])].append(word)
            for second in word.count > 1 ? Int(word[1])...Int(word[1]) : 0...255 {
                let pair = Int(word[0]) << 8 | second
                pairs[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        self.byStart = byStart
        starts = byStart.map { !$0.isEmpty }
        self.pairs = pairs
    }

    /// Whether one of the words starts at `index` of `buffer`.
    func startsWord(at index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        for needle in byStart[Int(buffer[index])] where index + needle.count <= buffer.count {
            var offset = 1
            while offset < needle.count && buffer[index + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }
}

/// Byte searches over a file's text, which spare most files the lexer.
package enum ByteSearch {
    /// Whether `text` holds one of `needles`: the bytes are read through pointers, a table lookup each, and
    /// compared with the words only where a pair of bytes starts one.
    package static func contains(anyOf needles: ByteNeedles, in text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { holds(needles, in: $0) }
    }

    /// The hashes of the identifier-like words in `text`, each once, in the order they first appear: what a file
    /// not lexed keeps, so the model can tell later, without reading it again, whether it mentions a constant, a
    /// type or a function. They are made unique as they are found (`UniqueWords`), in one pass: sorting them was a
    /// tenth of doctor's time on an app of large files.
    package static func words(in text: String) -> [UInt32] {
        words(in: text, holdingAnyOf: nil).words
    }

    /// `words(in:)` and `contains(anyOf:in:)` over one view of the bytes, what the first pass asks of every file:
    /// two readings of each file through `String` were two fifths of doctor's time on element-x-ios. The needles are
    /// looked for first, in a loop of their own that stops at the first, and the words after, a word at a time: one
    /// loop asking both at every byte kept neither in registers, and was a third of doctor's time on element-x-ios.
    package static func words(in text: String, holdingAnyOf needles: ByteNeedles?) -> (words: [UInt32], holdsNeedle: Bool) {
        var copy = text
        return copy.withUTF8 { buffer in
            let holdsNeedle = needles.map { holds($0, in: buffer) } ?? false
            var result = UniqueWords()
            isWordByte.withUnsafeBufferPointer { isWordByte in
                let count = buffer.count
                var index = 0
                while index < count {
                    guard isWordByte[Int(buffer[index])] else {
                        index += 1
                        continue
                    }
                    var hash: UInt32 = 2166136261
                    repeat {
                        hash = (hash ^ UInt32(buffer[index])) &* 16777619
                        index += 1
                    } while index < count && isWordByte[Int(buffer[index])]
                    result.insert(hash)
                }
            }
            return (result.words, holdsNeedle)
        }
    }

    /// Whether `buffer` holds one of `needles`: a table lookup per byte, and a comparison only where a pair of bytes
    /// starts one.
    private static func holds(_ needles: ByteNeedles, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        needles.pairs.withUnsafeBufferPointer { pairs in
            let count = buffer.count
            guard count > 0 else { return false }
            var index = 0
            while index < count - 1 {
                let pair = Int(buffer[index]) << 8 | Int(buffer[index + 1])
                if pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 && needles.startsWord(at: index, in: buffer) { return true }
                index += 1
            }
            // The last byte starts no pair: only a word of one byte ends there.
            return needles.starts[Int(buffer[count - 1])] && needles.startsWord(at: count - 1, in: buffer)
        }
    }

    /// Whether `text` holds `word`'s bytes: one comparison per byte, with the first of `word`, where a table of pairs
    /// (`contains(anyOf:in:)`) costs a lookup. Every file's suppression comments are looked for this way.
    package static func contains(_ word: [UInt8], in text: String) -> Bool {
        guard let first = word.first else { return true }
        var copy = text
        return copy.withUTF8 { buffer in
            word.withUnsafeBufferPointer { word in
                let length = word.count
                guard buffer.count >= length else { return false }
                for index in 0...(buffer.count - length) where buffer[index] == first {
                    var offset = 1
                    while offset < length && buffer[index + offset] == word[offset] { offset += 1 }
                    if offset == length { return true }
                }
                return false
            }
        }
    }

    /// The bytes of a word: ASCII letters, digits and `_`, and every byte of a character beyond ASCII. A table,
    /// one load per byte of every file the first pass skips, where five comparisons were a branch each.
    private static let isWordByte: [Bool] = (0...255).map { byte in
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }

    /// Hashes kept once each: an open-addressed table, at most half full, in front of the list of what it holds.
    private struct UniqueWords {
        private(set) var words: [UInt32] = []
        /// Each slot holds a word's index in `words` plus one; zero is empty.
        private var slots = [Int32](repeating: 0, count: 64)

        mutating func insert(_ hash: UInt32) {
            let mask = slots.count - 1
            let inserted = words.withUnsafeBufferPointer { words in
                slots.withUnsafeMutableBufferPointer { slots in
                    var slot = Int(hash &* 2654435769 >> 6) & mask
                    while slots[slot] != 0 {
                        if words[Int(slots[slot]) - 1] == hash { return false }
                        slot = (slot + 1) & mask
                    }
                    slots[slot] = Int32(words.count + 1)
                    return true
                }
            }
            guard inserted else { return }
            words.append(hash)
            if words.count * 2 > slots.count { grow() }
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for (index, hash) in words.enumerated() {
                var slot = Int(hash &* 2654435769 >> 6) & (slots.count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = Int32(index + 1)
            }
        }
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
}
