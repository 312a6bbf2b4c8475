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
            for (line, comment) in Self.comments(in: file.contents, of: file.path) where Self.refersToBggen(comment) {
                Issue.record("\(scenario): \(file.path):\(line) refers to bggen's repository: \(comment)")
            }
        }
    }

    @Test func aReferenceToBggensDocsIsFound() {
        let found = [
            ("a.swift", "    /// Why: bggen's docs/generated-code.md, \"How a finished download reaches its name\"."),
            ("a.swift", "        try flush(folder) // see Tests/GeneratedCodeTests/Stubs"),
            ("a.plist", "<!-- See docs/installing.md -->"),
            ("a.swift", "    /* Why: docs/generated-code.md */ let a = 1"),
            ("a.swift", "    /*\n     The move, as docs/generated-code.md tells.\n     */"),
            ("a.swift", "    /* a /* nested */ comment, as docs/generated-code.md tells */"),
            ("NEXT_STEPS.md", "Read bggen's README before you start."),
            ("a.txt", "Details: docs/installing.md"),
        ].filter { path, contents in Self.comments(in: contents, of: path).contains { Self.refersToBggen($0.text) } }
        #expect(found.count == 8, "\(found.map(\.1))")
        let kept = [
            "    /// `fsync(2)` (`<unistd.h>`), Apple's Data Storage Guidelines; the test target's folder.",
            "        let url = URL(string: \"https://example.com/docs/a.pdf\") // a file of the server's",
            "    /// `Library/Application Support/Downloads`, excluded from backups.",
            "        let pattern = \"/* docs/a.pdf */\" /* a pattern, not a comment */",
            "    /* a block */ let path = \"docs/a.pdf\"",
        ].filter { Self.comments(in: $0, of: "a.swift").contains { Self.refersToBggen($0.text) } }
        #expect(kept.isEmpty, "\(kept)")
    }

    /// The comments of the file at `path`, each with the number of the line it is on, from 1. A text or Markdown file
    /// (NEXT_STEPS.md) is all prose for the app's developers, every line of it; a property list's comments are XML
    /// comments; a Swift file's are what follows `//` outside a string literal and what `/* */` holds, over lines too.
    static func comments(in contents: String, of path: String) -> [(line: Int, text: Substring)] {
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        if path.hasSuffix(".md") || path.hasSuffix(".txt") {
            return lines.enumerated().map { (line: $0.offset + 1, text: $0.element) }
        }
        var depth = 0
        return lines.enumerated().compactMap { index, line in
            comment(in: line, of: path, blockDepth: &depth).map { (line: index + 1, text: $0) }
        }
    }

    /// The comment on `line` of the file at `path`, nil when it has none: in a property list an XML comment; in
    /// Swift what follows `//` outside a string literal, and what a block comment holds on the line, `blockDepth`
    /// saying how many are open at its start and, after, at its end: Swift's block comments nest.
    static func comment(in line: Substring, of path: String, blockDepth: inout Int) -> Substring? {
        if path.hasSuffix(".plist") {
            return line.firstRange(of: "<!--").map { line[$0.upperBound...] }
        }
        guard path.hasSuffix(".swift") else { return nil }
        var text = ""
        var inString = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            let following: Character? = next < line.endIndex ? line[next] : nil
            if blockDepth > 0 {
                if character == "*" && following == "/" || character == "/" && following == "*" {
                    blockDepth += character == "/" ? 1 : -1
                    text += " "
                    index = line.index(after: next)
                    continue
                }
                text.append(character)
            } else if inString {
                if character == "\\" {
                    index = following == nil ? next : line.index(after: next)
                    continue
                }
                inString = character != "\""
            } else if character == "\"" {
                inString = true
            } else if character == "/" && following == "/" {
                return Substring(text + line[line.index(after: next)...])
            } else if character == "/" && following == "*" {
                blockDepth = 1
                index = line.index(after: next)
                continue
            }
            index = next
        }
        return text.isEmpty ? nil : Substring(text)
    }
}
