import BggenFormats
import Testing

/// The byte searches must answer exactly as plain searches would: a needle the first pass misses is a file's facts
/// never read, and a name a later reading misses is a constant or caller never found.
@Suite("Byte search")
struct ByteSearchTests {
    /// The skip search answers as a search at every byte would: at a text's first and last byte, for words of one
    /// byte (where the window never moves by more than one), for words of different lengths (the window is the
    /// shortest's) and for words longer than the text. Whole words are the runs of letters, digits, `_` and bytes
    /// beyond ASCII, as the hashes of a file's words were.
    @Test func theSkipSearchFindsWhatAPlainSearchFinds() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcBGé(_ \n".utf8)
        func random(_ length: Int) -> [UInt8] {
            (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte >= 0x80
        }
        for _ in 0..<4_000 {
            let words = (0..<Int.random(in: 1...4, using: &generator)).map { _ in random(Int.random(in: 1...6, using: &generator)) }
            var bytes = random(Int.random(in: 0...40, using: &generator))
            // Half the texts hold a word somewhere, at either cursor's first or last start too.
            if Bool.random(using: &generator) {
                bytes.insert(contentsOf: words.randomElement(using: &generator)!, at: Int.random(in: 0...bytes.count, using: &generator))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            // A byte sequence that is not UTF-8 (half an `é`) is read as the String holding it reads.
            let textBytes = Array(text.utf8)
            let needles = ByteNeedles(words)
            let found = words.contains { word in textBytes.indices.contains { textBytes[$0...].starts(with: word) } }
            #expect(ByteSearch.contains(anyOf: needles, in: text) == found, "\(words) in \(textBytes)")
            #expect(ByteSearch.contains(words[0], in: text) == textBytes.indices.contains { textBytes[$0...].starts(with: words[0]) },
                    "\(words[0]) in \(textBytes)")
            let runs = Set(textBytes.split(whereSeparator: { !isWordByte($0) }).map(Array.init))
            let held = Set(words.indices.filter { words[$0].allSatisfy(isWordByte) && runs.contains(words[$0]) })
            let wordNeedles = WordNeedles(words)
            let answered = ByteSearch.wholeWords(of: wordNeedles, in: text).filter { words[$0].allSatisfy(isWordByte) }
            #expect(answered == held, "\(words) in \(textBytes)")
            let first = ByteSearch.wholeWords(of: wordNeedles, in: text, stopsAtFirst: true).filter { words[$0].allSatisfy(isWordByte) }
            #expect(first.isSubset(of: held) && first.count <= 1, "\(words) in \(textBytes)")
        }
        #expect(ByteSearch.contains(anyOf: ByteNeedles([Array("z".utf8)]), in: "abz"))
        #expect(ByteSearch.contains(anyOf: ByteNeedles([Array("ab".utf8)]), in: "ab"))
        #expect(!ByteSearch.contains(anyOf: ByteNeedles([Array("abc".utf8)]), in: "ab"))
        #expect(!ByteSearch.contains(anyOf: ByteNeedles([]), in: "ab"))
    }

    /// The first pass's needles in a file of Swift: the window is `@main`'s five bytes, and each needle is found
    /// at the start, the middle and the end of the text.
    @Test func theFactNeedlesAreFoundWhereverTheyStand() {
        let needles = ByteNeedles(["BGTaskScheduler", "@main", "backgroundTask(", "FinishLaunching"].map { Array($0.utf8) })
        let filler = String(repeating: "let value = items.map { $0.name } // a comment\n", count: 40)
        for needle in ["BGTaskScheduler", "@main", "backgroundTask(", "FinishLaunching"] {
            for text in [needle + filler, filler + needle + filler, filler + needle] {
                #expect(ByteSearch.contains(anyOf: needles, in: text), "\(needle)")
            }
        }
        #expect(!ByteSearch.contains(anyOf: needles, in: filler + "BGTaskSchedule @mai backgroundTask FinishLaunchin"))
    }

    @Test func aFileHoldsANameOnlyAsAWholeWord() {
        let names = ["refreshIdentifier", "Config", "register", "processingIdentifier", "é1"]
        let needles = WordNeedles(names.map { Array($0.utf8) })
        let held = ByteSearch.wholeWords(of: needles, in: "let id = Config.refreshIdentifier // reregister( registered é1")
        #expect(Set(held.map { names[$0] }) == ["refreshIdentifier", "Config", "é1"])
        #expect(ByteSearch.isWord("refreshIdentifier") && ByteSearch.isWord("_x") && ByteSearch.isWord("é1"))
        #expect(!ByteSearch.isWord("Tasks.register") && !ByteSearch.isWord("") && !ByteSearch.isWord("a b"))
    }
}
