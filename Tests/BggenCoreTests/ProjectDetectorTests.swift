@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// The spec readers alone: whether `tuist` or `xcodegen` is installed must not change these results.
private func detect(_ fixture: String) throws -> ProjectReport {
    try ProjectDetector.detect(root: fixtures.appendingPathComponent(fixture).path, fileSystem: LocalFileSystem(), dumper: nil)
}

private func onlyApp(_ report: ProjectReport, sourceLocation: SourceLocation = #_sourceLocation) throws -> AppTarget {
    #expect(report.appTargets.count == 1, sourceLocation: sourceLocation)
    return try #require(report.appTargets.first, sourceLocation: sourceLocation)
}

/// `file:line: symbol (kinds)` for each finding, with the targets that compile it.
private func findings(_ report: ProjectReport) -> [String] {
    report.existingCode.map { "\($0) [\($0.targets.joined(separator: ", "))]" }
}

@Suite("Project detection: fixture repositories")
struct ProjectDetectorTests {
    @Test func netNewsWireSettingsComeFromXcconfigsReachedThroughTheAnchorForm() throws {
        let report = try detect("NetNewsWire")
        #expect(report.kind == .xcodeProject)
        #expect(report.projectFiles == ["NetNewsWire.xcodeproj"])
        #expect(report.usesSynchronizedFolders)
        let app = try onlyApp(report)
        #expect(app.name == "NetNewsWire-iOS")
        #expect(app.bundleIdentifier == SettingValue(raw: "$(ORGANIZATION_IDENTIFIER).NetNewsWire.iOS$(BUNDLE_ID_SUFFIX)",
                                                     resolved: "com.ranchero.NetNewsWire.iOS"))
        #expect(app.deploymentTarget == "17.0")
        #expect(app.swiftVersion == "6.0")
        #expect(app.defaultActorIsolation == nil)
        #expect(app.infoPlist == InfoPlist(path: "iOS/Resources/Info.plist", isGenerated: false, exists: true,
                                           synchronizedFolder: "iOS", isMembershipException: true))
        #expect(app.entitlements == [EntitlementsFile(
            path: "iOS/Resources/NetNewsWire.entitlements",
            rawValue: "iOS/Resources/NetNewsWire$(DEVELOPER_ENTITLEMENTS).entitlements",
            configurations: ["Debug", "Release"], exists: true)])
        #expect(app.sourceFolder == "iOS")
        #expect(app.outputFolder == "iOS/BackgroundProcessing")
        #expect(app.synchronizedFolders == ["Shared", "iOS"])
        #expect(report.warnings.isEmpty)
    }

    @Test func netNewsWireMacAppAndExtensionsAreNeverTheApp() throws {
        let report = try detect("NetNewsWire")
        #expect(report.otherTargets == [
            OtherTarget(name: "NetNewsWire", productType: "com.apple.product-type.application", platform: .macOS),
            OtherTarget(name: "NetNewsWire iOS Share Extension", productType: "com.apple.product-type.app-extension", platform: .iOS),
            OtherTarget(name: "NetNewsWire iOS Widget Extension", productType: "com.apple.product-type.app-extension", platform: .iOS),
        ])
    }

    @Test func netNewsWireCodeIsFoundWithoutTheQueueLabelAndWithTheMacDelegateAttributed() throws {
        let report = try detect("NetNewsWire")
        #expect(findings(report) == [
            "Modules/RSCore/Sources/RSCore/BackgroundTaskRunner.swift: file name []",
            "iOS/AppDelegate.swift:16: didReceiveRemoteNotification (silent-push) [NetNewsWire-iOS]",
            "iOS/AppDelegate.swift:22: BGTaskScheduler (refresh) [NetNewsWire-iOS]",
            "iOS/AppDelegate.swift:23: BGAppRefreshTask (refresh) [NetNewsWire-iOS]",
            "iOS/AppDelegate.swift:28: BGAppRefreshTaskRequest (refresh) [NetNewsWire-iOS]",
            "iOS/AppDelegate.swift:30: BGTaskScheduler (refresh) [NetNewsWire-iOS]",
            "iOS/AppDelegate.swift:33: BGAppRefreshTask (refresh) [NetNewsWire-iOS]",
        ])
        #expect(report.registeredIdentifiers == [
            RegisteredIdentifier(identifier: "com.ranchero.NetNewsWire.FeedRefresh", kind: .task, file: "iOS/AppDelegate.swift", line: 22,
                                 taskKind: .refresh, request: "BGAppRefreshTaskRequest at iOS/AppDelegate.swift:28"),
        ])
        #expect(report.coveredKinds == [.refresh, .silentPush])
    }

    @Test func duckDuckGoSignsEachConfigurationWithItsOwnEntitlementsFile() throws {
        let report = try detect("DuckDuckGo")
        #expect(!report.usesSynchronizedFolders)
        let app = try onlyApp(report)
        #expect(app.name == "DuckDuckGo")
        #expect(app.bundleIdentifier?.resolved == "com.duckduckgo.mobile.ios")
        #expect(app.deploymentTarget == "15.0")
        #expect(app.swiftVersion == "5.0")
        #expect(app.infoPlist == InfoPlist(path: "DuckDuckGo/Info.plist", isGenerated: false, exists: true))
        #expect(app.entitlements.map(\.path) == [
            "DuckDuckGo/DuckDuckGo.entitlements", "DuckDuckGo/DuckDuckGoAlpha Debug.entitlements", "DuckDuckGo/DuckDuckGoAlpha.entitlements",
        ])
        #expect(app.entitlements.map(\.configurations) == [["Debug", "Release"], ["Alpha Debug"], ["Alpha"]])
        #expect(app.entitlements.allSatisfy { $0.exists && $0.sharedWith.isEmpty })
        #expect(app.sourceFolder == "DuckDuckGo")
        #expect(app.outputFolder == "DuckDuckGo/BackgroundProcessing")
        #expect(report.otherTargets.map(\.name) == [
            "Core", "IntegrationTests", "OpenAction", "PacketTunnelProvider", "ShareExtension", "UnitTests", "Widgets",
        ])
        #expect(report.otherTargets.filter(\.isExtension).map(\.name) == ["OpenAction", "PacketTunnelProvider", "ShareExtension", "Widgets"])
    }

    @Test func duckDuckGoIdentifiersThroughConstantsAndOneComputedOne() throws {
        let report = try detect("DuckDuckGo")
        #expect(report.registeredIdentifiers == [
            RegisteredIdentifier(identifier: "com.duckduckgo.app.configurationRefresh", kind: .task,
                                 file: "DuckDuckGo/AppConfigurationFetch.swift", line: 14, constant: "backgroundProcessingTaskIdentifier",
                                 taskKind: .processing, request: "BGProcessingTaskRequest at DuckDuckGo/AppConfigurationFetch.swift:20"),
            // `type.backgroundTaskIdentifier`: the member a `switch self` of the extension gives each case of a
            // library's enum, one identifier per case.
            RegisteredIdentifier(identifier: "com.duckduckgo.app.maliciousSiteProtectionFilterSetRefresh", kind: .task,
                                 file: "DuckDuckGo/MaliciousSiteProtection/Services/MaliciousSiteProtectionDatasetsFetcher.swift", line: 24,
                                 constant: "backgroundTaskIdentifier", taskKind: .processing,
                                 request: "BGProcessingTaskRequest at DuckDuckGo/MaliciousSiteProtection/Services/MaliciousSiteProtectionDatasetsFetcher.swift:30"),
            RegisteredIdentifier(identifier: "com.duckduckgo.app.maliciousSiteProtectionHashPrefixSetRefresh", kind: .task,
                                 file: "DuckDuckGo/MaliciousSiteProtection/Services/MaliciousSiteProtectionDatasetsFetcher.swift", line: 24,
                                 constant: "backgroundTaskIdentifier", taskKind: .processing,
                                 request: "BGProcessingTaskRequest at DuckDuckGo/MaliciousSiteProtection/Services/MaliciousSiteProtectionDatasetsFetcher.swift:30"),
            RegisteredIdentifier(identifier: "com.duckduckgo.app.remoteMessageRefresh", kind: .task,
                                 file: "DuckDuckGo/RemoteMessagingClient.swift", line: 9, constant: "backgroundRefreshTaskIdentifier"),
        ])
        #expect(report.warnings == [])
        let found = findings(report)
        // Legacy background fetch covers no task kind: adding BGTaskSchedulerPermittedIdentifiers switches it off.
        #expect(found.contains("DuckDuckGo/AppDelegate.swift:10: performFetchWithCompletionHandler [DuckDuckGo]"))
        #expect(found.contains("DuckDuckGo/EmailWaitlist.swift:7: BGTaskScheduler [DuckDuckGo]"))
        #expect(found.contains("LocalPackages/Waitlist/Sources/Waitlist/Waitlist.swift:9: BGAppRefreshTaskRequest (refresh) []"))
        // beginBackgroundTask(withName:) is UIKit's, not BGTaskScheduler, and Pods/ is never read.
        #expect(!found.contains { $0.contains("AppConfigurationFetch.swift:9") })
        #expect(!found.contains { $0.hasPrefix("Pods/") })
        #expect(report.existingCode.count == 14)
    }

    @Test func homeAssistantHas101SynchronizedFoldersAndCurlyVariables() throws {
        let report = try detect("HomeAssistant")
        let app = try onlyApp(report)
        #expect(app.name == "App")
        #expect(app.bundleIdentifier == SettingValue(raw: "${BUNDLE_ID_PREFIX}.HomeAssistant${BUNDLE_ID_SUFFIX}${PROVISIONING_SUFFIX}",
                                                     resolved: "io.robbie.HomeAssistant"))
        #expect(app.deploymentTarget == "16.4")
        #expect(app.infoPlist == InfoPlist(path: "Sources/App/Resources/Info.plist", isGenerated: false, exists: true,
                                           synchronizedFolder: "Sources/App", isMembershipException: true))
        // The Catalyst-only file behind [sdk=macosx*] is not the iOS app's.
        #expect(app.entitlements.map(\.path) == ["Configuration/Entitlements/App-ios.entitlements"])
        #expect(app.sourceFolder == "Sources/App")
        #expect(app.outputFolder == "Sources/App/BackgroundProcessing", "the app's own folder wins over the root Sources/")
        #expect(app.synchronizedFolders == ["Sources/App"])
        let pbxproj = try String(contentsOf: fixtures.appendingPathComponent("HomeAssistant/HomeAssistant.xcodeproj/project.pbxproj"), encoding: .utf8)
        #expect(pbxproj.components(separatedBy: "isa = PBXFileSystemSynchronizedRootGroup;").count - 1 == 101)
        #expect(report.warnings.isEmpty)
    }

    @Test func homeAssistantWatchAndMacAppsAreNotTheAppAndThePushProviderIsAnExtension() throws {
        let report = try detect("HomeAssistant")
        #expect(report.otherTargets.first { $0.name == "WatchApp" }?.platform == .watchOS)
        #expect(report.otherTargets.first { $0.name == "Launcher" }?.platform == .macOS)
        #expect(report.otherTargets.filter(\.isExtension).count == 7)
        // The push provider's own `didReceiveRemoteNotification(_:)` is no app delegate's silent-push handler.
        #expect(!findings(report).contains { $0.hasPrefix("Sources/Extensions/PushProvider/PushProvider.swift") })
        // A session for webhook sends, neither downloads nor uploads: it covers no task kind.
        #expect(findings(report).contains("Sources/Shared/API/WebhookManager.swift:6: background(withIdentifier:) [Shared]"))
        #expect(findings(report).contains("Sources/App/AppDelegate.swift:19: handleEventsForBackgroundURLSession (downloads) [App]"))
        #expect(report.registeredIdentifiers.map(\.identifier) == ["io.robbie.homeassistant.backgroundfetch", "io.robbie.homeassistant.reminderssync"])
        #expect(report.coveredKinds == [.refresh, .downloads, .silentPush])
    }

    @Test func aGeneratedInfoPlistMeansThereIsNoFileToPatch() throws {
        let report = try detect("GeneratedInfoPlist")
        let app = try onlyApp(report)
        #expect(app.name == "Tally App")
        #expect(app.bundleIdentifier?.resolved == "com.example.Tally-App")
        #expect(app.infoPlist == InfoPlist(path: nil, isGenerated: true, exists: false))
        #expect(app.entitlements.isEmpty)
        #expect(app.sourceFolder == "Tally")
        #expect(app.outputFolder == "Tally/BackgroundProcessing")
        #expect(report.existingCode.isEmpty)
        #expect(report.warnings.isEmpty)
    }

    @Test func aGeneratedInfoPlistInASynchronizedFolderNamesTheFolderANewOneWouldLandIn() throws {
        let report = try detect("SynchronizedTemplate")
        let app = try onlyApp(report)
        #expect(app.infoPlist == InfoPlist(path: nil, isGenerated: true, exists: false, synchronizedFolder: "CRIPiOSApp"))
        #expect(app.deploymentTarget == "17.6")
        #expect(app.defaultActorIsolation == "MainActor")
        #expect(app.synchronizedFolders == ["CRIPiOSApp"])
        #expect(report.otherTargets.map(\.name) == ["CRIPiOSAppTests"])
    }

    @Test func aNestedWorkspaceLeadsToTheProjectInItsSubfolder() throws {
        let report = try detect("NestedWorkspace")
        #expect(report.workspace == "WeDaApp.xcworkspace")
        #expect(report.projectFiles == ["WeDaApp/WeDaApp.xcodeproj"])
        let app = try onlyApp(report)
        #expect(app.definedIn == "WeDaApp/WeDaApp.xcodeproj")
        #expect(app.infoPlist == InfoPlist(path: nil, isGenerated: true, exists: false, synchronizedFolder: "WeDaApp/WeDaApp"))
        #expect(app.sourceFolder == "WeDaApp/WeDaApp")
        #expect(app.outputFolder == "WeDaApp/WeDaApp/BackgroundProcessing")
        let manager = "WeDaApp/WeDaApp/Code/Dependencies/BackgroundTaskManager/BackgroundTaskManager.swift"
        #expect(findings(report) == [
            "\(manager): file name (refresh) [WeDaApp]",
            "\(manager):9: BGTaskScheduler (refresh) [WeDaApp]",
            "\(manager):18: BGAppRefreshTaskRequest (refresh) [WeDaApp]",
            "\(manager):19: BGTaskScheduler (refresh) [WeDaApp]",
        ])
        #expect(report.registeredIdentifiers == [RegisteredIdentifier(
            identifier: "com.dollarg.wedaapp.refresh", kind: .task, file: manager, line: 9, constant: "backgroundRefreshTaskIdentifier",
            taskKind: .refresh, request: "BGAppRefreshTaskRequest at \(manager):18")])
    }

    @Test func theNotificationServiceExtensionStaysUntouchedAndItsSharedEntitlementsAreFlagged() throws {
        let report = try detect("NotificationService")
        let app = try onlyApp(report)
        #expect(app.name == "Mastodon")
        #expect(app.infoPlist.path == "Mastodon/Info.plist")
        #expect(report.otherTargets == [OtherTarget(name: "NotificationService", productType: "com.apple.product-type.app-extension", platform: .iOS)])
        #expect(app.entitlements == [EntitlementsFile(path: "Shared/AppGroup.entitlements", rawValue: "Shared/AppGroup.entitlements",
                                                      configurations: ["Debug", "Release"], exists: true,
                                                      sharedWith: ["NotificationService"], sharedWithExtension: true)])
        // The extension's didReceive(_:withContentHandler:) is not a remote-notification handler.
        #expect(findings(report) == ["Mastodon/Supporting Files/AppDelegate.swift:4: didReceiveRemoteNotification (silent-push) [Mastodon]"])
    }

    @Test func registeredIdentifiersInObjectiveCAndSwiftAreCollected() throws {
        let report = try detect("RegisteredIdentifiers")
        #expect(report.registeredIdentifiers == [
            RegisteredIdentifier(identifier: "com.example.legacy.cleanup", kind: .task, file: "Legacy/CleanupScheduler.swift", line: 11, constant: "cleanup",
                                 taskKind: .processing, request: "BGProcessingTaskRequest at Legacy/CleanupScheduler.swift:21"),
            RegisteredIdentifier(identifier: "com.example.legacy.downloads", kind: .urlSession, file: "Legacy/DownloadCenter.swift", line: 5),
            RegisteredIdentifier(identifier: "com.example.legacy.refresh", kind: .task, file: "Legacy/AppDelegate.m", line: 10,
                                 constant: "kRefreshTaskIdentifier"),
        ])
        #expect(report.warnings == [.unresolvedIdentifier(file: "Legacy/CleanupScheduler.swift", line: 15,
                                                          expression: #""com.example.legacy.\(…)""#)])
        #expect(findings(report) == [
            "Legacy/AppDelegate.m:10: BGTaskScheduler [Legacy]",
            "Legacy/AppDelegate.m:18: didReceiveRemoteNotification (silent-push) [Legacy]",
            "Legacy/BackgroundProcessing/BackgroundTaskManager.swift: file name [Legacy]",
            "Legacy/BackgroundProcessing/BackgroundTaskManager.swift:6: BGTaskScheduler [Legacy]",
            "Legacy/CleanupScheduler.swift:11: BGTaskScheduler (processing) [Legacy]",
            "Legacy/CleanupScheduler.swift:15: BGTaskScheduler (processing) [Legacy]",
            "Legacy/CleanupScheduler.swift:21: BGProcessingTaskRequest (processing) [Legacy]",
            "Legacy/CleanupScheduler.swift:23: BGTaskScheduler (processing) [Legacy]",
            "Legacy/DownloadCenter.swift:5: background(withIdentifier:) (downloads) [Legacy]",
            "Legacy/LegacyBackgroundTasks.swift: file name [Legacy]",
        ])
        // bggen's own earlier output is marked, and its identifiers are not the user's.
        #expect(report.existingCode.filter(\.isBggenOutput).map(\.file) == Array(repeating: "Legacy/BackgroundProcessing/BackgroundTaskManager.swift", count: 2))
        #expect(report.coveredKinds == [.processing, .downloads, .silentPush])
    }

    @Test func xcodeGenSpecIsTheSourceOfTruth() throws {
        let report = try detect("XcodeGen")
        #expect(report.kind == .xcodeGen)
        #expect(report.projectFiles == ["ElementX/SupportingFiles/target.yml", "NSE/SupportingFiles/target.yml",
                                        "UnitTests/SupportingFiles/target.yml", "app.yml", "project.yml"])
        let app = try onlyApp(report)
        #expect(app.name == "ElementX")
        #expect(app.definedIn == "ElementX/SupportingFiles/target.yml")
        #expect(app.bundleIdentifier == SettingValue(raw: "$(BASE_BUNDLE_IDENTIFIER)", resolved: "io.element.elementx"))
        #expect(app.deploymentTarget == "18.5")
        #expect(app.swiftVersion == "6.0")
        #expect(app.infoPlist == InfoPlist(path: "ElementX/SupportingFiles/Info.plist", isGenerated: false, exists: true,
                                           regeneratedFrom: "ElementX/SupportingFiles/target.yml", specProperties: [
                                               "CFBundleDisplayName": ["$(APP_DISPLAY_NAME)"],
                                               "CFBundleShortVersionString": ["$(MARKETING_VERSION)"],
                                               "UIBackgroundModes": ["audio", "fetch", "processing", "voip", "location"],
                                               "BGTaskSchedulerPermittedIdentifiers": ["io.element.elementx.background.refresh"],
                                               "appGroupIdentifier": ["$(APP_GROUP_IDENTIFIER)"],
                                               "baseBundleIdentifier": ["$(BASE_BUNDLE_IDENTIFIER)"],
                                           ]))
        #expect(app.entitlements == [EntitlementsFile(path: "ElementX/SupportingFiles/ElementX.entitlements", rawValue: "ElementX.entitlements",
                                                      configurations: ["Debug", "Release"], exists: true,
                                                      regeneratedFrom: "ElementX/SupportingFiles/target.yml", specProperties: [
                                                          "aps-environment": ["development"],
                                                          "com.apple.security.application-groups": ["$(APP_GROUP_IDENTIFIER)"],
                                                      ])])
        #expect(app.sourceFolder == "ElementX/Sources")
        #expect(report.otherTargets.map(\.name) == ["NSE", "UnitTests"])
        // Registered through a setting defined in another file (AppSettings.swift), resolved across files.
        #expect(report.registeredIdentifiers.contains(RegisteredIdentifier(
            identifier: "io.element.elementx.background.refresh", kind: .task,
            file: "ElementX/Sources/Application/AppCoordinator.swift", line: 7, constant: "backgroundAppRefreshTaskIdentifier",
            taskKind: .refresh, request: "BGAppRefreshTaskRequest at ElementX/Sources/Application/AppCoordinator.swift:16")))
        #expect(report.warnings == [
            .generatedProject(path: "ElementX.xcodeproj", generator: "XcodeGen", spec: "project.yml"),
            .regeneratedFile(path: "ElementX/SupportingFiles/ElementX.entitlements", spec: "ElementX/SupportingFiles/target.yml", generator: "XcodeGen"),
            .regeneratedFile(path: "ElementX/SupportingFiles/Info.plist", spec: "ElementX/SupportingFiles/target.yml", generator: "XcodeGen"),
        ])
        #expect(report.existingCode.allSatisfy { $0.targets == ["ElementX"] })
    }

    @Test func tuistManifestsGiveTwoAppTargetsAndTheCallerMustChoose() throws {
        let report = try detect("Tuist")
        #expect(report.kind == .tuist)
        #expect(report.projectFiles == ["Projects/App/Project.swift", "Projects/hCore/Project.swift"])
        #expect(report.appTargets.map(\.name) == ["Hedvig", "Ugglan"])
        let ugglan = try #require(report.appTarget(named: "Ugglan"))
        #expect(ugglan.bundleIdentifier?.resolved == "com.hedvigForsakring.test.app")
        #expect(ugglan.deploymentTarget == "16.0")
        #expect(ugglan.swiftVersion == "6.0")
        #expect(ugglan.infoPlist == InfoPlist(path: "Projects/App/Config/Test/Info.plist", isGenerated: false, exists: true))
        #expect(ugglan.entitlements.map(\.path) == ["Projects/App/Config/Test/Ugglan.entitlements"])
        #expect(ugglan.sourceFolder == "Projects/App/Sources")
        let hedvig = try #require(report.appTarget(named: "Hedvig"))
        #expect(hedvig.infoPlist.path == "Projects/App/Config/Production/Info.plist")
        #expect(hedvig.entitlements.map(\.path) == ["Projects/App/Config/Production/Hedvig.entitlements"])
        #expect(report.otherTargets.map(\.name) == ["AppTests", "NotificationService", "NotificationServiceProd"])
        #expect(report.warnings == [
            .unreadableSpec(file: "Projects/hCore/Project.swift", reason: "no literal .target(…) calls, perhaps built by a helper function"),
            .generatorNotRun(command: "tuist dump project"),
            .multipleAppTargets(["Hedvig", "Ugglan"]),
        ].sorted())
    }

    @Test func aSwiftPackageReportsItsIOSVersionAndNoAppTarget() throws {
        let report = try detect("SwiftPackage")
        #expect(report.kind == .swiftPackage)
        #expect(report.appTargets.isEmpty)
        #expect(report.packageDeploymentTarget == "16.4")
        #expect(report.warnings.isEmpty)
    }

    /// Detection and patching together: every file detection offers takes the edits `bggen init` makes, gaining
    /// lines and losing none, and a file an extension shares is the caller's question, not the patcher's.
    @Test func everyDetectedFileTakesTheEditsWithAdditionsOnly() throws {
        var patched: [String] = []
        for fixture in ["NetNewsWire", "DuckDuckGo", "HomeAssistant", "NotificationService", "RegisteredIdentifiers", "Tuist", "XcodeGen"] {
            let report = try detect(fixture)
            for app in report.appTargets {
                let identifiers = report.registeredIdentifiers.filter { $0.kind == .task }.map(\.identifier)
                    + ["\(app.bundleIdentifier?.resolved ?? "com.example").refresh"]
                var files: [(String, [PlistPatcher.Edit])] = []
                if let path = app.infoPlist.path, app.infoPlist.exists {
                    files.append((path, [.addStrings(key: BackgroundModes.permittedIdentifiersKey, values: identifiers),
                                         .addStrings(key: BackgroundModes.key, values: ["fetch", "remote-notification"])]))
                }
                for entitlements in app.entitlements where entitlements.exists && !entitlements.sharedWithExtension {
                    files.append((entitlements.path, [.addString(key: "aps-environment", value: "development")]))
                }
                for (path, edits) in files {
                    let old = try String(contentsOf: fixtures.appendingPathComponent("\(fixture)/\(path)"), encoding: .utf8)
                    let result = try PlistPatcher().patch(old, path: path, edits: edits)
                    var remaining = result.text.split(separator: "\n", omittingEmptySubsequences: false)[...]
                    for line in old.split(separator: "\n", omittingEmptySubsequences: false) {
                        guard let index = remaining.firstIndex(of: line) else {
                            Issue.record("\(fixture)/\(path) lost the line '\(line)'")
                            break
                        }
                        remaining = remaining[(index + 1)...]
                    }
                    if result.hasChanges { patched.append("\(fixture)/\(path)") }
                }
            }
        }
        #expect(patched == [
            "NetNewsWire/iOS/Resources/Info.plist",
            "DuckDuckGo/DuckDuckGo/Info.plist",
            "DuckDuckGo/DuckDuckGo/DuckDuckGo.entitlements",
            "DuckDuckGo/DuckDuckGo/DuckDuckGoAlpha Debug.entitlements",
            "DuckDuckGo/DuckDuckGo/DuckDuckGoAlpha.entitlements",
            "HomeAssistant/Sources/App/Resources/Info.plist",
            "NotificationService/Mastodon/Info.plist",
            "RegisteredIdentifiers/Legacy/Info.plist",
            "Tuist/Projects/App/Config/Production/Info.plist",
            "Tuist/Projects/App/Config/Test/Info.plist",
            "XcodeGen/ElementX/SupportingFiles/Info.plist",
        ])
    }

    @Test func detectionIsDeterministic() throws {
        for fixture in ["NetNewsWire", "DuckDuckGo", "HomeAssistant", "XcodeGen", "Tuist"] {
            #expect(try detect(fixture) == detect(fixture))
        }
    }
}
