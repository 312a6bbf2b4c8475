@testable import BggenCore
import BggenFormats
import Testing

/// What a function's body mentions and which names it only calls (`LaunchPaths.functions`): a name mentioned
/// otherwise too (passed as a value, read as a property) is not one the caller search may follow as a call only.
@Suite("Function mentions")
struct FunctionMentionsTests {
    /// `sync()` and `stop(now:)` are only called, `later` only as an implicit member; `save` is called and passed
    /// as a value, so it is no call only; `sink` and `stay`, as long as `sync`, `save` and `stop` and starting with
    /// their byte, are mentioned otherwise, so telling them from the called names takes their text.
    @Test func aNameMentionedOtherwiseIsNoCallOnly() throws {
        let text = """
            final class Syncer {
                func run() {
                    sync()
                    stop(now: true)
                    save()
                    perform(save, .later)
                    let sink = stay
                }
            }

            """
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        let run = try #require(LaunchPaths.functions(in: tokens, language: .swift).first { $0.key.hasSuffix("run") })
        #expect(run.mentions == ["sync", "stop", "now", "true", "save", "perform", "later", "let", "sink", "stay"])
        #expect(Set(run.calls.keys) == ["sync", "stop", "perform", "later"], "\(run.calls.keys.sorted())")
        #expect(run.calls["stop"]?.first?.labels == ["now"] && run.calls["later"] == [])
    }
}
