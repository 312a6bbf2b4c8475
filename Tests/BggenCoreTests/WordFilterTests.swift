import BggenFormats
import Testing

/// The filter in front of the skipped files' words must answer exactly as the set of hashes would: a word it
/// wrongly refuses is a constant or caller never found, one it wrongly takes is a file lexed for nothing.
@Suite("Word filter")
struct WordFilterTests {
    @Test(arguments: [0, 1, 12, 2_000])
    func theFilterAnswersAsTheSetOfHashes(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let hashes = Set((0..<count).map { _ in UInt32.random(in: .min ... .max, using: &generator) })
        let filter = ByteSearch.WordFilter(hashes)
        for _ in 0..<200 {
            // Unique words, as `ByteSearch.words(in:)` gives them, some of them hashes the filter holds.
            var words = Set((0..<25).map { _ in UInt32.random(in: .min ... .max, using: &generator) })
            if let held = hashes.randomElement(using: &generator), Bool.random(using: &generator) { words.insert(held) }
            let sorted = words.sorted()
            #expect(filter.matchesAny(of: sorted) == sorted.contains(where: hashes.contains))
            #expect(sorted.allSatisfy { filter.matches($0) == hashes.contains($0) })
        }
    }

    /// Each word's hash once, in the order the words first appear, past the table's first growth.
    @Test func aTextsWordsAreEachKeptOnce() {
        let names = (0..<500).map { "name\($0)" }
        let text = (names + names.reversed() + ["_x", "é1", "a.b", "a", "b"]).joined(separator: " ")
        let expected = (names + ["_x", "é1", "a", "b"]).map(ByteSearch.hash)
        #expect(ByteSearch.words(in: text) == expected)
        #expect(ByteSearch.words(in: "") == [])
    }

    @Test func aFileMentionsAWordWhenItsHashIsAsked() {
        let words = ByteSearch.words(in: "let id = Config.refreshIdentifier // register(")
        #expect(ByteSearch.WordFilter([ByteSearch.hash("refreshIdentifier")]).matchesAny(of: words))
        #expect(!ByteSearch.WordFilter([ByteSearch.hash("processingIdentifier")]).matchesAny(of: words))
    }

    /// The search by pairs of bytes answers as a plain search for each word would: at a text's first and last
    /// byte, for words of one byte (which start every pair) and for words longer than the text, alone or with the
    /// words of the text read in the same pass.
    @Test func theByteSearchFindsWhatASubstringSearchFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcBGé( \n".utf8)
        func random(_ length: Int) -> String {
            String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
        }
        for _ in 0..<2_000 {
            let words = (0..<Int.random(in: 1...3, using: &generator)).map { _ in random(Int.random(in: 1...4, using: &generator)) }
            let text = random(Int.random(in: 0...12, using: &generator))
            let bytes = Array(text.utf8)
            let found = words.contains { word in
                bytes.indices.contains { bytes[$0...].starts(with: Array(word.utf8)) }
            }
            let needles = ByteNeedles(words.map { Array($0.utf8) })
            #expect(ByteSearch.contains(anyOf: needles, in: text) == found, "\(words) in \(text)")
            // One word alone, as a suppression comment's marker is looked for.
            #expect(ByteSearch.contains(Array(words[0].utf8), in: text) == bytes.indices.contains { bytes[$0...].starts(with: Array(words[0].utf8)) },
                    "\(words[0]) in \(text)")
            // The first pass's one reading answers both questions as the two searches do.
            let scanned = ByteSearch.words(in: text, holdingAnyOf: needles)
            #expect(scanned.holdsNeedle == found, "\(words) in \(text)")
            #expect(scanned.words == ByteSearch.words(in: text))
            #expect(!ByteSearch.words(in: text, holdingAnyOf: nil).holdsNeedle)
        }
        #expect(ByteSearch.contains(anyOf: ByteNeedles([Array("z".utf8)]), in: "abz"))
        #expect(ByteSearch.contains(anyOf: ByteNeedles([Array("ab".utf8)]), in: "ab"))
        #expect(!ByteSearch.contains(anyOf: ByteNeedles([Array("abc".utf8)]), in: "ab"))
    }
}
