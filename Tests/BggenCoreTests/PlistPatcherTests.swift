@testable import BggenCore
import Foundation
import Testing

private let realWorld = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/RealWorldPlists")

private func realFile(_ name: String) throws -> String {
    try String(contentsOf: realWorld.appendingPathComponent(name), encoding: .utf8)
}

private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

/// The lines a unified diff adds and removes, without headers and context.
private func changes(_ old: String, _ new: String) -> (added: [String], removed: [String]) {
    let diff = UnifiedDiff.make(old: old, new: new, oldLabel: "old", newLabel: "new", context: 0)
    let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
    return (lines.filter { $0.hasPrefix("+") }.map { String($0.dropFirst()) },
            lines.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) })
}

private func parsed(_ text: String) throws -> [String: Any] {
    let object = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
    return try #require(object as? [String: Any])
}

/// What `bggen init` asks for with every task kind chosen.
private func backgroundEdits(ids: [String]) -> [PlistPatcher.Edit] {
    [.addStrings(key: "BGTaskSchedulerPermittedIdentifiers", values: ids),
     .addStrings(key: "UIBackgroundModes", values: ["fetch", "processing", "remote-notification"])]
}

private let apsDevelopment: [PlistPatcher.Edit] = [.addString(key: "aps-environment", value: "development")]

/// Patches, then checks the properties every patch must have: only added lines, a result Foundation reads,
/// and nothing left to do on a second run.
private func patchChecked(_ text: String, _ edits: [PlistPatcher.Edit], path: String = "Info.plist",
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> PlistPatchResult {
    let result = try PlistPatcher().patch(text, path: path, edits: edits)
    #expect(changes(text, result.text).removed.isEmpty, "the diff removes lines", sourceLocation: sourceLocation)
    _ = try parsed(result.text)
    let again = try PlistPatcher().patch(result.text, path: path, edits: edits)
    #expect(again.text == result.text, sourceLocation: sourceLocation)
    #expect(again.additions.isEmpty, sourceLocation: sourceLocation)
    return result
}

@Suite("Plist patcher: real-world files")
struct PlistPatcherRealWorldTests {
    @Test func netNewsWireGainsOnlyTheNewIdentifier() throws {
        let text = try realFile("NetNewsWire-Info.plist")
        let result = try patchChecked(text, backgroundEdits(ids: ["com.ranchero.NetNewsWire.FeedRefresh", "com.ranchero.NetNewsWire.iOS.processing"]))
        #expect(changes(text, result.text).added == ["\t\t<string>com.ranchero.NetNewsWire.iOS.processing</string>"])
        #expect(result.text.contains("""
            \t\t<string>com.ranchero.NetNewsWire.FeedRefresh</string>
            \t\t<string>com.ranchero.NetNewsWire.iOS.processing</string>
            \t</array>
            \t<key>CFBundleDevelopmentRegion</key>
            """))
        #expect(result.additions == [PlistAddition(key: "BGTaskSchedulerPermittedIdentifiers", value: "com.ranchero.NetNewsWire.iOS.processing")])
        #expect(result.warnings == [
            .alreadyPresent(key: "BGTaskSchedulerPermittedIdentifiers", value: "com.ranchero.NetNewsWire.FeedRefresh"),
            .alreadyPresent(key: "UIBackgroundModes", value: "fetch"),
            .alreadyPresent(key: "UIBackgroundModes", value: "processing"),
            .alreadyPresent(key: "UIBackgroundModes", value: "remote-notification"),
        ])
        let ids = try #require(try parsed(result.text)["BGTaskSchedulerPermittedIdentifiers"] as? [Any])
        #expect(ids.compactMap { $0 as? String } == ["com.ranchero.NetNewsWire.FeedRefresh", "com.ranchero.NetNewsWire.iOS.processing"])
    }

    @Test func netNewsWireProductionApsEnvironmentIsKept() throws {
        let text = try realFile("NetNewsWire.entitlements")
        let result = try patchChecked(text, apsDevelopment, path: "NetNewsWire.entitlements")
        #expect(result.text == text)
        #expect(!result.hasChanges)
        #expect(result.warnings == [.existingValueKept(key: "aps-environment", existing: "Production", proposed: "development")])
    }

    @Test func duckDuckGoGainsAnIdentifierAndTheRemoteNotificationMode() throws {
        let text = try realFile("DuckDuckGo-Info.plist")
        let result = try patchChecked(text, backgroundEdits(ids: ["com.duckduckgo.app.refresh"]))
        #expect(changes(text, result.text).added == [
            "\t\t<string>com.duckduckgo.app.refresh</string>",
            "\t\t<string>remote-notification</string>",
        ])
        #expect(result.text.contains("""
            \t\t<string>com.duckduckgo.app.maliciousSiteProtectionFilterSetRefresh</string>
            \t\t<string>com.duckduckgo.app.refresh</string>
            \t</array>
            """))
        #expect(result.text.contains("""
            \t\t<string>processing</string>
            \t\t<string>remote-notification</string>
            \t</array>
            \t<key>UIFileSharingEnabled</key>
            """))
        // The hand-ordered keys stay where they were.
        #expect(result.text.hasPrefix(String(text.prefix(upTo: text.range(of: "com.duckduckgo.app.maliciousSiteProtectionFilterSetRefresh")!.upperBound))))
    }

    @Test func duckDuckGoEntitlementsWithASpaceInTheNameGainApsEnvironmentAtTheEnd() throws {
        let text = try realFile("DuckDuckGoAlpha Debug.entitlements")
        let result = try patchChecked(text, apsDevelopment, path: "DuckDuckGo/DuckDuckGoAlpha Debug.entitlements")
        #expect(changes(text, result.text).added == ["\t<key>aps-environment</key>", "\t<string>development</string>"])
        #expect(result.text.hasSuffix("""
            \t\t<string>$(AppIdentifierPrefix)$(VAULT_APP_GROUP)</string>
            \t</array>
            \t<key>aps-environment</key>
            \t<string>development</string>
            </dict>
            </plist>

            """))
    }

    @Test func homeAssistantKeepsCurlyVariablesAndGainsProcessing() throws {
        let text = try realFile("HomeAssistant-Info.plist")
        let result = try patchChecked(text, backgroundEdits(ids: ["io.robbie.homeassistant.backgroundfetch", "io.robbie.HomeAssistant.processing"]))
        #expect(changes(text, result.text).added == [
            "\t\t<string>io.robbie.HomeAssistant.processing</string>",
            "\t\t<string>processing</string>",
        ])
        #expect(result.text.contains("<string>${ENV_URL_HANDLER}</string>"))
        #expect(result.text.contains("""
            \t\t<string>audio</string>
            \t\t<string>processing</string>
            \t</array>
            """))
        #expect(result.warnings.contains(.alreadyPresent(key: "BGTaskSchedulerPermittedIdentifiers", value: "io.robbie.homeassistant.backgroundfetch")))
    }

    @Test func homeAssistantEntitlementsAlreadyHaveDevelopment() throws {
        let text = try realFile("HomeAssistant-App-ios.entitlements")
        let result = try patchChecked(text, apsDevelopment, path: "App-ios.entitlements")
        #expect(result.text == text)
        #expect(result.warnings == [.alreadyPresent(key: "aps-environment", value: "development")])
    }
}

@Suite("Plist patcher: layout and edge cases")
struct PlistPatcherTests {
    @Test func anEmptyRootDictionaryIsOpenedWithTabs() throws {
        let text = header + "<dict/>\n</plist>\n"
        let result = try PlistPatcher().patch(text, path: "Info.plist", edits: backgroundEdits(ids: ["com.example.app.refresh"]))
        #expect(result.text == header + """
            <dict>
            \t<key>BGTaskSchedulerPermittedIdentifiers</key>
            \t<array>
            \t\t<string>com.example.app.refresh</string>
            \t</array>
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>fetch</string>
            \t\t<string>processing</string>
            \t\t<string>remote-notification</string>
            \t</array>
            </dict>
            </plist>

            """)
        #expect(result.additions.count == 4)
        let again = try PlistPatcher().patch(result.text, path: "Info.plist", edits: backgroundEdits(ids: ["com.example.app.refresh"]))
        #expect(again.text == result.text)
    }

    @Test func anEmptyArrayIsExpandedInPlace() throws {
        let text = header + "<dict>\n\t<key>UIBackgroundModes</key>\n\t<array/>\n\t<key>Other</key>\n\t<true/>\n</dict>\n</plist>\n"
        let result = try PlistPatcher().patch(text, path: "Info.plist", edits: [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        #expect(result.text == header + "<dict>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>fetch</string>\n\t</array>\n\t<key>Other</key>\n\t<true/>\n</dict>\n</plist>\n")
        _ = try parsed(result.text)
    }

    @Test func aMissingKeyIsCreatedLastWithTheFilesFourSpaceIndentation() throws {
        let text = header + """
            <dict>
                <key>com.apple.security.app-sandbox</key>
                <true/>
                <key>com.apple.security.application-groups</key>
                <array>
                    <string>group.example</string>
                </array>
            </dict>
            </plist>

            """
        let result = try patchChecked(text, apsDevelopment + [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        #expect(changes(text, result.text).added == [
            "    <key>aps-environment</key>",
            "    <string>development</string>",
            "    <key>UIBackgroundModes</key>",
            "    <array>",
            "        <string>fetch</string>",
            "    </array>",
        ])
    }

    @Test func twoSpaceIndentationIsDetectedFromNestedValues() throws {
        let text = header + "<dict>\n  <key>A</key>\n  <array>\n    <string>x</string>\n  </array>\n</dict>\n</plist>\n"
        let result = try patchChecked(text, [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        #expect(changes(text, result.text).added == ["  <key>UIBackgroundModes</key>", "  <array>", "    <string>fetch</string>", "  </array>"])
    }

    @Test func crlfLineEndingsAreKept() throws {
        let text = (header + "<dict>\n\t<key>A</key>\n\t<string>b</string>\n</dict>\n</plist>\n").replacingOccurrences(of: "\n", with: "\r\n")
        let result = try patchChecked(text, apsDevelopment)
        #expect(result.text.contains("\t<key>aps-environment</key>\r\n\t<string>development</string>\r\n</dict>\r\n"))
        #expect(!result.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func commentsStayAndACommentedOutKeyDoesNotCount() throws {
        let text = header + """
            <dict>
            \t<!-- Push is configured per configuration. -->
            \t<!-- <key>aps-environment</key><string>production</string> -->
            \t<key>com.apple.developer.healthkit</key>
            \t<true/>
            </dict>
            </plist>

            """
        let result = try patchChecked(text, apsDevelopment)
        #expect(changes(text, result.text).added == ["\t<key>aps-environment</key>", "\t<string>development</string>"])
        #expect(result.text.contains("<!-- <key>aps-environment</key><string>production</string> -->"))
    }

    @Test func aOneLineArrayStaysOnOneLine() throws {
        let text = header + "<dict>\n\t<key>UIBackgroundModes</key>\n\t<array><string>audio</string></array>\n</dict>\n</plist>\n"
        let result = try PlistPatcher().patch(text, path: "Info.plist", edits: [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        #expect(result.text.contains("\t<array><string>audio</string><string>fetch</string></array>\n"))
    }

    @Test func valuesAreEscaped() throws {
        let result = try patchChecked(header + "<dict>\n</dict>\n</plist>\n", [.addString(key: "Note", value: "a & b <c>")])
        #expect(result.text.contains("<string>a &amp; b &lt;c&gt;</string>"))
        #expect(try parsed(result.text)["Note"] as? String == "a & b <c>")
    }

    @Test func aTrueEntitlementIsAddedOnlyWhenAbsent() throws {
        let gpu: [PlistPatcher.Edit] = [.addTrue(key: BackgroundModes.gpuEntitlementKey)]
        let empty = header + "<dict>\n\t<key>aps-environment</key>\n\t<string>production</string>\n</dict>\n</plist>\n"
        let result = try patchChecked(empty, gpu, path: "App.entitlements")
        #expect(changes(empty, result.text).added == ["\t<key>\(BackgroundModes.gpuEntitlementKey)</key>", "\t<true/>"])
        #expect(try parsed(result.text)[BackgroundModes.gpuEntitlementKey] as? Bool == true)
        let off = header + "<dict>\n\t<key>\(BackgroundModes.gpuEntitlementKey)</key>\n\t<false/>\n</dict>\n</plist>\n"
        let kept = try PlistPatcher().patch(off, path: "App.entitlements", edits: gpu)
        #expect(kept.text == off)
        #expect(kept.warnings == [.existingValueKept(key: BackgroundModes.gpuEntitlementKey, existing: "<false>", proposed: "true")])
    }

    @Test func oddBackgroundModesAreWarnedAboutButKept() throws {
        let text = header + """
            <dict>
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>fetch</string>
            \t\t<string>com.headydiscy.KeepTrack.refreshReminders</string>
            \t\t<string>background-app-refresh</string>
            \t</array>
            </dict>
            </plist>

            """
        let result = try patchChecked(text, [.addStrings(key: "UIBackgroundModes", values: ["fetch", "processing"])])
        #expect(result.warnings == [
            .identifierInBackgroundModes("com.headydiscy.KeepTrack.refreshReminders"),
            .unknownBackgroundMode("background-app-refresh"),
            .alreadyPresent(key: "UIBackgroundModes", value: "fetch"),
        ])
        #expect(changes(text, result.text).added == ["\t\t<string>processing</string>"])
        #expect(result.text.contains("background-app-refresh"))
    }

    @Test func theWarningsHaveOneSentenceWithAFix() {
        let warning = PlistWarning.identifierInBackgroundModes("com.example.refresh")
        #expect(warning.description.contains("BGTaskSchedulerPermittedIdentifiers"))
        #expect(PlistWarning.existingValueKept(key: "aps-environment", existing: "Production", proposed: "development")
            .description.contains("keeps"))
    }

    @Test func binaryPropertyListsAreRefusedUnlessConversionIsAllowed() throws {
        let binary = try PropertyListSerialization.data(fromPropertyList: ["UIBackgroundModes": ["audio"]], format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist00".utf8)))
        #expect(throws: PlistPatchError.binaryPropertyList(path: "App/Info.plist")) {
            try PlistPatcher().patch(binary, path: "App/Info.plist", edits: [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        }
        let result = try PlistPatcher(allowsBinaryConversion: true)
            .patch(binary, path: "App/Info.plist", edits: [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        #expect(result.convertedFromBinary)
        #expect(result.text.hasPrefix("<?xml"))
        let modes = try #require(try parsed(result.text)["UIBackgroundModes"] as? [Any])
        #expect(modes.compactMap { $0 as? String } == ["audio", "fetch"])
    }

    @Test func anUnclosedArrayIsReportedWithItsLine() {
        let text = header + "<dict>\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>fetch</string>\n</dict>\n</plist>\n"
        #expect(throws: PlistPatchError.malformed(path: "App/Info.plist", line: 8, reason: "</dict> closes <array> opened on line 6")) {
            try PlistPatcher().patch(text, path: "App/Info.plist", edits: apsDevelopment)
        }
    }

    @Test func aKeyWithoutAValueIsReportedWithItsLine() throws {
        let text = header + "<dict>\n\t<key>A</key>\n\t<key>B</key>\n\t<true/>\n</dict>\n</plist>\n"
        let error = try #require(throws: PlistPatchError.self) {
            try PlistPatcher().patch(text, path: "Info.plist", edits: apsDevelopment)
        }
        guard case .malformed(let path, let line, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == "Info.plist")
        #expect(line == 6)
        #expect(error.description.hasPrefix("'Info.plist' line 6 is not a valid property list"))
    }

    @Test func textOutsideValuesIsReportedWithItsLine() throws {
        let text = header + "<dict>\n\t<key>A</key>\n\tstray\n\t<true/>\n</dict>\n</plist>\n"
        let error = try #require(throws: PlistPatchError.self) {
            try PlistPatcher().patch(text, path: "Info.plist", edits: apsDevelopment)
        }
        #expect(error == .malformed(path: "Info.plist", line: 6, reason: "text directly inside <dict>"))
    }

    @Test func anArrayAtTheTopLevelIsRefused() {
        let text = header + "<array>\n\t<string>com.example.task</string>\n</array>\n</plist>"
        #expect(throws: PlistPatchError.rootIsNotDictionary(path: "BackgroundTasks.plist", found: "an array")) {
            try PlistPatcher().patch(text, path: "BackgroundTasks.plist", edits: apsDevelopment)
        }
    }

    @Test func aKeyOfTheWrongTypeIsAnErrorNamingTheLine() {
        let text = header + "<dict>\n\t<key>UIBackgroundModes</key>\n\t<string>fetch</string>\n</dict>\n</plist>\n"
        #expect(throws: PlistPatchError.unexpectedValueType(path: "Info.plist", key: "UIBackgroundModes", line: 6,
                                                            expected: "an array of strings", found: "<string>")) {
            try PlistPatcher().patch(text, path: "Info.plist", edits: [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        }
    }

    @Test func noEditsAndNothingMissingLeaveTheTextIdentical() throws {
        let text = header + "<dict>\n\t<key>A</key>\n\t<string>b</string>\n</dict>\n</plist>" // no final newline
        let result = try PlistPatcher().patch(text, path: "Info.plist", edits: [])
        #expect(result.text == text)
        #expect(!result.hasChanges)
    }

    @Test func aFileWithoutAFinalNewlineStillGainsOnlyLines() throws {
        let text = header + "<dict>\n    <key>A</key>\n    <string>b</string>\n</dict>\n</plist> "
        let result = try patchChecked(text, apsDevelopment)
        #expect(result.text.hasSuffix("    <string>development</string>\n</dict>\n</plist> "))
    }
}

/// `INFOPLIST_PREPROCESS = YES` files: directive lines between the XML are kept, additions go outside every
/// conditional block.
@Suite("Patching preprocessed Info.plists")
struct PreprocessedPlistPatchTests {
    private let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"

    @Test func anArrayWhoseLastItemIsConditionalGetsTheValueAfterTheBlock() throws {
        let text = head + "\t<key>UIBackgroundModes</key>\n\t<array>\n#ifdef DEBUG\n\t\t<string>audio</string>\n#endif\n\t</array>\n</dict>\n</plist>\n"
        let result = try PlistPatcher().patch(text, path: "Info.plist", edits: [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        #expect(result.text == head + "\t<key>UIBackgroundModes</key>\n\t<array>\n#ifdef DEBUG\n\t\t<string>audio</string>\n#endif\n\t\t<string>fetch</string>\n\t</array>\n</dict>\n</plist>\n")
        #expect(result.additions == [PlistAddition(key: "UIBackgroundModes", value: "fetch")])
    }

    @Test func anAdditionThatWouldLandInsideABlockLeavesTheFileAlone() throws {
        let text = head + "#ifndef APPSTORE\n\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>audio</string>\n\t</array>\n#endif\n</dict>\n</plist>\n"
        let result = try PlistPatcher().patch(text, path: "Info.plist", edits: [.addStrings(key: "UIBackgroundModes", values: ["fetch"])])
        #expect(result.text == text)
        #expect(!result.hasChanges)
        #expect(result.warnings == [.preprocessedNotPatched([PlistAddition(key: "UIBackgroundModes", value: "fetch")])])
    }
}
