@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// `init --json`'s `identifiers` object comes from the task kinds' declarations: each chosen kind with a
/// `reportKey` is there under it, with the identifier the generated code uses, and the documented meaning names
/// every key, so a new kind is reported by filling in its declaration.
@Suite("init --json identifiers from the task kinds")
struct JSONIdentifiersTests {
    private static func reportedIdentifiers(_ tasks: [TaskKind]) throws -> [String: String] {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run", "--json", "--bundle-id", "org.sample.kite",
                                           "--tasks", tasks.map(\.rawValue).joined(separator: ",")], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return try #require(document["identifiers"] as? [String: String])
    }

    @Test(arguments: TaskKind.allCases)
    func eachKindIsReportedUnderItsDeclaredKeyAlone(kind: TaskKind) throws {
        let spec = TaskSpec.of(kind)
        let expected = spec.identifier?.reportKey.map { [$0: spec.identifier(under: "org.sample.kite")!] } ?? [:]
        #expect(try Self.reportedIdentifiers([kind]) == expected)
    }

    @Test func everyKindTogetherGivesEveryDeclaredKeyOnceAndTheDocumentationNamesThem() throws {
        let keys = TaskSpec.all.compactMap(\.identifier?.reportKey)
        #expect(Set(keys).count == keys.count, "two kinds under one key")
        #expect(keys == ["appRefresh", "processing", "downloadSession", "uploadSession"], "the first schema's keys, in its order")
        let reported = try Self.reportedIdentifiers(TaskKind.allCases.filter { $0 != .refresh })
        #expect(Set(reported.keys) == Set(keys).subtracting(["appRefresh"]))
        #expect(reported["processing"] == "org.sample.kite.processing")
        let meaning = JSONReport.meaning(of: .identifiers)
        #expect(keys.allSatisfy { meaning.contains("`\($0)`") }, "\(meaning)")
        // Every identifier the generated configuration holds for a reported kind is the one reported.
        let configuration = try Configuration(answers: AnswerSpecs.answers(fromFlags: ["--tasks", "processing,downloads,uploads",
                                                                                       "--bundle-id", "org.sample.kite"]))
        let identifiers = Identifiers(configuration)
        #expect(identifiers.reported == ["processing": identifiers[.processing]!, "downloadSession": identifiers[.downloads]!,
                                         "uploadSession": identifiers[.uploads]!])
    }
}
