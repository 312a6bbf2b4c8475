// How a background download's flushes meet what a device's file systems do: a folder that cannot be opened, a flush
// refused, a call a signal interrupts (EINTR, which a network volume's calls return), a file system with neither flush
// command, a barrier the downloaded file's file system refuses (ENOTTY, EINVAL), a downloaded file that cannot be
// opened (its class keeps it shut while the device is locked, EPERM; the app is out of descriptors, EMFILE; the
// system's file table is full, ENFILE; ENOMEM; EACCES). Each leaves the download delivered once, and no descriptor
// open. A flush that fails otherwise than refused (EIO), of a copy on another volume (F_FULLFSYNC) or of the downloaded
// file itself (F_BARRIERFSYNC), fails its download once instead, with that EIO, and leaves the old file, as do an
// fsync(2) that fails (EIO) after a refused command and an open of the downloaded file that fails with EIO. Every
// descriptor is opened O_CLOEXEC, and a folder as one. The failures are planned with `FileFaults`, which the app
// module's shim of `open`, `fcntl` and `fsync` consults (AppShim/FileFlushShim.swift), and open descriptors are read
// from /proc/self/fd, so these checks are Linux's, where the simulator runs. Runs after DownloadChecks, with its kit.
#if os(Linux)
@_spi(Simulator) import SimNetworking
import Foundation
import Glibc
import StubRuntime

nonisolated enum DownloadFlushChecks {
    static func run(_ kit: DownloadCheckKit) {
        let report = HarnessReport.shared
        let storage = DownloadStorage(kit)
        defer { storage.removeVolume() }
        let faults = FileFaults.shared
        let downloads = kit.daemon.downloadsDirectory.resolvingSymlinksInPath().path

        /// Downloads a report into a folder of its own on the app's volume whose calls meet `plan`'s failures, and
        /// checks that the app heard of it once, then and at the end of the run, with no descriptor left open in the
        /// folder. Returns the folder's path and what the download did.
        func finish(
            in name: String, context: CheckContext, plan: (_ folder: String) -> Void
        ) throws -> (folder: String, events: [StubEvent]) {
            let folder = try storage.appVolumeFolder(name)
            let path = folder.resolvingSymlinksInPath().path
            plan(path)
            defer { faults.clear(path) }
            let source = kit.url("\(UUID().uuidString)/report.pdf")
            let (_, events) = try storage.finish("report.pdf", in: folder, contents: Data("a report for \(name)".utf8), from: source)
            context.watchForRepeat { grace in kit.handler.wait(timeout: grace) { kit.handler.finished(source).count > 1 } }
            context.atAudit {
                let told = kit.handler.finished(source).count
                try require(told == 1, "downloadDidFinish was called \(told) times for the report in \(name); expected once")
            }
            let open = openDescriptors(in: path)
            try require(open.isEmpty, "descriptors of \(open) in \(name) are still open after downloadDidFinish")
            return (path, events)
        }

        report.check("downloads.a-folder-that-cannot-be-opened-still-delivers-the-file") { context in
            let (folder, events) = try finish(in: "unopenable", context: context) { faults.fail(.open, of: $0, with: EACCES) }
            try require(
                !events.contains { if case .folderFlushed(_, folder, _) = $0 { true } else { false } },
                "the folder was flushed although its open was made to fail; events: \(events.filter(\.isFileEvent))"
            )
        }

        report.check("downloads.a-folder-whose-flush-fails-still-delivers-the-file-and-closes-it") { context in
            let (folder, events) = try finish(in: "unflushable", context: context) { folder in
                faults.fail(.fcntl, of: folder, with: EIO)
                faults.fail(.fsync, of: folder, with: EIO)
            }
            try require(
                events.contains { if case .descriptorOpened(folder, _, _) = $0 { true } else { false } },
                "the folder was not opened, so its failing flush was never tried; events: \(events.filter(\.isFileEvent))"
            )
        }

        report.check("downloads.interrupted-calls-are-made-again") { context in
            // A signal interrupts the folder's open, then its barrier: neither did anything, and each is asked again.
            let (folder, events) = try finish(in: "interrupted", context: context) { folder in
                faults.fail(.open, of: folder, with: EINTR, times: 1)
                faults.fail(.fcntl, of: folder, with: EINTR, times: 1)
            }
            try require(
                DownloadStorage.flushed(URL(fileURLWithPath: folder), holding: "report.pdf", by: ["F_BARRIERFSYNC"], in: events),
                "the folder's open and barrier (F_BARRIERFSYNC), interrupted once each (EINTR), were not made again, so the rename went unflushed; events: \(events.filter(\.isFileEvent))"
            )
        }

        report.check("downloads.a-file-system-without-the-flush-commands-gets-fsync") { context in
            // Since iOS 17 xnu retries a refused barrier as F_FULLFSYNC; a file system that refuses that too
            // (ENOTSUP) still gets fsync(2), here interrupted once.
            let (folder, events) = try finish(in: "fsync-only", context: context) { folder in
                faults.fail(.fcntl, of: folder, with: ENOTSUP)
                faults.fail(.fsync, of: folder, with: EINTR, times: 1)
            }
            try require(
                DownloadStorage.flushed(URL(fileURLWithPath: folder), holding: "report.pdf", by: ["fsync"], in: events),
                "a folder on a file system without F_BARRIERFSYNC and F_FULLFSYNC did not get fsync(2) after the rename, made again when interrupted (EINTR); events: \(events.filter(\.isFileEvent))"
            )
        }

        /// Downloads a report over the user's report.pdf in `folder` while the files in `failing` (resolved) meet
        /// `plan`'s failures, and checks that the app heard of it once, by downloadDidFail with the EIO the flush
        /// got (`NSPOSIXErrorDomain` 5), and that report.pdf is the user's file, alone in the folder.
        func failOnce(
            in folder: URL, failing: String, what: String, context: CheckContext, plan: (_ folder: String) -> Void
        ) throws {
            let file = folder.appendingPathComponent("report.pdf")
            let old = Data("the report the user has".utf8)
            try old.write(to: file)
            plan(failing)
            defer { faults.clear(failing) }
            let source = kit.url("\(UUID().uuidString)/report.pdf")
            kit.handler.redirect(source, to: file)
            let task = try kit.startAndFind(source)
            try require(kit.daemon.simulateFinish(of: task, contents: Data("a report whose flush failed".utf8)), "the finish events were not delivered")
            try require(
                kit.handler.wait(timeout: kit.timeout) { !kit.handler.failures(source).isEmpty || !kit.handler.finished(source).isEmpty },
                "neither downloadDidFail nor downloadDidFinish was called for \(what)"
            )
            try require(kit.handler.finished(source).isEmpty, "the download was reported as finished although \(what)")
            let codes = kit.handler.failureCodes(source)
            try require(
                codes == ["\(NSPOSIXErrorDomain) \(EIO)"],
                "downloadDidFail was given \(codes) for \(what), not the flush's own error (\(NSPOSIXErrorDomain) \(EIO), EIO)"
            )
            context.watchForRepeat { grace in
                kit.handler.wait(timeout: grace) { kit.handler.failures(source).count > 1 || !kit.handler.finished(source).isEmpty }
            }
            context.atAudit {
                let failed = kit.handler.failures(source).count, finished = kit.handler.finished(source).count
                try require(failed == 1 && finished == 0, "\(what): reported \(failed) times by downloadDidFail and \(finished) by downloadDidFinish; expected one failure")
            }
            try require(FileManager.default.contents(atPath: file.path) == old, "report.pdf no longer holds the user's file after \(what)")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            try require(left == ["report.pdf"], "the folder holds \(left.sorted()) after \(what), not report.pdf alone")
        }

        report.check("downloads.a-copy-whose-flush-fails-fails-its-download-and-keeps-the-old-file") { context in
            // F_FULLFSYNC fails with EIO on the copy on another volume, where fsync(2) would succeed: the copy may not
            // be on the storage, and a succeeding fsync must not hide that by letting it replace the user's file.
            let folder = try storage.otherVolumeFolder("copy-unflushable")
            try failOnce(
                in: folder, failing: folder.resolvingSymlinksInPath().path, what: "the copy's F_FULLFSYNC failed (EIO)", context: context
            ) { faults.fail(.fcntl, ofFilesIn: $0, with: EIO) }
        }

        report.check("downloads.a-downloaded-file-whose-barrier-fails-fails-its-download-and-keeps-the-old-file") { context in
            // On the app's own volume the downloaded file itself gets the barrier (F_BARRIERFSYNC) before its rename;
            // EIO there says its bytes may not be on the storage, and it must not replace the user's file.
            let folder = try storage.appVolumeFolder("barrier-failed")
            try failOnce(
                in: folder, failing: downloads, what: "the downloaded file's barrier (F_BARRIERFSYNC) failed (EIO)", context: context
            ) { faults.fail(.fcntl, ofFilesIn: $0, with: EIO) }
        }

        report.check("downloads.a-copy-whose-fsync-fails-after-a-refused-flush-fails-its-download-and-keeps-the-old-file") { context in
            // The copy's file system refuses F_FULLFSYNC (ENOTSUP), and fsync(2), its fallback, fails with EIO: the
            // copy may not be on the storage, and it must not replace the user's file.
            let folder = try storage.otherVolumeFolder("copy-fsync-failed")
            try failOnce(
                in: folder, failing: folder.resolvingSymlinksInPath().path,
                what: "the copy's F_FULLFSYNC was refused (ENOTSUP) and its fsync(2) failed (EIO)", context: context
            ) { path in
                faults.fail(.fcntl, ofFilesIn: path, with: ENOTSUP)
                faults.fail(.fsync, ofFilesIn: path, with: EIO)
            }
        }

        report.check("downloads.a-downloaded-file-whose-open-fails-with-EIO-fails-its-download-and-keeps-the-old-file") { context in
            // An open of the downloaded file for its barrier that fails with EIO says its bytes may be unreadable, as
            // a barrier's EIO does; the file must not replace the user's file.
            let folder = try storage.appVolumeFolder("open-failed")
            try failOnce(
                in: folder, failing: downloads, what: "the downloaded file's open for its barrier failed (EIO)", context: context
            ) { faults.fail(.open, ofFilesIn: $0, with: EIO) }
        }

        /// Downloads a report while every open of a downloaded file fails with `code` (`what`): its barrier cannot be
        /// asked for, and it moves unordered rather than the download lost. The failing open must have been met, or
        /// the check would pass without taking the path it is about (the daemon's files moved elsewhere, say).
        func unopenableFileMoves(failingWith code: Int32, what: String, in name: String, context: CheckContext) throws {
            faults.fail(.open, ofFilesIn: downloads, with: code)
            defer { faults.clear(downloads) }
            let (folder, events) = try finish(in: name, context: context) { _ in }
            try require(
                faults.timesMet(.open, of: downloads) > 0,
                "no downloaded file in \(downloads) was opened for its barrier, so its failing open (\(what)) was never met; events: \(events.filter(\.isFileEvent))"
            )
            try require(
                DownloadStorage.flushed(URL(fileURLWithPath: folder), holding: "report.pdf", by: ["F_BARRIERFSYNC"], in: events),
                "report.pdf's folder was not flushed after the rename of a downloaded file that could not be opened (\(what)); events: \(events.filter(\.isFileEvent))"
            )
        }

        report.check("downloads.a-downloaded-file-its-class-keeps-shut-still-moves") { context in
            // A file of class `complete` cannot be opened while the device is locked.
            try unopenableFileMoves(failingWith: EPERM, what: "EPERM", in: "locked", context: context)
        }

        report.check("downloads.a-downloaded-file-the-app-has-no-descriptor-for-still-moves") { context in
            // The app has used up its descriptors: a limit of the process, no fault of the file.
            try unopenableFileMoves(failingWith: EMFILE, what: "EMFILE", in: "out-of-descriptors", context: context)
        }

        // Any other open error but EIO moves the file too, so that a list of the errors allowed is caught: the
        // system's file table is full (ENFILE), memory is short (ENOMEM), the file is shut to the app (EACCES).
        for (code, what) in [(ENFILE, "ENFILE"), (ENOMEM, "ENOMEM"), (EACCES, "EACCES")] {
            report.check("downloads.a-downloaded-file-whose-open-fails-with-\(what)-still-moves") { context in
                try unopenableFileMoves(failingWith: code, what: what, in: "open-\(what)", context: context)
            }
        }

        // A barrier the downloaded file's file system refuses, with ENOTTY (an ioctl it has no case for) or EINVAL,
        // which xnu takes for refusals as it does ENOTSUP: the file gets fsync(2) instead, and its download is
        // delivered.
        for (code, what) in [(ENOTTY, "ENOTTY"), (EINVAL, "EINVAL")] {
            report.check("downloads.a-barrier-refused-with-\(what)-gets-fsync") { context in
                faults.fail(.fcntl, ofFilesIn: downloads, with: code)
                defer { faults.clear(downloads) }
                let (_, events) = try finish(in: "refused-\(what)", context: context) { _ in }
                try require(
                    faults.timesMet(.fcntl, of: downloads) > 0,
                    "no downloaded file in \(downloads) got its barrier, so its refusal (\(what)) was never met; events: \(events.filter(\.isFileEvent))"
                )
                try require(
                    events.contains { event in
                        guard case .fileFlushed("fsync", let path, _) = event else { return false }
                        return URL(fileURLWithPath: path).deletingLastPathComponent().path == downloads
                    },
                    "the downloaded file's barrier, refused (\(what)), did not fall back to fsync(2) before its rename; events: \(events.filter(\.isFileEvent))"
                )
            }
        }

        report.check("downloads.a-copy-on-a-file-system-without-F_FULLFSYNC-gets-fsync") { _ in
            // A file system that refuses the command (ENOTSUP) is no failure: the copy gets fsync(2) and its name.
            let folder = try storage.otherVolumeFolder("copy-fsync-only")
            let path = folder.resolvingSymlinksInPath().path
            faults.fail(.fcntl, ofFilesIn: path, with: ENOTSUP)
            defer { faults.clear(path) }
            let contents = Data("a report on a file system with fsync alone".utf8)
            let (changes, events) = try storage.finish("report.pdf", in: folder, contents: contents)
            let copies = changes.renamed(to: "report.pdf")
            try require(copies.count == 1, "report.pdf was not renamed into place once: \(changes)")
            let copy = StubEvent.fileFlushed(command: "fsync", path: "\(path)/\(copies[0])", bytes: Int64(contents.count))
            try require(
                events.contains(copy),
                "the copy \(copies[0]), on a file system that refuses F_FULLFSYNC (ENOTSUP), did not get fsync(2) before its rename; flushed: \(events.flushes)"
            )
        }

        report.check("downloads.descriptors-close-on-exec-and-the-folder-opens-as-one") { context in
            let (folder, events) = try finish(in: "descriptors", context: context) { _ in }
            let opened = events.compactMap { event -> (path: String, closeOnExec: Bool, folderOnly: Bool)? in
                guard case .descriptorOpened(let path, let closeOnExec, let folderOnly) = event else { return nil }
                return (path, closeOnExec, folderOnly)
            }
            try require(
                opened.contains { $0.path == folder } && opened.contains { $0.path.hasPrefix(downloads + "/") },
                "the folder and the downloaded file were not both opened to be flushed: \(opened)"
            )
            let inherited = opened.filter { !$0.closeOnExec }.map(\.path)
            try require(inherited.isEmpty, "\(inherited) were opened without O_CLOEXEC (hygiene: an iOS app starts no process)")
            try require(
                opened.allSatisfy { $0.folderOnly == ($0.path == folder) },
                "the folder was not opened with O_DIRECTORY, or a file was: \(opened)"
            )
        }
    }

    /// The paths of this process's open descriptors that are `folder` or in it.
    private static func openDescriptors(in folder: String) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { descriptor in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)") else { return nil }
            return target == folder || target.hasPrefix(folder + "/") ? target : nil
        }
    }
}
#endif
