import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The Objective-C app-delegate code the next steps print, compiled with clang against the declarations Xcode's
/// generated `<ProductModuleName>-Swift.h` gives `BackgroundTasksObjC`, with every warning an error; and the header
/// swiftc itself prints for the rendered files, which must declare the bridge and what the next steps call.
///
/// Swift marks a method that returns a value and is not `@discardableResult` `SWIFT_WARN_UNUSED_RESULT` in that
/// header, so printed code that ignores `handleEventsForBackgroundURLSession:`'s BOOL (and never calls the
/// handler of a session it does not own) fails here, as it warns in Xcode.
@Suite("The printed Objective-C compiles against the bridge", .tags(.slow), .highPriority, .needsStubSDK)
struct ObjectiveCNextStepsTests {
    /// How each bridge method looks in the generated header; `%@` marks where `SWIFT_WARN_UNUSED_RESULT` goes.
    static let declarations: [String: String] = [
        "registerTasks": "+ (void)registerTasks;",
        "scheduleAppRefresh": "+ (void)scheduleAppRefresh;",
        "scheduleProcessingTask": "+ (void)scheduleProcessingTask;",
        "startTransferSessions": "+ (void)startTransferSessions;",
        "handleEventsForBackgroundURLSession": "+ (BOOL)handleEventsForBackgroundURLSession:(NSString * _Nonnull)identifier completionHandler:(void (^ _Nonnull)(void))completionHandler%@;",
        "handleRemoteNotification": "+ (void)handleRemoteNotification:(NSDictionary * _Nonnull)userInfo completionHandler:(void (^ _Nonnull)(UIBackgroundFetchResult))completionHandler;",
        "startDownloadFrom": "+ (void)startDownloadFrom:(NSURL * _Nonnull)url;",
        "startDownloadWith": "+ (void)startDownloadWith:(NSURLRequest * _Nonnull)request;",
        "startDownloadWithKey": "+ (void)startDownloadWithKey:(NSString * _Nonnull)key request:(NSURLRequest * _Nonnull)request;",
        "startUploadOf": "+ (void)startUploadOf:(NSURL * _Nonnull)file with:(NSURLRequest * _Nonnull)request;",
        "downloadTransfersWithCompletionHandler": "+ (void)downloadTransfersWithCompletionHandler:(void (^ _Nonnull)(NSArray<NSURLSessionDownloadTask *> * _Nonnull))completionHandler;",
        "cancelDownload": "+ (void)cancelDownload:(NSURLSessionDownloadTask * _Nonnull)task;",
        "uploadTransfersWithCompletionHandler": "+ (void)uploadTransfersWithCompletionHandler:(void (^ _Nonnull)(NSArray<NSURLSessionUploadTask *> * _Nonnull))completionHandler;",
        "cancelUpload": "+ (void)cancelUpload:(NSURLSessionUploadTask * _Nonnull)task;",
        "startContinuedProcessing": "+ (void)startContinuedProcessing;",
        "startExportJobWithCompletionHandler": "+ (void)startExportJobWithCompletionHandler:(void (^ _Nonnull)(NSString * _Nullable, NSString * _Nullable))completionHandler;",
        "cancelQueuedExportJob": "+ (void)cancelQueuedExportJob:(NSString * _Nonnull)identifier;",
    ]

    static let foundation = """
        typedef signed char BOOL;
        #define YES ((BOOL)1)
        #define NO ((BOOL)0)
        typedef unsigned long NSUInteger;
        @interface NSObject
        @end
        @interface NSString : NSObject
        @end
        @interface NSDictionary : NSObject
        @end
        @interface NSURL : NSObject
        @end
        @interface NSURLRequest : NSObject
        @end
        @interface NSArray<ObjectType> : NSObject
        @end
        @interface NSURLSessionDownloadTask : NSObject
        @end
        @interface NSURLSessionUploadTask : NSObject
        @end
        @interface UIApplication : NSObject
        - (void)registerForRemoteNotifications;
        @end
        @interface UIScene : NSObject
        @end
        typedef enum : NSUInteger { UIBackgroundFetchResultNewData, UIBackgroundFetchResultNoData, UIBackgroundFetchResultFailed } UIBackgroundFetchResult;

        """

    /// Every task an Objective-C app can have.
    static let scenarios: [Scenario] = [Scenarios.named("objc-delegate-all-tasks")]

    /// `FlutterAppDelegate` as its header declares what the printed subclass calls on `super`.
    static let flutterAppDelegate = """
        @interface FlutterAppDelegate : NSObject
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions;
        - (void)applicationDidEnterBackground:(UIApplication *)application;
        - (void)application:(UIApplication *)application handleEventsForBackgroundURLSession:(NSString *)identifier
          completionHandler:(void (^)(void))completionHandler;
        - (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo
          fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler;
        @end

        """

    /// The same steps for `@interface AppDelegate : FlutterAppDelegate`, whose methods call `[super …]` (issue 40,
    /// item 2), compiled in the same clang run as a class of its own.
    static func flutterSubclassExample(_ scenario: Scenario) throws -> String {
        var edits = ProjectEdits()
        edits.appDelegate = EntryPoint(file: "ios/Runner/AppDelegate.m", kind: .objectiveCDelegate, line: 3, typeName: "AppDelegate",
                                       superclass: "FlutterAppDelegate")
        let steps = try OutputRenderer().nextSteps(for: try scenario.configuration, outputFolder: OutputLocation.folderName, edits: edits)
        let start = try #require(steps.range(of: "```objc\n"))
        let end = try #require(steps.range(of: "```", range: start.upperBound..<steps.endIndex))
        let example = String(steps[start.upperBound..<end.lowerBound])
        #expect(example.contains("[super application:application handleEventsForBackgroundURLSession:identifier completionHandler:completionHandler];"))
        return "@interface FlutterSubclass : FlutterAppDelegate\n@end\n@implementation FlutterSubclass\n"
            + example.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("#import") }.joined(separator: "\n") + "\n@end\n"
    }

    /// The app delegate of step 2, and every bridge call the prose prints (starting a download, an upload, a job),
    /// and the same delegate subclassing `FlutterAppDelegate`.
    @Test(arguments: scenarios)
    func printedObjectiveCCompilesWithoutWarnings(_ scenario: Scenario) throws {
        let steps = try scenario.nextSteps()
        let example = try scenario.appDelegateExample(language: "objc")
        let prose = steps.replacingOccurrences(of: example, with: "")
        let calls = prose.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.firstIndex(of: "["), line[start...].hasPrefix("[BackgroundTasksObjC ") else { return nil }
            var depth = 0
            var end = start
            for index in line[start...].indices {
                if line[index] == "[" { depth += 1 }
                if line[index] == "]" { depth -= 1 }
                if depth == 0 { end = index; break }
            }
            return String(line[start...end]) + ";"
        }
        #expect(calls.count >= 3, "\(prose)")
        let caller = "- (void)startFromProse:(NSURL *)url request:(NSURLRequest *)request fileURL:(NSURL *)fileURL identifier:(NSString *)identifier {\n"
            + calls.map { "    \($0)\n" }.joined() + "}\n"
        let result = try Self.compile(bridge: Self.renderedBridge(scenario), appDelegate: example + "\n" + caller,
                                      more: Self.flutterAppDelegate + Self.flutterSubclassExample(scenario))
        #expect(result.exitCode == 0, "\(result.output)\n\(result.source)")
    }

    /// The header swiftc writes for the rendered files, as Xcode's `<ProductModuleName>-Swift.h` for a target with no
    /// Swift entry point and no bridging header (the app `--objc` is for, whose first Swift files are bggen's): it
    /// holds only public declarations. Linux prints the header with Objective-C interop on, against the stub SDK;
    /// it has no `ObjectiveC` module, so the bridge's `#if canImport(ObjectiveC)` is opened for it. The bridge and
    /// every class method the next steps call must be declared there, or `AppDelegate.m` does not compile.
    /// (A Mac shows the whole header: the methods in `bridgedOnlyOnDarwin` are checked here only for being public.)
    @Test(arguments: scenarios)
    func emittedHeaderDeclaresEveryPrintedCall(_ scenario: Scenario) async throws {
        let header = try await Self.emittedHeader(scenario)
        #expect(header.contains("@interface BackgroundTasksObjC : NSObject"), "the bridge is missing from the emitted header:\n\(header)")
        let calls = Set(try scenario.nextSteps().matches(of: #/\[BackgroundTasksObjC (\w+)/#).map { String($0.output.1) })
        #expect(calls.count >= 5, "\(calls)")
        let declared = header.split(separator: "\n").filter { $0.hasPrefix("+ (") }
        let bridge = try Self.renderedBridge(scenario)
        for name in calls {
            let isDeclared = declared.contains { $0.contains(")\(name);") || $0.contains(")\(name):") }
            if Self.bridgedOnlyOnDarwin.contains(name) {
                #expect(!isDeclared, "+\(name) is in the header Linux prints now: take it out of bridgedOnlyOnDarwin")
                #expect(bridge.contains("public static func \(name)("), "+\(name), which the next steps call, is not public")
            } else {
                #expect(isDeclared, "the next steps call +\(name), which the emitted header does not declare:\n\(declared.joined(separator: "\n"))")
            }
        }
    }

    /// What this catches: the bridge as bggen wrote it before, internal, which the header leaves out.
    @Test func anInternalBridgeIsMissingFromTheHeader() async throws {
        let header = try await Self.emittedHeader(Scenarios.named("objc-delegate-all-tasks")) { text in
            text.replacingOccurrences(of: "public final class BackgroundTasksObjC", with: "final class BackgroundTasksObjC")
                .replacingOccurrences(of: "    public static func ", with: "    static func ")
        }
        #expect(!header.contains("BackgroundTasksObjC"), "\(header)")
    }

    /// Bridge methods whose Swift signature uses a type Objective-C sees only through Darwin's Foundation
    /// (`URLRequest` and dictionaries bridge through `_ObjectiveCBridgeable`, which swift-corelibs-foundation does
    /// not provide, and the stub `URLSession` task classes are Swift classes): swiftc on Linux leaves them out.
    static let bridgedOnlyOnDarwin: Set<String> = [
        "startDownloadWith", "startDownloadWithKey", "startUploadOf", "handleRemoteNotification",
        "downloadTransfersWithCompletionHandler", "cancelDownload", "uploadTransfersWithCompletionHandler", "cancelUpload",
    ]

    /// The header swiftc prints for the scenario's rendered Swift, each file first passed through `edit`.
    static func emittedHeader(_ scenario: Scenario, edit: (String) -> String = { $0 }) async throws -> String {
        let folder = try TemporaryDirectory()
        var sources: [URL] = []
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            let url = folder.url.appendingPathComponent((file.path as NSString).lastPathComponent)
            try edit(file.contents.replacingOccurrences(of: "#if canImport(ObjectiveC)\n", with: "#if true\n"))
                .write(to: url, atomically: true, encoding: .utf8)
            sources.append(url)
        }
        let sdk = try await StubSDK.shared()
        let header = folder.url.appendingPathComponent("App-Swift.h")
        // The frontend itself, type-checking only the declarations the header is printed from: the driver would add
        // a module job whose code generation needs Objective-C bridging, and function bodies that take a pointer
        // to an `ObjCBool` do not type-check with Objective-C interop on Linux. The compile checks check them.
        let arguments = ["-frontend", "-typecheck", "-parse-as-library", "-module-name", "App", "-I", sdk.modulesDirectory.path,
                         "-experimental-skip-all-function-bodies",
                         "-enable-objc-interop", "-disable-objc-attr-requires-foundation-module", "-emit-objc-header-path", header.path]
            + (sources + sdk.shimFiles).map(\.path)
        let outcome = try await StubSDK.swiftc(arguments, in: folder.url, priority: .checkOnly)
        try #require(outcome.exitCode == 0, "\(outcome.output)")
        return try String(contentsOf: header, encoding: .utf8)
    }

    /// What this catches: the printed call that ignored the answer, as bggen printed it before.
    @Test func ignoringTheAnswerIsRefused() throws {
        let printed = try Scenarios.named("objc-delegate-all-tasks").appDelegateExample(language: "objc")
        let call = "[BackgroundTasksObjC handleEventsForBackgroundURLSession:identifier completionHandler:completionHandler]"
        let start = try #require(printed.range(of: "    if (\(call)) {"))
        let end = try #require(printed.range(of: "    completionHandler();\n", range: start.upperBound..<printed.endIndex))
        let old = printed.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "    \(call);\n")
        let result = try Self.compile(bridge: Self.renderedBridge(Scenarios.named("objc-delegate-all-tasks")), appDelegate: old)
        #expect(result.exitCode != 0 && result.output.contains("[-Werror,-Wunused-result]"), "\(result.output)\n\(result.source)")
    }

    /// Objective-C code starts, lists and cancels transfers and jobs from any thread (a completion block, a GCD
    /// queue): there a main-actor method's `@objc` thunk traps in Swift 6 mode (SE-0423), so these methods are
    /// `nonisolated` and go to the main actor themselves. The compile checks build them in the three set-ups.
    @Test(arguments: scenarios)
    func transferAndJobMethodsCanBeCalledFromAnyThread(_ scenario: Scenario) throws {
        let bridge = try Self.renderedBridge(scenario)
        for name in ["startDownloadFrom", "startDownloadWith", "startDownloadWithKey", "downloadTransfersWithCompletionHandler", "cancelDownload",
                     "startUploadOf", "uploadTransfersWithCompletionHandler", "cancelUpload", "startExportJobWithCompletionHandler", "cancelQueuedExportJob"] {
            #expect(bridge.contains("    nonisolated public static func \(name)("), "+\(name) is main-actor isolated: called off the main thread it traps")
        }
        // The methods UIKit calls on the main thread stay on the main actor.
        #expect(bridge.contains("    public static func registerTasks()"), "\(bridge)")
    }

    /// The bridge is regenerated, `ExportJob.swift` is the user's: the bridge builds the job through the factory
    /// that file declares, so a job that takes its input or dependencies still builds (it called `ExportJob()`).
    @Test(arguments: scenarios)
    func theBridgeBuildsTheJobThroughItsFactory(_ scenario: Scenario) throws {
        let bridge = try Self.renderedBridge(scenario)
        #expect(bridge.contains("start(ExportJob.makeForObjectiveC())") && !bridge.contains("start(ExportJob())"), "\(bridge)")
        let job = try #require(try scenario.renderedFiles().first { $0.path.hasSuffix("ExportJob.swift") })
        #expect(job.contents.contains("    static func makeForObjectiveC() -> ExportJob {"), "\(job.contents)")
    }

    static func renderedBridge(_ scenario: Scenario) throws -> String {
        let file = try #require(try scenario.renderedFiles().first { $0.path.hasSuffix("BackgroundTasksObjC.swift") })
        return file.contents
    }

    /// The header Xcode would generate for the bridge's class methods.
    static func header(for bridge: String) throws -> String {
        var lines = ["@interface BackgroundTasksObjC : NSObject"]
        for match in bridge.matches(of: #/(@discardableResult\n\s*)?(?:nonisolated )?public static func (\w+)\(/#) {
            let name = String(match.output.2)
            let declaration = try #require(declarations[name], "add the Objective-C declaration of \(name) to this test")
            let attribute = match.output.1 == nil ? " __attribute__((warn_unused_result))" : ""
            lines.append(declaration.replacingOccurrences(of: "%@", with: attribute))
        }
        lines.append("@end")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `more` is compiled after the app delegate: further classes in the same run.
    static func compile(bridge: String, appDelegate: String, more: String = "") throws -> (exitCode: Int32, output: String, source: String) {
        let folder = try TemporaryDirectory()
        let body = appDelegate.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#import") }
            .joined(separator: "\n")
        let source = foundation + (try header(for: bridge))
            + "@interface AppDelegate : NSObject\n@end\n@implementation AppDelegate\n" + body + "\n@end\n" + more
        let file = folder.url.appendingPathComponent("AppDelegate.m")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try Subprocess.run(
            ["clang", "-x", "objective-c", "-fsyntax-only", "-fblocks", "-Wall", "-Werror", file.path], in: folder.url
        )
        return (outcome.exitCode, outcome.output, source)
    }
}

/// A bridge method Swift marks `@available(iOS 26.0, *)` is `API_AVAILABLE(ios(26.0))` in the header, and a call
/// outside `if (@available(iOS 26.0, *))` warns (`-Wunguarded-availability-new`) below iOS 26.
@Suite("The printed Objective-C guards what needs iOS 26")
struct ObjectiveCAvailabilityTests {
    @Test(arguments: ObjectiveCNextStepsTests.scenarios)
    func everyCallOfAnIOS26MethodIsGuarded(_ scenario: Scenario) throws {
        let bridge = try ObjectiveCNextStepsTests.renderedBridge(scenario)
        let needing26 = bridge.matches(of: #/@available\(iOS 26\.0, \*\)\n\s*(?:nonisolated )?public static func (\w+)\(/#).map { String($0.output.1) }
        #expect(needing26.count >= 2, "\(bridge)")
        let lines = try scenario.nextSteps().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, line) in lines.enumerated() {
            guard let name = needing26.first(where: { line.hasPrefix("[BackgroundTasksObjC \($0)") }) else { continue }
            #expect(index > 0 && lines[index - 1] == "if (@available(iOS 26.0, *)) {", "+\(name) is printed without an iOS 26 guard: \(line)")
        }
    }
}
