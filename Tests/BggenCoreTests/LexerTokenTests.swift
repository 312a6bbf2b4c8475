import BggenFormats
import Testing

/// The corners of the lexer's fast paths, token by token: names told apart a word (eight bytes) at a time, including
/// names that share their first sixteen bytes and names in the last bytes of a file, where a word cannot be loaded
/// whole; runs of blanks and tabs, CR LF, columns counted in bytes; a `//` comment ended by a line feed or by the end
/// of the file.
@Suite("Lexer tokens")
struct LexerTokenTests {
    private func render(_ text: String, _ language: SourceLexer.Language = .swift) throws -> [String] {
        try SourceLexer.tokens(of: text, language: language).map { "\($0.kind) \($0.text) \($0.line):\($0.column)" }
    }

    @Test func namesAreToldApartByEveryByte() throws {
        let names = ["x", "abcdefgh", "abcdefghi", "abcdefgi", "abcdefghijklmnop", "abcdefghijklmnoq", "bbcdefghijklmnop",
                     "abcdefghijklmnopq", "abcdefghijklmnopr", "abcdefghijklmnopqrstuvwxyz_0123456789", "abcdefghijklmnopqrstuvwxyz_0123456788",
                     "abcdefghijklmnopqrstuvwxyz_012345678", "class", "classes", "extension"]
        // Twice on a line, then once more with the last name the file's last bytes.
        let text = names.joined(separator: " ") + " " + names.joined(separator: " ") + "\n" + names.joined(separator: " ")
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        #expect(tokens.map(\.text) == names + names + names)
        #expect(tokens.allSatisfy { $0.kind == .identifier })
        #expect(tokens.map { $0.keyword == .class } == (names + names + names).map { $0 == "class" })
        #expect(tokens.last?.keyword == .extension, "a keyword in the file's last bytes")
        let lengths = names.map(\.utf8.count)
        var columns: [Int] = []
        var column = 1
        for length in lengths + lengths {
            columns.append(column)
            column += length + 1
        }
        column = 1
        for length in lengths {
            columns.append(column)
            column += length + 1
        }
        #expect(tokens.map(\.column) == columns)
        #expect(tokens.map(\.line) == Array(repeating: 1, count: 2 * names.count) + Array(repeating: 2, count: names.count))
    }

    @Test func stringValuesAndQuotedNamesAreToldApartByEveryByte() throws {
        let text = #""abcdefghijklmnopq" "abcdefghijklmnopr" "abcdefghijklmnopq" `a` `a\#u{0}` `a` "é" "e""#
        #expect(try render(text) == [
            "string abcdefghijklmnopq 1:0", "string abcdefghijklmnopr 1:0", "string abcdefghijklmnopq 1:0",
            "identifier a 1:61", "identifier a\u{0} 1:65", "identifier a 1:70", "string é 1:0", "string e 1:0",
        ])
    }

    @Test func blanksLinesAndCommentsMoveTheColumns() throws {
        let text = "a \t b\r\nc\t\t d // x \"y\" {\n  e.f// z ("
        let expected = ["identifier a 1:1", "identifier b 1:5", "identifier c 2:1", "identifier d 2:5", "identifier e 3:3",
                        "punctuation . 3:0", "identifier f 3:5"]
        #expect(try render(text) == expected)
        #expect(try render(text, .objectiveC) == expected)
        #expect(try render("a // c\r\nb//") == ["identifier a 1:1", "identifier b 2:1"])
        #expect(try render("//") == [])
        #expect(try render("x//\n\n\ty") == ["identifier x 1:1", "identifier y 3:2"])
    }

    @Test func columnsCountBytesOfUnicodeNames() throws {
        #expect(try render("let café = \"naïve\"\nπ.x 1.5e3") == [
            "identifier let 1:1", "identifier café 1:5", "punctuation = 1:0", "string naïve 1:0",
            "identifier π 2:1", "punctuation . 2:0", "identifier x 2:4", "number 1.5e3 2:0",
        ])
    }
}
