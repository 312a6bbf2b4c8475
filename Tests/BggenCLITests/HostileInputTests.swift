@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Input crafted or broken beyond what bggen reads: each is one clear error naming the file and line (or the
/// flag), never a crash, and nothing is written.
@Suite("Hostile and malformed input")
struct HostileInputTests {
    /// An Xcode project whose app compiles `App/` and uses `App/Info.plist`.
    static let project = SyntheticProject.pbxproj(projectSettings: "IPHONEOS_DEPLOYMENT_TARGET = 16.0;", targetSettings: "INFOPLIST_FILE = App/Info.plist;")

    static func infoPlist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>App</string>
        \(body)</dict>
        </plist>

        """
    }

    static let spec = "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n"

    /// (case name, files, file and line the error must name, words it must say)
    static let brokenRepositories: [(name: String, files: [String: Data], place: String, reason: String)] = [
        ("pbxproj nested 40,000 deep", ["A.xcodeproj/project.pbxproj": Data(("{ objects = { X = " + String(repeating: "(", count: 40_000) + String(repeating: ")", count: 40_000) + "; }; rootObject = X; }").utf8)],
         "'A.xcodeproj/project.pbxproj' line 1", "nesting too deep"),
        ("Info.plist nested 50,000 deep", ["A.xcodeproj/project.pbxproj": Data(project.utf8),
                                           "App/Info.plist": Data(infoPlist("\t<key>Deep</key>\n" + String(repeating: "<array>", count: 50_000) + String(repeating: "</array>", count: 50_000) + "\n").utf8)],
         "'App/Info.plist' line 8", "nesting too deep"),
        ("project.yml nested 60,000 deep", ["project.yml": Data((spec + "    sources: " + String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000) + "\n").utf8)],
         "'project.yml' line 6", "nesting too deep"),
        ("project.yml 16,000 nested list items", ["project.yml": Data((spec + "    sources:\n      " + String(repeating: "- ", count: 16_000) + "x\n").utf8)],
         "'project.yml' line 7", "nesting too deep"),
        ("Swift file with 50,000 nested interpolations", ["A.xcodeproj/project.pbxproj": Data(project.utf8),
                                                          "App/BackgroundTaskHelper.swift": Data(("let x = " + String(repeating: "\"\\(", count: 50_000) + "1" + String(repeating: ")\"", count: 50_000) + "\n").utf8)],
         "'App/BackgroundTaskHelper.swift' line 1", "nesting too deep"),
        ("project.yml with a tab", ["project.yml": Data("name: App\ntargets:\n  App:\n\ttype: application\n".utf8)], "'project.yml' line 4", "a tab in the indentation"),
        ("project.yml with an unbalanced [", ["project.yml": Data((spec + "    sources: [App, Shared\n").utf8)], "'project.yml' line 6", "'[' is never closed"),
        ("project.yml with an unbalanced {", ["project.yml": Data((spec + "    settings: {A: 1\n").utf8)], "'project.yml' line 6", "'{' is never closed"),
        ("project.yml with an unclosed quote", ["project.yml": Data((spec + "    settings:\n      PRODUCT_BUNDLE_IDENTIFIER: \"com.example.app\n").utf8)],
         "'project.yml' line 7", "a quoted string that never ends"),
        ("project.yml with a NUL", ["project.yml": Data((spec + "    sources: App\u{0}\n").utf8)], "'project.yml' line 6", "a control character (U+0000)"),
        ("project.yml with a Latin-1 byte", ["project.yml": Data("name: App\ntargets:\n  Caf".utf8) + Data([0xE9]) + Data(":\n    type: application\n".utf8)],
         "'project.yml'", "it is not UTF-8 text (line 3)"),
        ("Project.swift cut short", ["Project.swift": Data("import ProjectDescription\n\nlet project = Project(name: \"App\", targets: [\n    .target(name: \"App\", destinations: .iOS,\n".utf8)],
         "'Project.swift' line 4", "is never closed"),
        ("Project.swift with an unterminated string", ["Project.swift": Data("import ProjectDescription\nlet project = Project(name: \"App, targets: [])\n".utf8)],
         "'Project.swift' line 2", "a string that never ends"),
        ("Project.swift with an unterminated comment", ["Project.swift": Data("import ProjectDescription\nlet project = Project(name: \"App\", targets: [])\n/* to do\n".utf8)],
         "'Project.swift' line 3", "a /* comment that never ends"),
        ("Info.plist with a NUL in a string", ["A.xcodeproj/project.pbxproj": Data(project.utf8),
                                               "App/Info.plist": Data(infoPlist("\t<key>Odd</key>\n\t<string>a\u{0}b</string>\n").utf8)],
         "'App/Info.plist' line 8", "a control character (U+0000)"),
        ("Info.plist with UIBackgroundModes twice", ["A.xcodeproj/project.pbxproj": Data(project.utf8),
                                                     "App/Info.plist": Data(infoPlist("\t<key>UIBackgroundModes</key>\n\t<array/>\n\t<key>UIBackgroundModes</key>\n\t<array/>\n").utf8)],
         "'App/Info.plist' line 9", "UIBackgroundModes appears twice at the top level (first on line 7)"),
        ("Info.plist with a bad date on line 18", ["A.xcodeproj/project.pbxproj": Data(project.utf8),
                                                   "App/Info.plist": Data(infoPlist(String(repeating: "\t<key>K</key>\n\t<true/>\n", count: 5) + "\t<key>When</key>\n\t<date>yesterday</date>\n").utf8)],
         "'App/Info.plist' line 18", "<date>yesterday</date> is not a valid date"),
    ]

    @Test(arguments: brokenRepositories.map(\.name))
    func aBrokenProjectFileIsAnErrorWithItsLine(_ name: String) throws {
        let broken = try #require(Self.brokenRepositories.first { $0.name == name })
        let folder = try TemporaryDirectory()
        for (path, data) in broken.files {
            let url = folder.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let before = try Self.snapshot(folder)
        let run = try InProcessRunner.run(["init", "--yes"], in: folder.url)
        #expect(run.status == 1, "\(name): \(run.stderr.prefix(600))")
        #expect(run.stderr.contains(broken.place), "\(name): \(run.stderr.prefix(600))")
        #expect(run.stderr.contains(broken.reason), "\(name): \(run.stderr.prefix(600))")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr.prefix(600))")
        #expect(try Self.snapshot(folder) == before)
    }

    /// Bytes of every file, for trees that are not all UTF-8.
    static func snapshot(_ folder: TemporaryDirectory) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.url.resolvingSymlinksInPath().path
        for case let url as URL in FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: nil) ?? .init() {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            result[String(url.resolvingSymlinksInPath().path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    @Test(arguments: [
        (["--ios", "99"], "iOS 99 is newer than iOS 27"),
        (["--ios", "999.999.999"], "'999.999.999' is not an iOS deployment target"),
        (["--ios", "16.0.1"], "'16.0.1' is not an iOS deployment target"),
        (["--target", "Nope"], "--target 'Nope' was given, but '.' holds no Xcode project"),
        (["\u{2014}yes"], "'\u{2014}yes' starts with a typographic dash"),
        (["\u{2013}\u{2013}force"], "type --force."),
        (["--bundle-id", "com.x\n\u{1B}[2J"], #"'com.x\n\u{1B}[2J' is not a valid bundle identifier"#),
    ] as [([String], String)])
    func aBadFlagIsAUsageErrorOnOneLine(_ flags: [String], _ message: String) throws {
        let folder = try TemporaryDirectory()
        let run = try InProcessRunner.run(["init", "--yes"] + flags, in: folder.url)
        #expect(run.status == 64, "\(flags): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(flags): \(run.stderr)")
        #expect(!run.stderr.contains("\u{1B}"), "no escape sequence reaches the terminal")
        #expect(run.stderr.split(separator: "\n").count == 2, "the error and the pointer to --help: \(run.stderr)")
        #expect(try folder.files().isEmpty)
    }

    @Test func aFolderInTheWayIsNamedAsSuchWithAndWithoutForce() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("BackgroundProcessing/BackgroundTaskManager.swift"), withIntermediateDirectories: true)
        for force in [[], ["--force"]] {
            let run = try InProcessRunner.run(["init", "--yes"] + force, in: folder.url)
            #expect(run.status == 1)
            #expect(run.stderr.contains("'BackgroundProcessing/BackgroundTaskManager.swift' is a folder where bggen writes a file"), "\(run.stderr)")
            #expect(!run.stderr.contains("pass --force"))
            #expect(try folder.files().isEmpty)
        }
    }

    @Test func answersThatClashInTheRecordNameTheRecord() throws {
        let folder = try TemporaryDirectory()
        try folder.write(#"{"style": "swiftui", "ios": "13.0"}"#, to: ".bggen.json")
        let run = try InProcessRunner.run(["init", "--yes"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.stderr.contains("the answers recorded in .bggen.json do not fit together"), "\(run.stderr)")
        #expect(run.stderr.contains("Fix or delete .bggen.json"), "\(run.stderr)")
    }
}

/// A spec whose settings exist only through YAML anchors and merge keys is read, not replaced by defaults.
@Suite("XcodeGen specs with anchors")
struct XcodeGenAnchorTests {
    @Test func settingsMergedFromAnAnchorAreTheApps() throws {
        let repo = try Fixtures.copy("XcodeGenAnchors")
        let run = try InProcessRunner.run(["init", "--yes", "--dry-run"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("App target: Lumen · iOS 17.0 · Swift 6.0"), "\(run.stdout)")
        #expect(run.stdout.contains("Bundle ID: io.lumen.app"), "\(run.stdout)")
        #expect(run.stdout.contains("io.lumen.app.refresh"), "\(run.stdout)")
        #expect(run.stdout.contains("create     Lumen/BackgroundProcessing/BackgroundTaskManager.swift"), "\(run.stdout)")
    }
}
