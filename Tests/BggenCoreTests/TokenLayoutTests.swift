import BggenFormats
import Testing

/// A token's size: a large app's readers hold millions of tokens, and each 4 KB of them is a page fault, so a field
/// declared in an order that pads it (a byte between two eight-byte fields) costs doctor kernel time on every run.
@Suite("Token layout")
struct TokenLayoutTests {
    @Test func aTokenTakesFortyEightBytes() {
        #expect(MemoryLayout<SourceToken>.stride == 48)
    }

    /// Lines and columns are kept in 32 bits: they read back as the lexer counted them.
    @Test func linesAndColumnsReadBackAsCounted() throws {
        let text = String(repeating: "\n", count: 70_000) + "    let value = 1"
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        #expect(tokens.first?.text == "let")
        #expect(tokens.first?.line == 70_001)
        #expect(tokens.first?.column == 5)
        #expect(tokens.map(\.line) == Array(repeating: 70_001, count: 4))
    }
}
