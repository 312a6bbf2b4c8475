import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// The app's own Info.plists and entitlements, wherever the build settings put them and however they are written.
@Suite("Existing app files: entitlements paths, per-configuration and preprocessed Info.plists")
struct ExistingAppFilesTests {
    @Test func anEntitlementsPathThroughProjectResolvesAndGetsPush() throws {
        let repo = try Fixtures.copy("EntitlementsFromProjectVariable")
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let all = run.stdout + run.stderr
        #expect(run.stdout.contains("Entitlements: Exposure/Resources/App.entitlements (Debug, Release)"), "\(run.stdout)")
        #expect(!all.contains("no entitlements file"), "\(all)")
        #expect(!all.contains("CODE_SIGN_ENTITLEMENTS = bggen"), "\(all)")
        let path = "Exposure/Resources/App.entitlements"
        let entitlements = try plist(try #require(try repo.files()[path]))
        #expect(entitlements["aps-environment"] as? String == "development")
        #expect(entitlements["com.apple.developer.exposure-notification"] as? Bool == true)
        #expect(changedLines(original[path]!, try repo.files()[path]!).removed.isEmpty)
    }

    @Test func anEntitlementsPathThatCannotBeResolvedIsUnreadableNotMissing() throws {
        let repo = try Fixtures.copy("EntitlementsFromProjectVariable")
        let project = "Exposure.xcodeproj/project.pbxproj"
        let text = try #require(try repo.files()[project])
        try repo.write(text.replacingOccurrences(of: "${PROJECT}/Resources", with: "$(EXPOSURE_CONFIG_ROOT)/Resources"), to: project)
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let all = run.stdout + run.stderr
        #expect(!all.contains("no entitlements file"), "\(all)")
        #expect(!all.contains("CODE_SIGN_ENTITLEMENTS = bggen"), "\(all)")
        #expect(run.stderr.contains("Exposure's CODE_SIGN_ENTITLEMENTS is $(EXPOSURE_CONFIG_ROOT)/Resources/App.entitlements, which bggen could not read (nothing in the repository defines $(EXPOSURE_CONFIG_ROOT))"), "\(run.stderr)")
        #expect(try repo.files()["Exposure/Resources/App.entitlements"] == original["Exposure/Resources/App.entitlements"])
    }

    /// The fragment is bggen's, rewritten on every run: signing with it would lose the capabilities Xcode adds later.
    @Test func aTargetWithoutEntitlementsIsToldToAddTheCapabilityNotToSignWithTheFragment() throws {
        let repo = try Fixtures.copy("EntitlementsFromProjectVariable")
        let project = "Exposure.xcodeproj/project.pbxproj"
        let text = try #require(try repo.files()[project])
        let without = text.replacingOccurrences(of: #"CODE_SIGN_ENTITLEMENTS = "[^"]*"; "#, with: "", options: .regularExpression)
        try #require(!without.contains("CODE_SIGN_ENTITLEMENTS"))
        try repo.write(without, to: project)
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let all = run.stdout + run.stderr + (try repo.nextSteps())
        #expect(all.contains("Exposure has no entitlements file: add the Push Notifications capability in Xcode (Signing & Capabilities), which creates Exposure.entitlements with aps-environment = development"), "\(all)")
        #expect(!all.contains("CODE_SIGN_ENTITLEMENTS = bggen"), "\(all)")
    }

    @Test func theFragmentKeepsTheProductionEnvironmentTheAppKeeps() throws {
        let repo = try Fixtures.copy("EntitlementsFromProjectVariable")
        let path = "Exposure/Resources/App.entitlements"
        let text = try #require(try repo.files()[path])
        try repo.write(text.replacingOccurrences(of: "</dict>", with: "\t<key>aps-environment</key>\n\t<string>production</string>\n</dict>"), to: path)
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "silent-push"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("aps-environment is already 'production'; bggen keeps it"), "\(run.stderr)")
        let fragment = try plist(try #require(try repo.files()["bggen/Entitlements.fragment.plist"]))
        #expect(fragment["aps-environment"] as? String == "production")
    }

    @Test func everyConfigurationsInfoPlistGetsTheKeys() throws {
        let repo = try Fixtures.copy("PerConfigurationPlists")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh"]
        let run = try BinaryRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let files = try repo.files()
        for path in ["Wallet/Info.plist", "Wallet/Info_Debug.plist", "Wallet/Info_Testflight.plist"] {
            let patched = try plist(try #require(files[path]))
            #expect(patched["BGTaskSchedulerPermittedIdentifiers"] as? [String] == ["com.example.wallet.refresh"], "\(path)")
            #expect(patched["UIBackgroundModes"] as? [String] == ["fetch"], "\(path)")
            #expect(changedLines(original[path]!, files[path]!).removed.isEmpty)
        }
        let writtenSteps = try repo.nextSteps()
        #expect(writtenSteps.contains("Wallet's configurations use several Info.plists, and bggen added the keys to each that lacked them: Wallet/Info.plist (Release), Wallet/Info_Debug.plist (Debug), Wallet/Info_Testflight.plist (Testflight)"), "\(writtenSteps)")

        let again = try BinaryRunner.run(arguments, in: repo.url)
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
        #expect(try repo.files() == files)
    }

    @Test func aPreprocessedInfoPlistIsPatchedAroundItsDirectives() throws {
        let repo = try Fixtures.copy("PreprocessedInfoPlist")
        let original = try repo.files()
        let arguments = ["init", "--yes", "--tasks", "refresh,processing"]
        let run = try BinaryRunner.run(arguments, in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        let path = "Radio/Info.plist"
        let patched = try #require(try repo.files()[path])
        let change = changedLines(original[path]!, patched)
        #expect(change.removed.isEmpty)
        #expect(!change.added.contains { $0.hasPrefix("#") })
        let directives = patched.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(directives == ["#ifndef APPSTORE", "#else", "#endif"])
        // What Xcode sees after preprocessing: the keys are there whichever branch is taken.
        let values = try plist(patched.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }.joined(separator: "\n").replacingOccurrences(of: "<key>RadioDebugMenu</key>\n\t<false/>\n", with: ""))
        #expect(values["UIBackgroundModes"] as? [String] == ["audio", "fetch", "processing"])
        #expect(values["BGTaskSchedulerPermittedIdentifiers"] as? [String] == ["org.example.radio.refresh", "org.example.radio.processing"])
        let again = try BinaryRunner.run(arguments, in: repo.url)
        #expect(again.stdout.contains("Nothing to change"), "\(again.stdout)")
    }

    @Test func anAdditionInsideAConditionalBlockIsPrintedAndTheRunCarriesOn() throws {
        let repo = try Fixtures.copy("PreprocessedInfoPlist")
        let path = "Radio/Info.plist"
        let text = try #require(try repo.files()[path])
        try repo.write(text.replacingOccurrences(of: "\t<key>UIBackgroundModes</key>", with: "#ifdef RADIO_BACKGROUND_AUDIO\n\t<key>UIBackgroundModes</key>")
            .replacingOccurrences(of: "\t</array>\n</dict>", with: "\t</array>\n#endif\n</dict>"), to: path)
        let original = try repo.files()
        let run = try BinaryRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try repo.files()[path] == original[path], "the file is left as it was")
        #expect(run.stderr.contains("Radio/Info.plist: it has preprocessor lines (#ifdef … #endif) where bggen's additions would go, so bggen left it alone; add outside any #if block: BGTaskSchedulerPermittedIdentifiers: org.example.radio.refresh; UIBackgroundModes: fetch."), "\(run.stderr)")
        #expect(try repo.files()["Radio/BackgroundProcessing/AppRefreshWork.swift"] != nil, "the rest is still written")
    }
}
