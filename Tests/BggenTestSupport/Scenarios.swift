import BggenCore
import Synchronization

/// One set of answers the suite generates, snapshots, compiles and runs.
public struct Scenario: Sendable, CustomStringConvertible {
    public let name: String
    /// The `bggen init` flags that produce it, so CLI tests and snapshot tests cover the same thing.
    public let flags: [String]
    public let answers: Answers
    /// Detection found an app without scenes (no `UIApplicationSceneManifest`, no scene delegate): the next steps
    /// print the plain app-delegate variant. The files are the same, so `flags` still produce them.
    public let appHasNoScenes: Bool
    /// The app's test target imports `Testing`: the rehearsal tests (`--tests`) are Swift Testing, not XCTest. Read
    /// from the test target, so `flags` still produce the same answers.
    public let swiftTesting: Bool

    public var description: String { name }

    public init(name: String, flags: [String], answers: Answers, appHasNoScenes: Bool = false, swiftTesting: Bool = false) {
        self.swiftTesting = swiftTesting
        self.name = name
        self.flags = flags
        self.answers = answers
        self.appHasNoScenes = appHasNoScenes
    }

    public var configuration: Configuration {
        get throws { try Configuration(answers: answers) }
    }

    /// The files bggen writes for this scenario into an empty project, keyed by relative path.
    /// `appModule`: what the rehearsal tests import, the folder's name where bggen ran.
    /// Rendered once per process: a dozen suites read every scenario's files.
    public func renderedFiles(appModule: String = OutputRenderer.defaultAppModule) throws -> [GeneratedFile] {
        try Self.rendered.value(for: "\(key) \(appModule)") {
            try OutputRenderer().files(for: configuration, outputFolder: OutputLocation.folderName, appModule: appModule, swiftTesting: swiftTesting)
        }
    }

    /// The printed next steps, which include the app-delegate code the user is told to write.
    public func nextSteps() throws -> String {
        try Self.steps.value(for: key) {
            var edits = ProjectEdits()
            edits.appHasNoScenes = appHasNoScenes
            return try OutputRenderer().nextSteps(for: configuration, outputFolder: OutputLocation.folderName, edits: edits)
        }
    }

    /// Everything the output depends on: a test may make a scenario of its own under a scenario's name.
    private var key: String { "\(name) \(flags) \(answers) \(appHasNoScenes) \(swiftTesting)" }
    private static let rendered = Memo<[GeneratedFile]>()
    private static let steps = Memo<String>()

    /// The app-delegate example from the next steps, so tests compile exactly what users are told to paste.
    public func appDelegateExample(language: String = "swift") throws -> String {
        let text = try nextSteps()
        guard let start = text.range(of: "```\(language)\n"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else {
            return ""
        }
        return String(text[start.upperBound..<end.lowerBound])
    }
}

public enum Scenarios {
    /// Each task alone, all four together, each interval, network and power on and off, several deployment
    /// targets (iOS 12 gets every type behind `@available(iOS 13.0, *)`; iOS 13 has no `Logger`, so it takes a
    /// different path; iOS 27 submits with `submitTaskRequest`), every task under a `--prefix`, every task for an
    /// Objective-C app delegate, an app detection shows has no scenes, and the rehearsal tests (`--tests`).
    public static let all: [Scenario] = [
        make("refresh", "--tasks", "refresh"),
        make("processing", "--tasks", "processing"),
        make("downloads", "--tasks", "downloads"),
        make("uploads", "--tasks", "uploads"),
        make("silent-push", "--tasks", "silent-push"),
        make("all-tasks", "--tasks", "refresh,processing,downloads,silent-push"),
        make("interval-hourly", "--interval", "hourly"),
        make("interval-daily", "--interval", "daily"),
        make("interval-on-push", "--interval", "on-push"),
        make("interval-30m", "--tasks", "refresh,processing", "--interval", "30m"),
        make("processing-network-power", "--tasks", "processing", "--network", "--power"),
        make("processing-network-only", "--tasks", "processing", "--network", "--no-power"),
        make("continued-processing", "--tasks", "continued-processing", "--strategy", "fail", "--gpu"),
        make("continued-processing-ios26", "--tasks", "continued-processing", "--ios", "26.0"),
        make("swiftui-refresh-processing", "--style", "swiftui", "--tasks", "refresh,processing"),
        make("swiftui-ios17-all-tasks", "--style", "swiftui", "--ios", "17.0", "--tasks", "refresh,processing,downloads,uploads,silent-push"),
        make("swiftui-ios15-refresh", "--style", "swiftui", "--ios", "15.0", "--tasks", "refresh,downloads"),
        make("processing-checkpoint-nightly", "--tasks", "processing", "--checkpoint", "--at", "02:30", "--power"),
        make("ios12-app-delegate", "--tasks", "refresh,processing,downloads,uploads,continued-processing", "--ios", "12.4"),
        make("ios13-all-tasks", "--tasks", "refresh,processing,downloads,uploads,silent-push,continued-processing", "--ios", "13.0"),
        make("prefixed-all-tasks", "--prefix", "Acme", "--ios", "17.0", "--tasks", "refresh,processing,downloads,uploads,silent-push,continued-processing"),
        make("objc-delegate-all-tasks", "--objc", "--tasks", "refresh,processing,downloads,uploads,silent-push,continued-processing"),
        make("ios27-all-tasks", "--tasks", "refresh,processing,downloads,uploads,silent-push,continued-processing", "--ios", "27.0"),
        make("swiftui-ios27-refresh-processing", "--style", "swiftui", "--ios", "27.0", "--tasks", "refresh,processing"),
        make("ios18-all-tasks", "--tasks", "refresh,processing,downloads,uploads,silent-push,continued-processing", "--ios", "18.0", "--bundle-id", "com.acme.news-reader"),
        make("no-scenes-refresh-processing", "--tasks", "refresh,processing,downloads", appHasNoScenes: true),
        make("rehearsal-tests", "--tasks", "refresh,processing,downloads,uploads,silent-push", "--tests"),
        make("rehearsal-tests-swift-testing", "--tasks", "refresh,processing", "--checkpoint", "--tests", swiftTesting: true),
        make("rehearsal-tests-transfers", "--tasks", "downloads,uploads,silent-push,continued-processing", "--tests", swiftTesting: true),
        make("rehearsal-tests-continued", "--tasks", "continued-processing", "--tests"),
        make("rehearsal-tests-ios27", "--tasks", "refresh,processing,downloads,uploads,silent-push", "--ios", "27.0", "--tests"),
    ]

    public static func named(_ name: String) -> Scenario {
        all.first { $0.name == name }!
    }

    private static func make(_ name: String, _ flags: String..., appHasNoScenes: Bool = false, swiftTesting: Bool = false) -> Scenario {
        Scenario(name: name, flags: flags, answers: try! AnswerSpecs.answers(fromFlags: flags), appHasNoScenes: appHasNoScenes,
                 swiftTesting: swiftTesting)
    }
}

/// Values computed once per process and key, for tests running in parallel.
final class Memo<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])

    func value(for key: String, _ make: () throws -> Value) throws -> Value {
        if let value = values.withLock({ $0[key] }) { return value }
        let value = try make()
        values.withLock { $0[key] = value }
        return value
    }
}
