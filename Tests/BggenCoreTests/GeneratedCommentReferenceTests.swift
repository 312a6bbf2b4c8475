import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The generated files live in the app's repository, whose developers do not have bggen's: a comment there that
/// sends them to a path of bggen's (`docs/generated-code.md`, `Tests/…`) points at nothing they can open (review 11,
/// Low 4). A comment says what it means itself, or names what every iOS developer has: Apple's documentation, a man
/// page, a header.
@Suite("Generated comments refer to nothing in bggen's repository")
struct GeneratedCommentReferenceTests {
    /// Whether `comment` names a folder of bggen's repository at the start of a path, or a document only bggen's
    /// repository has.
    static func refersToBggen(_ comment: Substring) -> Bool {
        comment.contains(
            #/(?:^|[^\w./-])(?:docs|Tests|Sources|Templates|Snapshots|skills)/|bggen's (?:docs|documentation|README|repository|tests)|\b(?:CONTRIBUTING|README)(?:\.md)?\b|generated-code\.md|HarnessKit|Mutant\.all/#
        )
    }

    @Test(arguments: DocCommentWidthTests.scenarios)
    func noCommentNamesAPathOfBggens(_ scenario: Scenario) throws {
        for file in try scenario.renderedFiles() {
            for (index, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let comment = Self.comment(in: line, of: file.path), Self.refersToBggen(comment) else { continue }
                Issue.record("\(scenario): \(file.path):\(index + 1) refers to bggen's repository: \(line)")
            }
        }
    }

    @Test func aReferenceToBggensDocsIsFound() {
        let found = [
            "    /// Why: bggen's docs/generated-code.md, \"How a finished download reaches its name\".",
            "        try flush(folder) // see Tests/GeneratedCodeTests/Stubs",
            "<!-- See docs/installing.md -->",
        ].filter { Self.comment(in: $0[...], of: $0.hasPrefix("<") ? "a.plist" : "a.swift").map(Self.refersToBggen) == true }
        #expect(found.count == 3, "\(found)")
        let kept = [
            "    /// `fsync(2)` (`<unistd.h>`), Apple's Data Storage Guidelines; the test target's folder.",
            "        let url = URL(string: \"https://example.com/docs/a.pdf\") // a file of the server's",
            "    /// `Library/Application Support/Downloads`, excluded from backups.",
        ].filter { Self.comment(in: $0[...], of: "a.swift").map(Self.refersToBggen) == true }
        #expect(kept.isEmpty, "\(kept)")
    }

    /// The comment on `line` of the file at `path`: in Swift what follows `//` outside a string literal on that line,
    /// in a property list an XML comment; nil when it has none.
    static func comment(in line: Substring, of path: String) -> Substring? {
        if path.hasSuffix(".plist") {
            return line.firstRange(of: "<!--").map { line[$0.upperBound...] }
        }
        guard path.hasSuffix(".swift") else { return nil }
        var inString = false
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            if character == "\"" && previous != "\\" {
                inString.toggle()
            } else if !inString && character == "/" && previous == "/" {
                return line[line.index(after: index)...]
            }
            previous = character
        }
        return nil
    }
}
