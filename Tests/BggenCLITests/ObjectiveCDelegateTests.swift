@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// An app whose delegate is Objective-C gets an `@objc` entry point and Objective-C calls that match it.
@Suite("Objective-C app delegates")
struct ObjectiveCDelegateTests {
    /// `[BackgroundTasksObjC handleEventsForBackgroundURLSession:identifier completionHandler:handler]` →
    /// `handleEventsForBackgroundURLSession:completionHandler:`.
    private func sentSelectors(_ text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: #"\[BackgroundTasksObjC ([^\]]+)\]"#)
        return Set(regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let message = String(text[Range(match.range(at: 1), in: text)!])
            let parts = message.matches(of: /(\w+):/).map { String($0.output.1) }
            return parts.isEmpty ? message : parts.map { $0 + ":" }.joined()
        })
    }

    /// Selectors of the `static func`s an `@objcMembers` class exposes: the name, then `:` and each later
    /// argument label (the first argument is unlabelled).
    private func declaredSelectors(_ swift: String) -> Set<String> {
        Set(swift.matches(of: /static func (\w+)\(([^)]*)\)/).map { match in
            let name = String(match.output.1)
            let parameters = match.output.2.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !parameters.isEmpty else { return name }
            let labels = parameters.dropFirst().map { String($0.split(separator: " ")[0].split(separator: ":")[0]) }
            return name + ":" + labels.map { $0 + ":" }.joined()
        })
    }

    @Test func theCallsPrintedForAnObjectiveCDelegateExistInTheGeneratedEntryPoint() throws {
        let repo = try Fixtures.copy("ObjCDelegate")
        let arguments = ["init", "--yes", "--tasks", "refresh,processing,downloads,silent-push"]
        let run = try InProcessRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Objective-C app delegate (Notes/AppDelegate.m)"), "\(run.stdout)")
        let steps = try repo.nextSteps()
        #expect(steps.contains("```objc"))
        #expect(!steps.contains("final class AppDelegate"), "no Swift delegate for an Objective-C app")
        let files = try repo.files()
        let bridge = try #require(files["Notes/BackgroundProcessing/BackgroundTasksObjC.swift"])
        #expect(bridge.contains("@objc(BackgroundTasksObjC) @objcMembers"))
        #expect(bridge.contains("final class BackgroundTasksObjC: NSObject"))
        #expect(files[".bggen.json"]?.contains("\"objc\": true") == true)

        let sent = sentSelectors(steps)
        let declared = declaredSelectors(bridge)
        #expect(sent == ["registerTasks", "startTransferSessions", "scheduleAppRefresh", "scheduleProcessingTask",
                         "handleEventsForBackgroundURLSession:completionHandler:", "handleRemoteNotification:completionHandler:",
                         "startDownloadFrom:", "startDownloadWith:", "startDownloadWithKey:request:"])
        #expect(sent.isSubset(of: declared), "printed but not declared: \(sent.subtracting(declared))")

        let again = try InProcessRunner.run(arguments, in: repo.url)
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
    }

    @Test func aSwiftDelegateGetsNoObjectiveCEntryPoint() throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "processing"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("```objc"))
        #expect(!(try repo.files()).keys.contains { $0.hasSuffix("BackgroundTasksObjC.swift") })
    }

    @Test func objcAndSwiftUIDoNotMix() throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes", "--objc", "--style", "swiftui", "out"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--objc is for an Objective-C app delegate"), "\(run.stderr)")
    }
}
