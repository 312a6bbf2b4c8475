import BggenCore
import Foundation
import BggenTestSupport
import Testing

/// Doctor on the corpus (`Tests/Fixtures/Corpus`): open-source apps trimmed at the parent of a commit that fixed a
/// real background-task mistake, each with the finding that mistake should give, and apps believed correct. Every
/// finding doctor reports today is pinned and judged by hand (each app's README says why), so a change in what
/// doctor finds on real code shows here, and so do the recall and false-finding figures.
@Suite("Doctor on the corpus of real mistakes")
struct DoctorCorpusTests {
    struct App: Sendable, CustomTestStringConvertible {
        let name: String
        /// What the fixed mistake should give: `RULE file:line`.
        let expected: [String]
        /// Doctor's other findings today, judged true (a real defect the fix did not target) or false.
        let otherTrue: [String]
        let falseFindings: [String]
        var testDescription: String { name }
    }

    static let apps = [
        App(name: "NetNewsWire-MainActorHandler",
            expected: ["BG010 iOS/AppDelegate.swift:29", "BG010 iOS/AppDelegate.swift:52"],
            otherTrue: ["MODE003 iOS/Resources/Info.plist:14"], falseFindings: []),
        App(name: "VivaDicta-MainActorHandler",
            expected: ["BG010 VivaDicta/Services/BackgroundTaskService.swift:16"],
            otherTrue: ["BG010 VivaDicta/Services/BackgroundTaskService.swift:40"], falseFindings: []),
        App(name: "HomeAssistant-DeprecatedFetch",
            expected: ["FETCH001 Sources/App/AppDelegate.swift:12", "FETCH001 Sources/App/AppDelegate.swift:26"],
            otherTrue: [], falseFindings: []),
        App(name: "OpenClaw-RefreshWithoutFetch",
            expected: ["BG003 Sources/OpenClawApp.swift:53", "BG010 Sources/OpenClawApp.swift:40"],
            otherTrue: ["BG010 Sources/OpenClawApp.swift:70"], falseFindings: []),
        App(name: "Planetary-NotPermitted",
            expected: ["BG001 Source/App/AppDelegate+Background.swift:51", "BG007 Source/App/AppDelegate+Background.swift:51"],
            // No FETCH002: the app deploys to iOS 12.1 and keeps the legacy fetch for iOS 12 beside its refresh task.
            otherTrue: ["BG002 Resources/Info.plist:7", "MODE003 Resources/Info.plist:97"],
            falseFindings: []),
        App(name: "BeeSwift-DeprecatedFetch",
            expected: ["FETCH001 BeeSwift/AppDelegate.swift:48", "FETCH001 BeeSwift/AppDelegate.swift:91"],
            // remote-notification with only the foreground-only `didReceiveRemoteNotification` (no completion handler).
            otherTrue: ["MODE003 BeeSwift/Info.plist:124"], falseFindings: []),
        App(name: "4champ-DeprecatedFetch",
            expected: ["FETCH001 4champ/AppDelegate.swift:50", "FETCH001 4champ/AppDelegate.swift:80"], otherTrue: [], falseFindings: []),
        App(name: "NetNewsWire-UncompletedTask", expected: ["BG008 iOS/AppDelegate.swift:266"], otherTrue: [], falseFindings: []),
        App(name: "CoronaWarnApp-NoExpirationHandler",
            // At each call of the wrapper, where the handler is passed: the task is handed to the delegate the app
            // delegate implements, and no file sets an expiration handler.
            expected: [56, 57].map { "BG007 ENA/Source/Models/Task Scheduling/ENATaskScheduler.swift:\($0)" },
            // No code of the app uses BGAppRefreshTask: both identifiers, read per case of their enum, are processing tasks.
            otherTrue: ["MODE003 ENA/Resources/Info.plist:60"], falseFindings: []),
        App(name: "BlueWallet-StalePermittedIdentifier", expected: ["BG002 ios/BlueWallet/Info.plist:9"],
            otherTrue: ["MODE003 ios/BlueWallet/Info.plist:199", "MODE003 ios/BlueWallet/Info.plist:200"], falseFindings: []),
        App(name: "ArcGISToolkit-DeprecatedFetch", expected: ["FETCH001 Examples/ArcGISToolkitExamples/AppDelegate.swift:51"],
            otherTrue: [], falseFindings: []),
        App(name: "SwiftUI-OnAppearRegistration", expected: ["BG004 Notes/Refresher.swift:5"], otherTrue: [], falseFindings: []),
        App(name: "SceneDelegate-CoordinatorRegistration", expected: ["BG004 Feeds/FeedSync.swift:7"], otherTrue: [], falseFindings: []),
        App(name: "ButtonAction-PerTapRegistration", expected: ["BG004 Photos/PhotoSync.swift:12"], otherTrue: [], falseFindings: []),
        App(name: "ObjCpp-LateRegistration", expected: ["BG004 Player/AppDelegate.mm:18"], otherTrue: [], falseFindings: []),
        App(name: "MainActor-MethodReferenceHandler", expected: ["BG010 Weather/WeatherRefresher.swift:6"],
            // The expiration handler closure set in that main-actor method is main-actor isolated too.
            otherTrue: ["BG010 Weather/WeatherRefresher.swift:10"], falseFindings: []),
        App(name: "Chat-SilentPushHandlerOverwritten", expected: ["COMP001 Chat/AppDelegate.swift:13"], otherTrue: [], falseFindings: []),
        App(name: "Notes-SilentPushHandlerNeverCalled", expected: ["COMP001 Notes/AppDelegate.swift:16"], otherTrue: [], falseFindings: []),
        App(name: "Blog-BackgroundSessionParameter", expected: ["URL001 Blog/Networking/RESTClient.swift:5"], otherTrue: [], falseFindings: []),
        App(name: "Weather-HelperWithoutExpiration", expected: ["BG007 Weather2/AppDelegate.swift:7"], otherTrue: [], falseFindings: []),
        App(name: "Messenger-FrameworkAppDelegate", expected: ["BG007 OTRKit/OTRAppDelegate.swift:8"], otherTrue: [], falseFindings: []),
        App(name: "Trails-LocalPackageTasks", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Coordinator-LazyServiceRegistration", expected: ["BG004 Trips/Services/TripSyncService.swift:5"], otherTrue: [], falseFindings: []),
        App(name: "ObjC-DispatchAsyncRegistration", expected: ["BG004 Radio/AppDelegate.m:14"], otherTrue: [], falseFindings: []),
        App(name: "ObjC-InitializeRegistration", expected: ["BG004 Scores/ScoreSync.m:8"], otherTrue: [], falseFindings: []),
        App(name: "Podcasts-EventsHandlerCalledTwice", expected: ["COMP001 Podcasts/AppDelegate.swift:11"], otherTrue: [], falseFindings: []),
        App(name: "Clips-ContinuedProcessingNoWildcard", expected: ["BG001 Clips/ExportController.swift:7"],
            // The fixed identifier registered where each export submits it (the second export raises), and the
            // permitted entry without `.*` that nothing registers.
            otherTrue: ["BG005 Clips/ExportController.swift:7", "BG002 Clips/Info.plist:7"], falseFindings: []),
        // Missed until CPT002 compared a continued-processing identifier with the bundle identifier (pinned as BG001
        // before that rule existed).
        App(name: "Scanner-ContinuedProcessingOtherPrefix", expected: ["CPT002 Scanner/OCRJob.swift:7"],
            otherTrue: ["BG005 Scanner/OCRJob.swift:7"], falseFindings: []),
        // Missed until URL004 read a configuration made in the function that starts each transfer.
        App(name: "Uploads-SessionPerCall", expected: ["URL004 Uploads/PhotoUploader.swift:8"], otherTrue: [], falseFindings: []),
        App(name: "Backup-SessionKeptPerUpload", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Workouts-CancelAllAtLaunch", expected: ["BG016 Workouts/BackgroundScheduler.swift:10"], otherTrue: [], falseFindings: []),
        App(name: "Settings-CancelAllAtSignOut", expected: [], otherTrue: [], falseFindings: []),
        App(name: "News-FetchHandlerNeverCalled", expected: ["COMP001 News/AppDelegate.swift:10"],
            // The deprecated background fetch itself.
            otherTrue: ["FETCH001 News/AppDelegate.swift:6", "FETCH001 News/AppDelegate.swift:10"], falseFindings: []),
        App(name: "Render-ContinuedProcessingExactEntry", expected: ["CPT002 Render/AppDelegate.swift:7"], otherTrue: [], falseFindings: []),
        App(name: "Recorder-ObjCTryCatchLateRegistration", expected: ["BG004 Recorder/AppDelegate.m:16"], otherTrue: [], falseFindings: []),
        App(name: "Maps-ContinuedProcessingWildcard", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Journal-ObjCTryCatchAtLaunch", expected: [], otherTrue: [], falseFindings: []),
        App(name: "ExposureNotification-BundleIdSuffix", expected: [], otherTrue: [], falseFindings: []),
        App(name: "ExposureNotification-ThreeSuffixes", expected: [], otherTrue: [],
            // A loop's variable over an array of constants: its values are not followed.
            falseFindings: ["CHECK001 Tracer/Tasks/TaskScheduler.swift:23"]),
        App(name: "NetNewsWire-Fixed", expected: [], otherTrue: ["MODE003 iOS/Resources/Info.plist:14"], falseFindings: []),
        App(name: "HomeAssistant-Current", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Reader-ExpirationSetInHelper", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Goals-TableViewRegister", expected: [], otherTrue: [], falseFindings: []),
        App(name: "HomeControl-SameNamedRegister", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Browser-StateMachineRegistration", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Sensors-GlobalEnvironmentProperty", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Sync-InitializerLabels", expected: [], otherTrue: [], falseFindings: []),
        App(name: "Workmanager-Example", expected: [], otherTrue: [],
            // Registered from Dart through the plugin, which doctor does not read.
            falseFindings: [8, 10, 13].map { "BG002 ios/Runner/Info.plist:\($0)" }),
    ]

    private static func findings(_ app: App) throws -> [String] {
        let root = Fixtures.folder.appendingPathComponent("Corpus/\(app.name)").path
        return try Doctor(fileSystem: LocalFileSystem()).audit(root: root).findings.map { "\($0.rule.id) \($0.location.file):\($0.location.line)" }
    }

    @Test(arguments: apps)
    func everyFindingIsExpectedOrJudged(app: App) throws {
        let found = Set(try Self.findings(app))
        let judged = Set(app.otherTrue + app.falseFindings)
        #expect(found.subtracting(app.expected).subtracting(judged).isEmpty, "unjudged findings: \(found.subtracting(app.expected).subtracting(judged).sorted())")
        #expect(judged.subtracting(found).isEmpty, "judged findings doctor no longer reports: \(judged.subtracting(found).sorted()); re-pin")
    }

    /// The figures pinned for doctor as it is: re-pin when they move. On the first seven apps, before issue 25's one
    /// model of the code: 5 of 7 recalled, 10 false findings; on the corpus as it was with three GPL-family apps (since
    /// replaced by permissively licensed ones), before the BG008 and BG005 fixes it led to: 15 of 18; before BG008 let a
    /// cast to the class of every request for the identifier pass (its `else` cannot run): 7 false findings; before doctor
    /// followed a task handed to a delegate implemented in another file (Corona-Warn-App): 16 of 17; before it followed
    /// launch through the app delegate's stored properties (Corona-Warn-App's singleton): 6 false findings; before it
    /// read a `String` enum's identifiers per case (Corona-Warn-App's two CHECK001 notes): 5. Issue 39's six
    /// synthetic cases the rules were developed against (the seventh is held out) gave, before doctor read `+` chains
    /// of the bundle identifier and followed calls from `.onAppear`, a button's action and scene callbacks: 2 of 4
    /// recalled and 5 false findings (2 BG001 errors, a BG002 warning, 2 CHECK001 notes).
    /// Before doctor matched calls by their labels and receiver's type, Goals-TableViewRegister and
    /// HomeControl-SameNamedRegister (the shapes of BeeSwift's and home-assistant's false warnings) each gave a false
    /// BG004 warning; before a later path that passes an enum case stopped making the warning,
    /// Browser-StateMachineRegistration (duckduckgo/iOS's state machine) gave one.
    /// Before CPT002 (a continued-processing identifier outside the bundle identifier) and URL004's session made in
    /// the function that starts each transfer: 24 of 25 developed against (Uploads-SessionPerCall missed) and 10 of
    /// 11 held out (Scanner-ContinuedProcessingOtherPrefix missed). Before receivers were typed through other files'
    /// properties and initialisers matched by their labels, Sensors-GlobalEnvironmentProperty and
    /// Sync-InitializerLabels each gave a false BG004 warning: 4 false of 43 developed against.
    @Test func recallAndFalseFindingsArePinned() throws {
        let heldOut = try Self.heldOut()
        var seen = Figures(), held = Figures()
        for app in Self.apps {
            let reported = try Self.findings(app)
            if heldOut.contains(app.name) { held.add(app, reported) } else { seen.add(app, reported) }
        }
        // Printed for the note on issue 39: the part the rules were developed against, and the part set aside.
        print("corpus, developed against: \(seen)")
        print("corpus, held out: \(held)")
        #expect(Self.apps.filter { !$0.expected.isEmpty }.count == 32 && Self.apps.filter(\.expected.isEmpty).count == 16)
        #expect(heldOut.isSubset(of: Set(Self.apps.map(\.name))), "HELDOUT names a folder the corpus does not pin")
        #expect(seen == Figures(apps: 37, expected: 28, recalled: 28, reported: 41, falseFindings: 4), "developed against: \(seen)")
        #expect(held == Figures(apps: 11, expected: 11, recalled: 11, reported: 18, falseFindings: 0), "held out: \(held)")
    }

    /// Recall and false findings over some of the apps: expected findings found, and findings reported that the
    /// README judges false (every one counts, two at one line too).
    struct Figures: Equatable, CustomStringConvertible {
        var apps = 0, expected = 0, recalled = 0, reported = 0, falseFindings = 0

        mutating func add(_ app: App, _ found: [String]) {
            apps += 1
            expected += app.expected.count
            recalled += app.expected.filter(Set(found).contains).count
            reported += found.count
            falseFindings += found.filter(Set(app.falseFindings).contains).count
        }

        var description: String {
            "\(apps) apps, recall \(recalled) of \(expected) expected findings, \(falseFindings) false of \(reported) reported"
        }
    }

    /// The folders `HELDOUT` sets aside (its lines that are not comments).
    private static func heldOut() throws -> Set<String> {
        let text = try String(contentsOf: Fixtures.folder.appendingPathComponent("Corpus/HELDOUT"), encoding: .utf8)
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }
}
