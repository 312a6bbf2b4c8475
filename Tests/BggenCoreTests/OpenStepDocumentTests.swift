@testable import BggenCore
import BggenFormats
import Foundation
import Testing

/// The flat reading of a pbxproj the project model asks (`OpenStepDocument`, `OpenStepKeys`): strings kept as the
/// file's bytes until asked for, keys found by their bytes, and the same one-line errors as the tree's.
@Suite("Project parsing: the pbxproj's flat table")
struct OpenStepDocumentTests {
    private static let text = """
        // !$*UTF8*$!
        {
            objects = {
                A1 /* App.swift */ = {isa = PBXFileReference; path = "App.swift"; isa = PBXGroup; };
                "A\\062" = {isa = PBXBuildFile; fileRef = A1; };
                A3 = plain;
                A1 = {isa = PBXFileReference; path = Later.swift; };
                A4 = {flags = ("-ObjC", "$(inherited)", ); nested = {inner = ( ); }; data = <0fbd 7772>; };
            };
            rootObject = A2;
        }
        """

    @Test func stringsAreReadAsWrittenAndKeysKeepTheirLastValue() throws {
        let document = try OpenStepDocument(Self.text)
        let objects = document.keys(of: try #require(document.value(document.root, "objects")))
        #expect(objects.entries.map { document.string($0.key) } == ["A2", "A3", "A1", "A4"],
                "a repeated ID keeps its last object, at its own place")
        let later = try #require(objects["A1"])
        #expect(document.string(later, "path") == "Later.swift")
        let reference = try #require(objects["A2"].flatMap { document.value($0, "fileRef") })
        #expect(objects[reference] == later, "an ID written elsewhere in the file finds its object by its bytes")
        #expect(document.string(try #require(objects["A3"])) == "plain")
        #expect(!document.isDictionary(try #require(objects["A3"])))
        #expect(objects["A5"] == nil)
        #expect(objects[try #require(objects["A4"]).self] == nil, "a dictionary names no object")
    }

    @Test func aKeyWrittenTwiceInAnObjectKeepsItsLastValue() throws {
        let document = try OpenStepDocument("{ a = {isa = PBXFileReference; path = x; isa = PBXGroup; }; }")
        let object = try #require(document.value(document.root, "a"))
        #expect(document.isString(try #require(document.value(object, "isa")), "PBXGroup"))
        #expect(!document.isString(try #require(document.value(object, "isa")), "PBXFileReference"))
        #expect(document.value(object, "children") == nil)
        #expect(Array(document.entries(object)).count == 3, "the entries are as written")
    }

    @Test func anEscapedIDIsFoundByItsDecodedText() throws {
        let document = try OpenStepDocument(Self.text)
        let objects = document.keys(of: try #require(document.value(document.root, "objects")))
        let root = try #require(document.value(document.root, "rootObject"))
        #expect(document.string(root) == "A2")
        let object = try #require(objects[root], "\"A\\062\" is A2")
        #expect(document.string(object, "isa") == "PBXBuildFile")
    }

    @Test func listsDataAndSettingTexts() throws {
        let document = try OpenStepDocument(Self.text)
        let objects = document.keys(of: try #require(document.value(document.root, "objects")))
        let object = try #require(objects["A4"])
        let flags = try #require(document.value(object, "flags"))
        #expect(document.elements(flags).map { document.string($0) } == ["-ObjC", "$(inherited)"])
        #expect(document.settingText(flags) == "-ObjC $(inherited)")
        #expect(document.string(flags) == nil)
        #expect(document.settingText(try #require(document.value(object, "nested"))) == nil)
        #expect(document.string(object, "data") == "0fbd7772")
        #expect(Array(document.elements(object)).isEmpty, "a dictionary has no elements")
        #expect(Array(document.entries(flags)).isEmpty, "a list has no entries")
        #expect(document.tree(object) == .dictionary([
            "flags": .array([.string("-ObjC"), .string("$(inherited)")]), "nested": .dictionary(["inner": .array([])]),
            "data": .string("0fbd7772"),
        ]))
    }

    /// Every ID of a table of thousands is found, each by its own bytes, however its hash falls.
    @Test func everyKeyOfALargeTableIsFound() throws {
        let ids = (0..<3_000).map { String(format: "%024X", $0 * 7_919) }
        let document = try OpenStepDocument("{ " + ids.map { "\($0) = {n = \($0); };" }.joined(separator: " ") + " }")
        let objects = document.keys(of: document.root)
        #expect(objects.entries.count == ids.count)
        for id in ids {
            #expect(objects[id].flatMap { document.string($0, "n") } == id)
        }
        #expect(objects[String(format: "%024X", 1)] == nil)
        #expect(objects[""] == nil)
    }

    @Test func malformedTextIsAnErrorOnItsLine() {
        let cases: [(String, OpenStepSyntaxError)] = [
            ("{\n a = \"open;\n b = c; }", .init(line: 2, reason: "a quoted string that never ends")),
            ("{\n a = 'x\\", .init(line: 2, reason: "a quoted string that never ends")),
            ("{ a = b; }\n/* never closed *", .init(line: 2, reason: "a /* comment that never ends")),
            ("{ a = b; /*/ }", .init(line: 1, reason: "a /* comment that never ends")),
            ("{\n a = b;\n", .init(line: 3, reason: "a { dictionary that is never closed")),
            ("{ a = (b, c\n; }", .init(line: 2, reason: "expected ',' or ')' in a list")),
            ("{ a = <0f\n", .init(line: 1, reason: "a <data> value that is never closed")),
            ("{ a = b; } c", .init(line: 1, reason: "unexpected text after the end of the property list")),
            ("{\n \"k\\n\" b; }", .init(line: 2, reason: "expected '=' after the key 'k\n', found 'b'")),
            ("{ a = b }", .init(line: 1, reason: "expected ';' after the value of 'a', found '}'")),
            ("{ a = ", .init(line: 1, reason: "the file ends where a value is expected")),
            ("{ = b; }", .init(line: 1, reason: "unexpected '='")),
        ]
        for (text, error) in cases {
            #expect(throws: error, "\(text)") { try OpenStepDocument(text) }
        }
    }

    @Test func commentsAnywhereBetweenValuesAreSkipped() throws {
        let document = try OpenStepDocument("// first\n{ /* a */ a /**/ = /* b * / */ b // c\n; c = (/* d */ d, // e\n); } // end")
        #expect(document.tree(document.root) == .dictionary(["a": .string("b"), "c": .array([.string("d")])]))
        #expect(try OpenStepDocument("{ a = b/c; d = e//f\n; }").tree(try OpenStepDocument("{ a = b/c; d = e//f\n; }").root)
            == .dictionary(["a": .string("b/c"), "d": .string("e")]), "// ends a bare string, / does not")
    }

    /// The scanner reads bare strings four bytes at a time and stops at the zeros after the text: a string of any
    /// length ends at the byte that ends it, wherever that falls in the four, and at the end of the text.
    @Test func bareStringsOfEveryLengthEndWhereTheyEnd() throws {
        let letters = Array("0123456789abcdef/.$")
        for length in 1...18 {
            let bare = String(letters.prefix(length))
            // A comment right after a string that ends in a slash would start at that slash.
            for ending in [";", " ;", "\t\n ;", "/* c */;", "// c\n;", "/**/ ;"] where !(bare.hasSuffix("/") && ending.hasPrefix("/")) {
                let document = try OpenStepDocument("{ k = \(bare)\(ending) }")
                #expect(document.string(try #require(document.value(document.root, "k"))) == bare, "\(bare)\(ending)")
            }
            let alone = try OpenStepDocument(bare)
            #expect(alone.string(alone.root) == bare)
            let slashLast = try OpenStepDocument(bare + "./")
            #expect(slashLast.string(slashLast.root) == bare + "./", "a slash that ends the text is part of the string")
        }
    }

    /// A `buildSettings` dictionary's settings come sorted by key, each key once with its last value, as a
    /// `[String: String]` filled in the order written gives them: sorted as bytes when every key is plain ASCII, as
    /// `String`s otherwise (a key with an escape or another character).
    @Test func settingsAreSortedByKeyWithTheLastValueOfEach() throws {
        let texts = [
            #"{ b = 1; B = 2; a_b = 3; "a[sdk=*]" = 4; a = 5; b = 6; ab = (x, y); c = { }; d = { }; d = 7; "" = 8; e = 9; e = { }; }"#,
            #"{ b = 1; "caf\U00e9" = 2; a = 3; b = 4; "café" = 5; }"#,
            #"{ b = 1; "\101" = 2; A = 3; b = { }; }"#,
            #"{ "e\U0301" = 1; "\U00e9" = 2; z = 3; }"#,
            "{ }",
        ]
        for text in texts {
            let document = try OpenStepDocument(text)
            var expected: [String: String] = [:]
            for (key, value) in document.entries(document.root) { expected[document.string(key)!] = document.settingText(value) }
            let settings = document.settings(document.root)
            #expect(settings.map(\.key) == expected.keys.sorted(), "\(text)")
            #expect(settings.map(\.value) == expected.keys.sorted().map { expected[$0]! }, "\(text)")
        }
        let plain = try OpenStepDocument(texts[0])
        #expect(plain.settings(plain.root).map { "\($0.key)=\($0.value)" }
            == ["=8", "B=2", "a=5", "a[sdk=*]=4", "a_b=3", "ab=x y", "b=6", "d=7"])
    }

    /// A NUL byte in the text is no end of it: the zeros the scanner stops at are after the text.
    @Test func aNulByteInTheTextIsAnErrorWhereItIs() {
        #expect(throws: OpenStepSyntaxError(line: 2, reason: "expected ';' after the value of 'a', found '\u{0}'")) {
            try OpenStepDocument("{\n a = b\u{0}; }")
        }
        #expect(throws: OpenStepSyntaxError(line: 1, reason: "unexpected '\u{0}'")) { try OpenStepDocument("{ a = \u{0}; }") }
        #expect(throws: OpenStepSyntaxError(line: 1, reason: "expected '=' after the key 'a', found '\u{0}'")) {
            try OpenStepDocument("{ a \u{0}= b; }")
        }
    }

    @Test func nestingDeeperThanTheLimitIsAnError() throws {
        let deep = NestingLimit.maximum + 1
        #expect(throws: OpenStepSyntaxError(line: 1, reason: NestingLimit.reason)) {
            try OpenStepDocument(String(repeating: "(", count: deep) + String(repeating: ")", count: deep))
        }
        #expect(throws: OpenStepSyntaxError(line: 1, reason: NestingLimit.reason)) {
            try OpenStepDocument(String(repeating: "{ a = ", count: deep) + "b" + String(repeating: "; }", count: deep))
        }
        let limit = NestingLimit.maximum
        let document = try OpenStepDocument(String(repeating: "{ a = ", count: limit) + "b" + String(repeating: "; }", count: limit))
        var value = document.root
        for _ in 0..<limit { value = try #require(document.value(value, "a")) }
        #expect(document.string(value) == "b")
    }

    /// Bytes that are no UTF-8 (the file is checked before it is read, so only a caller that skips the check meets
    /// them) are repaired in a string, and are no string character outside one.
    @Test func bytesThatAreNoUTF8() throws {
        let quoted = try OpenStepDocument(utf8: Data("{ a = \"x".utf8 + [0xFF, 0xC3] + Data("\"; }".utf8)))
        let value = try #require(quoted.value(quoted.root, "a"))
        #expect(quoted.string(value) == "x\u{FFFD}\u{FFFD}")
        #expect(!quoted.isString(value, "x"))
        #expect(throws: OpenStepSyntaxError(line: 2, reason: "unexpected 'ÿ'")) {
            try OpenStepDocument(utf8: Data("{\n a = ".utf8 + [0xFF] + Data("; }".utf8)))
        }
    }

    /// An object whose ID the table writes twice is the last one written: here a plain group, so the project has
    /// no synchronized folder, and the first object's children have no parent.
    @Test func theModelReadsAnIDWrittenTwiceAsItsLastObject() throws {
        let text = """
            {
                objects = {
                    ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (T, ); };
                    MAIN = {isa = PBXGroup; children = (G, ); sourceTree = "<group>"; };
                    G = {isa = PBXFileSystemSynchronizedRootGroup; path = Synced; sourceTree = "<group>"; children = (R, ); };
                    T = {isa = PBXNativeTarget; name = T; buildPhases = (S, ); };
                    S = {isa = PBXSourcesBuildPhase; files = (B, ); };
                    B = {isa = PBXBuildFile; fileRef = R; };
                    R = {isa = PBXFileReference; path = F.swift; sourceTree = "<group>"; };
                    G = {isa = PBXGroup; path = Plain; sourceTree = SOURCE_ROOT; };
                };
                rootObject = ROOT;
            }
            """
        let model = try XcodeProjectModel(data: Data(text.utf8), projectPath: "A.xcodeproj")
        #expect(model.synchronizedGroups.isEmpty)
        #expect(model.targets.first?.sourceFiles == ["F.swift"])
    }
}
