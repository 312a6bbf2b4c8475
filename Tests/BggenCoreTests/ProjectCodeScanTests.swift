@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

private let minimalProject = SyntheticProject.pbxproj()

private func scan(_ files: [String: String]) throws -> ProjectReport {
    var all = files
    all["App.xcodeproj/project.pbxproj"] = minimalProject
    let disk = InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: all.map { ("/repo/\($0.key)", $0.value) }))
    return try ProjectDetector.detect(root: "/repo", fileSystem: disk)
}

@Suite("Project code scan")
struct ProjectDetectorCodeScanTests {
    @Test func commentsAndStringsAreNotCode() throws {
        let tokens = try SourceLexer.tokens(of: """
            let label = "BGTaskScheduler" // BGTaskScheduler in a comment
            /* outer /* nested BGTaskScheduler */ still a comment BGTaskScheduler */
            let raw = #"a "quoted" BGTaskScheduler"#
            let text = \"\"\"
                BGTaskScheduler inside a multi-line string
                \"\"\"
            BGTaskScheduler.shared
            """, language: .swift)
        let identifiers = tokens.filter { $0.kind == .identifier && $0.text == "BGTaskScheduler" }
        #expect(identifiers.map(\.line) == [7])
        let strings = tokens.filter { $0.kind == .string }
        #expect(strings.prefix(2).map(\.text) == ["BGTaskScheduler", #"a "quoted" BGTaskScheduler"#])
        #expect(strings.map(\.isLiteral) == [true, true, false])
    }

    @Test func interpolatedStringsAreNotLiterals() throws {
        let tokens = try SourceLexer.tokens(of: #"let id = "\(prefix).refresh""#, language: .swift)
        let string = tokens.first { $0.kind == .string }
        #expect(string?.isLiteral == false)
        #expect(string?.text == #"\(…).refresh"#)
    }

    @Test func identifiersKnowTheirColumn() throws {
        let tokens = try SourceLexer.tokens(of: "let a = 1\n\t/* x */ `class`.register(\"s\") // y\n", language: .swift)
        let identifiers = tokens.filter { $0.kind == .identifier }.map { "\($0.text) \($0.line):\($0.column)" }
        #expect(identifiers == ["let 1:1", "a 1:5", "class 2:10", "register 2:18"])
    }

    @Test func objectiveCStringsAndCharactersAreSkipped() throws {
        let tokens = try SourceLexer.tokens(of: """
            NSString *label = @"BGTaskScheduler"; char quote = '"'; /* a /* b */ [BGTaskScheduler sharedScheduler];
            """, language: .objectiveC)
        #expect(tokens.filter { $0.kind == .identifier && $0.text == "BGTaskScheduler" }.count == 1)
        #expect(tokens.filter { $0.kind == .string }.map(\.text) == ["BGTaskScheduler"])
    }

    @Test func constantsResolveWithinTheFileOnly() throws {
        let report = try scan([
            "App/Tasks.swift": """
                import BackgroundTasks

                enum Tasks {
                    static let refresh: String = "com.example.app.refresh"
                    static let ambiguous = "one"
                }
                struct Other { static let ambiguous = "two" }

                func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: Tasks.refresh, using: nil) { _ in }
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: Tasks.ambiguous, using: nil) { _ in }
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: Elsewhere.identifier, using: nil) { _ in }
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: makeIdentifier(), using: nil) { _ in }
                }
                """,
            "App/Legacy.m": """
                #define kProcessing @"com.example.app.processing"
                [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:kProcessing usingQueue:nil launchHandler:nil];
                """,
        ])
        #expect(report.registeredIdentifiers == [
            RegisteredIdentifier(identifier: "com.example.app.processing", kind: .task, file: "App/Legacy.m", line: 2, constant: "kProcessing"),
            RegisteredIdentifier(identifier: "com.example.app.refresh", kind: .task, file: "App/Tasks.swift", line: 10, constant: "refresh"),
            // Two types declare `ambiguous`, but the name written with its type is the one `Tasks` declares.
            RegisteredIdentifier(identifier: "one", kind: .task, file: "App/Tasks.swift", line: 11, constant: "ambiguous"),
        ])
        #expect(report.warnings == [
            .unresolvedIdentifier(file: "App/Tasks.swift", line: 12, expression: "Elsewhere.identifier"),
            .unresolvedIdentifier(file: "App/Tasks.swift", line: 13, expression: "makeIdentifier()"),
        ])
        #expect(report.existingCode.allSatisfy { $0.targets == ["App"] })
    }

    @Test func theAsyncRemoteNotificationHandlerAndTheSwiftUIModifierFormAreFound() throws {
        let report = try scan([
            "App/AppDelegate.swift": """
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult { .noData }
                let configuration = URLSessionConfiguration.background(withIdentifier: "com.example.app.downloads")
                let processing = BGProcessingTask.self
                """,
        ])
        #expect(report.existingCode.map(\.description) == [
            "App/AppDelegate.swift:1: didReceiveRemoteNotification (silent-push)",
            "App/AppDelegate.swift:2: background(withIdentifier:) (downloads)",
            "App/AppDelegate.swift:3: BGProcessingTask (processing)",
        ])
        #expect(report.registeredIdentifiers.map(\.identifier) == ["com.example.app.downloads"])
    }

    @Test func vendoredAndHiddenFoldersAreNeverListedOrRead() throws {
        var files: [String: String] = ["/repo/App.xcodeproj/project.pbxproj": minimalProject,
                                       "/repo/App/Refresh.swift": "BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: \"x\"))\n"]
        let vendored = "import BackgroundTasks\nBGTaskScheduler.shared.register(forTaskWithIdentifier: \"vendor\", using: nil) { _ in }\n"
        for index in 0..<10_000 {
            files["/repo/Pods/SDK\(index % 50)/Sources/File\(index).swift"] = vendored
            files["/repo/.git/objects/\(index % 256)/object\(index).swift"] = vendored
        }
        for folder in ["Carthage/Checkouts/Lib", "DerivedData/Build", ".build/checkouts", "node_modules/pkg", "vendor/lib", "build/Release"] {
            files["/repo/\(folder)/Vendored.swift"] = vendored
        }
        let disk = RecordingFileSystem(InMemoryFileSystem(files: files))
        let report = try ProjectDetector.detect(root: "/repo", fileSystem: disk)
        #expect(report.existingCode.map(\.file) == ["App/Refresh.swift", "App/Refresh.swift"])
        #expect(report.registeredIdentifiers.isEmpty)
        let skipped = ["/Pods", "/.git", "/Carthage", "/DerivedData", "/.build", "/node_modules", "/vendor", "/build/"]
        #expect(disk.touched.filter { path in skipped.contains { path.contains($0) } } == [])
        #expect(disk.readCount == 2)
    }

    @Test func localListingNeverFollowsLinksOutOfTheRoot() throws {
        let outside = try TemporaryDirectory()
        try outside.write("secret", to: "secret.swift")
        let root = try TemporaryDirectory()
        try root.write("inside", to: "inside.swift")
        try root.write("nested", to: "sub/nested.swift")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: "\(root.path)/link-in.swift", withDestinationPath: "\(root.path)/inside.swift")
        try manager.createSymbolicLink(atPath: "\(root.path)/link-out.swift", withDestinationPath: "\(outside.path)/secret.swift")
        try manager.createSymbolicLink(atPath: "\(root.path)/outside-folder", withDestinationPath: outside.path)
        try manager.createSymbolicLink(atPath: "\(root.path)/sub/loop", withDestinationPath: root.path)
        try manager.createSymbolicLink(atPath: "\(root.path)/dangling.swift", withDestinationPath: "\(root.path)/missing.swift")

        let disk = LocalFileSystem()
        let top = disk.entries(in: root.path, within: root.path)
        #expect(top.map(\.name) == ["inside.swift", "link-in.swift", "sub"])
        #expect(top.map(\.kind) == [.file, .file, .directory])
        #expect(disk.entries(in: "\(root.path)/sub", within: root.path).map(\.name) == ["nested.swift"])
        #expect(disk.entries(in: "\(root.path)/missing", within: root.path).isEmpty)
        #expect(RepositoryWalker.files(root: root.path, fileSystem: disk) { $0.hasSuffix(".swift") }
            == ["inside.swift", "link-in.swift", "sub/nested.swift"])
    }

    @Test func inMemoryListingShowsFilesAndFoldersSorted() {
        let disk = InMemoryFileSystem(files: ["/r/b.swift": "", "/r/a/c.swift": ""], directories: ["/r/empty"])
        let entries = disk.entries(in: "/r", within: "/r")
        #expect(entries.map(\.name) == ["a", "b.swift", "empty"])
        #expect(entries.map(\.kind) == [.directory, .file, .directory])
    }
}
