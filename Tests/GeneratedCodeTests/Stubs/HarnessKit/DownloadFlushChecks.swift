// How a background download's flushes meet what a device's file systems do: a folder that cannot be opened, a flush
// refused, a call a signal interrupts (EINTR, which a network volume's calls return), a file system with neither
// flush command. Each leaves the download delivered once, and no descriptor open; every descriptor is closed when
// the app starts a process, and a folder is opened as one. The failures are planned with `FileFaults`, which the app
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
        let faults = FileFaults.shared

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
            // xnu answers a refused barrier with F_FULLFSYNC; a file system that refuses that too (ENOTSUP) still gets
            // fsync(2), here interrupted once.
            let (folder, events) = try finish(in: "fsync-only", context: context) { folder in
                faults.fail(.fcntl, of: folder, with: ENOTSUP)
                faults.fail(.fsync, of: folder, with: EINTR, times: 1)
            }
            try require(
                DownloadStorage.flushed(URL(fileURLWithPath: folder), holding: "report.pdf", by: ["fsync"], in: events),
                "a folder on a file system without F_BARRIERFSYNC and F_FULLFSYNC did not get fsync(2) after the rename, made again when interrupted (EINTR); events: \(events.filter(\.isFileEvent))"
            )
        }

        report.check("downloads.descriptors-close-on-exec-and-the-folder-opens-as-one") { context in
            let (folder, events) = try finish(in: "descriptors", context: context) { _ in }
            let opened = events.compactMap { event -> (path: String, closeOnExec: Bool, folderOnly: Bool)? in
                guard case .descriptorOpened(let path, let closeOnExec, let folderOnly) = event else { return nil }
                return (path, closeOnExec, folderOnly)
            }
            let downloads = kit.daemon.downloadsDirectory.resolvingSymlinksInPath().path
            try require(
                opened.contains { $0.path == folder } && opened.contains { $0.path.hasPrefix(downloads + "/") },
                "the folder and the downloaded file were not both opened to be flushed: \(opened)"
            )
            let inherited = opened.filter { !$0.closeOnExec }.map(\.path)
            try require(inherited.isEmpty, "\(inherited) were opened without O_CLOEXEC, so a process started meanwhile inherits them")
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
