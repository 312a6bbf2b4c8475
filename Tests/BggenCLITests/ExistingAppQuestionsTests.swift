@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Issue 19 items 1 and 2 on a real pseudo-terminal: the legacy-fetch and bundle-identifier questions a person is
/// asked, as `bggen init` prints them, and what each answer writes.
@Suite("Existing apps: the questions on a terminal")
struct ExistingAppQuestionsTests {
    @Test(arguments: [true, false])
    func theLegacyFetchQuestionMigratesOnYesAndWritesNothingOnNo(_ migrate: Bool) throws {
        let repo = try Fixtures.copy("LegacyFetch")
        let original = try repo.files()
        let session = try PseudoTerminal(arguments: ["init", "--tasks", "processing", "--style", "app-delegate", "--ios", "16.0", "--interval", "daily",
                                                     "--network", "--power", "--checkpoint", "--at", "none"],
                                         directory: repo.url, environment: ["TERM": "dumb"])
        try session.expect("switch off the app's legacy background fetch (application(_:performFetchWithCompletionHandler:) at Chat/AppDelegate.swift:13 and setMinimumBackgroundFetchInterval(_:) at Chat/AppDelegate.swift:8). Generate refresh to replace it? [y/N]")
        session.type(migrate ? "y\n" : "\n")
        if migrate {
            try session.expect("Write these files? [Y/n]")
            session.type("\n")
        }
        let status = session.waitForExit()
        let files = try repo.files()
        if migrate {
            #expect(status == 0, "\(session.transcript)")
            #expect(files.keys.contains { $0.hasSuffix("AppRefreshWork.swift") }, "refresh replaces the fetch")
        } else {
            #expect(status == 1, "\(session.transcript)")
            #expect(files == original)
        }
    }

    @Test func anInvalidBundleIdentifierIsAskedForWithNoDefault() throws {
        let repo = try Fixtures.copy("EmptyTeamBundleID")
        let session = try PseudoTerminal(arguments: ["init", "--tasks", "refresh", "--interval", "daily", "--style", "app-delegate", "--ios", "17.0"],
                                         directory: repo.url, environment: ["TERM": "dumb"])
        let asked = try session.expect("Bundle identifier prefix")
        #expect(!asked.contains("com.example.app"), "\(session.transcript)")
        session.type("com.acme.Reader\n")
        try session.expect("Write these files? [Y/n]")
        session.type("\n")
        #expect(session.waitForExit() == 0, "\(session.transcript)")
        // The app's Info.plist is generated from build settings, so the keys go into bggen's fragment.
        let plists = try repo.files().filter { $0.key.hasSuffix(".plist") }.values
        #expect(plists.contains { $0.contains("<string>com.acme.Reader.refresh</string>") }, "\(session.transcript)")
        #expect(!plists.contains { $0.contains("com.example.app") })
    }
}
