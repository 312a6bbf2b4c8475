#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin // memchr, from <string.h>
#endif

/// Words to look for in a file's bytes, with the tables the search needs made once, not on each of thousands of files.
package struct ByteNeedles: Sendable {
    /// The words, in the order given: `ByteSearch.wholeWords(of:in:)` answers with their positions here.
    let words: [[UInt8]]
    /// The positions of the words by their first byte, so a byte that starts one is compared with those alone.
    let byStart: [[Int]]
    /// The shortest word's length (at most 128): the search looks at the text through a window this long, which
    /// holds a word's first bytes wherever one starts at its first byte.
    let window: Int
    /// How far the window may move on when its last two bytes are a pair (first byte << 8 | second): at most as
    /// far as puts the pair at the end of some word's first `window` bytes, and `window - 1` when no word's first
    /// bytes hold it. Most windows of source text end in a pair no word starts with, so most bytes are never
    /// looked at: a lookup at every byte was a tenth of doctor's time on mastodon.
    let shifts: [UInt8]
    /// One bit for each pair of bytes a word starts with: asked where the window stops, before any word is compared.
    let pairs: [UInt64]

    package init(_ words: [[UInt8]]) {
        self.words = words.filter { !$0.isEmpty }
        var byStart = [[Int]](repeating: [], count: 256)
        var pairs = [UInt64](repeating: 0, count: 65_536 / 64)
        for (index, word) in self.words.enumerated() {
            byStart[Int(word[0])].append(index)
            for second in word.count > 1 ? Int(word[1])...Int(word[1]) : 0...255 {
                let pair = Int(word[0]) << 8 | second
                pairs[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        let window = min(self.words.map(\.count).min() ?? 0, 128)
        var shifts = [UInt8](repeating: UInt8(max(window - 1, 0)), count: window > 1 ? 65_536 : 0)
        for word in self.words {
            for end in 1..<window {
                let pair = Int(word[end - 1]) << 8 | Int(word[end])
                shifts[pair] = min(shifts[pair], UInt8(window - 1 - end))
            }
        }
        self.byStart = byStart
        self.window = window
        self.shifts = shifts
        self.pairs = pairs
    }

    /// Calls `found` with each word (its position in `words`) and where it starts in `buffer`, until `found`
    /// returns true; whether it did. Every start is tried: a word starting at `start` fills the window ending at
    /// `start + window - 1`, and no shift passes that window's end (a shift moves the end onto the next place its
    /// last pair may end a word's first `window` bytes). Each step waits on the last one's loads, so two cursors,
    /// over the first and the second half of the starts, take turns: one cursor alone was slower than looking up
    /// a pair at every byte.
    func search(_ buffer: UnsafeBufferPointer<UInt8>, _ found: (_ word: Int, _ start: Int) -> Bool) -> Bool {
        let count = buffer.count
        let window = window
        guard window > 0, count >= window else { return false }
        return shifts.withUnsafeBufferPointer { shifts in
            pairs.withUnsafeBufferPointer { pairs in
                // Whether a word starts at `start` that `found` takes.
                @inline(__always) func isFound(at start: Int) -> Bool {
                    if window > 1 {
                        let pair = Int(buffer[start]) << 8 | Int(buffer[start + 1])
                        guard pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 else { return false }
                    }
                    for index in byStart[Int(buffer[start])] {
                        let word = words[index]
                        guard start + word.count <= count else { continue }
                        var offset = 1
                        while offset < word.count && buffer[start + offset] == word[offset] { offset += 1 }
                        if offset == word.count && found(index, start) { return true }
                    }
                    return false
                }
                // The next window's end from `end`, and whether a word starts at the window's start.
                @inline(__always) func step(_ end: inout Int) -> Bool {
                    if window > 1 {
                        let shift = Int(shifts[Int(buffer[end - 1]) << 8 | Int(buffer[end])])
                        guard shift == 0 else {
                            end += shift
                            return false
                        }
                    }
                    end += 1
                    return isFound(at: end - window)
                }
                let middle = (count - window + 1) / 2 + window - 1
                var first = window - 1
                var second = middle
                while first < middle && second < count {
                    if step(&first) || step(&second) { return true }
                }
                while first < middle { if step(&first) { return true } }
                while second < count { if step(&second) { return true } }
                return false
            }
        }
    }
}

/// Byte searches over a file's text, which spare most files the lexer.
package enum ByteSearch {
    /// Whether `text` holds one of `needles` anywhere (`backgroundTask(` and `@main` are needles too).
    package static func contains(anyOf needles: ByteNeedles, in text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { buffer in needles.search(buffer) { _, _ in true } }
    }

    /// The positions (in `needles`' words) of the needles `text` holds as whole words: not inside a longer run of
    /// letters, digits, `_` and bytes beyond ASCII, as a Swift identifier is spelt. What a later reading asks of
    /// the files the first pass did not lex: which of them mention a constant, a type or a caller another file's
    /// facts need. Searching their text for those few names when asked replaced hashing every word of every file
    /// in the first pass, a quarter of doctor's time on mastodon. With `stopsAtFirst`, the search ends at the first.
    package static func wholeWords(of needles: ByteNeedles, in text: String, stopsAtFirst: Bool = false) -> Set<Int> {
        var held = Set<Int>()
        var copy = text
        copy.withUTF8 { buffer in
            isWordByte.withUnsafeBufferPointer { isWordByte in
                _ = needles.search(buffer) { index, start in
                    let end = start + needles.words[index].count
                    guard start == 0 || !isWordByte[Int(buffer[start - 1])], end == buffer.count || !isWordByte[Int(buffer[end])] else { return false }
                    held.insert(index)
                    return stopsAtFirst || held.count == needles.words.count
                }
            }
        }
        return held
    }

    /// Whether `word` is one word as `wholeWords(of:in:)` reads words: a name with a `.` or a space in it is never
    /// held as one.
    package static func isWord(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { isWordByte[Int($0)] }
    }

    /// Whether `text` holds `word`'s bytes: the C library's `memchr` finds each place `word`'s first byte is, many
    /// bytes at a time, and only those are compared, where a table of pairs (`contains(anyOf:in:)`) costs a lookup
    /// and a loop a comparison per byte. Every file's suppression comments are looked for this way.
    package static func contains(_ word: [UInt8], in text: String) -> Bool {
        guard let first = word.first else { return true }
        var copy = text
        return copy.withUTF8 { buffer in
            word.withUnsafeBufferPointer { word in
                let length = word.count
                guard let base = buffer.baseAddress, buffer.count >= length else { return false }
                // The last place `word` may start, and the next to look from.
                let last = buffer.count - length
                var index = 0
                while index <= last {
                    guard let found = memchr(base + index, Int32(first), last - index + 1) else { return false }
                    index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    var offset = 1
                    while offset < length && buffer[index + offset] == word[offset] { offset += 1 }
                    if offset == length { return true }
                    index += 1
                }
                return false
            }
        }
    }

    /// The bytes of a word: ASCII letters, digits and `_`, and every byte of a character beyond ASCII.
    private static let isWordByte: [Bool] = (0...255).map { byte in
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
    }
}
