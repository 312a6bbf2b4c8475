// What a background download leaves on the storage. Into a folder on another volume than the downloaded file (an
// external drive, a file provider's folder), where `rename(2)` fails with EXDEV and the file is copied: the name gets
// the whole file at once, from a copy flushed to the storage first, and the copies a run ended
// mid-copy left are swept. On the app's volume the downloaded file gets its class and then a barrier before the
// rename. On either volume, the folder is flushed after the rename and the removal of a key's file of another
// extension (also one a run ended before its removal left), with the parent of each folder made for the file, before
// the app hears of the file. /dev/shm is a volume of its own (tmpfs); how each name changed is
// watched with inotify(7), and the flushes and classes are the ledger's (AppShim/FileFlushShim.swift,
// FileProtectionShim.swift), so these checks are Linux's, where the simulator runs. Runs after DownloadChecks, with
// its kit.
#if os(Linux)
@_spi(Simulator) import SimNetworking
import Foundation
import Glibc
import StubRuntime

nonisolated enum DownloadVolumeChecks {
    static func run(_ kit: DownloadCheckKit) {
        let report = HarnessReport.shared
        let storage = DownloadStorage(kit)
        defer { storage.removeVolume() }
        let downloads = kit.daemon.downloadsDirectory.resolvingSymlinksInPath().path
        let protection = FileProtectionType.completeUntilFirstUserAuthentication.rawValue

        /// Where in `events` the downloaded file, in the daemon's folder, got a barrier while it held `bytes`.
        func barrier(ofDownloadedFileOf bytes: Int, in events: [StubEvent]) -> (index: Int, path: String)? {
            for (index, event) in events.enumerated() {
                guard case .fileFlushed("F_BARRIERFSYNC", let path, let size) = event else { continue }
                if URL(fileURLWithPath: path).deletingLastPathComponent().path == downloads && size == Int64(bytes) {
                    return (index, path)
                }
            }
            return nil
        }

        report.check("downloads.another-volume-gets-the-whole-file-at-once") { _ in
            let folder = try storage.otherVolumeFolder("whole")
            // A new name, then the same name replaced.
            for contents in ["the first report", "the second report, longer"] {
                let (changes, _) = try storage.finish("report.pdf", in: folder, contents: Data(contents.utf8))
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
            let folder = try storage.otherVolumeFolder("flushed")
            let contents = Data("a report that must survive a power loss".utf8)
            let (changes, events) = try storage.finish("report.pdf", in: folder, contents: contents)
            let copies = changes.renamed(to: "report.pdf")
            try require(copies.count == 1, "report.pdf was not renamed into place once: \(changes)")
            let copy = StubEvent.fileFlushed(command: "F_FULLFSYNC", path: folder.appendingPathComponent(copies[0]).path, bytes: Int64(contents.count))
            try require(
                events.contains(copy),
                "the copy \(copies[0]) was not flushed to the storage (F_FULLFSYNC) whole before it was renamed to report.pdf, so a power loss can leave the name with missing data; flushed: \(events.flushes)"
            )
        }

        report.check("downloads.another-volume-flushes-the-folder-after-the-rename") { _ in
            let folder = try storage.otherVolumeFolder("folder-flushed")
            let (_, events) = try storage.finish("report.pdf", in: folder, contents: Data("a report the app records".utf8))
            try require(
                DownloadStorage.flushed(folder, holding: "report.pdf", by: ["F_FULLFSYNC"], in: events),
                "report.pdf's folder on another volume was not flushed to the storage (F_FULLFSYNC) after the rename and before downloadDidFinish, so a power loss can undo the rename the app has recorded on its own volume, which no barrier orders; flushed: \(events.flushes)"
            )
        }

        report.check("downloads.finish-flushes-the-folder-after-the-rename") { _ in
            // On the downloaded file's own volume: the rename alone.
            let folder = try storage.appVolumeFolder("folder-flushed")
            let (_, events) = try storage.finish("report.pdf", in: folder, contents: Data("a report the app records".utf8))
            // A barrier, not F_FULLFSYNC: on the app's own volume the app's record comes later on the same storage,
            // and emptying the whole drive's cache at every download orders nothing more.
            try require(
                DownloadStorage.flushed(folder, holding: "report.pdf", by: ["F_BARRIERFSYNC"], in: events),
                "report.pdf's folder was not flushed with a barrier (F_BARRIERFSYNC) after the rename and before downloadDidFinish, so a power loss can undo the rename after the app has recorded the file; flushed: \(events.flushes)"
            )
        }

        report.check("downloads.finish-orders-the-file-before-the-rename") { _ in
            // The daemon wrote the downloaded file; a rename reaching the storage before its bytes gives the name
            // missing data after a power loss.
            let folder = try storage.appVolumeFolder("file-ordered")
            let contents = Data("a report whose bytes come before its name".utf8)
            let (_, events) = try storage.finish("report.pdf", in: folder, contents: contents)
            let file = barrier(ofDownloadedFileOf: contents.count, in: events)
            let renamed = events.firstIndex { event in
                guard case .folderFlushed(_, let path, let names) = event else { return false }
                return path == folder.resolvingSymlinksInPath().path && names == ["report.pdf"]
            }
            try require(
                file != nil && renamed != nil && file!.index < renamed!,
                "the downloaded file's \(contents.count) bytes were not ordered (F_BARRIERFSYNC on the file in \(downloads)) before its rename to report.pdf, so a power loss can leave the name with missing data; flushed: \(events.flushes)"
            )
        }

        report.check("downloads.finish-classes-the-file-before-its-barrier") { _ in
            // A rename keeps the class a file was created with; one set after the barrier and the folder's flush
            // can be lost with power, and the file is then unreadable while the device is locked.
            let folder = try storage.appVolumeFolder("file-classed")
            let contents = Data("a report read while the device is locked".utf8)
            let (_, events) = try storage.finish("report.pdf", in: folder, contents: contents)
            let file = barrier(ofDownloadedFileOf: contents.count, in: events)
            let classed = file.flatMap { events.firstIndex(of: .protectionSet(path: $0.path, protection: protection)) }
            try require(
                file != nil && classed != nil && classed! < file!.index,
                "the downloaded file in \(downloads) did not get class \(protection) before its barrier (F_BARRIERFSYNC) and rename to report.pdf, so a power loss can leave it in the class it was created with; events: \(events.filter(\.isFileEvent))"
            )
        }

        /// Downloads `contents` with `key` into `folder`, where the handler names the file `name`, and returns the name
        /// the key's file got and the stub calls made before downloadDidFinish, which must have been called once.
        func finishKeyed(_ name: String, key: String, in folder: URL, contents: String) throws -> (name: String, events: [StubEvent]) {
            let manager = try unwrap(kit.box.value, "no download manager")
            let source = kit.url("\(UUID().uuidString)/\(name)")
            kit.handler.redirect(source, to: folder.appendingPathComponent(name))
            let started = manager.startDownload(with: URLRequest(url: source), key: key)
            let task = try unwrap(
                kit.daemon.waitForResumedDownload(where: { task, _, _ in task === started }, timeout: kit.timeout),
                "startDownload(with:key:) did not resume its download task"
            )
            let ledger = StubLedger.shared.events.count
            try require(kit.daemon.simulateFinish(of: task, contents: Data(contents.utf8)), "the finish events were not delivered")
            try require(
                kit.handler.wait(timeout: kit.timeout) { kit.handler.finished(source).count == 1 },
                "downloadDidFinish was not called once for \(name) (failures: \(kit.handler.failures(source)))"
            )
            let finished = kit.handler.finished(source)[0]
            return (finished.destination.lastPathComponent, Array(StubLedger.shared.events.prefix(finished.ledgerCount).dropFirst(ledger)))
        }

        report.check("downloads.a-keys-file-of-another-extension-is-removed-before-the-folder-flush") { _ in
            // The removal is the folder's too: unflushed, a power loss can bring the old file back.
            let folder = try storage.appVolumeFolder("keyed")
            let jpeg = try finishKeyed("avatar.jpg", key: "avatar-7", in: folder, contents: "the avatar as a JPEG").name
            let (png, events) = try finishKeyed("avatar.png", key: "avatar-7", in: folder, contents: "the avatar as a PNG")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            try require(left == [png], "the key's folder holds \(left.sorted()) after its .png arrived, not \(png) alone")
            try require(
                DownloadStorage.flushed(folder, holding: png, by: ["F_BARRIERFSYNC"], in: events),
                "the key's \(jpeg) was not removed before its folder's flush (F_BARRIERFSYNC, holding \(png) alone) and downloadDidFinish, so a power loss can bring it back; flushed: \(events.flushes)"
            )
        }

        report.check("downloads.a-keys-file-an-ended-run-left-goes-at-its-next-download") { _ in
            // A run ended between the rename of the key's .png and the removal of its .jpg; the key's next download,
            // finding its name taken, has no new name to list the folder for. The harness relaunches the app inside
            // one process: a folder this process has not listed yet is what the next process finds.
            let named = try finishKeyed("avatar.jpg", key: "avatar-9", in: storage.appVolumeFolder("keyed-named"), contents: "a JPEG").name
            let stem = URL(fileURLWithPath: named).deletingPathExtension().lastPathComponent
            let folder = try storage.appVolumeFolder("keyed-after-an-ended-run")
            // Another key's two files and a file of the app's stay: only the downloaded key's leftovers go.
            let kept = ["0123456789abcdef.jpg", "0123456789abcdef.png", "notes.txt"]
            for name in kept + ["\(stem).jpg", "\(stem).png"] {
                try Data("left by the ended run: \(name)".utf8).write(to: folder.appendingPathComponent(name))
            }
            let contents = "the avatar as a PNG, again"
            let (png, events) = try finishKeyed("avatar.png", key: "avatar-9", in: folder, contents: contents)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            try require(
                left == (kept + [png]).sorted(),
                "after the key's next download the folder holds \(left), not \((kept + [png]).sorted()): the \(stem).jpg a run ended before its removal left stays for good, or more went"
            )
            try require(
                FileManager.default.contents(atPath: folder.appendingPathComponent(png).path) == Data(contents.utf8),
                "\(png) does not hold the key's new download"
            )
            try require(
                DownloadStorage.flushed(folder, holding: kept + [png], by: ["F_BARRIERFSYNC"], in: events),
                "the leftover \(stem).jpg was not removed before the folder's flush (F_BARRIERFSYNC) and downloadDidFinish; flushed: \(events.flushes)"
            )
        }

        report.check("downloads.a-name-that-is-the-new-file-itself-is-never-removed") { _ in
            // On a volume that ignores case (an iPad app on a Mac, exFAT), the folder's listing, made before the key's
            // next download, finds `stem.JPG` beside a leftover `stem.png`; after the rename that name is the new
            // `stem.jpg` itself, and removing it lost the download (review 12, M1). A link to the new file's name
            // stands for such a name on a volume that tells case apart.
            let named = try finishKeyed("avatar.jpg", key: "avatar-11", in: storage.appVolumeFolder("keyed-alias-named"), contents: "a JPEG").name
            let stem = URL(fileURLWithPath: named).deletingPathExtension().lastPathComponent
            let folder = try storage.appVolumeFolder("keyed-alias")
            try Data("the key's earlier JPEG".utf8).write(to: folder.appendingPathComponent("\(stem).jpg"))
            try Data("left by an ended run".utf8).write(to: folder.appendingPathComponent("\(stem).png"))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("\(stem).JPG").path, withDestinationPath: "\(stem).jpg")
            let contents = "the avatar as a JPEG, again"
            let jpeg = try finishKeyed("avatar.jpg", key: "avatar-11", in: folder, contents: contents).name
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            try require(
                left == ["\(stem).JPG", jpeg].sorted(),
                "after the key's next download the folder holds \(left), not \(["\(stem).JPG", jpeg].sorted()): a name that is the new file itself was removed, or the leftover .png stayed"
            )
            try require(
                FileManager.default.contents(atPath: folder.appendingPathComponent("\(stem).JPG").path) == Data(contents.utf8),
                "\(stem).JPG no longer reaches the key's new download"
            )
        }

        report.check("downloads.a-folder-made-for-the-file-is-flushed-into-its-parent") { _ in
            // A new folder is an entry of its parent, of which a flush of the folder itself promises nothing (Darwin's
            // fsync(2), which both fcntl(2) commands start with: the descriptor's own file's data and attributes):
            // unflushed, a power loss can lose the folders made for the file, and the file with them, after the app
            // recorded it.
            let base = try storage.appVolumeFolder("made")
            let year = base.appendingPathComponent("reports", isDirectory: true).appendingPathComponent("2026", isDirectory: true)
            let contents = Data("a report in folders of its own".utf8)
            let source = kit.url("\(UUID().uuidString)/report.pdf")
            kit.handler.redirect(source, to: year.appendingPathComponent("report.pdf"))
            let task = try kit.startAndFind(source)
            let ledger = StubLedger.shared.events.count
            try require(kit.daemon.simulateFinish(of: task, contents: contents), "the finish events were not delivered")
            try kit.checkFinished(source, contents: contents)
            let events = Array(StubLedger.shared.events.prefix(kit.handler.finished(source)[0].ledgerCount).dropFirst(ledger))
            for (parent, child) in [(base, "reports"), (year.deletingLastPathComponent(), "2026"), (year, "report.pdf")] {
                try require(
                    DownloadStorage.flushed(parent, holding: child, by: ["F_BARRIERFSYNC"], in: events),
                    "\(parent.lastPathComponent), holding the new \(child), was not flushed (F_BARRIERFSYNC) before downloadDidFinish, so a power loss can lose \(child) after the app recorded the file; flushed: \(events.flushes)"
                )
            }
        }

        report.check("downloads.copies-an-ended-run-left-are-swept") { _ in
            let folder = try storage.otherVolumeFolder("swept")
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
            _ = try storage.finish("report.pdf", in: folder, contents: Data("a report".utf8))
            let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            try require(left.isDisjoint(with: abandoned), "copies dated over an hour from now (made by a run that ended, or ahead of a clock set back since) stay: \(left.intersection(abandoned).sorted())")
            let missing = Set(kept + [copyFolder, "report.pdf"]).subtracting(left)
            try require(missing.isEmpty, "the download removed \(missing.sorted()), which are no copy an ended run left")
        }
    }
}

/// What the storage checks share (DownloadVolumeChecks, DownloadFlushChecks): folders on either volume, and what a
/// download did up to `downloadDidFinish`.
nonisolated struct DownloadStorage {
    let kit: DownloadCheckKit
    /// A folder on /dev/shm, a volume of its own (tmpfs), for `otherVolumeFolder(_:)`.
    private let volume = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        .appendingPathComponent("bggen-simulator-\(getpid())-\(UUID().uuidString)", isDirectory: true)

    init(_ kit: DownloadCheckKit) {
        self.kit = kit
    }

    func removeVolume() {
        try? FileManager.default.removeItem(at: volume)
    }

    /// A folder of its own on the other volume, which the generated code has swept no copy from yet.
    func otherVolumeFolder(_ name: String) throws -> URL {
        let folder = volume.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try require(
            Self.device(of: folder) != Self.device(of: kit.daemon.downloadsDirectory),
            "\(volume.path) is on the downloaded files' volume, so a download there crosses none"
        )
        return folder
    }

    /// A folder of its own on the downloaded files' volume, where a download is renamed into place.
    func appVolumeFolder(_ name: String) throws -> URL {
        let folder = kit.handler.folder.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try require(
            Self.device(of: folder) == Self.device(of: kit.daemon.downloadsDirectory),
            "\(folder.path) is on another volume than the downloaded files, so a download there is copied, not renamed"
        )
        return folder
    }

    /// Downloads `contents` to `name` in `folder`, with what changed there meanwhile and the stub calls the
    /// generated code made (the flushes, `StubEvent.fileFlushed` and `.folderFlushed`, among them) before it called
    /// `downloadDidFinish`, which it must have called once.
    func finish(
        _ name: String, in folder: URL, contents: Data, from source: URL? = nil
    ) throws -> (changes: FolderChanges, events: [StubEvent]) {
        let source = source ?? kit.url("\(UUID().uuidString)/\(name)")
        kit.handler.redirect(source, to: folder.appendingPathComponent(name))
        let task = try kit.startAndFind(source)
        let ledger = StubLedger.shared.events.count
        let changes = try FolderChanges.during(folder) {
            try require(kit.daemon.simulateFinish(of: task, contents: contents), "the finish events were not delivered")
        }
        try kit.checkFinished(source, contents: contents)
        let told = kit.handler.finished(source)[0].ledgerCount
        return (changes, Array(StubLedger.shared.events.prefix(told).dropFirst(ledger)))
    }

    /// Whether `events` hold a flush of `folder` by one of `commands` while it held `names` alone: after the
    /// rename, no copy left beside it.
    static func flushed(_ folder: URL, holding names: String..., by commands: Set<String>, in events: [StubEvent]) -> Bool {
        flushed(folder, holding: names, by: commands, in: events)
    }

    static func flushed(_ folder: URL, holding names: [String], by commands: Set<String>, in events: [StubEvent]) -> Bool {
        events.contains { event in
            guard case .folderFlushed(let command, let path, let held) = event else { return false }
            return commands.contains(command) && path == folder.resolvingSymlinksInPath().path && held == names.sorted()
        }
    }

    private static func device(of url: URL) -> UInt64? {
        var status = stat()
        return stat(url.path, &status) == 0 ? UInt64(status.st_dev) : nil
    }
}

nonisolated extension StubEvent {
    /// Whether this is a call on the file system: a flush, an open or a class given.
    var isFileEvent: Bool {
        switch self {
        case .fileFlushed, .folderFlushed, .descriptorOpened, .protectionSet: true
        default: false
        }
    }
}

nonisolated extension [StubEvent] {
    /// The flushes among these events, for a failure's message.
    var flushes: [StubEvent] {
        filter { event in
            switch event {
            case .fileFlushed, .folderFlushed: true
            default: false
            }
        }
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
