import BggenFormats
import Foundation
import Testing

/// `trimmingBlanks()` replaces Foundation's `trimmingCharacters(in: .whitespaces)` in the readers, so it must trim
/// exactly the same scalars from exactly the same places.
@Suite("Blank trim")
struct BlankTrimTests {
    /// Every scalar is a blank for one exactly when it is for the other (U+200B is one, U+180E is not), and a
    /// scalar between two letters is never trimmed.
    @Test func everyScalarIsABlankExactlyWhenFoundationSaysSo() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let inside = "a" + String(scalar) + "b"
            if String(scalar).trimmingBlanks().isEmpty != CharacterSet.whitespaces.contains(scalar) || inside.trimmingBlanks() != inside {
                differing.append(value)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { "U+" + String($0, radix: 16) })")
    }

    /// Random texts of blanks, line breaks, combining marks, format characters and letters, trimmed as a String and
    /// as a Substring.
    @Test func randomTextsAreTrimmedAsFoundationTrimsThem() {
        let pool: [String] = [" ", "\t", "\n", "\r", "\r\n", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{200B}", "\u{202F}",
                              "\u{205F}", "\u{3000}", "\u{180E}", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{301}", "a", "é", "😀", ":", "x y"]
        var generator = SystemRandomNumberGenerator()
        var differing: [String] = []
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            let inner = text.dropFirst(text.isEmpty ? 0 : 1)
            if text.trimmingBlanks() != text.trimmingCharacters(in: .whitespaces) || inner.trimmingBlanks() != inner.trimmingCharacters(in: .whitespaces) {
                differing.append(text)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { Array($0.unicodeScalars) })")
    }

    /// The readers trim a line's bytes in place: spaces and tabs on the bytes, then any other blank at an end
    /// that is not ASCII. Random texts of the same pool trim as `trimmingBlanks()` trims them.
    @Test func bytesAreTrimmedAsTheirTextIs() {
        let pool: [String] = [" ", "\t", "\u{A0}", "\u{2000}", "\u{200B}", "\u{3000}", "\u{180E}", "\u{301}", "a", "é", "😀", ":", "x y"]
        var generator = SystemRandomNumberGenerator()
        var differing: [String] = []
        for _ in 0..<5_000 {
            var text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            let expected = text.trimmingBlanks()
            if text.withUTF8({ String(trimmingBlanksOf: $0) }) != expected { differing.append(text) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { Array($0.unicodeScalars) })")
    }
}
