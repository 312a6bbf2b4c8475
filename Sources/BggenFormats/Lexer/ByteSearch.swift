#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin // memchr, from <string.h>
#endif

/// Words to look for in a file's bytes, with the tables the search needs made once, not on each of thousands of files.
package struct ByteNeedles: Sendable {
    /// The words, in the order given: `ByteSearch.wholeWords(of:in:)` answers with their positions here.
    let words: [[UInt8]]
    /// Whether each word is looked for between two bytes that are no word's (`WordNeedles`): the window is then two
    /// bytes longer than the shortest word, and a short name (`api`) no longer makes the search look at most bytes.
    let bounded: Bool
    /// The words that start with a byte no word holds (`@main`), unless `bounded`: each is looked for where the C
    /// library's `memchr` finds that byte, rare in source, so a short one no longer shortens the window the others
    /// are looked for through. `@main`'s five bytes held the first pass's window to five, and its shifts to four.
    let marked: [Int]
    /// The positions of the other words by their first byte, so a byte that starts one is compared with those alone.
    let byStart: [[Int]]
    /// The shortest other pattern's length (a word, with its bounds when `bounded`; at most 128): the search looks at the
    /// text through a window this long, which holds a pattern's first bytes wherever one starts at its first byte.
    let window: Int
    /// How far the window may move on when its last two bytes are a pair (`pair(_:_:)`): at most as
    /// far as puts the pair at the end of some pattern's first `window` bytes, and `window - 1` when no pattern's
    /// first bytes hold it. Most windows of source text end in a pair no word starts with, so most bytes are never
    /// looked at: a lookup at every byte was a tenth of doctor's time on mastodon.
    let shifts: [UInt8]
    /// One bit for each pair of bytes a pattern starts with: asked where the window stops, before any word is compared.
    let pairs: [UInt64]

    package init(_ words: [[UInt8]]) {
        self.init(words, bounded: false)
    }

    init(_ words: [[UInt8]], bounded: Bool) {
        self.words = words.filter { !$0.isEmpty }
        self.bounded = bounded
        let lead = bounded ? 1 : 0
        // The bytes a pattern may hold at `offset`: a bound is any byte that is no word's.
        func bytes(of word: [UInt8], at offset: Int) -> [UInt8] {
            bounded && (offset == 0 || offset == word.count + 1) ? Self.boundBytes : [word[offset - lead]]
        }
        let words = self.words
        let marked = bounded ? [] : words.indices.filter { !isWordByte[Int(words[$0][0])] }
        let others = words.indices.filter { !marked.contains($0) }.map { words[$0] }
        var byStart = [[Int]](repeating: [], count: 256)
        var pairs = [UInt64](repeating: 0, count: 65_536 / 64)
        // Each byte list is made once per word and place, outside the loop over the other: made for each byte a
        // bound may be, it was an array for each of them, 2 M instructions for each search the chains' reading made.
        for (index, word) in words.enumerated() where !marked.contains(index) {
            byStart[Int(word[0])].append(index)
            let seconds = word.count + 2 * lead > 1 ? bytes(of: word, at: 1) : (0...255).map(UInt8.init)
            for first in bytes(of: word, at: 0) {
                for second in seconds {
                    let pair = Self.pair(first, second)
                    pairs[pair >> 6] |= 1 << UInt64(pair & 63)
                }
            }
        }
        let window = min(others.map { $0.count + 2 * lead }.min() ?? 0, 128)
        var shifts = [UInt8](repeating: UInt8(max(window - 1, 0)), count: window > 1 ? 65_536 : 0)
        for word in others {
            for end in 1..<window {
                let seconds = bytes(of: word, at: end)
                for first in bytes(of: word, at: end - 1) {
                    for second in seconds {
                        let pair = Self.pair(first, second)
                        shifts[pair] = min(shifts[pair], UInt8(window - 1 - end))
                    }
                }
            }
        }
        self.marked = marked
        self.byStart = byStart
        self.window = window
        self.shifts = shifts
        self.pairs = pairs
    }

    /// The key of two bytes in a row in `shifts` and `pairs`: as one little-endian load of the two reads them, so the
    /// search loads a pair at once.
    @inline(__always)
    static func pair(_ first: UInt8, _ second: UInt8) -> Int {
        Int(first) | Int(second) << 8
    }

    /// The bytes of no word: what stands on either side of a whole word.
    private static let boundBytes = (0...255).map(UInt8.init).filter { !isWordByte[Int($0)] }

    /// Calls `found` with each word (its position in `words`) and where it starts in `buffer`, until `found`
    /// returns true; whether it did. Every start is tried: a word starting at `start` fills the window ending at
    /// `start + window - 1`, and no shift passes that window's end (a shift moves the end onto the next place its
    /// last pair may end a word's first `window` bytes). Each step waits on the last one's loads, so two cursors,
    /// over the first and the second half of the starts, take turns: one cursor alone was slower than looking up
    /// a pair at every byte.
    func search(_ buffer: UnsafeBufferPointer<UInt8>, _ found: (_ word: Int, _ start: Int) -> Bool) -> Bool {
        for index in marked where eachStart(of: words[index], in: buffer, { found(index, $0) }) { return true }
        let count = buffer.count
        let window = window
        guard window > 0, count >= window, let base = buffer.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        return shifts.withUnsafeBufferPointer { shifts in
            pairs.withUnsafeBufferPointer { pairs in
                // Whether a word starts at `start` that `found` takes.
                @inline(__always) func isFound(at start: Int) -> Bool {
                    if window > 1 {
                        let pair = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt16.self)))
                        guard pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0 else { return false }
                    }
                    let lead = bounded ? 1 : 0
                    for index in byStart[Int(buffer[start + lead])] {
                        let word = words[index]
                        guard start + word.count + 2 * lead <= count else { continue }
                        var offset = 1
                        while offset < word.count && buffer[start + lead + offset] == word[offset] { offset += 1 }
                        guard offset == word.count else { continue }
                        if bounded && (isWordByte[Int(buffer[start])] || isWordByte[Int(buffer[start + word.count + 1])]) { continue }
                        if found(index, start + lead) { return true }
                    }
                    return false
                }
                // The next window's end from `end`, and whether a word starts at the window's start.
                @inline(__always) func step(_ end: inout Int) -> Bool {
                    if window > 1 {
                        let shift = Int(shifts[Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: end - 1, as: UInt16.self)))])
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
        return copy.withUTF8 { contains(anyOf: needles, in: $0) }
    }

    /// The same, over bytes: a file the first pass does not lex is searched as bytes and never made a String.
    package static func contains(anyOf needles: ByteNeedles, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        needles.search(bytes) { _, _ in true }
    }

    /// The positions (in `needles`' words) of the needles `text` holds as whole words: not inside a longer run of
    /// letters, digits, `_` and bytes beyond ASCII, as a Swift identifier is spelt. What a later reading asks of
    /// the files the first pass did not lex: which of them mention a constant, a type or a caller another file's
    /// facts need. Searching their text for those few names when asked replaced hashing every word of every file
    /// in the first pass, a quarter of doctor's time on mastodon. With `stopsAtFirst`, the search ends at the first.
    /// The text is searched between two line feeds, so a word at its first or last byte has its bounds too.
    package static func wholeWords(of needles: WordNeedles, in text: String, stopsAtFirst: Bool = false) -> Set<Int> {
        var copy = text
        return wholeWords(of: needles, in: copy.withUTF8(FramedBytes.init), stopsAtFirst: stopsAtFirst)
    }

    /// The same, over a file's bytes as the first pass kept them, framed already: searching a file again copies nothing.
    package static func wholeWords(of needles: WordNeedles, in text: FramedBytes, stopsAtFirst: Bool = false) -> Set<Int> {
        let needles = needles.needles
        // A word found again (a `handler` on every other line) is looked up in an array, not hashed into a set.
        var isHeld = [Bool](repeating: false, count: needles.words.count)
        var heldCount = 0
        text.framed.withUnsafeBufferPointer { buffer in
            _ = needles.search(buffer) { index, _ in
                if !isHeld[index] {
                    isHeld[index] = true
                    heldCount += 1
                }
                return stopsAtFirst || heldCount == needles.words.count
            }
        }
        return Set(isHeld.indices.filter { isHeld[$0] })
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
        var copy = text
        return copy.withUTF8 { contains(word, in: $0) }
    }

    /// The same, over bytes.
    package static func contains(_ word: [UInt8], in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        word.isEmpty || eachStart(of: word, in: buffer) { _ in true }
    }
}

/// Calls `found` with each place `word` (not empty) starts in `buffer`, until it returns true; whether it did. The C
/// library's `memchr` finds each place `word`'s first byte is, many bytes at a time, and only those are compared.
private func eachStart(of word: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Bool) -> Bool {
    word.withUnsafeBufferPointer { word in
        let length = word.count
        guard let base = buffer.baseAddress, buffer.count >= length else { return false }
        // The last place `word` may start, and the next to look from.
        let last = buffer.count - length
        var index = 0
        while index <= last {
            guard let hit = memchr(base + index, Int32(word[0]), last - index + 1) else { return false }
            index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            var offset = 1
            while offset < length && buffer[index + offset] == word[offset] { offset += 1 }
            if offset == length && found(index) { return true }
            index += 1
        }
        return false
    }
}

/// A file's bytes between two line feeds, as `ByteSearch.wholeWords(of:in:)` reads them (a word at the file's first
/// or last byte has its bounds): framed once, when the first pass keeps a file it did not lex, where each search
/// copied the file to frame it. Not checked here: the first pass keeps only bytes it found UTF-8.
package struct FramedBytes: Sendable {
    /// A line feed, the file's bytes, a line feed.
    package let framed: [UInt8]

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        framed = [UInt8](unsafeUninitializedCapacity: bytes.count + 2) { buffer, count in
            buffer[0] = 0x0A
            // As raw memory, so it is one `memcpy`: a typed copy went byte by byte, a tenth of the first pass.
            if let base = bytes.baseAddress { UnsafeMutableRawPointer(buffer.baseAddress! + 1).copyMemory(from: base, byteCount: bytes.count) }
            buffer[bytes.count + 1] = 0x0A
            count = bytes.count + 2
        }
    }

    /// The file's own bytes.
    package var bytes: ArraySlice<UInt8> { framed[1..<(framed.count - 1)] }

    /// Calls `body` with the file's own bytes.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try framed.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[1..<($0.count - 1)])) }
    }

    /// The file's text; its bytes are UTF-8, so nothing is repaired.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Names to look for as whole words (`ByteSearch.wholeWords(of:in:)`): each between two bytes that are no word's,
/// which the search's window holds too.
package struct WordNeedles: Sendable {
    let needles: ByteNeedles

    package init(_ words: [[UInt8]]) {
        needles = ByteNeedles(words, bounded: true)
    }
}

/// The bytes of a word: ASCII letters, digits and `_`, and every byte of a character beyond ASCII.
private let isWordByte: [Bool] = (0...255).map { byte in
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
}
