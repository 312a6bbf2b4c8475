@testable import BggenCore
import BggenFormats
import BggenTestSupport
import Foundation
import Testing

/// The generated files go where the app's own code lives: never in a folder CocoaPods, a build, a bundle or git
/// owns (issue 40, item 1).
@Suite("Output folder: where the app's own code lives")
struct OwnCodeFolderTests {
    private func detect(_ name: String) throws -> ProjectReport {
        try ProjectDetector.detect(root: Fixtures.folder.appendingPathComponent(name).path, fileSystem: LocalFileSystem())
    }

    @Test func anExpoTargetCompilingAFileInPodsWritesBesideItsDelegateNotIntoPods() throws {
        let app = try #require(try detect("ExpoPods").appTarget(named: "App"))
        #expect(app.sourceFolder == "ios", "AppDelegate.swift is beside the project; Pods/ holds only Expo's generated provider")
        #expect(app.outputFolder == "ios/BackgroundProcessing")
    }

    /// More compiled files in `Pods/` than anywhere else still do not make it the app's folder.
    @Test func aTargetCompilingMostlyPodsFilesStillWritesOutsidePods() throws {
        let refs = ["AppDelegate.swift", "Pods/Gen/A.swift", "Pods/Gen/B.swift"]
        let objects = refs.enumerated().map { index, path in
            "F\(index) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = SOURCE_ROOT; }; B\(index) = {isa = PBXBuildFile; fileRef = F\(index); };"
        }.joined(separator: "\n")
        let project = """
            { objects = {
            \(objects)
            ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (T1, ); buildConfigurationList = PL; };
            MAIN = {isa = PBXGroup; children = (F0, F1, F2, ); sourceTree = "<group>"; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PR, ); };
            PR = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
            T1 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildPhases = (S1, ); buildConfigurationList = TL; };
            S1 = {isa = PBXSourcesBuildPhase; files = (B0, B1, B2, ); };
            TL = {isa = XCConfigurationList; buildConfigurations = (TR, ); };
            TR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = org.example.app; INFOPLIST_FILE = Config/Info.plist; }; name = Release; };
            }; rootObject = ROOT; }
            """
        let fileSystem = InMemoryFileSystem(files: [
            "/repo/App.xcodeproj/project.pbxproj": project, "/repo/Config/Info.plist": DoctorRepository.plist([]),
            "/repo/AppDelegate.swift": "", "/repo/Pods/Gen/A.swift": "", "/repo/Pods/Gen/B.swift": "",
        ])
        let app = try #require(try ProjectDetector.detect(root: "/repo", fileSystem: fileSystem).appTarget(named: "App"))
        #expect(app.sourceFolder?.hasPrefix("Pods") == false, "\(app.sourceFolder ?? "none")")
        #expect(app.outputFolder == "BackgroundProcessing")
    }

    @Test func anInfoPlistInResourcesBesideOneCompiledFileLosesToTheEntryPointsFolder() throws {
        let app = try #require(try detect("ResourcesBesideSources").appTarget(named: "Shelf"))
        #expect(app.sourceFolder == "Resources", "the nearest compiled folder above the Info.plist")
        #expect(app.outputFolder == "Sources/BackgroundProcessing", "@main and the app's code are in Sources/")
    }

    /// A target with synchronized folders whose output folder is in none of them is told to add the folder in Xcode,
    /// or to choose a synchronized folder: only the one holding the app's entry, never the first of its feature folders
    /// (home-assistant's App lists its files one by one and synchronizes `Sources/App/Assist`).
    @Test func onlyTheEntrysSynchronizedFolderIsOfferedForTheOutput() throws {
        let root = Fixtures.folder.appendingPathComponent("HomeAssistant").path
        let project = try #require(try ExistingProject.detect(root: root, targetName: "App", fileSystem: LocalFileSystem()))
        let app = try #require(project.target)
        let elsewhere = "Sources/Elsewhere/BackgroundProcessing"
        #expect(project.integrationNote(outputFolder: elsewhere)
                == "Sources/Elsewhere/BackgroundProcessing is not in a folder App compiles: add it to the App target in Xcode (File > Add Files), or pass --output inside Sources/App.")
        func synchronizing(_ folders: [String]) -> ExistingProject {
            let target = AppTarget(name: app.name, definedIn: app.definedIn, bundleIdentifier: app.bundleIdentifier, deploymentTarget: app.deploymentTarget,
                                   swiftVersion: app.swiftVersion, defaultActorIsolation: app.defaultActorIsolation, infoPlist: app.infoPlist,
                                   entitlements: app.entitlements, sourceFolder: app.sourceFolder, outputFolder: app.outputFolder, synchronizedFolders: folders)
            return ExistingProject(report: project.report, target: target, style: project.style)
        }
        #expect(synchronizing(["Sources/API", "Sources/App"]).integrationNote(outputFolder: elsewhere)
                == "Sources/Elsewhere/BackgroundProcessing is not in a folder App compiles: add it to the App target in Xcode (File > Add Files), or pass --output inside Sources/App.")
        #expect(synchronizing(["Sources/App/Assist"]).integrationNote(outputFolder: "Sources/App/BackgroundProcessing")
                == "Sources/App/BackgroundProcessing is not in a folder App compiles: add it to the App target in Xcode (File > Add Files).")
    }

    @Test func anXcodeGenIconListedFirstIsNoPlaceForCodeAndFilesListedOneByOneNameTheLineToAdd() throws {
        let root = Fixtures.folder.appendingPathComponent("XcodeGenIconFirst").path
        let app = try #require(try detect("XcodeGenIconFirst").appTarget(named: "Lumen"))
        #expect(app.sourceFolder == "Sources", "App.icon/ and Assets.xcassets/ are bundles; Sources/ holds the listed Swift files")
        #expect(app.outputFolder == "Sources/BackgroundProcessing")
        let project = try #require(try ExistingProject.detect(root: root, targetName: nil, fileSystem: LocalFileSystem()))
        #expect(project.integrationNote(outputFolder: app.outputFolder)
                == "add the line `- Sources/BackgroundProcessing` to Lumen's `sources:` in project.yml, then run xcodegen generate: no folder listed there holds Sources/BackgroundProcessing, so xcodegen generate alone picks up nothing.")
    }

    @Test func anXcodeGenFolderListedAfterTheIconIsTheOutputsParentAndGeneratingPicksItUp() throws {
        let repo = try Fixtures.copy("XcodeGenIconFirst")
        let spec = try #require(try repo.files()["project.yml"])
        try repo.write(spec.replacingOccurrences(of: "      - Sources/LumenApp.swift\n      - Sources/ContentView.swift\n      - Sources/LightStore.swift\n",
                                                 with: "      - Sources\n"), to: "project.yml")
        let project = try #require(try ExistingProject.detect(root: repo.path, targetName: nil, fileSystem: LocalFileSystem()))
        let app = try #require(project.target)
        #expect(app.outputFolder == "Sources/BackgroundProcessing")
        #expect(project.integrationNote(outputFolder: app.outputFolder) == "run xcodegen generate so Lumen picks up the new files in Sources/BackgroundProcessing.")
    }

    @Test(arguments: ["Pods/App", "ios/Carthage/Build", "node_modules/pkg/ios", "build/Generated", "DerivedData/App",
                      "App.icon", "App/Assets.xcassets/Icon.appiconset", "Kit.bundle", "Vendor.xcframework/ios", "App/en.lproj",
                      "App/Model.xcdatamodeld", "App/.generated"])
    func foldersOwnedByToolsOrBundlesAreRefused(_ folder: String) {
        let folders = OwnCodeFolders(root: "/repo", fileSystem: InMemoryFileSystem(directories: ["/repo/\(folder)"]))
        #expect(!folders.accepts(folder))
    }

    @Test func gitIgnoredFoldersAreRefusedAndReincludedOnesAccepted() {
        let fileSystem = InMemoryFileSystem(files: [
            "/repo/.gitignore": "# generated\nGenerated/\n/ios/cache\n**/Codegen\n*.gen\n!Keep.gen\nlogs/**\n[Bb]in/\n",
            "/repo/App/.gitignore": "Local/\n",
        ])
        let folders = OwnCodeFolders(root: "/repo", fileSystem: fileSystem)
        for ignored in ["Generated", "App/Generated", "ios/cache", "ios/cache/deep", "a/b/Codegen", "App/Types.gen", "logs/today",
                        "App/Local", "App/Local/Sub"] {
            #expect(!folders.accepts(ignored), "\(ignored)")
        }
        for kept in ["App", "Sources/App", "other/ios/cache", "Keep.gen", "logs", "App/Locale", "Local", "bin", "Bin"] {
            #expect(folders.accepts(kept), "\(kept)")
        }
    }

    @Test func theFolderHoldingMostFilesSkipsRefusedFoldersAndPrefersTheShallowerOnATie() {
        let folders = OwnCodeFolders(root: "/repo", fileSystem: InMemoryFileSystem())
        #expect(folders.holdingMost(of: ["Pods/A/1.swift", "Pods/A/2.swift", "App/3.swift"]) == "App")
        #expect(folders.holdingMost(of: ["App/Views/1.swift", "App/2.swift"]) == "App")
        #expect(folders.holdingMost(of: ["Pods/A/1.swift"]) == nil)
    }

    /// A name pattern answers as the plain recursive reading of `*` and `?` does, for short random patterns and folder
    /// names: at a name's ends, with a `*` returned to, and for a folder named `*` or `?` itself.
    @Test func aNamePatternMatchesAsStarsAndQuestionMarksRead() {
        func reference(_ pattern: Substring, _ name: Substring) -> Bool {
            guard let first = pattern.first else { return name.isEmpty }
            if first == "*" { return reference(pattern.dropFirst(), name) || (!name.isEmpty && reference(pattern, name.dropFirst())) }
            guard let head = name.first, first == "?" || first == head else { return false }
            return reference(pattern.dropFirst(), name.dropFirst())
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "*", "?"]
        func random(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }) }
        for _ in 0..<3_000 {
            let pattern = random(Int.random(in: 1...6, using: &generator))
            // `**` within a name is skipped, not read (see `GitIgnore`).
            guard !pattern.contains("**") else { continue }
            let name = random(Int.random(in: 1...6, using: &generator))
            let ignore = GitIgnore(text: pattern)
            #expect(ignore.verdict(forFolder: "x/" + name) == (reference(Substring(pattern), Substring(name)) ? true : nil), "\(pattern) against \(name)")
            #expect(GitIgnore(text: "x/" + pattern).verdict(forFolder: "x/" + name) == (reference(Substring(pattern), Substring(name)) ? true : nil),
                    "x/\(pattern) against x/\(name)")
        }
    }

    /// `*a*a…*a` against `aaa…ab` takes exponential time with backtracking; matched by dynamic programming it
    /// takes pattern times name.
    /// An anchored path without `**` names its one folder: not one above it, below it or elsewhere.
    @Test func anAnchoredPathNamesItsFolderAlone() {
        let ignore = GitIgnore(text: "ios/cache\nApp.xcodeproj/xcuser*\n!ios/cache/keep\n")
        #expect(ignore.verdict(forFolder: "ios/cache") == true)
        #expect(ignore.verdict(forFolder: "App.xcodeproj/xcuserdata") == true)
        #expect(ignore.verdict(forFolder: "ios/cache/keep") == false)
        for unnamed in ["ios", "ios/cache/deep", "other/ios/cache", "ios/cached", "App.xcodeproj", "App.xcodeproj/data"] {
            #expect(ignore.verdict(forFolder: unnamed) == nil, "\(unnamed)")
        }
    }

    /// Read as bytes, a `.gitignore` still answers by scalars and lines as `Character.isNewline` ends them: `?` takes
    /// one scalar of any length, a `*` given back gives back whole scalars, CRLF and the Unicode breaks end a line,
    /// and a rule's length limit counts Characters, not bytes.
    @Test func aGitIgnoreReadAsBytesMatchesScalarsAndEndsLinesAsCharactersDo() {
        let ignore = GitIgnore(text: "caf?\r\n\u{2028}r?sum?\u{85}*é\u{C}x/?\u{2029}a*€b\r")
        for ignored in ["café", "cafe", "résumé", "Café", "x/€", "x/é", "aéé€b", "a€b"] {
            #expect(ignore.verdict(forFolder: ignored) == true, "\(ignored)")
        }
        for unnamed in ["caf", "cafés", "x/€€", "ab", "a€", "€b"] {
            #expect(ignore.verdict(forFolder: unnamed) == nil, "\(unnamed)")
        }
        let accent = "\u{301}"
        let limit = GitIgnore.maximumPatternLength
        #expect(GitIgnore(text: "e" + String(repeating: accent, count: limit)).verdict(forFolder: "e" + String(repeating: accent, count: limit)) == true)
        #expect(GitIgnore(text: String(repeating: "é", count: limit + 1)).verdict(forFolder: String(repeating: "é", count: limit + 1)) == nil)
    }

    @Test func aHostileGitIgnoreStaysLinear() {
        let star = String(repeating: "*a", count: 30)
        let ignore = GitIgnore(text: String(repeating: "\(star)\n", count: 100))
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = ignore.verdict(forFolder: String(repeating: "a", count: 200) + "/b") }
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
