import BggenFormats
import Testing

/// The lexer makes each name once per file and shares it with the name's later tokens (`Names` in SourceLexer.swift):
/// whatever the table does (grow, probe past another name), each identifier's text must be the bytes it stands on.
@Suite("Lexer name table")
struct LexerNameTableTests {
    /// Names of one length, names sharing their first or last bytes, names long enough to need the heap, each used
    /// in three rounds far apart, thousands of them, so the table grows many times over.
    private static func name(_ index: Int) -> String {
        switch index % 3 {
        case 0: "name\(index)"
        case 1: "n\(1_000_000 + index)x"
        default: "aVeryLongNameThatNeedsTheHeap\(index)Ending"
        }
    }

    @Test func everyIdentifiersTextIsTheBytesItStandsOn() throws {
        let count = 4_000
        var lines: [String] = []
        for round in 0..<3 {
            for index in 0..<count { lines.append("let \(Self.name(index)) = f(\(Self.name(index)), \"\(Self.name(index))\") // \(round)") }
        }
        let text = lines.joined(separator: "\n")
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        let sourceLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        let identifiers = tokens.filter { $0.kind == .identifier }
        #expect(identifiers.count == 3 * count * 4, "let, the name, f and the name again on each line")
        for token in identifiers {
            let line = sourceLines[token.line - 1]
            let bytes = Array(token.text.utf8)
            let start = token.column - 1
            #expect(start >= 0 && start + bytes.count <= line.count && Array(line[start..<(start + bytes.count)]) == bytes,
                    "\(token.text) at \(token.line):\(token.column)")
        }
        let expected = (0..<3).flatMap { _ in (0..<count).map(Self.name) }
        #expect(identifiers.filter { $0.text != "let" && $0.text != "f" }.map(\.text) == expected.flatMap { [$0, $0] })
        #expect(tokens.filter { $0.kind == .string }.map(\.text) == expected)
        #expect(identifiers.allSatisfy { ($0.keyword == .let) == ($0.text == "let") })
    }
}
