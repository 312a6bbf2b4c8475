@testable import BggenCore
import BggenFormats
import Testing

/// What a function's body mentions and which names it only calls (`LaunchPaths.functions`): a name mentioned
/// otherwise too (passed as a value, read as a property) is not one the caller search may follow as a call only.
@Suite("Function mentions")
struct FunctionMentionsTests {
    /// `Syncer.run()`, whose body calls `sync()`, `stop(now:)` and `save()`, passes `save` as a value with the implicit
    /// member `.later`, and mentions `sink` and `stay` otherwise.
    private static let syncer = """
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

    /// What `LaunchPaths.functions` reads of `Syncer.run()` in `syncer`.
    private func syncerRun() throws -> FunctionMentions {
        let tokens = try SourceLexer.tokens(of: Self.syncer, language: .swift)
        return try #require(LaunchPaths.functions(in: tokens, language: .swift, runsTopLevelCode: false).first { $0.key.hasSuffix("run") })
    }

    /// `sync()` and `stop(now:)` are only called, `later` only as an implicit member; `save` is called and passed
    /// as a value, so it is no call only; `sink` and `stay`, as long as `sync`, `save` and `stop` and starting with
    /// their byte, are mentioned otherwise, so telling them from the called names takes their text.
    @Test func aNameMentionedOtherwiseIsNoCallOnly() throws {
        let run = try syncerRun()
        #expect(run.mentions == ["sync", "stop", "now", "true", "save", "perform", "later", "let", "sink", "stay"])
        #expect(Set(run.calls.keys) == ["sync", "stop", "perform", "later"], "\(run.calls.keys.sorted())")
        #expect(run.calls["stop"]?.first?.labels == ["now"] && run.calls["later"] == [])
    }

    /// `self.init()` in an initialiser hands over to another of its type's: a call of the type, which its mentions
    /// hold though its body never names the type, and which is read from its calls (`BodyCalls`) when it may be one.
    @Test func anInitialiserHandingOverMentionsItsType() throws {
        let text = """
            final class Syncer {
                init() {
                    start()
                }
                convenience init(preview: Bool) {
                    self.init()
                }
            }

            """
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        let initialisers = LaunchPaths.functions(in: tokens, language: .swift, runsTopLevelCode: false).filter { $0.key == "Syncer.init" }
        let plain = try #require(initialisers.first { $0.parameters?.isEmpty == true })
        let handing = try #require(initialisers.first { $0.parameters?.map(\.label) == ["preview"] })
        #expect(handing.mentions.contains("Syncer") && handing.calls["Syncer"]?.first?.labels == [])
        #expect(!plain.mentions.contains("Syncer") && plain.calls["Syncer"] == nil && plain.calls["start"] != nil)
    }

    /// The calls of a few names read alone (`FunctionMentions.calls(of:bits:)`, before any other call of the body is
    /// read) are theirs as reading every call gives them: `save`, also passed as a value, is no call only, `later`
    /// is an implicit member, `stop` is called with its label; the names asked about that the body only mentions
    /// otherwise (`sink`) or never (`other`) are not there.
    @Test func theCallsOfSomeNamesReadAloneAreTheirsAmongAll() throws {
        let names: Set<String> = ["save", "stop", "later", "sink", "other"]
        let alone = try syncerRun().calls(of: names, bits: NameBits(names))
        let all = try syncerRun().calls
        #expect(Set(alone.keys) == ["stop", "later"], "\(alone.keys.sorted())")
        #expect(alone == all.filter { names.contains($0.key) })
    }

    /// A finding names a function by its key as Swift spells a call: each `:` of a delegate method's key opens its
    /// labels (`scene(_:willConnectTo:)`), and a key without one takes `()`.
    @Test func aKeyIsNamedAsItsCall() {
        #expect(LaunchPaths.callName("scene:willConnectTo") == "scene(_:willConnectTo:)")
        #expect(LaunchPaths.callName("application:didFinishLaunchingWithOptions") == "application(_:didFinishLaunchingWithOptions:)")
        #expect(LaunchPaths.callName("Tasks.init") == "Tasks.init()")
        #expect(LaunchPaths.callName("a:b:c") == "a(_:b(_:c:)")
    }
}
