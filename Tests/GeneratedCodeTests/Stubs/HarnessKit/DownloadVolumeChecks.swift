// What a background download leaves on the storage. Into a folder on another volume than the downloaded file (an
// external drive, a file provider's folder), where `rename(2)` fails with EXDEV and the file is copied: the name gets
// the whole file at once, from a copy flushed to the storage first, and the copies a run ended mid-copy left are
// swept. On either volume, the folder is flushed after the rename, before the app hears of the file. /dev/shm is a
// volume of its own (tmpfs); how each name changed is watched with inotify(7), and the flushes are the ledger's
// (AppShim/FileFlushShim.swift), so these checks are Linux's, where the simulator runs. Runs after DownloadChecks,
// with its kit.
#if os(Linux)
@_spi(Simulator) import SimNetworking
import Foundation
import Glibc
import StubRuntime

nonisolated enum DownloadVolumeChecks {
    static func run(_ kit: DownloadCheckKit) {
        let report = HarnessReport.shared
        let handler = kit.handler
        let volume = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
            .appendingPathComponent("bggen-simulator-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: volume) }

        /// A folder of its own on the other volume, which the generated code has swept no copy from yet.
        func folder(_ name: String) throws -> URL {
            let folder = volume.appendingPathComponent(name, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try require(
                device(of: folder) != device(of: kit.daemon.downloadsDirectory),
                "\(volume.path) is on the downloaded files' volume, so a download there crosses none"
            )
            return folder
        }

        /// Downloads `contents` to `name` in `folder`, with what changed there meanwhile and the flushes the
        /// generated code made (`StubEvent.fileFlushed`, `.folderFlushed`) before it called `downloadDidFinish`.
        func finish(_ name: String, in folder: URL, contents: Data) throws -> (changes: FolderChanges, flushes: [StubEvent]) {
            let source = kit.url("\(UUID().uuidString)/\(name)")
            handler.redirect(source, to: folder.appendingPathComponent(name))
            let task = try kit.startAndFind(source)
            let ledger = StubLedger.shared.events.count
            let changes = try FolderChanges.during(folder) {
                try require(kit.daemon.simulateFinish(of: task, contents: contents), "the finish events were not delivered")
            }
            try kit.checkFinished(source, contents: contents)
            let told = handler.finished(source)[0].ledgerCount
            let flushes = StubLedger.shared.events.prefix(told).dropFirst(ledger).filter { event in
                switch event {
                case .fileFlushed, .folderFlushed: true
                default: false
                }
            }
            return (changes, flushes)
        }

        /// Whether `flushes` hold a flush of `folder` by one of `commands` while it held `name` alone: after the
        /// rename, no copy left beside it.
        func flushed(_ folder: URL, holding name: String, by commands: Set<String>, in flushes: [StubEvent]) -> Bool {
            flushes.contains { event in
                guard case .folderFlushed(let command, let path, let names) = event else { return false }
                return commands.contains(command) && path == folder.resolvingSymlinksInPath().path && names == [name]
            }
        }

        report.check("downloads.another-volume-gets-the-whole-file-at-once") { _ in
            let folder = try folder("whole")
            // A new name, then the same name replaced.
            for contents in ["the first report", "the second report, longer"] {
                let (changes, _) = try finish("report.pdf", in: folder, contents: Data(contents.utf8))
                try require(
                    !changes.writtenInPlace("report.pdf"),
                    "report.pdf was created or written in place on another volume, so a run ended mid-copy leaves it half written: \(changes)"
                )
                try require(changes.renamed(to: "report.pdf").count == 1, "report.pdf was not renamed into place once: \(changes)")
                let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                try require(left == ["report.pdf"], "the folder holds \(left.sorted()) after the download, not report.pdf alone")
            }
        }

        report.check("downloads.another-volume-gets-a-copy-flushed-before-its-rename") { _ in
            let folder = try folder("flushed")
            let contents = Data("a report that must survive a power loss".utf8)
            let (changes, flushes) = try finish("report.pdf", in: folder, contents: contents)
            let copies = changes.renamed(to: "report.pdf")
            try require(copies.count == 1, "report.pdf was not renamed into place once: \(changes)")
            let copy = StubEvent.fileFlushed(command: "F_FULLFSYNC", path: folder.appendingPathComponent(copies[0]).path, bytes: Int64(contents.count))
            try require(
                flushes.contains(copy),
                "the copy \(copies[0]) was not flushed to the storage (F_FULLFSYNC) whole before it was renamed to report.pdf, so a power loss can leave the name with missing data; flushed: \(flushes)"
            )
        }

        report.check("downloads.another-volume-flushes-the-folder-after-the-rename") { _ in
            let folder = try folder("folder-flushed")
            let (_, flushes) = try finish("report.pdf", in: folder, contents: Data("a report the app records".utf8))
            try require(
                flushed(folder, holding: "report.pdf", by: ["F_FULLFSYNC"], in: flushes),
                "report.pdf's folder on another volume was not flushed to the storage (F_FULLFSYNC) after the rename and before downloadDidFinish, so a power loss can undo the rename the app has recorded on its own volume, which no barrier orders; flushed: \(flushes)"
            )
        }

        report.check("downloads.finish-flushes-the-folder-after-the-rename") { _ in
            // On the downloaded file's own volume: the rename alone.
            let folder = handler.folder.appendingPathComponent("folder-flushed", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try require(
                device(of: folder) == device(of: kit.daemon.downloadsDirectory),
                "\(folder.path) is on another volume than the downloaded files, so a download there is copied, not renamed"
            )
            let (_, flushes) = try finish("report.pdf", in: folder, contents: Data("a report the app records".utf8))
            // A barrier, not F_FULLFSYNC: on the app's own volume the app's record comes later on the same storage,
            // and emptying the whole drive's cache at every download orders nothing more.
            try require(
                flushed(folder, holding: "report.pdf", by: ["F_BARRIERFSYNC"], in: flushes),
                "report.pdf's folder was not flushed with a barrier (F_BARRIERFSYNC) after the rename and before downloadDidFinish, so a power loss can undo the rename after the app has recorded the file; flushed: \(flushes)"
            )
        }

        report.check("downloads.finish-orders-the-file-before-the-rename") { _ in
            // The daemon wrote the downloaded file; a rename reaching the storage before its bytes gives the name
            // missing data after a power loss.
            let folder = handler.folder.appendingPathComponent("file-ordered", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let contents = Data("a report whose bytes come before its name".utf8)
            try require(
                device(of: folder) == device(of: kit.daemon.downloadsDirectory),
                "\(folder.path) is on another volume than the downloaded files, so a download there is copied, not renamed"
            )
            let (_, flushes) = try finish("report.pdf", in: folder, contents: contents)
            let downloads = kit.daemon.downloadsDirectory.resolvingSymlinksInPath().path
            let file = flushes.firstIndex { event in
                guard case .fileFlushed("F_BARRIERFSYNC", let path, let bytes) = event else { return false }
                return URL(fileURLWithPath: path).deletingLastPathComponent().path == downloads && bytes == Int64(contents.count)
            }
            let renamed = flushes.firstIndex { event in
                guard case .folderFlushed(_, let path, let names) = event else { return false }
                return path == folder.resolvingSymlinksInPath().path && names == ["report.pdf"]
            }
            try require(
                file != nil && renamed != nil && file! < renamed!,
                "the downloaded file's \(contents.count) bytes were not ordered (F_BARRIERFSYNC on the file in \(downloads)) before its rename to report.pdf, so a power loss can leave the name with missing data; flushed: \(flushes)"
            )
        }

        report.check("downloads.copies-an-ended-run-left-are-swept") { _ in
            let folder = try folder("swept")
            let now = Int(Date().timeIntervalSince1970)
            // bggen's copies are `.bggen-copy-<second made>-<UUID>.download`.
            func copy(madeSecondsAgo age: Int) -> String { ".bggen-copy-\(now - age)-\(UUID().uuidString).download" }
            // The last is dated a day ahead: the clock was set back since it was made.
            let abandoned = [copy(madeSecondsAgo: 2 * 3600), copy(madeSecondsAgo: 30 * 24 * 3600), copy(madeSecondsAgo: -24 * 3600)]
            // A copy another process of the app is making, and names that are not bggen's copies.
            let kept = [
                copy(madeSecondsAgo: 60), ".bggen-copy-\(now - 7200)-not-a-uuid.download", ".\(UUID().uuidString).download",
                "notes.download", "bggen-copy-\(now - 7200)-\(UUID().uuidString).download",
            ]
            for name in abandoned + kept {
                try Data("part of a copy".utf8).write(to: folder.appendingPathComponent(name))
            }
            let copyFolder = copy(madeSecondsAgo: 7200)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(copyFolder), withIntermediateDirectories: false)
            _ = try finish("report.pdf", in: folder, contents: Data("a report".utf8))
            let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            try require(left.isDisjoint(with: abandoned), "copies dated over an hour from now (made by a run that ended, or ahead of a clock set back since) stay: \(left.intersection(abandoned).sorted())")
            let missing = Set(kept + [copyFolder, "report.pdf"]).subtracting(left)
            try require(missing.isEmpty, "the download removed \(missing.sorted()), which are no copy an ended run left")
        }
    }

    private static func device(of url: URL) -> UInt64? {
        var status = stat()
        return stat(url.path, &status) == 0 ? UInt64(status.st_dev) : nil
    }
}

/// How the names in a folder changed while a body ran, in order, as inotify(7) tells it.
nonisolated struct FolderChanges: CustomStringConvertible {
    nonisolated struct Change {
        let name: String
        let mask: UInt32
        /// The same for a rename's two halves (`IN_MOVED_FROM`, `IN_MOVED_TO`).
        let cookie: UInt32
    }

    let changes: [Change]

    static func during(_ folder: URL, _ body: () throws -> Void) throws -> FolderChanges {
        let watch = inotify_init1(Int32(IN_NONBLOCK))
        try require(watch >= 0, "inotify_init1 failed: errno \(errno)")
        defer { close(watch) }
        let mask = UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE)
        try require(inotify_add_watch(watch, folder.path, mask) >= 0, "inotify_add_watch failed: errno \(errno)")
        try body()
        var changes: [Change] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = read(watch, &buffer, buffer.count), count > 0 {
            var offset = 0
            while offset < count {
                // struct inotify_event: wd, mask, cookie, len (4 bytes each), then the name, padded with NULs.
                let (mask, cookie, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.load(fromByteOffset: offset + 4, as: UInt32.self), raw.load(fromByteOffset: offset + 8, as: UInt32.self),
                        Int(raw.load(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let name = String(decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                changes.append(Change(name: name, mask: mask, cookie: cookie))
                offset += 16 + length
            }
        }
        return FolderChanges(changes: changes)
    }

    /// Whether `name` was created, or opened for writing and written, under that name.
    func writtenInPlace(_ name: String) -> Bool {
        changes.contains { $0.name == name && $0.mask & UInt32(IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE) != 0 }
    }

    /// The names renamed to `name`, in order.
    func renamed(to name: String) -> [String] {
        changes.filter { $0.name == name && $0.mask & UInt32(IN_MOVED_TO) != 0 }.compactMap { arrival in
            changes.first { $0.cookie == arrival.cookie && $0.mask & UInt32(IN_MOVED_FROM) != 0 }?.name
        }
    }

    var description: String {
        changes.map { change in
            let kinds = [(IN_CREATE, "created"), (IN_MODIFY, "written"), (IN_CLOSE_WRITE, "closed"), (IN_MOVED_FROM, "renamed from"), (IN_MOVED_TO, "renamed to"), (IN_DELETE, "deleted")]
                .filter { change.mask & UInt32($0.0) != 0 }.map(\.1)
            return "\(kinds.joined(separator: "+")) \(change.name)"
        }.joined(separator: ", ")
    }
}
#endif
