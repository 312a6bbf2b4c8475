@testable import BggenCLI
@testable import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Issue 20, a hostile clone: nothing from the repository runs unless asked, nothing outside it is read or
/// written, no file hangs or crashes bggen, and nothing it holds can forge a line of output. What reads the disk
/// runs on both of its routes (`DiskRoute`): the portable one is every read's and walk's on a Mac without a kernel
/// path. The write races need no second run: writes take one route.
@Suite("A hostile clone")
struct HostileCloneTests {
    /// `script` as an executable `name` in a new folder.
    private func tool(_ name: String, _ script: String) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try folder.writeExecutable("#!/bin/sh\n" + script, to: name)
        return folder
    }

    // MARK: 1. Code from the repository runs only when asked, and then as a stranger's

    @Test func noGeneratorRunsWithoutTheFlagAndTheFlagNamesItself() throws {
        let repo = try TemporaryDirectory()
        try repo.write("name: App\ninclude: [Other/base.yml]\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n", to: "project.yml")
        try repo.write("// app\n", to: "App/App.swift")
        let marker = repo.url.appendingPathComponent("ran").path
        let tools = try tool("xcodegen", "touch '\(marker)'\necho 'not json'\n")
        let path = "\(tools.path):/usr/bin:/bin"
        for arguments in [["doctor"], ["init", "--yes", "--dry-run"]] {
            let run = try BinaryRunner.run(arguments, in: repo.url, environment: ["PATH": path])
            #expect(!FileManager.default.fileExists(atPath: marker), "\(arguments): xcodegen ran without --use-generators")
            #expect((run.stdout + run.stderr).contains("pass --use-generators"), "\(arguments): \(run.stdout)\(run.stderr)")
        }
        for arguments in [["doctor", "--use-generators"], ["init", "--yes", "--dry-run", "--use-generators"]] {
            let run = try BinaryRunner.run(arguments, in: repo.url, environment: ["PATH": path])
            #expect(FileManager.default.fileExists(atPath: marker), "\(arguments)")
            #expect(FilledLines.flat(run.stdout + run.stderr).contains("project.yml: xcodegen dump --type json --spec project.yml printed no JSON; bggen read project.yml itself instead"), "\(arguments): \(run.stdout)\(run.stderr)")
            try? FileManager.default.removeItem(atPath: marker)
        }
    }

    @Test func aRelativePATHEntryIsNeverSearched() throws {
        let trusted = try tool("xcodegen", "exit 0\n")
        for relative in ["node_modules/.bin", "bin", "./bin", "."] {
            let dumper = ProcessProjectDumper(environment: ["PATH": relative])
            #expect(dumper.executable(named: "sh") == nil, "\(relative)")
            #expect(dumper.toolEnvironment["PATH"] == "", "\(relative)")
        }
        let dumper = ProcessProjectDumper(environment: ["PATH": "bin:\(trusted.path)"])
        #expect(dumper.executable(named: "xcodegen") == "\(trusted.path)/xcodegen")
    }

    @Test func aDumpSeesOnlyAMinimalEnvironment() throws {
        let project = try TemporaryDirectory()
        let seen = project.url.appendingPathComponent("env").path
        let tools = try tool("tuist", "env > '\(seen)'\necho '{}'\n")
        let dumper = ProcessProjectDumper(environment: ["PATH": "\(tools.path):/usr/bin:/bin", "HOME": "/home/someone", "TMPDIR": "/tmp",
                                                        "AWS_SECRET_ACCESS_KEY": "hunter2", "TUIST_CONFIG": "kept", "GITHUB_TOKEN": "ghp_x"])
        _ = try #require(dumper.run(tool: "tuist", arguments: ["dump", "project"], in: project.path)).get()
        let names = Set(try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(names.isSuperset(of: ["PATH", "HOME", "TMPDIR", "TUIST_CONFIG"]))
        #expect(!names.contains("AWS_SECRET_ACCESS_KEY") && !names.contains("GITHUB_TOKEN"), "\(names)")
    }

    @Test func aDumpThatIgnoresSIGTERMIsKilledWithEverythingItStarted() throws {
        let project = try TemporaryDirectory()
        let pidFile = project.url.appendingPathComponent("child").path
        let tools = try tool("xcodegen", "trap '' TERM\nsleep 30 &\necho $! > '\(pidFile)'\nwhile :; do sleep 1; done\n")
        let dumper = ProcessProjectDumper(environment: ["PATH": "\(tools.path):/usr/bin:/bin"], timeout: 0.5, grace: 0.4)
        let started = Date()
        let result = try #require(dumper.run(tool: "xcodegen", arguments: ["dump"], in: project.path))
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.85 && elapsed < 4.5, "SIGTERM, then SIGKILL 0.4 s later: \(elapsed) s")
        #expect(ProcessProjectDumper().grace == 2, "a real tool gets 2 s to finish after SIGTERM")
        #expect(throws: ProjectDumpFailure(reason: "xcodegen dump did not finish within 0.5 seconds, so bggen stopped it")) { try result.get() }
        let child = try #require(pid_t(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let deadline = Date().addingTimeInterval(3)
        while kill(child, 0) == 0 && Date() < deadline { usleep(20_000) }
        #expect(kill(child, 0) != 0, "the tool's child is gone too")
    }

    // MARK: 2. Nothing outside the repository is read

    @Test(arguments: DiskRoute.allCases)
    func anXCConfigLinkedOutsideIsNotReadAndIsNamed(_ route: DiskRoute) throws {
        let parent = try TemporaryDirectory()
        try parent.write("aws_access_key_id = AKIASECRET123\n", to: "secret.xcconfig")
        try parent.write("#include \"Inner.xcconfig\"\n", to: "repo/Base.xcconfig")
        try FileManager.default.createSymbolicLink(atPath: parent.url.appendingPathComponent("repo/Inner.xcconfig").path, withDestinationPath: "../secret.xcconfig")
        let root = parent.url.appendingPathComponent("repo").path
        let file = XCConfigFile.load("Base.xcconfig", root: root, fileSystem: route.disk.contained(in: root))
        #expect(file.assignments.isEmpty, "\(file.assignments)")
        #expect(file.unread.map(\.file) == ["Inner.xcconfig"])
        #expect(file.unread.allSatisfy { $0.reason.contains("outside the repository") && !$0.reason.contains("AKIA") }, "\(file.unread)")
    }

    @Test(arguments: ["../secret.yml", "ABSOLUTE"], DiskRoute.allCases)
    func aSpecIncludeOutsideIsNotReadAndItsContentNeverShown(_ include: String, _ route: DiskRoute) throws {
        let parent = try TemporaryDirectory()
        try parent.write("ghp_TOKENTOKENTOKEN: [\n", to: "secret.yml")
        let reference = include == "ABSOLUTE" ? parent.url.appendingPathComponent("secret.yml").path : include
        try parent.write("name: App\ninclude: [\(reference)]\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n", to: "repo/project.yml")
        try parent.write("// app\n", to: "repo/App/App.swift")
        let repo = parent.url.appendingPathComponent("repo")
        for arguments in [["init", "--yes", "--dry-run"], ["doctor"], ["doctor", "--format", "json"]] {
            let run = try InProcessRunner.run(arguments, in: repo, on: route)
            #expect(!(run.stdout + run.stderr).contains("ghp_"), "\(arguments): \(run.stdout)\(run.stderr)")
        }
    }

    // MARK: 3. Special and huge files are refused, never read

    @Test(arguments: DiskRoute.allCases)
    func aFIFOOrADeviceOrAHugeFileIsAnErrorNamingIt(_ route: DiskRoute) throws {
        for kind in ["fifo", "dev/zero", "dev/stdin", "huge"] {
            let repo = try TemporaryDirectory()
            try repo.write(HostileInputTests.project, to: "A.xcodeproj/project.pbxproj")
            let plist = repo.url.appendingPathComponent("App/Info.plist").path
            try FileManager.default.createDirectory(atPath: PathText.parent(of: plist), withIntermediateDirectories: true)
            switch kind {
            case "fifo": #expect(mkfifo(plist, 0o644) == 0)
            case "huge":
                #expect(FileManager.default.createFile(atPath: plist, contents: nil))
                #expect(truncate(plist, off_t(ReadLimit.projectFile + 1)) == 0)
            default: try FileManager.default.createSymbolicLink(atPath: plist, withDestinationPath: "/\(kind)")
            }
            let started = Date()
            // init reads this Info.plist only when it patches it (not here: it lies in a synchronized folder); it
            // must still finish at once.
            let initRun = try route.run(["init", "--yes", "--dry-run"], in: repo.url)
            #expect(initRun.status == 0 || initRun.stderr.contains("App/Info.plist"), "\(kind): \(initRun.stderr)")
            for arguments in [["doctor"]] {
                let run = try route.run(arguments, in: repo.url)
                let said = run.stdout + run.stderr
                #expect(run.status == 2, "doctor could not do its job: \(kind) \(arguments): \(said)")
                #expect(said.contains("App/Info.plist"), "\(kind) \(arguments): \(said)")
                let reason = ["fifo": "a FIFO, not a regular file", "huge": "larger than 16 MB", "dev/zero": "outside the repository", "dev/stdin": "outside the repository"][kind]!
                #expect(said.contains(reason), "\(kind) \(arguments): \(said)")
            }
            #expect(Date().timeIntervalSince(started) < 20, "\(kind)")
        }
    }

    // MARK: 4. A path swapped between check and write never leads elsewhere (bounded race loops)

    @Test func aFileSwappedForALinkDuringWritesNeverChangesTheOutsideFile() throws {
        let parent = try TemporaryDirectory()
        try parent.write("outside\n", to: "outside/Info.plist")
        try parent.write("inside\n", to: "repo/App/Info.plist")
        let root = parent.url.appendingPathComponent("repo").path
        let target = "\(root)/App/Info.plist"
        let real = "\(root)/App/.real"
        let stop = Atomic(false)
        let swapper = Thread {
            while !stop.load() {
                // Swap the file for the link and back, each step a rename, as a hostile neighbour would.
                rename(target, real); symlink(parent.url.appendingPathComponent("outside/Info.plist").path, target)
                unlink(target); rename(real, target)
            }
        }
        swapper.start()
        let disk = LocalFileSystem()
        for round in 0..<60 { try? disk.writeAtomically(Data("round \(round)\n".utf8), to: target, within: root) }
        stop.store(true)
        usleep(50_000)
        #expect(try String(contentsOfFile: parent.url.appendingPathComponent("outside/Info.plist").path, encoding: .utf8) == "outside\n")
    }

    @Test func aFolderSwappedForALinkDuringDeletionsNeverDeletesOutside() throws {
        let parent = try TemporaryDirectory()
        try parent.write("someone else's\n", to: "outside/Work.swift")
        try parent.write("bggen's\n", to: "repo/App/BackgroundProcessing/Work.swift")
        let root = parent.url.appendingPathComponent("repo").path
        let folder = "\(root)/App/BackgroundProcessing", held = "\(root)/App/.held"
        let stop = Atomic(false)
        let swapper = Thread {
            while !stop.load() {
                rename(folder, held); symlink(parent.url.appendingPathComponent("outside").path, folder)
                unlink(folder); rename(held, folder)
            }
        }
        swapper.start()
        let disk = LocalFileSystem()
        for _ in 0..<30 {
            if (try? disk.remove("\(folder)/Work.swift", within: root)) != nil {
                try? disk.writeAtomically(Data("bggen's\n".utf8), to: "\(folder)/Work.swift", within: root)
            }
        }
        stop.store(true)
        usleep(50_000)
        #expect(FileManager.default.fileExists(atPath: parent.url.appendingPathComponent("outside/Work.swift").path))
    }

    // MARK: 5. An extension's file is never edited for the app

    @Test(arguments: ["linked", "named"], DiskRoute.allCases)
    func anInfoPlistTheExtensionUsesIsLeftAlone(_ how: String, _ route: DiskRoute) throws {
        let repo = try Fixtures.copy("NotificationService")
        let app = repo.url.appendingPathComponent("Mastodon/Info.plist")
        if how == "linked" {
            try FileManager.default.removeItem(at: app)
            try FileManager.default.createSymbolicLink(atPath: app.path, withDestinationPath: "../NotificationService/Info.plist")
        } else {
            let project = try #require(try repo.files()["Mastodon.xcodeproj/project.pbxproj"])
            try repo.write(project.replacingOccurrences(of: "INFOPLIST_FILE = Mastodon/Info.plist;", with: "INFOPLIST_FILE = NotificationService/Info.plist;"),
                           to: "Mastodon.xcodeproj/project.pbxproj")
        }
        let before = try #require(try repo.files()["NotificationService/Info.plist"])
        let initRun = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url, on: route)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        #expect(initRun.stderr.contains("is also NotificationService's, so bggen left it alone"), "\(initRun.stderr)")
        let doctorRun = try InProcessRunner.run(["doctor", "--fix"], in: repo.url, on: route)
        #expect(doctorRun.stdout.contains("--fix leaves"), "\(doctorRun.stdout)\(doctorRun.stderr)")
        #expect(try repo.files()["NotificationService/Info.plist"] == before)
    }

    // MARK: 6. doctor --fix under a stop signal

    @Test func aStopRequestDuringDoctorFixWaitsUntilBothFilesAreFixed() throws {
        let push = DoctorRepository(modes: ["fetch"], settings: "SWIFT_VERSION = 6.0;").with("App/AppDelegate.swift", """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
                    .noData
                }
            }

            """)
        let disk = push.fileSystem
        disk.afterWrite = { count in
            guard count == 1 else { return }
            kill(getpid(), SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while DeferredSignals.pending == nil && Date() < deadline { usleep(1_000) }
        }
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: disk).run(["doctor", "--fix", DoctorRepository.root])
        #expect(status == 128 + SIGTERM, "\(console.errors)")
        #expect(console.errors.contains("Stopped by SIGTERM after every fix was written."), "\(console.errors)")
        #expect(disk.files["/repo/App/App.entitlements"]?.contains("aps-environment") == true)
        #expect(disk.files["/repo/App/Info.plist"]?.contains("remote-notification") == true)
        #expect(disk.writeCount == 2)
    }

    /// The same in a Tuist manifest: the widget names the app's Info.plist.
    @Test func anInfoPlistATuistExtensionUsesIsLeftAlone() throws {
        let repo = try TemporaryDirectory()
        try repo.write("""
            import ProjectDescription

            let project = Project(
                name: "Reader",
                targets: [
                    .target(name: "Reader", destinations: .iOS, product: .app, bundleId: "org.example.reader",
                            deploymentTargets: .iOS("17.0"), infoPlist: "Shared/Info.plist", sources: ["Reader/**"]),
                    .target(name: "ReaderWidget", destinations: .iOS, product: .appExtension, bundleId: "org.example.reader.widget",
                            infoPlist: "Shared/Info.plist", sources: ["Widget/**"]),
                ]
            )

            """, to: "Project.swift")
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n"
        try repo.write(plist, to: "Shared/Info.plist")
        try repo.write("import SwiftUI\n", to: "Reader/ReaderApp.swift")
        let run = try InProcessRunner.run(["init", "--yes", "--tasks", "refresh"], in: repo.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("is also ReaderWidget's, so bggen left it alone"), "\(run.stdout)\(run.stderr)")
        #expect(try repo.files()["Shared/Info.plist"] == plist)
    }

    /// A source file that is a FIFO, or too large, is skipped and said so by both commands (issue 20, item 3).
    @Test(arguments: DiskRoute.allCases)
    func aSourceFileThatCannotBeReadIsSaidToBeSkipped(_ route: DiskRoute) throws {
        let repo = try Fixtures.copy("NetNewsWire")
        #expect(mkfifo(repo.url.appendingPathComponent("iOS/Fifo.swift").path, 0o644) == 0)
        try repo.write(String(repeating: "// padding\n", count: 400_000), to: "iOS/Huge.swift")
        let initRun = try route.run(["init", "--yes", "--dry-run"], in: repo.url)
        let said = initRun.stdout + initRun.stderr
        #expect(FilledLines.flat(said).contains("iOS/Fifo.swift was not searched for background code: it is a FIFO"), "\(said)")
        #expect(FilledLines.flat(said).contains("iOS/Huge.swift was not searched for background code: it is larger than 4 MB"), "\(said)")
        let doctorRun = try route.run(["doctor", "--format", "json", "--fail-on", "note"], in: repo.url)
        #expect(doctorRun.stdout.contains("iOS/Fifo.swift was not searched for background code"), "\(doctorRun.stdout)")
        #expect(doctorRun.stdout.contains("iOS/Huge.swift was not searched for background code"), "\(doctorRun.stdout)")
    }

    /// A source file that is not UTF-8 but names a background API (a Latin-1 "é" in an old comment) holds code no
    /// reader can trust: init stops at it with its file and line and writes nothing, where doctor says it was not
    /// searched. One that names none is only said to be unread, and init goes on.
    @Test(arguments: DiskRoute.allCases)
    func aSourceFileThatIsNotUTF8StopsInitWhereItNamesTheBackgroundAPIs(_ route: DiskRoute) throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let latin1 = { (code: String) in Data("// Caf".utf8) + Data([0xE9]) + Data("\n\(code)".utf8) }
        try latin1("enum Strings { static let title = \"x\" }\n").write(to: repo.url.appendingPathComponent("iOS/Strings.swift"))
        let aside = try InProcessRunner.run(["init", "--yes", "--dry-run"], in: repo.url, on: route)
        #expect(aside.status == 0, "\(aside.stderr)")
        #expect(FilledLines.flat(aside.stdout + aside.stderr).contains("iOS/Strings.swift was not searched for background code: it is not UTF-8 text (line 1)"))

        try latin1("import BackgroundTasks\nfunc registerLegacy() {\n    BGTaskScheduler.shared.register(forTaskWithIdentifier: \"old\", using: nil) { $0.setTaskCompleted(success: true) }\n}\n")
            .write(to: repo.url.appendingPathComponent("iOS/LegacyTasks.swift"))
        // The Latin-1 files are no text `repo.files()` can read: every file's bytes are compared.
        let before = try repo.fileData()
        let stopped = try InProcessRunner.run(["init", "--yes"], in: repo.url, on: route)
        #expect(stopped.status != 0)
        #expect(stopped.stderr.contains("'iOS/LegacyTasks.swift' line 1 cannot be read (it is not UTF-8 text and it names the background APIs, so what it registers is unknown; save it as UTF-8)"), "\(stopped.stderr)")
        #expect(stopped.stderr.split(separator: "\n").count == 1, "one line: \(stopped.stderr)")
        #expect(try repo.fileData() == before, "nothing written")
        let doctor = try InProcessRunner.run(["doctor", "--format", "json", "--fail-on", "note"], in: repo.url, on: route)
        #expect(doctor.stdout.contains("iOS/LegacyTasks.swift was not searched for background code: it is not UTF-8 text (line 1)"), "\(doctor.stdout)")
    }

    /// A Swift file whose name is not UTF-8 (a Latin-1 "é" from an old archive) cannot be opened by any name bggen
    /// can give it, so what it registers is unknown: init stops at it, as at a file whose text is not UTF-8 and
    /// names the APIs, where it used to warn and plan a second registration of the identifier that file registers
    /// (iOS kills the app at launch); doctor says it was not searched (issue 43).
    @Test(arguments: DiskRoute.allCases)
    func aSourceFileWhoseNameIsNotUTF8StopsInit(_ route: DiskRoute) throws {
        let repo = try Fixtures.copy("NetNewsWire")
        let path = Array("\(repo.path)/iOS/Caf".utf8) + [0xE9] + Array(".swift".utf8)
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        let code = "import BackgroundTasks\nfunc registerLegacy() {\n    BGTaskScheduler.shared.register(forTaskWithIdentifier: \"old\", using: nil) { $0.setTaskCompleted(success: true) }\n}\n"
        #expect(code.withCString { write(descriptor, $0, strlen($0)) } == code.utf8.count)
        close(descriptor)
        let plist = repo.url.appendingPathComponent("iOS/Resources/Info.plist")
        let before = try Data(contentsOf: plist)
        let stopped = try InProcessRunner.run(["init", "--yes"], in: repo.url, on: route)
        #expect(stopped.status != 0)
        #expect(stopped.stderr.contains("'iOS/Caf\u{FFFD}.swift' line 1 cannot be read (its name is not UTF-8, so it cannot be opened and what it registers is unknown; rename it)"),
                "\(stopped.stderr)")
        #expect(stopped.stderr.split(separator: "\n").count == 1, "one line: \(stopped.stderr)")
        #expect(try Data(contentsOf: plist) == before, "nothing written")
        #expect(!FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".bggen.json").path), "nothing written")
        let doctor = try InProcessRunner.run(["doctor", "--format", "json", "--fail-on", "note"], in: repo.url, on: route)
        #expect(doctor.stdout.contains("was not searched for background code: its name is not UTF-8"), "\(doctor.stdout)")
    }

    // MARK: 8–9. Bounded work on any input

    @Test func settingsThatEachReferenceThePreviousTenTimesExpandFastAndAreCut() {
        var assignments = [SettingAssignment(qualifiedKey: "S0", value: "abcdefghij")]
        for level in 1...7 {
            assignments.append(SettingAssignment(qualifiedKey: "S\(level)", value: String(repeating: "$(S\(level - 1))", count: 10)))
        }
        assignments.append(SettingAssignment(qualifiedKey: "PRODUCT_BUNDLE_IDENTIFIER", value: "com.x.$(S7)"))
        let settings = BuildSettings(layers: [assignments], configuration: "Release", targetName: "App", projectName: "App")
        let started = Date()
        let value = settings.value("PRODUCT_BUNDLE_IDENTIFIER")
        #expect(Date().timeIntervalSince(started) < 1)
        #expect((value?.resolved.count ?? .max) <= BuildSettings.maximumLength)
        #expect(value?.unresolvedVariables.contains(BuildSettings.cutMarker("S3")) == true, "\(value?.unresolvedVariables ?? [])")
    }

    @Test func anIncludeChainOf40000FilesStopsAtTheNestingLimit() {
        var files: [String: String] = [:]
        for index in 0..<40_000 { files["/repo/C\(index).xcconfig"] = "#include \"C\(index + 1).xcconfig\"\nK\(index) = v\n" }
        let file = XCConfigFile.load("C0.xcconfig", root: "/repo", fileSystem: InMemoryFileSystem(files: files))
        #expect(file.unread.count == 1)
        #expect(file.unread.first?.reason.contains(NestingLimit.reason) == true)
        #expect(file.assignments.count == NestingLimit.maximum + 1)
    }

    // MARK: 10–11. Output cannot be forged and a failed write does not crash

    @Test func aFileNameCannotForgeAFindingOrReachTheTerminalRaw() throws {
        let forged = "App/Evil\nApp:1:1: error: [BG001] FORGED\u{1B}[2J\u{1B}]0;title\u{7}.swift"
        let repo = DoctorRepository(modes: []).with(forged, """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
                    .noData
                }
            }

            """)
        for format in ["xcode", "text", "sarif"] {
            let console = FakeConsole(terminal: false)
            _ = CLI(console: console, fileSystem: repo.fileSystem).run(["doctor", "--format", format, DoctorRepository.root])
            #expect(!console.output.contains("\u{1B}") && !console.output.contains("\u{7}"), "\(format): \(console.output)")
            #expect(!console.output.split(separator: "\n").contains { $0.hasPrefix("App:1:1") }, "\(format): \(console.output)")
            if format == "xcode" { #expect(console.output.split(separator: "\n").allSatisfy { $0.hasPrefix("/repo/") }, "\(console.output)") }
            if format == "sarif" { #expect(console.output.contains("App/Evil%0AApp%3A1%3A1%3A%20error"), "\(console.output)") }
        }
    }

    /// A stdout that refuses writes: a pipe whose reader has gone (every platform), and a full disk (`/dev/full`,
    /// Linux only; a Mac has none).
    static var refusingStdouts: [String] {
        #if os(Linux)
        ["closed pipe", "/dev/full"]
        #else
        ["closed pipe"]
        #endif
    }

    @Test(arguments: refusingStdouts)
    func aFailedWriteToStdoutIsOneErrorAndAFailureNeverACrash(_ stdout: String) throws {
        let folder = try TemporaryDirectory()
        let cause = stdout == "/dev/full" ? "No space left on device" : "Broken pipe"
        for arguments in [["--version"], ["--help"], ["init", "-q", "--yes", "--tasks", "refresh"]] {
            let process = Process()
            process.executableURL = try RepositoryPaths.binary
            process.arguments = arguments
            process.currentDirectoryURL = folder.url
            if stdout == "/dev/full" {
                process.standardOutput = FileHandle(forWritingAtPath: stdout)
            } else {
                let gone = Pipe()
                try gone.fileHandleForReading.close()
                process.standardOutput = gone
            }
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(arguments): \(process.terminationStatus) \(said)")
            #expect(said.contains("bggen: could not write to stdout: \(cause)"), "\(arguments): \(said)")
            #expect(!said.contains("Fatal error") && !said.contains("Backtrace"), "\(arguments): \(said)")
        }
    }

    // MARK: 12. Messages say what is true and what would help

    @Test(arguments: DiskRoute.allCases)
    func aPathLeadingOutsideIsExplainedAsItIs(_ route: DiskRoute) throws {
        let parent = try TemporaryDirectory()
        try parent.write("// someone else's\n", to: "escape/Keep.swift")
        try parent.write("name: Escape\ntargets:\n  Escape:\n    type: application\n    platform: iOS\n    sources: [../escape]\n", to: "climbs/project.yml")
        let climbs = try InProcessRunner.run(["init", "--yes", "--bundle-id", "com.example.escape"], in: parent.url.appendingPathComponent("climbs"), on: route)
        #expect(climbs.stderr.contains("leads outside the project folder (with '..' to"), "\(climbs.stderr)")
        #expect(!climbs.stderr.contains("symbolic link"), "\(climbs.stderr)")

        try parent.write("# app\n", to: "linked/README.md")
        try FileManager.default.createSymbolicLink(atPath: parent.url.appendingPathComponent("linked/bggen").path, withDestinationPath: "../escape")
        let linked = try InProcessRunner.run(["init", "--yes"], in: parent.url.appendingPathComponent("linked"), on: route)
        #expect(linked.status == 1)
        #expect(linked.stderr.contains("through a symbolic link"), "\(linked.stderr)")
        #expect(linked.stderr.contains("Replace the link"), "\(linked.stderr)")
        #expect(!linked.stderr.contains("--output"), "--output cannot move bggen/: \(linked.stderr)")
        #expect(try parent.files()["escape/Keep.swift"] == "// someone else's\n")
    }

    // MARK: 13. One identifier with a control character is refused alone, as not reverse-DNS

    @Test func anIdentifierWithAControlCharacterIsRefusedAndTheRestFixed() throws {
        let repo = DoctorRepository(modes: ["audio"]).with("App/AppDelegate.swift", """
            import BackgroundTasks

            func start() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.refresh", using: nil) { task in }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.app.bad\u{7}x", using: nil) { task in }
                try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.example.app.refresh"))
            }

            """).launching("start()")
        let disk = repo.fileSystem
        let console = FakeConsole(terminal: false)
        _ = CLI(console: console, fileSystem: disk).run(["doctor", "--fix", DoctorRepository.root])
        #expect(console.output.contains("Fixed 1 file:\n  update App/Info.plist"), "\(console.errors)\(console.output)")
        let plist = try #require(disk.files["/repo/App/Info.plist"])
        #expect(plist.contains("<string>com.example.app.refresh</string>"), "\(plist)")
        #expect(!plist.contains("bad"), "\(plist)")
        // Not reverse-DNS, so never quoted and never offered to --fix (issue 43, item 4).
        #expect(console.output.contains("App registers an identifier that is not reverse-DNS at App/AppDelegate.swift:5"), "\(console.output)")
        #expect(!console.output.contains("bad"), "\(console.output)")
    }

    // MARK: 14. A damaged record is a failure, not a usage error

    @Test(arguments: [#"{"version": 2}"#, "not json", #"{"tasks": 3}"#])
    func aDamagedRecordIsAToolFailure(_ record: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write(record, to: ".bggen.json")
        let run = try InProcessRunner.run(["init", "--yes"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains(".bggen.json"), "\(run.stderr)")
        #expect(!run.stderr.contains("--help"), "\(run.stderr)")
    }
}

/// A flag two threads share.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool
    init(_ value: Bool) { self.value = value }
    func load() -> Bool { lock.withLock { value } }
    func store(_ new: Bool) { lock.withLock { value = new } }
}
