import BggenCore
import BggenTestSupport
import Testing

@Suite("Debugging helpers stay out of release builds")
struct DebugHelperTests {
    @Test(arguments: Scenarios.all)
    func privateSelectorsOnlyInCommentsAndPendingRequestsOnlyInDebug(_ scenario: Scenario) throws {
        for file in try scenario.renderedFiles() where file.path.hasSuffix(".swift") {
            var inDebug = false
            for line in file.contents.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code == "#if DEBUG" { inDebug = true }
                if code == "#endif" { inDebug = false }
                if code.contains("_simulate") {
                    #expect(code.hasPrefix("//"), "\(file.path): private selector outside a comment: \(code)")
                }
                if code.contains("getPendingTaskRequests") || code.contains("pendingTaskRequests()") {
                    #expect(inDebug || code.hasPrefix("//"), "\(file.path): pending-request helper outside #if DEBUG")
                }
            }
        }
    }

    @Test func everyTaskIdentifierHasItsLLDBCommandsInTheManagersDocumentation() throws {
        let scenario = Scenarios.named("ios18-all-tasks")
        let manager = try #require(try scenario.renderedFiles().first { $0.path.hasSuffix("BackgroundTaskManager.swift") })
        let identifiers = Identifiers(try scenario.configuration)
        #expect(!manager.contents.contains(".*\"]"), "no LLDB command for a wildcard")
        for identifier in [identifiers[.refresh], identifiers[.processing]].compactMap(\.self) {
            #expect(manager.contents.contains("_simulateLaunchForTaskWithIdentifier:@\"\(identifier)\""))
            #expect(manager.contents.contains("_simulateExpirationForTaskWithIdentifier:@\"\(identifier)\""))
        }
    }

    @Test func silentPushDocumentsWhatTheServerMustSend() throws {
        let handler = try #require(try Scenarios.named("silent-push").renderedFiles().first { $0.path.hasSuffix("SilentPushHandler.swift") })
        for text in ["\"content-available\": 1", "no alert, badge or sound", "apns-push-type: background", "apns-priority: 5",
                     "two or three an hour", "force-quits"] {
            #expect(handler.contents.contains(text), "missing: \(text)")
        }
    }
}
