@testable import BggenCLI
import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// Fixed-seed fuzzing of everything bggen reads: flags, the answers file and every kind of project file. Runs
/// are in process on an in-memory disk, so thousands take seconds. Whatever the input: no crash, no hang, exit
/// 0, 1 or 64, and a run that does not succeed leaves every file as it was.
@Suite("Fuzzing: flags, answers file, project files", .tags(.slow))
struct FuzzTests {
    private static let allowedStatuses: Set<Int32> = [0, 1, 64]
    private static let everyTask = TaskKind.allCases.map(\.rawValue).joined(separator: ",")

    /// Runs `arguments` in `/project` on `disk`; checks the status and, on failure, that nothing changed.
    @discardableResult
    private func run(_ arguments: [String], on disk: InMemoryFileSystem, _ label: @autoclosure () -> String) -> Int32 {
        let before = disk.files
        let directories = disk.allDirectories
        let console = FakeConsole(terminal: false)
        let status = CLI(console: console, fileSystem: disk).run(arguments)
        #expect(Self.allowedStatuses.contains(status), "\(label()): status \(status) for \(arguments)\n\(console.errors)")
        if status != 0 {
            #expect(disk.files == before, "\(label()): a failed run changed files: \(arguments)\n\(console.errors)")
            #expect(disk.allDirectories == directories, "\(label()): a failed run left folders: \(arguments)")
        }
        return status
    }

    /// A fuzz run that only ever fails early proves nothing: each kind of outcome must be well represented.
    private func expectMixed(_ statuses: [Int32], atLeast share: [Int32: Double], _ label: String) {
        for (status, minimum) in share {
            let seen = Double(statuses.filter { $0 == status }.count) / Double(statuses.count)
            #expect(seen >= minimum, "\(label): only \(Int(seen * 100))% of runs ended with \(status)")
        }
    }

    @Test func flagVectors() {
        var random = SeededGenerator(seed: 0xB66E_0001)
        let words = [
            "init", "--yes", "-y", "--dry-run", "--force", "--json", "--help", "--tasks", "refresh,processing", "downloads,uploads",
            "silent-push", "continued-processing", "all", ",", "--interval", "hourly", "few-hours", "daily", "on-push", "30m", "5m",
            "1d", "--network", "--no-network", "--power", "--no-power", "--bundle-id", "com.example.app", "com..x", "--ios", "13.0",
            "27.0", "99", "16.0.1", "--output", "Sources/Bg", "../x", "/abs", "--target", "App", "--style", "swiftui", "app-delegate",
            "--strategy", "queue", "fail", "--gpu", "--checkpoint", "--at", "02:30", "25:00", "--replace", "--allow-binary-plist",
            "--", "-", "demo", "a b", "\u{2014}yes", "--tasks=refresh", "--ios=", "=", "", "\n", "\u{1B}[2J", "--unknown", "help",
        ]
        var statuses: [Int32] = []
        for index in 0..<1_500 {
            var arguments = index % 10 == 0 ? [] : ["init", "--yes"]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                arguments.append(words.randomElement(using: &random)!)
            }
            statuses.append(run(arguments, on: InMemoryFileSystem(directories: ["/project"]), "flags #\(index)"))
        }
        expectMixed(statuses, atLeast: [0: 0.1, 64: 0.3], "flags")
    }

    @Test func answersFiles() throws {
        var random = SeededGenerator(seed: 0xB66E_0002)
        let seedDisk = InMemoryFileSystem(directories: ["/project"])
        let console = FakeConsole(terminal: false)
        #expect(CLI(console: console, fileSystem: seedDisk).run(["init", "--yes", "--tasks", Self.everyTask, "--ios", "26.0", "--checkpoint", "--at", "02:30"]) == 0, "\(console.errors)")
        let record = Array(try #require(seedDisk.files["/project/.bggen.json"]).utf8)
        var statuses: [Int32] = []
        for index in 0..<600 {
            let mutated = String(decoding: random.mutate(record), as: UTF8.self)
            let disk = InMemoryFileSystem(directories: ["/project"])
            try disk.writeAtomically(mutated, to: "/project/.bggen.json")
            statuses.append(run(["init", "--yes"], on: disk, "answers file #\(index): \(mutated.prefix(300))"))
        }
        // A damaged answers file is a failure (exit 1), not a usage error (issue 20, item 14).
        expectMixed(statuses, atLeast: [0: 0.05, 1: 0.3], "answers files")
    }

    /// Each fixture repository with one of its project files (or a source file) mutated.
    @Test(arguments: ["NetNewsWire", "XcodeGen", "Tuist", "DuckDuckGo", "HomeAssistant", "SwiftPackage"])
    func projectFiles(_ fixture: String) throws {
        var random = SeededGenerator(seed: 0xB66E_0003 ^ UInt64(fixture.utf8.count))
        let original = try Self.load(fixture)
        let targets = original.keys.filter { path in
            [".pbxproj", ".yml", "Project.swift", "Package.swift", ".plist", ".entitlements", ".xcconfig", ".swift", ".m"].contains { path.hasSuffix($0) }
        }.sorted()
        try #require(!targets.isEmpty)
        let arguments = ["init", "--yes", "--tasks", "refresh,processing,downloads,silent-push"] + (fixture == "Tuist" ? ["--target", "Hedvig"] : [])
        let unmutated = InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: original.map { ("/project/\($0.key)", $0.value) }))
        try #require(run(arguments, on: unmutated, "\(fixture) as it is") == 0)
        var statuses: [Int32] = []
        for index in 0..<150 {
            var files = original
            let path = targets.randomElement(using: &random)!
            files[path] = String(decoding: random.mutate(Array(files[path]!.utf8)), as: UTF8.self)
            let disk = InMemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("/project/\($0.key)", $0.value) }))
            statuses.append(run(arguments, on: disk, "\(fixture) #\(index), \(path) mutated"))
        }
        expectMixed(statuses, atLeast: [0: 0.3], fixture)
    }

    /// A fixture's text files, by path relative to its root.
    private static func load(_ fixture: String) throws -> [String: String] {
        let root = Fixtures.folder.appendingPathComponent(fixture)
        var files: [String: String] = [:]
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) ?? .init() {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true,
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] = text
        }
        return files
    }
}
