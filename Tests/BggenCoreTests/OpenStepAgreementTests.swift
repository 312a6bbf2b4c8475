@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The pbxproj parser reads what CoreFoundation's OpenStep parser reads, the one Xcode relies on: every
/// `project.pbxproj` among the fixtures, each trimmed from a real app, parses to the same keys, lists and strings
/// (issue 39 rewrote the parser as a byte scanner; this is what says the model it builds did not change).
@Suite("Project parsing: pbxproj agrees with CoreFoundation")
struct OpenStepAgreementTests {
    private static func projects() throws -> [URL] {
        let files = FileManager.default.enumerator(at: Fixtures.folder, includingPropertiesForKeys: nil)
        return (files?.compactMap { $0 as? URL } ?? []).filter { $0.lastPathComponent == "project.pbxproj" }
    }

    /// Foundation's reading as a value of ours, or nil for anything but strings, lists and dictionaries.
    private static func value(_ object: Any) -> OpenStepValue? {
        if let string = object as? String { return .string(string) }
        if let array = object as? [Any] {
            let values = array.compactMap(value)
            return values.count == array.count ? .array(values) : nil
        }
        if let dictionary = object as? [String: Any] {
            let values = dictionary.compactMapValues(value)
            return values.count == dictionary.count ? .dictionary(OpenStepDictionary(values)) : nil
        }
        return nil
    }

    @Test func everyFixtureProjectParsesAsCoreFoundationParsesIt() throws {
        let projects = try Self.projects()
        #expect(projects.count > 50, "the fixtures hold the projects of many apps")
        for project in projects {
            let data = try Data(contentsOf: project)
            let expected = Self.value(try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
            #expect(expected != nil, "\(project.path) holds only strings, lists and dictionaries")
            let parsed = try OpenStepParser.parse(String(decoding: data, as: UTF8.self))
            #expect(parsed == expected, "\(project.path)")
        }
    }

    @Test func quotedStringsWithAndWithoutEscapesAndRepeatedKeys() throws {
        let value = try OpenStepParser.parse(#"{ empty = ""; single = 'it'; tail = "plain then\tescaped"; k = 1; k = 2; }"#)
        let dictionary = try #require(value.dictionary)
        #expect(dictionary["empty"] == .string(""))
        #expect(dictionary["single"] == .string("it"))
        #expect(dictionary["tail"] == .string("plain then\tescaped"))
        #expect(dictionary["k"] == .string("2"), "a key written twice keeps its last value, as CoreFoundation's does")
        #expect(dictionary.count == 4)
    }

    /// A dictionary of more than a few entries (the table of objects, build settings) finds its keys by hash, a
    /// small one by comparing them: both keep a repeated key's last value, once.
    @Test func aRepeatedKeyKeepsItsLastValueInLargeDictionariesToo() throws {
        let keys = (0..<12).map { "key\($0)" }
        let text = "{ " + keys.map { "\($0) = first;" }.joined(separator: " ") + " key3 = last; key11 = end; }"
        let dictionary = try #require(try OpenStepParser.parse(text).dictionary)
        #expect(dictionary.count == 12)
        #expect(dictionary["key3"] == .string("last"))
        #expect(dictionary["key11"] == .string("end"))
        #expect(dictionary["key0"] == .string("first"))
        #expect(Set(dictionary.map(\.key)) == Set(keys))
        #expect(dictionary == OpenStepDictionary(Dictionary(uniqueKeysWithValues: keys.map { ($0, OpenStepValue.string("first")) }).merging(["key3": .string("last"), "key11": .string("end")]) { $1 }))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try OpenStepParser.parse("\u{FEFF}{ a = b; }") == .dictionary(["a": .string("b")]))
    }
}
