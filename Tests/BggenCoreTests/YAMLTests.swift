@testable import BggenCore
import Testing

/// The YAML XcodeGen specs use beyond plain maps and lists, and what bggen refuses rather than guesses at.
@Suite("YAML: anchors, aliases, merge keys, escapes, refusals")
struct YAMLTests {
    @Test func anchorsAliasesAndMergeKeys() throws {
        let node = try YAMLSubset.parse("""
            base: &base
              A: 1
              B: 2
            other: &other {B: 20, C: 30}
            list: &list [x, y]
            target:
              <<: *base
              B: 3
            both:
              <<: [*other, *base]
            sources: *list
            flow: [*list, z]
            scalar: &name value
            again: *name
            """)
        #expect(node["target"]?["A"]?.string == "1")
        #expect(node["target"]?["B"]?.string == "3", "the map's own key wins over the merged one")
        #expect(node["target"]?.pairs?.count == 2, "no key twice")
        #expect(node["both"]?["B"]?.string == "20", "the first merged map wins")
        #expect(node["both"]?["A"]?.string == "1" && node["both"]?["C"]?.string == "30")
        #expect(node["sources"]?.strings == ["x", "y"])
        #expect(node["flow"]?.list?.count == 2 && node["flow"]?.list?.first?.strings == ["x", "y"])
        #expect(node["again"]?.string == "value")
    }

    @Test(arguments: [
        (#"a: "tab\there""#, "tab\there"),
        (#"a: "line\nbreak""#, "line\nbreak"),
        (#"a: "quote \" and backslash \\""#, "quote \" and backslash \\"),
        (#"a: "\u00e9\x41\U0001F600""#, "éA😀"),
        (#"a: 'it''s'"#, "it's"),
        (##"a: "# not a comment" # a comment"##, "# not a comment"),
        ("a: it's plain # comment", "it's plain"),
        (#"a: ["x, y", 'z']"#, "x, y"),
        // Read byte by byte: a `#` or a quote after a longer scalar is text, one after a space is not.
        ("a: é# not a comment", "é# not a comment"),
        ("a: 'é # x' # é", "é # x"),
        ("a: é'x' #", "é'x'"),
        // A quote followed by a combining mark is another Character, which does not close the scalar.
        ("a: \"x\"\u{301}y\"", "x\"\u{301}y"),
    ] as [(String, String)])
    func quotedScalarsDecodeTheirEscapes(_ text: String, _ expected: String) throws {
        let node = try YAMLSubset.parse(text)
        #expect((node["a"]?.string ?? node["a"]?.list?.first?.string) == expected)
    }

    @Test(arguments: [
        ("a: 1\n---\nb: 2\n", 2, "a second YAML document"),
        ("a: *missing\n", 1, "the alias *missing names no anchor above it"),
        ("a: [*missing]\n", 1, "the alias *missing names no anchor above it"),
        ("a: 1\n<<: 2\n", 2, "<< merges a map"),
        (#"a: "bad \q escape""#, 1, #"\q is not a YAML escape"#),
        ("a: !custom value\n", 1, "the tag !custom"),
        ("? complex\n: key\n", 1, "a complex key"),
        ("a: plain\n  b: c\n", 2, "a key inside the plain value"),
        ("a: 1\njust text\n", 2, "is neither 'key: value' nor a list item"),
        (#"a: "closed" trailing"#, 1, "text after the closing quote"),
        ("a: 1\n...\nb: 2\n", 3, "text after the end of the document"),
        // Lines end where `Character.isNewline` ends them, found in the bytes: CRLF is one break.
        ("a: 1\r\nb: 2\r\njust text\r\n", 3, "is neither 'key: value' nor a list item"),
        ("a: 1\rb: 2\u{85}c: 3\u{2028}d: 4\u{2029}just text\n", 5, "is neither 'key: value' nor a list item"),
        ("a: 1\u{0B}b: 2\u{0C}just text", 3, "is neither 'key: value' nor a list item"),
        ("a: é\nb: x\u{7}y\n", 2, "a control character (U+0007)"),
    ] as [(String, Int, String)])
    func whatBggenDoesNotReadIsAnErrorWithItsLine(_ text: String, _ line: Int, _ reason: String) {
        #expect {
            try YAMLSubset.parse(text)
        } throws: { error in
            guard let error = error as? YAMLSyntaxError else { return false }
            return error.line == line && error.reason.contains(reason)
        }
    }

    /// Lines are read on their bytes, but a space before a combining mark is one Character with it, which is no
    /// blank: after a list item's dash it starts the item's text, and in a block scalar it is no indentation.
    @Test func aCombiningMarkJoinsTheSpaceBeforeIt() throws {
        #expect(try YAMLSubset.parse("-  \u{301}x\n- y\n").list?.first?.string == " \u{301}x")
        #expect(try YAMLSubset.parse("a: |\n  x\n  éy\n")["a"]?.string == "x\néy\n")
        #expect {
            try YAMLSubset.parse("a: |\n  x\n  \u{301}y\n")
        } throws: { error in
            guard let error = error as? YAMLSyntaxError else { return false }
            return error.line == 3 && error.reason == "indentation that does not match any level above it"
        }
    }

    /// element-x-ios's target.yml writes Info.plist entries this way: the closing bracket at the key's own
    /// indentation, comments inside the brackets. libyaml, and so XcodeGen, reads it.
    @Test func aFlowValueMayCloseAtTheKeysIndentation() throws {
        let text = """
            info:
              properties:
                CFBundleURLTypes: [
                  {
                    CFBundleTypeRole: Editor,
                    CFBundleURLSchemes: [
                      $(BASE_BUNDLE_IDENTIFIER), # the app's own scheme
                      "matrix" # permalinks
                    ]
                  }
                ]
                UIBackgroundModes: [fetch, processing]
            """
        let properties = try YAMLSubset.parse(text)["info"]?["properties"]
        let type = properties?["CFBundleURLTypes"]?.list?.first
        #expect(type?["CFBundleURLSchemes"]?.strings == ["$(BASE_BUNDLE_IDENTIFIER)", "matrix"])
        #expect(type?["CFBundleTypeRole"]?.string == "Editor")
        #expect(properties?["UIBackgroundModes"]?.strings == ["fetch", "processing"])
        // A bracket that never closes is still an error, at the line that opens it.
        #expect(throws: YAMLSyntaxError.self) { try YAMLSubset.parse("a: [\n  x,\nb: 1\n") }
    }

    @Test func aLeadingDocumentMarkerIsFine() throws {
        #expect(try YAMLSubset.parse("---\nname: App\n...\n")["name"]?.string == "App")
    }

    /// Issue 19: valid YAML real specs write, which libyaml (and so XcodeGen) reads.
    @Test func valuesOnTheNextLineAndContinuedOnMoreIndentedLines() throws {
        let node = try YAMLSubset.parse("""
            properties:
              BGTaskSchedulerPermittedIdentifiers:
                  [$(PRODUCT_BUNDLE_IDENTIFIER).exposure-notification]
              UIBackgroundModes: [
                fetch,
                processing
              ]
              Usage: The app uses your location
                to show nearby test centres.
              Quoted:
                "Scans the code
                on your result."
              literal: |-
                one
                  two
            """)
        let properties = node["properties"]
        #expect(properties?["BGTaskSchedulerPermittedIdentifiers"]?.strings == ["$(PRODUCT_BUNDLE_IDENTIFIER).exposure-notification"])
        #expect(properties?["UIBackgroundModes"]?.strings == ["fetch", "processing"])
        #expect(properties?["Usage"]?.string == "The app uses your location to show nearby test centres.")
        #expect(properties?["Quoted"]?.string == "Scans the code on your result.")
        #expect(properties?["literal"]?.string == "one\n  two")
    }

    @Test func aSpecThatCannotBeReadGetsAdviceForASpec() {
        let error = ProjectError.malformed(path: "project.yml", line: 3, reason: "a complex key (?), which bggen does not read")
        #expect(!error.description.contains("Xcode"), "\(error)")
        #expect(error.description.contains("fix that line as YAML"))
        #expect(ProjectError.malformed(path: "App.xcodeproj/project.pbxproj", line: 3, reason: "x").description.contains("save it again"))
    }
}
