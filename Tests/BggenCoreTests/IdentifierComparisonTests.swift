@testable import BggenCore
import Foundation
import Testing

/// Identifiers and paths expand with the target's build settings before anything is compared.
@Suite("Identifier comparison after expansion")
struct IdentifierComparisonTests {
    private func target(_ settings: [String: String], configuration: String = "Release") -> AppTarget {
        var target = AppTarget(name: "Talk", definedIn: "Talk.xcodeproj", bundleIdentifier: nil, deploymentTarget: nil, swiftVersion: nil,
                               defaultActorIsolation: nil, infoPlist: InfoPlist(path: nil, isGenerated: true, exists: false),
                               entitlements: [], sourceFolder: nil, outputFolder: "Talk")
        let layer = settings.keys.sorted().map { SettingAssignment(qualifiedKey: $0, value: settings[$0]!) }
        target.buildSettings = [configuration: BuildSettings(layers: [layer], configuration: configuration, targetName: "Talk", projectName: "Talk")]
        return target
    }

    @Test func bothVariableSpellingsAndOperatorsExpand() {
        let talk = target(["PRODUCT_BUNDLE_IDENTIFIER": "com.example.Talk", "PRODUCT_NAME": "Talk Pro"])
        #expect(talk.compare("$(PRODUCT_BUNDLE_IDENTIFIER).refresh", with: "com.example.Talk.refresh") == .equal)
        #expect(talk.compare("${PRODUCT_BUNDLE_IDENTIFIER}.refresh", with: "com.example.Talk.refresh") == .equal)
        #expect(talk.compare("com.example.$(PRODUCT_NAME:rfc1034identifier).sync", with: "com.example.Talk-Pro.sync") == .equal)
        #expect(talk.compare("$(PRODUCT_BUNDLE_IDENTIFIER).processing", with: "com.example.Talk.refresh") == .different)
    }

    @Test func anUndefinedVariableOrAnUnknownOperatorIsUnresolvedNeverDifferent() {
        let talk = target(["PRODUCT_BUNDLE_IDENTIFIER": "com.example.Talk"])
        #expect(talk.compare("$(TEAM_PREFIX).refresh", with: "com.example.Talk.refresh")
            == .unresolved(written: "$(TEAM_PREFIX).refresh", variables: ["TEAM_PREFIX"]))
        #expect(talk.compare("$(PRODUCT_BUNDLE_IDENTIFIER:base).refresh", with: "com.example.Talk.refresh")
            == .unresolved(written: "$(PRODUCT_BUNDLE_IDENTIFIER:base).refresh", variables: ["PRODUCT_BUNDLE_IDENTIFIER:base"]))
        // The known part already tells them apart.
        #expect(talk.compare("$(TEAM_PREFIX).processing", with: "com.example.Talk.refresh") == .different)
    }

    /// Two undefined variables side by side (`**` once each is `*`) stand for any text, as one does: the glob
    /// looked for an empty text between them, which Foundation never finds, so the entry permitted nothing.
    @Test func twoUndefinedVariablesSideBySideStandForAnyText() {
        let talk = target(["PRODUCT_BUNDLE_IDENTIFIER": "com.example.Talk"])
        #expect(talk.compare("$(TEAM_PREFIX)$(APP_NAME).refresh", with: "com.example.Talk.refresh")
            == .unresolved(written: "$(TEAM_PREFIX)$(APP_NAME).refresh", variables: ["TEAM_PREFIX", "APP_NAME"]))
        let permitted = PermittedIdentifiers(entries: ["$(TEAM_PREFIX)$(APP_NAME).refresh", "$(A).x$(B)$(C).y.$(D)"], target: talk)
        #expect(permitted.permits("com.example.Talk.refresh", continued: false))
        #expect(permitted.permits("com.xz.y.sync", continued: false))
        #expect(!permitted.permits("com.y.x.sync", continued: false))
    }

    @Test func xcodeBuiltInSettingsResolveInPaths() {
        let settings = BuildSettings(layers: [[SettingAssignment(qualifiedKey: "CODE_SIGN_ENTITLEMENTS", value: "${PROJECT}/Resources/$(TARGET_NAME)-$(CONFIGURATION).entitlements")]],
                                     configuration: "Debug", targetName: "Exposure", projectName: "ExposureApp")
        #expect(settings.path("CODE_SIGN_ENTITLEMENTS", projectDirectory: "")?.path == "ExposureApp/Resources/Exposure-Debug.entitlements")
    }

    /// Only a new UUID that is the whole identifier can never be permitted; one with a prefix may be, under a wildcard.
    @Test func aNewUUIDIsCertainlyRefusedOnlyWhenItIsTheWholeIdentifier() {
        for whole in ["UUID().uuidString", "UUID ( ).uuidString", "NSUUID().uuidString", "UUID().uuidString.lowercased()",
                      "[[NSUUID UUID] UUIDString]", "[NSUUID UUID].UUIDString", "[[[NSUUID alloc] init] UUIDString]"] {
            #expect(TaskIdentifierText.isFreshUUID(whole), "\(whole)")
        }
        for part in [#""com.example.app.export.\(UUID().uuidString)""#, "prefix + UUID().uuidString", "UUID().uuidString.prefix(8)",
                     "uuid", "job.uuidString", "UUID().uuidString.lowercased().appending(\".x\")"] {
            #expect(!TaskIdentifierText.isFreshUUID(part), "\(part)")
        }
    }
}
