@testable import BggenCore
import BggenTestSupport
import Testing

@Suite("Planning and writing")
struct PlanTests {
    let root = "/project"

    func files(_ answers: Answers = Answers()) throws -> [GeneratedFile] {
        try OutputRenderer().files(for: Configuration(answers: answers), outputFolder: "BackgroundProcessing")
    }

    @Test func anEmptyProjectGetsEveryFileCreated() throws {
        let disk = InMemoryFileSystem()
        let plan = try Planner(fileSystem: disk).plan(root: root, outputFolder: "BackgroundProcessing", files: try files(), force: false)
        #expect(plan.entries.allSatisfy { $0.action == .create })
        try PlanWriter(fileSystem: disk).apply(plan)
        #expect(disk.files.count == plan.entries.count)
        #expect(disk.files["/project/bggen/Info.fragment.plist"] != nil)
    }

    @Test func aSecondRunChangesNothing() throws {
        let disk = InMemoryFileSystem()
        let planner = Planner(fileSystem: disk)
        try PlanWriter(fileSystem: disk).apply(planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(), force: false))
        let writes = disk.writeCount
        let second = try planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(), force: false)
        #expect(!second.hasChanges)
        try PlanWriter(fileSystem: disk).apply(second)
        #expect(disk.writeCount == writes)
    }

    @Test func pristineGeneratedFilesUpdateAndUserFilesAreKept() throws {
        let disk = InMemoryFileSystem()
        let planner = Planner(fileSystem: disk)
        try PlanWriter(fileSystem: disk).apply(planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(), force: false))
        let userFile = "/project/BackgroundProcessing/AppRefreshWork.swift"
        try disk.writeAtomically("// Created by bggen. This file is yours.\nmy work\n", to: userFile)

        let daily = try planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(Answers(flags: "--interval daily")), force: true)
        let actions = Dictionary(uniqueKeysWithValues: daily.entries.map { ($0.path, $0.action) })
        #expect(actions["BackgroundProcessing/BackgroundTaskConfiguration.swift"] == .update)
        #expect(actions["BackgroundProcessing/AppRefreshWork.swift"] == .unchanged)
        try PlanWriter(fileSystem: disk).apply(daily)
        #expect(disk.files[userFile] == "// Created by bggen. This file is yours.\nmy work\n")
    }

    @Test func editedGeneratedFilesConflictUnlessForced() throws {
        let disk = InMemoryFileSystem()
        let planner = Planner(fileSystem: disk)
        try PlanWriter(fileSystem: disk).apply(planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(), force: false))
        let path = "/project/BackgroundProcessing/BackgroundTaskManager.swift"
        try disk.writeAtomically(try disk.read(path) + "// my edit\n", to: path)
        let before = disk.files

        let plan = try planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(Answers(flags: "--interval daily")), force: false)
        #expect(plan.conflicts.map(\.path) == ["BackgroundProcessing/BackgroundTaskManager.swift"])
        #expect(throws: PlanError.conflicts(["BackgroundProcessing/BackgroundTaskManager.swift"])) {
            try PlanWriter(fileSystem: disk).apply(plan)
        }
        #expect(disk.files == before)

        let forced = try planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(Answers(flags: "--interval daily")), force: true)
        #expect(forced.conflicts.isEmpty)
    }

    @Test func filesBggenDidNotWriteConflict() throws {
        let disk = InMemoryFileSystem(files: ["/project/BackgroundProcessing/BackgroundSupport.swift": "// mine\n"])
        let plan = try Planner(fileSystem: disk).plan(root: root, outputFolder: "BackgroundProcessing", files: try files(), force: false)
        #expect(plan.conflicts.map(\.reason) == ["not written by bggen"])
    }

    @Test func droppedTasksDeleteTheirGeneratedFilesAndMentionTheUsersOnes() throws {
        let disk = InMemoryFileSystem()
        let planner = Planner(fileSystem: disk)
        let all = Answers(tasks: [.refresh, .processing, .downloads, .silentPush])
        let first = try files(all)
        try PlanWriter(fileSystem: disk).apply(planner.plan(root: root, outputFolder: "BackgroundProcessing", files: first, force: false))
        let plan = try planner.plan(root: root, outputFolder: "BackgroundProcessing", files: try files(Answers(tasks: [.refresh])),
                                    previous: first.map(\.path), force: false)
        let deleted = plan.entries.filter { $0.action == .delete }.map(\.path).sorted()
        #expect(deleted == [
            "BackgroundProcessing/BackgroundDownloadManager.swift", "BackgroundProcessing/SilentPushHandler.swift",
            "bggen/Entitlements.fragment.plist",
        ])
        #expect(plan.notes.count == 3)
        #expect(plan.notes.allSatisfy { $0.contains("is yours") })
    }

    @Test(arguments: 1...6)
    func aFailedWriteRestoresEveryEarlierChange(failingAt write: Int) throws {
        let existing = "/project/BackgroundProcessing/BackgroundTaskConfiguration.swift"
        let disk = InMemoryFileSystem()
        try PlanWriter(fileSystem: disk).apply(
            Planner(fileSystem: disk).plan(root: root, outputFolder: "BackgroundProcessing", files: try files(Answers(tasks: [.refresh])), force: false)
        )
        let before = disk.files
        let directoriesBefore = disk.allDirectories
        let plan = try Planner(fileSystem: disk).plan(
            root: root, outputFolder: "BackgroundProcessing", files: try files(Answers(tasks: TaskKind.allCases)), force: false
        )
        disk.failingWrites = [disk.writeCount + write]
        #expect(throws: PlanError.self) { try PlanWriter(fileSystem: disk).apply(plan) }
        #expect(disk.files == before)
        #expect(disk.allDirectories == directoriesBefore)
        #expect(disk.files[existing] != nil)
    }

    @Test func aRootThatIsAFileIsRefused() throws {
        let disk = InMemoryFileSystem(files: ["/project": "x"])
        #expect(throws: PlanError.rootIsFile("/project")) {
            try Planner(fileSystem: disk).plan(root: root, outputFolder: "BackgroundProcessing", files: try files(), force: false)
        }
    }

    @Test func outputLocationFollowsTheProjectLayout() throws {
        let sources = InMemoryFileSystem(directories: ["/project/Sources", "/project/App"])
        #expect(try OutputLocation.resolve(root: root, explicit: nil, fileSystem: sources) == "Sources/BackgroundProcessing")
        let app = InMemoryFileSystem(directories: ["/project/App"])
        #expect(try OutputLocation.resolve(root: root, explicit: nil, fileSystem: app) == "App/BackgroundProcessing")
        let plain = InMemoryFileSystem(directories: ["/project"])
        #expect(try OutputLocation.resolve(root: root, explicit: nil, fileSystem: plain) == "BackgroundProcessing")
        #expect(try OutputLocation.resolve(root: root, explicit: "./Code/../Lib/Bg/", fileSystem: plain) == "Lib/Bg")
    }

    @Test(arguments: ["../elsewhere", "/tmp/x", "a/../../b", "~/x"])
    func outputOutsideTheProjectIsRefused(_ path: String) {
        #expect(throws: PlanError.outputOutsideProject(path)) {
            try OutputLocation.resolve(root: "/project", explicit: path, fileSystem: InMemoryFileSystem())
        }
    }

    @Test func outputThroughAFileIsRefused() {
        let disk = InMemoryFileSystem(files: ["/project/notes.txt": "x"])
        #expect(throws: PlanError.outputIsFile("notes.txt/Bg")) {
            try OutputLocation.resolve(root: "/project", explicit: "notes.txt/Bg", fileSystem: disk)
        }
    }

    @Test func markerDetectsEdits() {
        let stamped = GeneratedMarker.stamp("let x = 1\n", path: "A.swift")
        #expect(GeneratedMarker.provenance(of: stamped) == .pristine)
        #expect(GeneratedMarker.provenance(of: stamped + " ") == .edited)
        #expect(GeneratedMarker.provenance(of: "let x = 1\n") == .foreign)
        let plist = GeneratedMarker.stamp("<?xml version=\"1.0\"?>\n<plist/>\n", path: "a.plist")
        #expect(plist.hasPrefix("<?xml version=\"1.0\"?>\n<!-- Generated by bggen"))
        #expect(GeneratedMarker.provenance(of: plist) == .pristine)
    }
}

/// The marker's byte-offset reading gives what splitting the text into lines and joining them again gave: the
/// same checksum, and the same verdict on every text, edited or not, where the marker sits on either first line.
@Suite("Generated marker")
struct GeneratedMarkerTests {
    /// The reading this replaced, kept as the reference.
    private func reference(_ text: String) -> GeneratedMarker.Provenance {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = lines.prefix(2).firstIndex(where: { $0.contains("Generated by bggen; do not edit.") }) else { return .foreign }
        let marker = lines.remove(at: index)
        guard let range = marker.range(of: "checksum: ") else { return .edited }
        return marker[range.upperBound...].prefix(16) == GeneratedMarker.checksum(of: lines.joined(separator: "\n")) ? .pristine : .edited
    }

    @Test func itReadsEveryTextAsTheLineSplittingReadingDid() {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "let x = 1\n".utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        #expect(GeneratedMarker.checksum(of: "let x = 1\n") == String(hash, radix: 16).leftPadded(to: 16))
        let bodies = ["", "x", "let x = 1\n", "a\nb\n\n", "<?xml version=\"1.0\"?>\n<plist/>\n", "<?xml?>", "é\n∑\n"]
        var texts: [String] = []
        for body in bodies {
            for path in ["A.swift", "a.plist", "N.md"] {
                let stamped = GeneratedMarker.stamp(body, path: path)
                texts += [stamped, stamped + " ", stamped.replacingOccurrences(of: "checksum: ", with: "checksum:"),
                          String(stamped.dropLast()), "x" + stamped, stamped.replacingOccurrences(of: "\n", with: "\r\n")]
            }
            texts.append(body)
        }
        for text in texts {
            #expect(GeneratedMarker.provenance(of: text) == reference(text), "\(text.debugDescription)")
        }
        #expect(texts.contains { GeneratedMarker.provenance(of: $0) == .pristine })
        #expect(texts.contains { GeneratedMarker.provenance(of: $0) == .edited })
        #expect(texts.contains { GeneratedMarker.provenance(of: $0) == .foreign })
    }
}

private extension String {
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: Swift.max(0, count - self.count)) + self }
}
