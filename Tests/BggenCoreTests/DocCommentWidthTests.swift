import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The generated code's doc comments are read in Xcode's editor and quick help, where a line past 120 columns
/// wraps mid-sentence or scrolls. A substitution inside a line (an inline `{{#if}}`, a type prefix, a list of
/// files) is what pushes one past (review 5, N16: the Swift Testing `skip(_:)` comment at 134 columns).
@Suite("Generated doc comments fit 120 columns")
struct DocCommentWidthTests {
    /// Every snapshot scenario, and each with `--tests` too, whose rehearsal file names the user's files.
    static let scenarios = Scenarios.all + RehearsalTextTests.withTests

    @Test(arguments: scenarios)
    func noDocCommentLinePasses120Columns(_ scenario: Scenario) throws {
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            for (index, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let comment = line.drop(while: { $0 == " " })
                guard comment.hasPrefix("///"), line.count > 120, !Self.cannotBeWrapped(comment) else { continue }
                Issue.record("\(scenario): \(file.path):\(index + 1) is \(line.count) columns: \(line)")
            }
        }
    }

    /// A code block (`///` and four spaces) or a line of one code span (`` `…` `` with at most punctuation after
    /// it): code or a command to copy, which a line break would break.
    static func cannotBeWrapped(_ comment: Substring) -> Bool {
        comment.hasPrefix("///     ") || comment.wholeMatch(of: /\/\/\/ `[^`]+`[.,:;)]*/) != nil
    }
}
