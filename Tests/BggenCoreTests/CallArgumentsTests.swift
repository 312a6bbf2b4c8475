@testable import BggenCore
import BggenFormats
import Testing

/// The labels one call's parentheses hold (`CallArguments.written(at:in:)`), read from that group's own tokens alone.
@Suite("Call arguments")
struct CallArgumentsTests {
    /// What the `(` after the first `call` of `text` holds.
    private func written(_ text: String, call: String) throws -> CallArguments.Written? {
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        let index = try #require(tokens.indices.first { tokens[$0].text == call })
        return CallArguments.written(at: index + 1, in: tokens)
    }

    @Test func nestedGroupsGiveTheirOwnLabelsToNoneAroundThem() throws {
        let outer = try #require(try written("register(for: make(id: 1, queue: [a: 2]), (x, y), { run(in: z) }, using: .main)", call: "register"))
        #expect(outer.labels == ["for", "_", "_", "using"])
        #expect(outer.passesCase)
        let inner = try #require(try written("register(for: make(id: 1, queue: [a: 2]))", call: "make"))
        #expect(inner.labels == ["id", "queue"])
        #expect(!inner.passesCase)
    }

    @Test func anEmptyCallHasNoLabelsAndAnUnclosedOneIsNotRead() throws {
        #expect(try written("register()", call: "register")?.labels == [])
        #expect(try written("register(for: x", call: "register") == nil)
        #expect(try written("register[0]", call: "register") == nil)
    }
}
