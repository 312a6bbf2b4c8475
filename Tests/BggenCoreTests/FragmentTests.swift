import BggenCore
import BggenTestSupport
import Foundation
import Testing

@Suite("Info.plist and entitlements fragments")
struct FragmentTests {
    private func plist(_ text: String) throws -> [String: Any] {
        let object = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        return try #require(object as? [String: Any])
    }

    @Test(arguments: Scenarios.all)
    func infoFragmentHoldsExactlyTheKeysToMerge(_ scenario: Scenario) throws {
        let configuration = try scenario.configuration
        let files = Dictionary(uniqueKeysWithValues: try scenario.renderedFiles().map { ($0.path, $0.contents) })
        let identifiers = Identifiers(configuration).permittedTaskIdentifiers
        let modes = backgroundModes(for: configuration)
        guard let text = files[OutputRenderer.infoFragmentPath] else {
            #expect(modes.isEmpty && identifiers.isEmpty)
            return
        }
        let dictionary = try plist(text)
        var expectedKeys: Set<String> = ["UIBackgroundModes"]
        if !identifiers.isEmpty { expectedKeys.insert("BGTaskSchedulerPermittedIdentifiers") }
        #expect(Set(dictionary.keys) == expectedKeys)
        #expect(dictionary["UIBackgroundModes"] as? [String] == modes)
        #expect((dictionary["BGTaskSchedulerPermittedIdentifiers"] as? [String] ?? []) == identifiers)
    }

    @Test(arguments: Scenarios.all)
    func everyIdentifierInCodeMatchesThePlistAndLivesInOneFile(_ scenario: Scenario) throws {
        let files = try scenario.renderedFiles()
        let configurationFile = try #require(files.first { $0.path.hasSuffix("BackgroundTaskConfiguration.swift") })
        let prefix = try scenario.configuration.bundleIdentifier.description
        let pattern = try Regex(#"static let (\w+)Identifier = "([^"]+)""#)
        let declared = configurationFile.contents.matches(of: pattern).map { String($0.output[2].substring!) }
        let identifiers = Identifiers(try scenario.configuration)
        #expect(Set(declared) == Set([identifiers[.refresh], identifiers[.processing], identifiers[.downloads], identifiers[.uploads]].compactMap(\.self)))
        if let prefix = identifiers[.continuedProcessing] {
            #expect(configurationFile.contents.contains("static let continuedProcessingPrefix = \"\(prefix)\""))
            #expect(identifiers.permittedTaskIdentifiers.contains("\(prefix).*"))
        }
        for file in files where file.path.hasSuffix(".swift") && file != configurationFile {
            let code = file.contents.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!code.contains { $0.contains("\"\(prefix).") }, "\(file.path) spells out an identifier instead of using BackgroundTaskConfiguration")
        }
    }

    /// Push needs `aps-environment`; with `--gpu`, continued processing needs the Background GPU Access
    /// entitlement, without which iOS refuses every request for the GPU.
    @Test func entitlementsFragmentHoldsWhatTheTasksNeed() throws {
        for scenario in Scenarios.all {
            let configuration = try scenario.configuration
            var expected: [String: Any] = [:]
            if configuration.includes(.silentPush) { expected["aps-environment"] = "development" }
            if configuration.gpu { expected["com.apple.developer.background-tasks.continued-processing.gpu"] = true }
            let files = try scenario.renderedFiles()
            let entitlements = files.first { $0.path == OutputRenderer.entitlementsFragmentPath }
            #expect((entitlements != nil) == !expected.isEmpty, "\(scenario)")
            if let entitlements {
                #expect(try plist(entitlements.contents) as NSDictionary == expected as NSDictionary, "\(scenario)")
            }
        }
    }

    @Test func nonSwiftFilesStayOutOfTheSourceFolder() throws {
        for file in try Scenarios.named("all-tasks").renderedFiles() {
            #expect(file.path.hasSuffix(".swift") == file.path.hasPrefix("BackgroundProcessing/"))
            #expect(!file.path.hasSuffix("/Info.plist"))
        }
    }
}
