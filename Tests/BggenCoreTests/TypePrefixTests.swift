@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("Type prefix and top-level names")
struct TypePrefixTests {
    @Test func onlyTopLevelDeclarationsCount() throws {
        let swift = """
        /// class Commented {}
        @objc final class BackgroundTaskManager: NSObject {
            struct Nested {}
            class func make() -> BackgroundTaskManager { .init() }
        }
        extension Locked {}
        nonisolated enum BackgroundLog {}
        typealias Handler = () -> Void
        let text = "struct InAString"
        """
        #expect(TopLevelNames.declared(inSwift: swift) == ["BackgroundTaskManager", "BackgroundLog", "Handler"])

        let objectiveC = "@class Forward;\n@protocol Syncing;\n@interface BackgroundTaskManager : NSObject\n@end\n"
        let names = TopLevelNames.declarations(in: try SourceLexer.tokens(of: objectiveC, language: .objectiveC))
        #expect(names.map(\.name) == ["Syncing", "BackgroundTaskManager"])
        #expect(names.map(\.line) == [2, 3])
    }

    @Test func wholeWordsAreRenamedAndNothingElse() {
        let names: Set<String> = ["BackgroundTaskManager", "Locked"]
        let text = "BackgroundTaskManager.shared; BackgroundTaskManagerTests; myLocked; Locked<Int>; `BackgroundTaskManager.swift`"
        #expect(TypePrefix.apply("Acme", names: names, to: text)
            == "AcmeBackgroundTaskManager.shared; BackgroundTaskManagerTests; myLocked; AcmeLocked<Int>; `AcmeBackgroundTaskManager.swift`")
        #expect(TypePrefix.apply("", names: names, to: text) == text)
        #expect(TypePrefix.apply("Acme", names: names, toPath: "App/BackgroundProcessing/BackgroundTaskManager.swift")
            == "App/BackgroundProcessing/AcmeBackgroundTaskManager.swift")
        #expect(TypePrefix.apply("Acme", names: names, toPath: "bggen/Info.fragment.plist") == "bggen/Info.fragment.plist")
    }

    /// The code search reads only files that mention a name some configuration may generate, so that list must
    /// hold every name any scenario really generates.
    @Test func thePossibleNamesCoverEveryScenario() throws {
        let possible = OutputRenderer.possibleGeneratedNames
        for scenario in Scenarios.all {
            var answers = scenario.answers
            answers[AnswerSpecs.prefix] = nil
            let names = try OutputRenderer().generatedNames(for: try Configuration(answers: answers))
            #expect(names.types.isSubset(of: possible.types), "\(scenario): \(names.types.subtracting(possible.types))")
            #expect(names.files.isSubset(of: possible.files), "\(scenario)")
        }
    }

    @Test func aPrefixedScenarioDeclaresOnlyPrefixedNames() throws {
        let scenario = Scenarios.named("prefixed-all-tasks")
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            #expect((file.path as NSString).lastPathComponent.hasPrefix("Acme"), "\(file.path)")
            for name in TopLevelNames.declared(inSwift: file.contents) {
                #expect(name.hasPrefix("Acme"), "\(file.path): \(name)")
            }
        }
    }
}
