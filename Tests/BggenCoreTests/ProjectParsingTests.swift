@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// A one-target project in the compact form Xcode also reads, for settings and error cases the fixtures do not cover.
private func miniProject(debug: [String: String], release: [String: String], project: [String: String] = ["SDKROOT": "iphoneos"],
                         targetXcconfig: String? = nil, exceptions: [String] = []) -> String {
    func settings(_ values: [String: String]) -> String {
        values.keys.sorted().map { "\"\($0)\" = \"\(values[$0]!)\"; " }.joined()
    }
    let base = targetXcconfig == nil ? "" : "baseConfigurationReference = XCFG; "
    let exceptionList = exceptions.isEmpty ? "" : "exceptions = (EXC, ); "
    return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 77;
        \tobjects = {
        \t\tROOT /* Project object */ = {isa = PBXProject; buildConfigurationList = PL; mainGroup = MAIN; targets = (T1 /* App */, ); };
        \t\tMAIN = {isa = PBXGroup; children = (SYNC, CFG, ); sourceTree = "<group>"; };
        \t\tCFG = {isa = PBXGroup; children = (XCFG, ); path = Config; sourceTree = "<group>"; };
        \t\tXCFG = {isa = PBXFileReference; path = "\(targetXcconfig ?? "none.xcconfig")"; sourceTree = "<group>"; };
        \t\tSYNC /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; \(exceptionList)path = App; sourceTree = "<group>"; };
        \t\tEXC = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (\(exceptions.map { "\"\($0)\", " }.joined())); target = T1; };
        \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); };
        \t\tPD = {isa = XCBuildConfiguration; buildSettings = {\(settings(project))}; name = Debug; };
        \t\tPR = {isa = XCBuildConfiguration; buildSettings = {\(settings(project))}; name = Release; };
        \t\tT1 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = TL; fileSystemSynchronizedGroups = (SYNC, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, TR, ); };
        \t\tTD = {isa = XCBuildConfiguration; \(base)buildSettings = {\(settings(debug))}; name = Debug; };
        \t\tTR = {isa = XCBuildConfiguration; \(base)buildSettings = {\(settings(release))}; name = Release; };
        \t};
        \trootObject = ROOT /* Project object */;
        }

        """
}

private func detect(_ files: [String: String]) throws -> ProjectReport {
    let disk = InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("/repo/\($0.key)", $0.value) }))
    return try ProjectDetector.detect(root: "/repo", fileSystem: disk)
}

private let emptyPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict/>
    </plist>

    """

@Suite("Project parsing: pbxproj")
struct ProjectDetectorPbxprojTests {
    @Test func commentsQuotesListsAndDataAreRead() throws {
        let value = try OpenStepParser.parse("""
            // !$*UTF8*$!
            {
                /* a comment */ plain = abc/def.swift; // another
                quoted = "a \\"b\\" \\\\ c\\nd";
                list = (one, "two three", );
                nested = { inner = ( ); };
                data = <0fbd 7772>;
                "$(inherited)" = yes;
            }
            """)
        let dictionary = try #require(value.dictionary)
        #expect(dictionary["plain"] == .string("abc/def.swift"))
        #expect(dictionary["quoted"] == .string("a \"b\" \\ c\nd"))
        #expect(dictionary["list"] == .array([.string("one"), .string("two three")]))
        #expect(dictionary["nested"] == .dictionary(["inner": .array([])]))
        #expect(dictionary["data"] == .string("0fbd7772"))
        #expect(dictionary["$(inherited)"] == .string("yes"))
    }

    @Test func aMissingSemicolonIsReportedOnItsLine() {
        #expect(throws: OpenStepSyntaxError(line: 3, reason: "expected ';' after the value of 'a', found 'b'")) {
            try OpenStepParser.parse("{\n\ta = 1;\n\ta = 2\n\tb = 3;\n}")
        }
    }

    @Test func anUnterminatedStringIsReportedWhereItStarts() {
        #expect(throws: OpenStepSyntaxError(line: 2, reason: "a quoted string that never ends")) {
            try OpenStepParser.parse("{\n\tname = \"App;\n\tother = 1;\n}")
        }
        #expect(throws: OpenStepSyntaxError(line: 1, reason: "a /* comment that never ends")) {
            try OpenStepParser.parse("{ /* open\n a = b; }")
        }
    }

    @Test func aMalformedPbxprojIsAnErrorNamingTheFileAndLine() throws {
        var text = miniProject(debug: [:], release: [:])
        text = text.replacingOccurrences(of: "name = App; productType", with: "name = App productType")
        let error = try #require(throws: ProjectError.self) {
            try detect(["App.xcodeproj/project.pbxproj": text])
        }
        #expect(error == .malformed(path: "App.xcodeproj/project.pbxproj", line: 15, reason: "expected ';' after the value of 'name', found 'p'"))
        #expect(error.description.hasPrefix("'App.xcodeproj/project.pbxproj' line 15 cannot be read"))
    }

    @Test func aPbxprojWithoutObjectsIsMalformed() {
        #expect(throws: ProjectError.malformed(path: "App.xcodeproj/project.pbxproj", line: 1, reason: "it has no objects or no root object")) {
            try detect(["App.xcodeproj/project.pbxproj": "{ archiveVersion = 1; }"])
        }
    }

    @Test func noProjectAtAllIsAnError() {
        #expect(throws: ProjectError.noProject("/repo")) {
            try detect(["README.md": "hello"])
        }
        #expect(throws: ProjectError.rootNotFound("/nowhere")) {
            try ProjectDetector.detect(root: "/nowhere", fileSystem: InMemoryFileSystem())
        }
    }

    @Test func configurationsThatDisagreeAreWarnedAboutAndTheLowestTargetWins() throws {
        let report = try detect([
            "App.xcodeproj/project.pbxproj": miniProject(
                debug: ["IPHONEOS_DEPLOYMENT_TARGET": "17.0", "INFOPLIST_FILE": "App/Debug-Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app.debug"],
                release: ["IPHONEOS_DEPLOYMENT_TARGET": "16.4", "INFOPLIST_FILE": "App/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app"],
                exceptions: ["Info.plist", "Debug-Info.plist"]),
            "App/Info.plist": emptyPlist, "App/Debug-Info.plist": emptyPlist,
        ])
        let app = try #require(report.appTargets.first)
        #expect(app.deploymentTarget == "16.4")
        #expect(app.bundleIdentifier?.resolved == "com.example.app")
        #expect(app.infoPlist.path == "App/Info.plist")
        // Each configuration's Info.plist gets the keys, so a differing INFOPLIST_FILE is no longer a warning.
        #expect(app.infoPlist.otherPaths == ["App/Debug-Info.plist"])
        #expect(app.infoPlist.configurations == ["App/Info.plist": ["Release"], "App/Debug-Info.plist": ["Debug"]])
        #expect(report.warnings == [
            .differsByConfiguration(target: "App", setting: "IPHONEOS_DEPLOYMENT_TARGET", values: ["16.4", "17.0"]),
        ])
    }

    @Test func anInfoPlistInsideTheSynchronizedFolderWithoutAnExceptionIsWarnedAbout() throws {
        let report = try detect([
            "App.xcodeproj/project.pbxproj": miniProject(debug: ["INFOPLIST_FILE": "$(SRCROOT)/App/Info.plist"],
                                                         release: ["INFOPLIST_FILE": "$(SRCROOT)/App/Info.plist"]),
            "App/Info.plist": emptyPlist,
        ])
        let app = try #require(report.appTargets.first)
        #expect(app.infoPlist == InfoPlist(path: "App/Info.plist", isGenerated: false, exists: true, synchronizedFolder: "App"))
        #expect(report.warnings == [.infoPlistNotExcluded(target: "App", path: "App/Info.plist", folder: "App")])
    }

    /// Only `Info.plist` collides with the bundle's own when copied as a resource; another name builds (a real
    /// app, EmergeTools' HackerNews, keeps `Hacker-News-Info.plist` in its synchronized folder without an exception).
    @Test func anInfoPlistOfAnotherNameInsideTheSynchronizedFolderIsNotWarnedAbout() throws {
        let report = try detect([
            "App.xcodeproj/project.pbxproj": miniProject(debug: ["INFOPLIST_FILE": "App/Hacker-News-Info.plist"],
                                                         release: ["INFOPLIST_FILE": "App/Hacker-News-Info.plist"]),
            "App/Hacker-News-Info.plist": emptyPlist,
        ])
        let app = try #require(report.appTargets.first)
        #expect(app.infoPlist.synchronizedFolder == "App")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
    }

    @Test func missingFilesAndUnknownVariablesAreWarnings() throws {
        let report = try detect([
            "App.xcodeproj/project.pbxproj": miniProject(
                debug: ["CODE_SIGN_ENTITLEMENTS": "App/App$(FLAVOUR).entitlements", "INFOPLIST_FILE": "App/Info.plist",
                        "PRODUCT_BUNDLE_IDENTIFIER": "$(TEAM_PREFIX).app"],
                release: ["CODE_SIGN_ENTITLEMENTS": "App/App$(FLAVOUR).entitlements", "INFOPLIST_FILE": "App/Info.plist",
                          "PRODUCT_BUNDLE_IDENTIFIER": "$(TEAM_PREFIX).app"],
                targetXcconfig: "App.xcconfig", exceptions: ["Info.plist"]),
        ])
        let app = try #require(report.appTargets.first)
        #expect(app.bundleIdentifier == SettingValue(raw: "$(TEAM_PREFIX).app", resolved: "$(TEAM_PREFIX).app", unresolvedVariables: ["TEAM_PREFIX"], withoutUnresolved: ".app"))
        #expect(app.entitlements.map(\.path) == ["App/App.entitlements"])
        #expect(app.infoPlist.exists == false)
        #expect(report.warnings == [
            .missingConfigurationFile(path: "Config/App.xcconfig"),
            .fileMissing(target: "App", setting: "INFOPLIST_FILE", path: "App/Info.plist"),
            .fileMissing(target: "App", setting: "CODE_SIGN_ENTITLEMENTS", path: "App/App.entitlements"),
            .unresolvedVariables(target: "App", setting: "CODE_SIGN_ENTITLEMENTS", names: ["FLAVOUR"]),
            .unresolvedVariables(target: "App", setting: "PRODUCT_BUNDLE_IDENTIFIER", names: ["TEAM_PREFIX"]),
        ].sorted())
    }

    @Test func xcconfigLayersIncludesAndConditionsResolve() throws {
        let report = try detect([
            "App.xcodeproj/project.pbxproj": miniProject(debug: ["OTHER": "$(inherited) target"], release: [:],
                                                         project: ["SDKROOT": "macosx"], targetXcconfig: "App.xcconfig"),
            "Config/App.xcconfig": """
                #include "Shared/Base.xcconfig"
                #include? "Missing/Optional.xcconfig"
                #include "Missing/Required.xcconfig"
                SDKROOT = iphoneos; // the project says macosx
                PRODUCT_BUNDLE_IDENTIFIER = $(PREFIX).$(PRODUCT_NAME:lower)
                PRODUCT_BUNDLE_IDENTIFIER[config=Debug] = $(inherited).debug
                CODE_SIGN_ENTITLEMENTS = Config/App.entitlements
                CODE_SIGN_ENTITLEMENTS[sdk=macosx*] = Config/Mac.entitlements
                SWIFT_VERSION = 5.0
                SWIFT_VERSION[sdk=iphoneos*] = 6.0
                SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor
                URL = https://example.com
                """,
            // CRLF ends a line once, and `//` after a longer scalar still starts a comment.
            "Config/Shared/Base.xcconfig": "PREFIX = com.example //é// note\r\nIPHONEOS_DEPLOYMENT_TARGET = 16.0\r\n",
            "Config/App.entitlements": emptyPlist,
        ])
        let app = try #require(report.appTargets.first)
        #expect(app.bundleIdentifier?.resolved == "com.example.app")
        #expect(app.swiftVersion == "6.0")
        #expect(app.defaultActorIsolation == "MainActor")
        #expect(app.deploymentTarget == "16.0")
        #expect(app.entitlements.map(\.path) == ["Config/App.entitlements"])
        #expect(report.warnings.contains(.missingInclude(file: "Config/App.xcconfig", include: "Missing/Required.xcconfig")))
        #expect(!report.warnings.contains { if case .missingInclude(_, let include) = $0 { include.contains("Optional") } else { false } })
    }

    @Test func automaticSDKWithIOSAndMacOSIsAMultiplatformApp() throws {
        let report = try detect([
            "App.xcodeproj/project.pbxproj": miniProject(
                debug: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"],
                release: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"]),
        ])
        #expect(report.appTargets.map(\.isMultiplatform) == [true])
    }

    @Test func theOtherPlatformsAreTheOnesTheTargetNames() throws {
        let vision = ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator xros xrsimulator"]
        let visionReport = try detect(["App.xcodeproj/project.pbxproj": miniProject(debug: vision, release: vision)])
        #expect(visionReport.appTargets.map(\.otherPlatforms) == [[.visionOS]])
        #expect(visionReport.appTargets.map(\.isMultiplatform) == [true])
        let catalyst = ["SUPPORTS_MACCATALYST": "YES"]
        let catalystReport = try detect(["App.xcodeproj/project.pbxproj": miniProject(debug: catalyst, release: catalyst)])
        #expect(catalystReport.appTargets.map(\.otherPlatforms) == [[.macCatalyst]])
        #expect(catalystReport.appTargets.map(\.isMultiplatform) == [false], "Mac Catalyst builds the iOS code as it is")
        #expect(catalystReport.appTargets.first?.otherPlatformNames == "Mac Catalyst")
    }

    @Test func aMacOnlyProjectHasNoAppTarget() throws {
        let report = try detect(["App.xcodeproj/project.pbxproj": miniProject(debug: [:], release: [:], project: ["SDKROOT": "macosx"])])
        #expect(report.appTargets.isEmpty)
        #expect(report.otherTargets == [OtherTarget(name: "App", productType: "com.apple.product-type.application", platform: .macOS)])
        #expect(report.warnings == [.noAppTarget])
    }
}

@Suite("Project parsing: build settings")
struct ProjectDetectorBuildSettingsTests {
    private func settings(_ layers: [[String: String]], configuration: String = "Release") -> BuildSettings {
        BuildSettings(layers: layers.map { layer in layer.keys.sorted().map { SettingAssignment(qualifiedKey: $0, value: layer[$0]!) } },
                      configuration: configuration, targetName: "My App", projectName: "Project")
    }

    @Test func variablesInEverySpellingExpand() {
        let stack = settings([["A": "$(B).${C}.$D", "B": "b", "C": "c", "D": "d", "NESTED": "$(VALUE_$(KEY))", "KEY": "X", "VALUE_X": "x"]])
        #expect(stack.value("A")?.resolved == "b.c.d")
        #expect(stack.value("NESTED")?.resolved == "x")
    }

    @Test func inheritedTakesTheLayerBelow() {
        let stack = settings([["FLAGS": "$(inherited) -target"], ["FLAGS": "$(inherited) -project"], ["FLAGS": "-base"]])
        #expect(stack.value("FLAGS")?.resolved == "-base -project -target")
    }

    @Test func operatorsAndDefaultsApply() {
        let stack = settings([["ID": "com.example.$(PRODUCT_NAME:rfc1034identifier)", "C99": "$(TARGET_NAME:c99extidentifier)",
                               "LOW": "$(TARGET_NAME:lower)", "FALLBACK": "$(NOPE:default=none)"]])
        #expect(stack.value("ID")?.resolved == "com.example.My-App")
        #expect(stack.value("C99")?.resolved == "My_App")
        #expect(stack.value("LOW")?.resolved == "my app")
        #expect(stack.value("FALLBACK")?.resolved == "none")
    }

    @Test func unknownVariablesStayVisibleInValuesButVanishInPaths() throws {
        let stack = settings([["ID": "$(ORG).app", "ENTITLEMENTS": "\"$(SRCROOT)/App/App$(SUFFIX).entitlements\""]])
        #expect(stack.value("ID") == SettingValue(raw: "$(ORG).app", resolved: "$(ORG).app", unresolvedVariables: ["ORG"], withoutUnresolved: ".app"))
        let path = try #require(stack.path("ENTITLEMENTS", projectDirectory: "Nested"))
        #expect(path.path == "Nested/App/App.entitlements")
        #expect(path.unresolved == ["SUFFIX"])
        #expect(settings([["P": "/Users/me/App.entitlements"]]).path("P", projectDirectory: "") == nil)
        #expect(settings([["P": "../Elsewhere/App.entitlements"]]).path("P", projectDirectory: "") == nil)
    }

    @Test func conditionsPreferTheIOSDeviceSDKAndTheConfiguration() {
        let layer = [
            SettingAssignment(qualifiedKey: "X", value: "plain"),
            SettingAssignment(qualifiedKey: "X[sdk=macosx*]", value: "mac"),
            SettingAssignment(qualifiedKey: "X[sdk=iphonesimulator*]", value: "simulator"),
            SettingAssignment(qualifiedKey: "Y[sdk=iphoneos*][arch=*]", value: "device"),
            SettingAssignment(qualifiedKey: "Z[config=Debug]", value: "debug"),
        ]
        let release = BuildSettings(layers: [layer], configuration: "Release", targetName: "T", projectName: "P")
        let debug = BuildSettings(layers: [layer], configuration: "Debug", targetName: "T", projectName: "P")
        #expect(release.value("X")?.resolved == "plain")
        #expect(release.value("Y")?.resolved == "device")
        #expect(release.value("Z") == nil)
        #expect(debug.value("Z")?.resolved == "debug")
        #expect(SettingAssignment(qualifiedKey: "K[sdk=iphoneos*][arch=arm64]", value: "v").conditions == ["sdk": "iphoneos*", "arch": "arm64"])
    }

    /// An ASCII key's conditions are split on its bytes, any other's on its characters: the same conditions, with
    /// the same blanks trimmed, empty parts and parts without `=` passed over, and a part split at its first `=`.
    @Test func conditionsOfASCIIAndOtherKeysAreSplitAlike() {
        let written = " K [ sdk = iphoneos* ][][arch]]=x[[a==b][=c][d=][ e\t= f ]"
        let expected = ["sdk": "iphoneos*", "a": "=b", "e": "f"]
        let ascii = SettingAssignment(qualifiedKey: written, value: "v")
        #expect(ascii.key == "K")
        #expect(ascii.conditions == expected)
        let other = SettingAssignment(qualifiedKey: "Ké" + written.dropFirst(2), value: "v")
        #expect(other.key == "Ké")
        #expect(other.conditions == expected)
        // An accent after `=` makes one character with it, which is no `=`: why other keys are split on characters.
        #expect(SettingAssignment(qualifiedKey: "K[sdk=é][x=\u{301}]", value: "v").conditions == ["sdk": "é"])
    }

    @Test func settingsSetInAnotherConfigurationExpandToNothing() {
        let configurations = BuildSettings.sharingDefinitions([
            (name: "Debug", value: settings([["ID": "app${SUFFIX}", "SUFFIX": ".dev"]], configuration: "Debug")),
            (name: "Release", value: settings([["ID": "app${SUFFIX}"]])),
        ])
        #expect(configurations.map { $0.value.value("ID")?.resolved } == ["app.dev", "app"])
        #expect(configurations[1].value.value("ID")?.unresolvedVariables == [])
    }
}

@Suite("Project parsing: YAML, manifests and paths")
struct ProjectDetectorSpecTests {
    @Test func yamlBlocksFlowsAndComments() throws {
        let node = try YAMLSubset.parse("""
            name: App # trailing comment
            options:
              deploymentTarget:
                iOS: "17.0"
            include:
              - path: app.yml
              - other.yml
            targets:
              App:
                type: application
                platform: [iOS, macOS]
                info: {path: Info.plist, properties: {UIBackgroundModes: [fetch, "remote-notification"]}}
                sources:
                - path: Sources
                  excludes:
                    - "**/*.md"
                description: |
                  Line one
                  Line two
              'Quoted: Name':
                type: framework
            """)
        #expect(node["name"]?.string == "App")
        #expect(node["options"]?["deploymentTarget"]?["iOS"]?.string == "17.0")
        #expect(node["include"]?.list?.count == 2)
        #expect(node["include"]?.list?[0]["path"]?.string == "app.yml")
        #expect(node["include"]?.list?[1].string == "other.yml")
        let app = node["targets"]?["App"]
        #expect(app?["platform"]?.strings == ["iOS", "macOS"])
        #expect(app?["info"]?["properties"]?["UIBackgroundModes"]?.strings == ["fetch", "remote-notification"])
        #expect(app?["sources"]?.list?.first?["path"]?.string == "Sources")
        #expect(app?["sources"]?.list?.first?["excludes"]?.strings == ["**/*.md"])
        #expect(app?["description"]?.string == "Line one\nLine two\n", "a literal block keeps its last line break, as YAML clips it")
        #expect(node["targets"]?["Quoted: Name"]?["type"]?.string == "framework")
    }

    @Test func yamlMergeKeepsBaseKeysAndOverridesLeaves() throws {
        let base = try YAMLSubset.parse("settings:\n  base:\n    A: 1\n    B: 2\n")
        let top = try YAMLSubset.parse("settings:\n  base:\n    B: 3\n")
        #expect(base.merged(with: top)["settings"]?["base"]?["A"]?.string == "1")
        #expect(base.merged(with: top)["settings"]?["base"]?["B"]?.string == "3")
    }

    @Test func packageManifestPlatformsInEverySpelling() throws {
        #expect(try PackageManifestReader.iOSVersion(in: "let p = Package(name: \"A\", platforms: [.iOS(.v16)])") == "16.0")
        #expect(try PackageManifestReader.iOSVersion(in: "let p = Package(name: \"A\", platforms: [.macOS(.v13), .iOS(.v17_4)])") == "17.4")
        #expect(try PackageManifestReader.iOSVersion(in: "let p = Package(name: \"A\", platforms: [.iOS(\"16.4\")])") == "16.4")
        #expect(try PackageManifestReader.iOSVersion(in: "let p = Package(name: \"A\", platforms: [.macOS(.v15)])") == nil)
    }

    @Test func xcodeGenWithoutAnInfoPathFallsBackToTheSettingAndTheBundlePrefix() throws {
        let report = try detect([
            "project.yml": """
                name: Kiwix
                options:
                  bundleIdPrefix: org.kiwix
                  deploymentTarget:
                    iOS: 17.6
                targetTemplates:
                  ApplicationTemplate:
                    type: application
                    supportedDestinations: [iOS, macOS]
                    settings:
                      base:
                        GENERATE_INFOPLIST_FILE: YES
                targets:
                  Kiwix:
                    templates: [ApplicationTemplate]
                    settings:
                      base:
                        INFOPLIST_FILE: Support/Info.plist
                    sources: [App, Model]
                """,
            "Support/Info.plist": emptyPlist,
            "App/App_iOS.swift": "func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String) {}\n",
        ])
        #expect(report.kind == .xcodeGen)
        let app = try #require(report.appTargets.first)
        #expect(app.bundleIdentifier?.resolved == "org.kiwix.Kiwix")
        #expect(app.deploymentTarget == "17.6")
        #expect(app.isMultiplatform)
        #expect(app.infoPlist == InfoPlist(path: "Support/Info.plist", isGenerated: true, exists: true))
        #expect(app.outputFolder == "App/BackgroundProcessing")
        #expect(report.existingCode.map(\.description) == ["App/App_iOS.swift:1: handleEventsForBackgroundURLSession (downloads)"])
        #expect(report.existingCode.first?.targets == ["Kiwix"])
    }

    @Test func tuistWithARootManifestAndAGeneratedPlist() throws {
        let report = try detect([
            "Project.swift": """
                import ProjectDescription

                let project = Project(
                    name: "Feeds",
                    targets: [
                        .target(
                            name: "Feeds",
                            destinations: .iOS,
                            product: .app,
                            bundleId: "com.example.feeds",
                            deploymentTargets: .iOS("17.0"),
                            infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
                            sources: ["Feeds/Sources/**"],
                            settings: .settings(base: ["SWIFT_VERSION": .string("6.0"), "SWIFT_DEFAULT_ACTOR_ISOLATION": "MainActor"])
                        ),
                    ]
                )
                """,
        ])
        #expect(report.kind == .tuist)
        let app = try #require(report.appTargets.first)
        var generated = InfoPlist(path: nil, isGenerated: true, exists: false, regeneratedFrom: "Project.swift", specProperties: ["UILaunchScreen": []])
        generated.specLine = 12
        #expect(app.infoPlist == generated)
        #expect(app.deploymentTarget == "17.0")
        #expect(app.swiftVersion == "6.0")
        #expect(app.defaultActorIsolation == "MainActor")
        #expect(app.outputFolder == "BackgroundProcessing")
    }

    @Test func aTuistConfigBesideAnXcodeProjectIsNotTuist() throws {
        let report = try detect([
            "Tuist.swift": "import ProjectDescription\nlet config = Config(fullHandle: \"me/app\")\n",
            "App.xcodeproj/project.pbxproj": miniProject(debug: [:], release: [:]),
        ])
        #expect(report.kind == .xcodeProject)
    }

    @Test func pathsNormaliseAndStayInsideTheRoot() {
        #expect(PathText.join("a/b", "../c/./d") == "a/c/d")
        #expect(PathText.join("", "x") == "x")
        #expect(PathText.join("a", "/abs") == "/abs")
        #expect(PathText.leavesRoot(PathText.join("a", "../../x")))
        #expect(PathText.relative("a/b/c", to: "a") == "b/c")
        #expect(PathText.relative("ab/c", to: "a") == nil)
    }

    /// Two normal paths are joined in one buffer, byte for byte what `base + "/" + child` was, whatever their
    /// characters and however long.
    @Test func joinedPathsAreTheirBytesAroundASlash() {
        #expect(PathText.join("App", "Café.swift") == "App/Café.swift")
        #expect(PathText.join("Sources/e\u{301}", "\u{301}x") == "Sources/e\u{301}/\u{301}x")
        #expect(PathText.join("a", "b") == "a/b", "short enough for a string kept in place")
        let long = String(repeating: "Folder/", count: 40) + "Name"
        #expect(PathText.join(long, long) == long + "/" + long)
        #expect(PathText.join("a/", "b") == "a/b", "a joined path that is not normal is still normalised")
    }

    /// A path's name and its ending are read on its bytes: they must say what the character-wise reading said.
    @Test func aPathsNameAndEndingAreItsLastBytes() {
        #expect(PathText.name(of: "App/Sources/Café.swift") == "Café.swift")
        #expect(PathText.name(of: "Top.swift") == "Top.swift")
        #expect(PathText.name(of: "a/b/") == "")
        #expect(PathText.name(of: "") == "")
        #expect(PathText.endsIn("App/Main.swift", ".swift"))
        #expect(PathText.endsIn("App/Main.m", ".m"))
        #expect(!PathText.endsIn("App/Main.mm", ".m"))
        #expect(!PathText.endsIn("App/Main.swift.orig", ".swift"))
        #expect(!PathText.endsIn("wift", ".swift"))
        #expect(!PathText.endsIn("", ".h"))
        #expect(PathText.endsIn("", ""))
        #expect(PathText.endsIn("Héader.h", ".h"))
    }

    /// The byte check that returns a normal path as it is must send every other shape to the full normalisation.
    @Test(arguments: [
        ("a//b", "a/b"), ("a/./b", "a/b"), ("./a", "a"), ("a/", "a"), ("a/.", "a"), ("a/b/..", "a"), ("/a/../..", "/"),
        ("/", "/"), ("", ""), ("//a", "/a"), ("...", "..."), (".x/y..", ".x/y.."), ("/a/b", "/a/b"), ("é/ü", "é/ü"),
        // ASCII paths are normalised on their bytes, others by Characters: the same components either way, but a
        // combining mark after a `/` makes one Character with it, which is no separator.
        ("a/b/../../../c", "../c"), ("../../a/./b/", "../../a/b"), ("/../a//b/..", "/a"), ("x/..", ""),
        ("é/b/../c", "é/c"), ("a/\u{301}b/../c", "c"),
    ])
    func normalisationOfEachShape(path: String, normal: String) {
        #expect(PathText.normalize(path) == normal)
        #expect(PathText.name(of: "dir/" + path + "/" + "naïve.swift") == "naïve.swift")
        #expect(PathText.parent(of: "é/naïve.swift") == "é")
    }

    /// Every path of up to three components of each shape, absolute or not, normalises as the components say:
    /// the byte check passes a path on as it is only when splitting and joining it would give it back.
    @Test func everyShapeOfPathNormalisesAsItsComponentsSay() {
        let shapes = ["", ".", "..", "...", "a", ".a", "a.", "..a", "ab"]
        var paths = shapes
        for first in shapes {
            for second in shapes {
                paths.append(first + "/" + second)
                for third in shapes { paths.append(first + "/" + second + "/" + third) }
            }
        }
        for path in paths + paths.map({ "/" + $0 }) {
            let absolute = path.hasPrefix("/")
            var parts: [Substring] = []
            for part in path.split(separator: "/") where part != "." {
                if part == "..", let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !(part == ".." && absolute) {
                    parts.append(part)
                }
            }
            #expect(PathText.normalize(path) == (absolute ? "/" : "") + parts.joined(separator: "/"), "\(path)")
        }
    }
}
