@testable import BggenCore
import BggenFormats
import Testing

/// Callback headers a fuzzed or half-written file can hold: the completion-handler readers take them as text and
/// never trap, whatever order their braces and parentheses come in.
@Suite("Completion-handler readers on malformed callbacks")
struct StoredCompletionShapeTests {
    /// A brace inside the parameter list: the first `{` comes before the parameters' `)`, so it is not the body
    /// (the fuzz tests crashed doctor on a mutated DuckDuckGo file with a reversed range here).
    @Test func aBraceInsideTheParameterListIsNotABody() throws {
        let tokens = try SourceLexer.tokens(of: """
            class AppDelegate {
                func application(_ application: UIApplication, performFetchWithCompletionHandler completionHandler: { x }) {}
            }
            """, language: .swift)
        _ = StoredCompletion.neverUsed(in: tokens, file: "AppDelegate.swift")
        _ = StoredCompletion.all(in: tokens, file: "AppDelegate.swift")
    }
}
