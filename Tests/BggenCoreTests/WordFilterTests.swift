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
            // Sorted, unique words, as `ByteSearch.words(in:)` gives them, some of them hashes the filter holds.
            var words = Set((0..<25).map { _ in UInt32.random(in: .min ... .max, using: &generator) })
            if let held = hashes.randomElement(using: &generator), Bool.random(using: &generator) { words.insert(held) }
            let sorted = words.sorted()
            #expect(filter.matchesAny(of: sorted) == sorted.contains(where: hashes.contains))
            #expect(sorted.allSatisfy { filter.matches($0) == hashes.contains($0) })
        }
    }

    @Test func aFileMentionsAWordWhenItsHashIsAsked() {
        let words = ByteSearch.words(in: "let id = Config.refreshIdentifier // register(")
        #expect(ByteSearch.WordFilter([ByteSearch.hash("refreshIdentifier")]).matchesAny(of: words))
        #expect(!ByteSearch.WordFilter([ByteSearch.hash("processingIdentifier")]).matchesAny(of: words))
    }
}
