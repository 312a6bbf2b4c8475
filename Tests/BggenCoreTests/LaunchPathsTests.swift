@testable import BggenCore
import BggenFormats
import BggenTestSupport
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

    /// The `@main` type's `static func main()` is the program's start, keyed `programStart`, which no declared
    /// function's key is: an `Operation`'s `main()` beside it is keyed `main`, is no launch, and a registration in it
    /// runs there, not at the program's start. Keyed alike, the `Operation`'s was launch too.
    @Test func aFunctionNamedMainIsNotTheProgramsStart() throws {
        let text = """
            import BackgroundTasks
            import UIKit

            @main
            enum Main {
                static func main() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.start", using: nil) { task in task.setTaskCompleted(success: true) }
                    UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)
                }
            }

            final class Refresh: Operation {
                override func main() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in task.setTaskCompleted(success: true) }
                }
            }

            """
        let facts = FileFacts(file: "App/Main.swift", text: text, tokens: try SourceLexer.tokens(of: text, language: .swift), language: .swift)
        #expect(facts.functions.map(\.key) == [LaunchPaths.programStart, "main"])
        #expect(facts.functions.map(\.isLaunch) == [true, false])
        #expect(facts.uses.map(\.launch) == [.function(LaunchPaths.programStart), .function("main")])
        #expect(LaunchPaths.programStart != "main" && LaunchPaths.isLaunch(LaunchPaths.programStart) && LaunchPaths.callName(LaunchPaths.programStart) == "main()")
    }

    /// Objective-C's `int main(…)` is the program's start for the code in it too, not only for the calls it makes: a
    /// registration directly in it (inside `@autoreleasepool`) runs there, where it had an unknown context, and one in
    /// a block it hands to `dispatch_async` still runs after launch.
    @Test func aRegistrationInObjectiveCsMainRunsAtTheProgramsStart() throws {
        let text = """
            #import <BackgroundTasks/BackgroundTasks.h>
            #import <UIKit/UIKit.h>

            int main(int argc, char *argv[]) {
                @autoreleasepool {
                    [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.app.start" usingQueue:nil launchHandler:^(BGTask *task) {
                        [task setTaskCompletedWithSuccess:YES];
                    }];
                    dispatch_async(dispatch_get_main_queue(), ^{
                        [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"com.example.app.later" usingQueue:nil launchHandler:^(BGTask *task) {
                            [task setTaskCompletedWithSuccess:YES];
                        }];
                    });
                    return UIApplicationMain(argc, argv, nil, nil);
                }
            }

            """
        let facts = FileFacts(file: "App/main.m", text: text, tokens: try SourceLexer.tokens(of: text, language: .objectiveC), language: .objectiveC)
        #expect(facts.functions.filter(\.isLaunch).map(\.key) == [LaunchPaths.programStart])
        #expect(facts.uses.map(\.launch) == [.function(LaunchPaths.programStart), .afterLaunch("a `dispatch_async` block")])
    }

    /// A `main.swift`'s top-level code is judged as a function body is: a call in it runs at every launch unless an
    /// `if`, an `#if` or a `guard` before it of the top-level code holds it; a type's body there is declarations, and a
    /// function it declares has its own exits. In any other file, code outside every function stays conditional.
    @Test func mainSwiftsTopLevelCodeIsJudgedAsAFunctionBody() throws {
        let text = """
            import BackgroundTasks
            import UIKit

            BGTaskScheduler.shared.cancelAllTaskRequests()
            if CommandLine.argc > 1 {
                BGTaskScheduler.shared.cancelAllTaskRequests()
            }
            #if DEBUG
            BGTaskScheduler.shared.cancelAllTaskRequests()
            #endif
            enum Reset {
                static let done: Void = BGTaskScheduler.shared.cancelAllTaskRequests()
            }
            func reset() {
                BGTaskScheduler.shared.cancelAllTaskRequests()
            }
            guard CommandLine.argc > 0 else { fatalError() }
            BGTaskScheduler.shared.cancelAllTaskRequests()
            UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, nil)

            """
        let tokens = try SourceLexer.tokens(of: text, language: .swift)
        let start = FileFacts(file: "App/main.swift", text: text, tokens: tokens, language: .swift)
        #expect(start.cancelAllCalls.map(\.isConditional) == [false, true, true, true, false, true])
        let elsewhere = FileFacts(file: "App/Setup.swift", text: text, tokens: tokens, language: .swift)
        #expect(elsewhere.cancelAllCalls.map(\.isConditional) == [true, true, true, true, false, true])
    }

    /// A finding names the program's start as launch itself, `main()`: BG016 in an `@main` type's `static func
    /// main()` said "main(), which launch calls" when it was keyed like a function.
    @Test func theProgramsStartIsNamedAsLaunchItself() throws {
        let example = try #require(DoctorRule.cancelAllAtLaunch.examples.first { $0.title.hasPrefix("in an @main type's static main()") })
        let marked = try MarkedRepository(example.app)
        let findings = try Doctor(fileSystem: marked.fileSystem).audit(root: MarkedRepository.root).findings.filter { $0.rule == .cancelAllAtLaunch }
        #expect(findings.map(\.message) == [
            "cancelAllTaskRequests() runs in main() at every launch, background launches included: it cancels every pending request, those SDKs submitted too.",
        ])
    }

    /// `LaunchPaths.functions` reads top-level code as the program's start exactly when its caller says the file
    /// runs it: the same tokens give it with `runsTopLevelCode` and not without, so no caller gets it by default.
    @Test func topLevelCodeIsAFunctionOnlyWhenTheCallerSaysItRuns() throws {
        let tokens = try SourceLexer.tokens(of: Self.mainSwift, language: .swift)
        #expect(LaunchPaths.functions(in: tokens, language: .swift, runsTopLevelCode: true).map(\.key) == [LaunchPaths.programStart])
        #expect(LaunchPaths.functions(in: tokens, language: .swift, runsTopLevelCode: false).isEmpty)
    }
}
