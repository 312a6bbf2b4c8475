import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// The shortcuts the lexer gives each token so readers need not compare strings (`symbol`, `keyword`, `nesting`) and
/// the byte tests of a name's case must answer exactly as the text does: the readers swapped one for the other, and
/// doctor's findings on real apps must not move.
@Suite("Token shortcuts")
struct TokenShortcutTests {
    /// Every Swift and Objective-C file of the fixtures and the corpus, lexed as doctor lexes it, plus text written to
    /// reach the corners: keywords as string values and in backticks, keyword prefixes and suffixes, punctuation in strings
    /// and in backticks.
    private func everyToken() throws -> [SourceToken] {
        var tokens: [SourceToken] = []
        let files = FileManager.default.enumerator(atPath: Fixtures.folder.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") || file.hasSuffix(".m") || file.hasSuffix(".h") {
            let text = try String(contentsOf: Fixtures.folder.appendingPathComponent(file), encoding: .utf8)
            tokens += (try? SourceLexer.tokens(of: text, language: file.hasSuffix(".swift") ? .swift : .objectiveC)) ?? []
        }
        #expect(tokens.count > 10_000, "the fixtures hold Swift and Objective-C files")
        let corners = #"""
        let a = "func"; var `class` = "{"; funcs(initial: struct_, enum: "(", "let", "*", `init`) extensions protocols actor_
        static func deinit subscript case const define #define K @"const" ["]", ":", "=", "extension"] { x[0] = (y) } `:` `(` `*`
        """#
        tokens += try SourceLexer.tokens(of: corners, language: .swift)
        tokens += try SourceLexer.tokens(of: corners, language: .objectiveC)
        return tokens
    }

    @Test func eachKeywordIsTheTokensTextAndNothingElse() throws {
        let words: [(String, Keyword)] = [
            ("func", .func), ("init", .initializer), ("deinit", .deinit), ("subscript", .subscript), ("var", .var), ("let", .let),
            ("case", .case), ("const", .const), ("define", .define), ("protocol", .protocol), ("class", .class), ("struct", .struct),
            ("enum", .enum), ("extension", .extension), ("actor", .actor),
        ]
        let typeWords: Set<String> = ["class", "struct", "enum", "extension", "actor"]
        let memberWords: Set<String> = ["func", "init", "deinit", "var", "subscript"]
        var seen = Set<String>()
        for token in try everyToken() {
            for (word, keyword) in words {
                #expect((token.keyword == keyword) == (token.text == word), "\(token.text) (\(token.kind)) as \(word)")
                if token.keyword == keyword { seen.insert(word) }
            }
            #expect((token.keyword == .none) == !words.contains { $0.0 == token.text }, "\(token.text)")
            #expect(token.keyword.declaresType == typeWords.contains(token.text), "\(token.text)")
            #expect(token.keyword.declaresTypeOrProtocol == (typeWords.contains(token.text) || token.text == "protocol"), "\(token.text)")
            #expect(token.keyword.declaresMember == memberWords.contains(token.text), "\(token.text)")
        }
        #expect(seen == Set(words.map(\.0)), "every keyword met in some token")
    }

    @Test func punctuationBytesAnswerAsTheirText() throws {
        let punctuation = "(){}[],:;.=*?!#@-+<>^&|/%~\\'`\"$"
        for token in try everyToken() {
            for character in punctuation.unicodeScalars {
                let text = String(character)
                #expect(token.is(character) == (token.kind == .punctuation && token.text == text), "\(token.text) (\(token.kind)) as \(text)")
                #expect(token.hasText(character) == (token.text == text), "\(token.text) (\(token.kind)) as \(text)")
            }
            let opens = token.kind == .punctuation && ["(", "[", "{"].contains(token.text)
            let closes = token.kind == .punctuation && [")", "]", "}"].contains(token.text)
            #expect(token.nesting == (opens ? 1 : closes ? -1 : 0), "\(token.text) (\(token.kind))")
        }
    }

    /// A name's case from its first byte where that byte is a character of its own, and from `Character` otherwise:
    /// a combining mark after it, a first character beyond ASCII, CR LF, and the empty name.
    @Test func aNamesCaseIsItsFirstCharacters() throws {
        var names = try everyToken().map(\.text)
        names += ["", "A", "a", "_", "Z9", "zeta", "É", "été", "Ω", "ω", "A\u{301}b", "a\u{301}", "A\u{345}", "\u{301}A", "\r\n", "1A",
                  "ǅ", "ß", "İstanbul", "\u{212A}elvin"]
        for name in names {
            #expect(name.startsUppercase == (name.first?.isUppercase == true), "\(name.unicodeScalars.map(\.value))")
            #expect(name.startsLowercase == (name.first?.isLowercase == true), "\(name.unicodeScalars.map(\.value))")
        }
    }

    /// A token is laid out widest field first, in 56 bytes: the tokens of every file doctor lexes are held at once, and
    /// in the order the fields are described (72 bytes) they took a fifth more memory, each new page a page fault.
    @Test func aTokenTakesFiftySixBytes() {
        #expect(MemoryLayout<SourceToken>.stride == 56)
    }
}
