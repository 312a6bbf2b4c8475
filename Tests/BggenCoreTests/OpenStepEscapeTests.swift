@testable import BggenCore
import Testing

/// The string escapes CoreFoundation's OpenStep (pbxproj) parser decodes, and the ones bggen refuses to guess.
@Suite("Project parsing: pbxproj escapes")
struct OpenStepEscapeTests {
    private func value(_ quoted: String) throws -> String? {
        try OpenStepParser.parse("{ key = \"\(quoted)\"; }").dictionary?["key"]?.string
    }

    @Test func controlAndOctalEscapesDecodeAsCoreFoundationDoes() throws {
        #expect(try value(#"\a\b\f\v"#) == "\u{07}\u{08}\u{0C}\u{0B}")
        #expect(try value(#"\101\102C"#) == "ABC")
        #expect(try value(#"\0"#) == "\u{00}")
        #expect(try value(#"tab\011end"#) == "tab\tend")
        #expect(try value(#"\1012"#) == "A2", "at most three octal digits")
        #expect(try value(#"\n\t\r"#) == "\n\t\r")
    }

    @Test func unicodeEscapesTakeUpToFourDigitsAndSurrogatePairs() throws {
        #expect(try value(#"caf\U00e9"#) == "café")
        #expect(try value(#"\Ud83d\Ude80"#) == "🚀")
        #expect(try value(#"\U41!"#) == "A!")
    }

    @Test func whatCannotBeDecodedIsAnErrorOnItsLine() {
        #expect(throws: OpenStepSyntaxError(line: 2, reason: "an octal escape above \\177, which is NeXTSTEP-encoded text")) {
            try OpenStepParser.parse("{\n key = \"\\351\";\n}")
        }
        #expect(throws: OpenStepSyntaxError(line: 1, reason: "a bad \\U escape")) {
            try OpenStepParser.parse("{ key = \"\\Ud83d\"; }")
        }
    }
}
