@testable import BggenCore
import Testing

/// The names a body mentions (`MentionedNames`) and the index the caller search and `LaunchReach` look callers up
/// in (`MentionIndex`): a name is its text, whatever its hash, and the functions of a name come in the order they
/// were added, the order the walks meet callers in.
@Suite("Mention index")
struct MentionIndexTests {
    @Test func mentionedNamesAreASetOfTexts() {
        var names = MentionedNames(["stop", "sync", "stop", "Sync", "syncNow"])
        #expect(names == ["syncNow", "Sync", "sync", "stop"] && names.count == 4)
        #expect(names.contains("sync") && names.contains("Sync") && !names.contains("syn") && !names.contains("register"))
        #expect(names.isDisjoint(with: ["register", "save"]) && !names.isDisjoint(with: ["register", "stop"]) && !names.isDisjoint(with: ["syncNow"]))
        #expect(names.isDisjoint(with: []) && MentionedNames([String]()).isDisjoint(with: names))
        names.insert("register")
        names.insert("stop")
        #expect(names == ["register", "stop", "sync", "Sync", "syncNow"] && Set(names) == ["register", "stop", "sync", "Sync", "syncNow"])
    }

    /// A set many times another's size is asked by looking the smaller's names up in it, in either order: each name
    /// is found wherever its hash falls among the larger's, and a name of another text is not.
    @Test func aSmallSetIsDisjointFromALargeOneUnlessTheyShareAName() {
        let many = MentionedNames((0..<500).map { "name\($0)" })
        for name in (0..<500).map({ "name\($0)" }) {
            #expect(!many.isDisjoint(with: [name, "other"]) && !MentionedNames([name]).isDisjoint(with: many))
        }
        #expect(many.isDisjoint(with: ["name", "name500", "Name1", "name01"]) && MentionedNames(["name500"]).isDisjoint(with: many))
        #expect(many.isDisjoint(with: []) && MentionedNames([String]()).isDisjoint(with: many))
    }

    /// A body's names gathered as they come: each once, and nothing of one body left for the next, past the table's
    /// first size too (256 slots, at most half full).
    @Test func gatheringKeepsEachNameOnceAndStartsEmpty() {
        var gathering = MentionedNames.Gathering()
        for name in ["sync", "stop", "sync", "Sync", "sync"] { gathering.add(name) }
        #expect(gathering.names() == ["stop", "sync", "Sync"])
        let many = (0..<500).map { "name\($0 % 200)" }
        for name in many { gathering.add(name) }
        #expect(gathering.names() == MentionedNames(Set(many)) && Set(many).count == 200)
        gathering.add("stop")
        #expect(gathering.names() == ["stop"])
        #expect(gathering.names().isEmpty)
    }

    @Test func aNameGivesItsFunctionsInTheOrderAdded() {
        var index = MentionIndex()
        index.add(0, mentioning: ["sync", "stop"])
        index.add(1, mentioning: ["stop"])
        index.add(2, mentioning: [])
        index.add(3, mentioning: ["sync", "register", "stop"])
        #expect(index.functions(mentioning: "stop") == [0, 1, 3])
        #expect(index.functions(mentioning: "sync") == [0, 3])
        #expect(index.functions(mentioning: "register") == [3])
        #expect(index.functions(mentioning: "save").isEmpty)
        // A name is its text: a longer one sharing a prefix, or a case apart, is another.
        #expect(index.functions(mentioning: "Stop").isEmpty && index.functions(mentioning: "syncNow").isEmpty)
    }

    /// Past the slots it starts with (64, at most half full), the table grows and every name is still found.
    @Test func manyNamesAreEachFound() {
        var index = MentionIndex()
        for function in 0..<300 { index.add(function, mentioning: MentionedNames(["name\(function)", "shared", "name\(function / 2)"])) }
        #expect(index.functions(mentioning: "shared") == Array(0..<300))
        // `name0` is mentioned by 0 (twice, once kept) and 1; `name200` by 200 alone.
        #expect((0..<300).allSatisfy { name in index.functions(mentioning: "name\(name)") == Set([name, 2 * name, 2 * name + 1].filter { $0 < 300 }).sorted() })
    }
}
