@testable import BggenCore
import BggenFormats
import Testing

/// The program's start as `LaunchPaths` reads it: which files' top-level code runs, and which functions start it.
@Suite("Launch paths")
struct LaunchPathsTests {
    /// A `main.swift` registering in its top-level code before it starts UIKit.
    private static let mainSwift = """
        import BackgroundTasks
        import UIKit

        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
        UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)

        """

    /// A file read for every fact, `mainSwift`'s text at `file` in `language`.
    private func facts(_ file: String, _ language: SourceLexer.Language) throws -> FileFacts {
        FileFacts(file: file, text: Self.mainSwift, tokens: try SourceLexer.tokens(of: Self.mainSwift, language: language), language: language)
    }

    /// Whether top-level code runs is one answer (`LaunchPaths.runsTopLevelCode`) that both readers of a file take:
    /// a Swift `main.swift`'s top-level code is a function, the program's start (`FileFacts`), and a registration in
    /// it runs there (`UseReader`); in a Swift file of another name, or read as Objective-C, it is neither.
    @Test func onlyASwiftMainSwiftRunsTopLevelCode() throws {
        #expect(LaunchPaths.runsTopLevelCode("App/main.swift", language: .swift))
        #expect(!LaunchPaths.runsTopLevelCode("App/main.swift", language: .objectiveC))
        #expect(!LaunchPaths.runsTopLevelCode("App/Main.swift", language: .swift))
        #expect(!LaunchPaths.runsTopLevelCode("App/AppDelegate.swift", language: .swift))

        let start = try facts("App/main.swift", .swift)
        #expect(start.functions.map(\.key) == [LaunchPaths.programStart] && start.functions.allSatisfy(\.isLaunch))
        #expect(start.uses.map(\.launch) == [.function(LaunchPaths.programStart)])
        for (file, language) in [("App/Setup.swift", SourceLexer.Language.swift), ("App/main.swift", .objectiveC)] {
            let declarations = try facts(file, language)
            #expect(declarations.functions.isEmpty, "\(file) in \(language)")
            #expect(declarations.uses.map(\.launch) == [.unknown], "\(file) in \(language)")
        }
    }

    /// `LaunchPaths.functions` reads top-level code as the program's start exactly when its caller says the file
    /// runs it: the same tokens give it with `runsTopLevelCode` and not without, so no caller gets it by default.
    @Test func topLevelCodeIsAFunctionOnlyWhenTheCallerSaysItRuns() throws {
        let tokens = try SourceLexer.tokens(of: Self.mainSwift, language: .swift)
        #expect(LaunchPaths.functions(in: tokens, language: .swift, runsTopLevelCode: true).map(\.key) == [LaunchPaths.programStart])
        #expect(LaunchPaths.functions(in: tokens, language: .swift, runsTopLevelCode: false).isEmpty)
    }
}
