import BggenFormats
import Testing

/// The strict JSON reader `.bggen.json` and baselines are read with: RFC 8259 plus comments, lines in every error.
@Suite("Strict JSON with comments")
struct JSONDocumentTests {
    @Test func valuesEscapesCommentsAndKeyLinesAreRead() throws {
        let document = try JSONDocument(parsing: """
            {
              // a comment
              "a": [1, -2.5e3, true, false, null],
              /* a comment
                 over lines */ "b": {"c": "\\u00e9\\ud83d\\ude00\\n\\"\\\\\\/"}
            }
            """)
        #expect(document.value == .object(["a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]),
                                           "b": .object(["c": .string("é😀\n\"\\/")])]))
        #expect(document.keyLines == ["a": 3, "b": 5, "b.c": 5])
        #expect(document.memberSources["b"] == #"{"c": "\u00e9\ud83d\ude00\n\"\\\/"}"#)
    }

    @Test(arguments: [
        ("[1,]", 1, "a trailing comma before ']'"),
        ("{\n\"a\": 1,\n}", 3, "a trailing comma before '}'"),
        ("{\"a\": 1, \"a\": 2}", 1, "'a' appears twice in one object"),
        ("{'a': 1}", 1, "a key in double quotes expected"),
        ("[\n'a']", 2, "a string in single quotes; JSON strings take double quotes"),
        ("[01]", 1, "a number such as 1 or 0.5 expected"),
        ("[1.]", 1, "a digit expected after the decimal point"),
        ("[\"a\nb\"]", 1, "a line break inside a string (write \\n)"),
        ("[\"\\x\"]", 1, "'\\x' is not an escape JSON knows"),
        ("[\n/* open", 2, "a /* comment that is never closed"),
        ("{} {}", 1, "more text after the end of the document"),
        ("[tru]", 1, "'t' where a value is expected"),
        ("", 1, "the text ends where a value is expected"),
    ] as [(String, Int, String)])
    func anErrorSaysWhatAndWhichLine(_ text: String, _ line: Int, _ problem: String) {
        #expect(throws: JSONSyntaxError(line: line, problem: problem)) { try JSONDocument(parsing: text) }
    }

    @Test func nestingIsBoundedSoNoFileOverflowsTheStack() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError(line: 1, problem: NestingLimit.reason)) { try JSONDocument(parsing: deep) }
    }
}
