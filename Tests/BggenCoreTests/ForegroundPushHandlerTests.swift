@testable import BggenCore
import BggenTestSupport
import Testing

/// PUSH001 for a silent-push handler that does nothing in the background (issue 40 item 10): a note that says so,
/// with no `--fix` edit, since adding `remote-notification` would wake the app for a handler that then does nothing.
@Suite("PUSH001 for a handler that does nothing in the background")
struct ForegroundPushHandlerTests {
    private func finding(body: String) throws -> DoctorFinding {
        let app = ExampleApp(aps: true).with("App/AppDelegate.swift", ExampleSources.pushDelegate(body: body))
        let marked = try MarkedRepository(app)
        let report = try Doctor(fileSystem: marked.fileSystem).audit(root: MarkedRepository.root)
        return try #require(report.findings.first { $0.rule.id == "PUSH001" })
    }

    @Test func aHandlerThatOnlyCompletesGetsANoteSayingItDoesNothingInTheBackground() throws {
        let note = try finding(body: "completionHandler(.noData)")
        #expect(note.severity == .note)
        #expect(note.message == "App's silent-push handler here only calls its completion handler, so it does nothing in the background: App/Info.plist needs no 'remote-notification' in UIBackgroundModes unless the handler should run in the background.")
        #expect(note.edit == nil)
    }

    @Test func aForegroundGuardedHandlerGetsANoteSayingItWorksOnlyWhileActive() throws {
        let note = try finding(body: "guard application.applicationState == .active else { return completionHandler(.noData) }\nBanner.show(userInfo)\ncompletionHandler(.newData)")
        #expect(note.severity == .note)
        let guarded = try finding(body: "guard UIApplication.shared.applicationState == UIApplication.State.active else {\n    completionHandler(.noData)\n    return\n}\nBanner.show(userInfo)\ncompletionHandler(.newData)")
        #expect(guarded.severity == .note)
        #expect(guarded.message.contains("works only while applicationState is .active, so it does nothing in the background"))
        #expect(guarded.edit == nil)
    }

    @Test func aHandlerThatWorksKeepsTheWarningAndItsFix() throws {
        let warning = try finding(body: "if application.applicationState == .active {\n    Banner.show(userInfo)\n}\nInbox.shared.sync { completionHandler($0) }")
        #expect(warning.severity == .warning)
        #expect(warning.edit != nil)
    }
}
