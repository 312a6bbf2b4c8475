import BggenCore
import BggenTestSupport
import Testing

/// Doctor on the fixture repositories that reproduce real apps. Each expected finding was checked by hand
/// against the fixture's files; a change here is a change in what doctor tells real users.
@Suite("Doctor on real-world fixtures")
struct DoctorRealWorldTests {
    private func findings(_ fixture: String) throws -> [String] {
        let root = Fixtures.folder.appendingPathComponent(fixture).path
        return try Doctor(fileSystem: LocalFileSystem()).audit(root: root).findings.map {
            "\($0.rule.id) \($0.severity.rawValue) \($0.location.file):\($0.location.line)"
        }
    }

    @Test(arguments: [
        // MODE003: processing is declared, and the iOS app only ever uses BGAppRefreshTask (true positive).
        // BG010: a launch handler closure in a @MainActor app delegate, Swift 6.0, queue nil (true positive).
        // The registration is reached from didFinishLaunching, so no BG004.
        ("NetNewsWire", ["BG010 error iOS/AppDelegate.swift:22", "MODE003 warning iOS/Resources/Info.plist:20"]),
        // FETCH002: performFetchWithCompletionHandler while the Info.plist lists BGTaskSchedulerPermittedIdentifiers,
        // which switches legacy fetch off (true positive; was FETCH001, a warning). CHECK001: an identifier from a
        // protocol requirement, which doctor rightly does not guess; the computed property's `switch self` gives one
        // permitted identifier per case, so those are checked (they were two CHECK001 notes). The two CHECK001 notes
        // on a path from launch: the trimmed fixture calls neither registering function (only
        // `AppConfigurationFetch.registerBackgroundRefreshTaskHandler()`, another type's); before calls were matched
        // by receiver type, that call of the same name stood for theirs.
        ("DuckDuckGo", [
            "FETCH002 error DuckDuckGo/AppDelegate.swift:10",
            "CHECK001 note DuckDuckGo/MaliciousSiteProtection/Services/MaliciousSiteProtectionDatasetsFetcher.swift:24",
            "CHECK001 note DuckDuckGo/RemoteMessagingClient.swift:9",
            "CHECK001 note LocalPackages/Waitlist/Sources/Waitlist/Waitlist.swift:9",
        ]),
        // The trimmed fixture never calls `RemindersSyncBackgroundRefresher().register()` (the app calls it from
        // its delegate); before calls were matched by receiver type, `BackgroundRefreshManager.register()` at launch
        // stood for it.
        ("HomeAssistant", ["CHECK001 note Sources/App/Utilities/RemindersSync/RemindersSyncBackgroundRefresher.swift:7"]),
        // Every error and warning is a defect the fixture was written to have (all true positives). The notes:
        // nothing in the trimmed fixture calls BackgroundTaskManager.register or CleanupScheduler.register, so
        // whether they run before launch finishes cannot be told; line 15 also builds its identifier at run time.
        // The silent-push handler only calls its completion handler, so the missing remote-notification is a note.
        ("RegisteredIdentifiers", [
            "PUSH001 note Legacy/AppDelegate.m:18",
            "PUSH004 error Legacy/AppDelegate.m:18",
            "GEN001 warning Legacy/BackgroundProcessing/BackgroundTaskManager.swift:1",
            "BG005 error Legacy/BackgroundProcessing/BackgroundTaskManager.swift:6",
            "CHECK001 note Legacy/BackgroundProcessing/BackgroundTaskManager.swift:6",
            "BG001 error Legacy/CleanupScheduler.swift:11",
            "CHECK001 note Legacy/CleanupScheduler.swift:11",
            "CHECK001 note Legacy/CleanupScheduler.swift:15",
            "CHECK001 note Legacy/CleanupScheduler.swift:15",
            "BG003 error Legacy/CleanupScheduler.swift:21",
            "URL005 error Legacy/DownloadCenter.swift:5",
        ]),
        // The app handles silent pushes, and its only entitlements file (shared with the extension) has no
        // aps-environment (true positive for the fixture as written).
        ("NotificationService", ["PUSH004 error Shared/AppGroup.entitlements:4"]),
        // processing declared, no BGProcessingTask in the app's sources; remote packages are not read, so a note.
        // The trimmed fixture never calls registerBackgroundAppRefresh, so its timing is a note too.
        // No BG008: `guard let task = task as? BGAppRefreshTask else { return }` would leave the task uncompleted, but
        // the identifier is only submitted as a BGAppRefreshTaskRequest, so the system always hands that class and the
        // `else` cannot run (a warning until BG008 compared the cast with the requests).
        ("XcodeGen", [
            "CHECK001 note ElementX/Sources/Application/AppCoordinator.swift:7",
            "MODE003 note ElementX/SupportingFiles/Info.plist:15",
        ]),
        ("NestedWorkspace", ["CHECK001 note WeDaApp/WeDaApp.xcodeproj:0"]),
        // The spec reader cannot follow a helper function, and tuist is not run without --use-generators.
        ("Tuist", ["CHECK001 note Projects/App/Project.swift:0"]),
        ("SwiftPackage", []),
        ("GeneratedInfoPlist", []),
        ("SynchronizedTemplate", []),
    ])
    func pinnedFindings(fixture: String, expected: [String]) throws {
        #expect(try findings(fixture) == expected)
    }
}
