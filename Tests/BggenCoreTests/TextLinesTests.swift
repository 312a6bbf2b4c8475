import BggenFormats
import Testing

/// `TextLines` finds line breaks in the bytes, for readers that read each line in place; its lines must be those of
/// splitting the text by Characters at `isNewline`.
@Suite("Text lines")
struct TextLinesTests {
    /// Random texts of every break (CRLF among them), combining marks, letters, and runs of ASCII long enough to
    /// be read eight bytes at a time, with bytes just above a break's (0x0E, `~`) and the breaks' own.
    @Test func linesAreThoseOfTheCharacterSplit() {
        let pool: [String] = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{301}", "a", "é", "😀", " ",
                              "abcdefghijklmnop", "key: value # x", "\u{0E}\u{1F}~\u{7F}\u{0E}", "\u{2027}\u{2030}\u{84}"]
        var generator = SystemRandomNumberGenerator()
        var differing: [String] = []
        for _ in 0..<5_000 {
            var text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            let ranges = text.withUTF8 { bytes in
                TextLines.ranges(bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
            if TextLines.split(text).map(String.init) != expected || ranges != expected { differing.append(text) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { Array($0.unicodeScalars) })")
    }
}
