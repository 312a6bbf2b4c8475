// Generated from Templates/ by `swift run TemplateEmbedder`. Do not edit: edit Templates/ and run it again.

enum EmbeddedTemplates {
    static let files: [String: String] = [
        #"""
AppRefreshWork.swift.tmpl
"""#: ##"""
// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// The app-refresh work, run when iOS launches the `{{refreshIdentifier}}` task ({{refreshIntervalText}} or
/// more apart).
///
/// iOS gives a refresh about 30 seconds, sometimes less: fetch what is new, save it, and return. Throw when it
/// failed. Check for cancellation between steps; an expired task is cancelled.
///
/// It can run while the device is locked, when files of protection class `complete` cannot be opened: keep what
/// it reads and writes in files of class `completeUntilFirstUserAuthentication`.
{{availability}}nonisolated struct AppRefreshWork: BackgroundWork {
    func run() async throws {
        // For example, with the store and client the factory below hands over:
        // let items = try await client.latestItems()
        // try Task.checkCancellation()
        // try await store.save(items)
        try Task.checkCancellation()
    }
}

{{availability}}nonisolated extension BackgroundTaskManager {
    /// Builds the refresh work of `BackgroundTaskManager.shared`. It runs on the main actor, when your launch code
    /// first uses `shared`, so it can hand the work the app's own dependencies, main-actor ones included, for
    /// example `AppRefreshWork(store: AppDatabase.shared, client: APIClient.live)`, instead of the work reaching
    /// for globals inside `run()`. Tests build a manager of their own, with work made from test doubles:
    /// `BackgroundTaskManager(appRefreshWork:{{#if processing}}processingWork:{{/if}})`.{{#if tests}} The rehearsal tests build the work with
    /// `makeRehearsedAppRefreshWork()`, this factory unless your test target declares one with test doubles.{{/if}}
    @MainActor
    static func makeAppRefreshWork() -> any BackgroundWork {
        AppRefreshWork()
    }
}

"""##,
        #"""
BackgroundDownloadManager.swift.tmpl
"""#: #"""
import Foundation

/// Where finished downloads go and what happens next: your code, in `DownloadHandling.swift`.
///
/// The methods run on the session's delegate queue, possibly while the app is relaunched in the background just
/// to receive them; keep them short and hand heavy work (unzipping, importing) to a processing task.
{{availability}}nonisolated protocol BackgroundDownloadHandling: Sendable {
    /// The file URL a finished download is moved to. Its folder is created if needed, and an existing file
    /// there is replaced atomically; an existing folder there is never replaced, and the download fails instead.
    /// `suggestedFilename` is the server's name for the file, which other sources may suggest too. Return a file in
    /// the app's container (or an app group's): this move is not coordinated, so a folder a document picker gave,
    /// most often a File Provider's, gets the file afterwards, moved there under `NSFileCoordinator` on a queue of
    /// yours, started from `downloadDidFinish(from:savedTo:)` and not run in it, while the folder's security-scoped
    /// access, started once per launch, holds.
    func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL
    /// The same for a download started with a `key` (`startDownload(with:key:)`): by default the folder
    /// `destination(forDownloadFrom:suggestedFilename:)` picks, with a file named for the key, so the next URL
    /// for the same file replaces it.
    func destination(forDownloadFrom source: URL, key: String, suggestedFilename: String?) -> URL
    /// The download from `source` is complete and its file is at `destination`.
    func downloadDidFinish(from source: URL, savedTo destination: URL)
    /// The download from `source` failed and will not be retried. A server's answer outside 2xx arrives as
    /// `BackgroundDownloadError.httpStatus`, with its status and `Retry-After`; a cancel by iOS because background
    /// updates are off for the app as `BackgroundDownloadError.backgroundUpdatesDisabled`.
    func downloadDidFail(from source: URL, error: any Error)
    /// Progress from 0 to 1, when the server sent a length.
    func downloadDidProgress(from source: URL, fractionCompleted: Double)
}

{{availability}}nonisolated extension BackgroundDownloadHandling {
    func downloadDidProgress(from source: URL, fractionCompleted: Double) {}

    func destination(forDownloadFrom source: URL, key: String, suggestedFilename: String?) -> URL {
        destination(forDownloadFrom: source, suggestedFilename: suggestedFilename)
            .deletingLastPathComponent()
            .appendingPathComponent(BackgroundDownloadManager.fileName(forKey: key, source: source, suggestedFilename: suggestedFilename))
    }
}

/// Why a finished download was not kept.
{{availability}}nonisolated enum BackgroundDownloadError: LocalizedError {
    /// The destination is an existing folder, which was left as it was.
    case destinationIsAFolder
    /// The server answered with a status outside 2xx (after the retries 408, 429 and 5xx get). `retryAfter` is
    /// its `Retry-After`, when it sent one.
    case httpStatus(Int, retryAfter: Date?)
    /// iOS cancelled the download because background updates are off for this app: the user turned Background
    /// App Refresh off, or Low Power Mode is on. Tell the user, and start it again once they are back on.
    case backgroundUpdatesDisabled

    var errorDescription: String? {
        switch self {
        case .destinationIsAFolder:
            return "The download's destination is an existing folder, so the download was not saved."
        case .backgroundUpdatesDisabled:
            return "The download was stopped because Background App Refresh is off for this app."
        case .httpStatus(let status, _):
            return "The server answered with HTTP status \(status)."
        }
    }

    /// The answer's status and `Retry-After` (seconds, or an HTTP date).
    init(_ response: HTTPURLResponse) {
        self = .httpStatus(response.statusCode, retryAfter: BackgroundTransferRecord.retryAfter(of: response))
    }

    /// 408, 429 and 5xx can succeed later; every other status is final.
    var isWorthRetrying: Bool {
        guard case .httpStatus(let status, _) = self else { return false }
        return BackgroundTransferRecord.isWorthRetrying(status: status)
    }
}

/// Downloads files in a background `URLSession`, so transfers continue while the app is suspended or terminated.
///
/// A background session allows only delegate-based transfers: no completion handlers and no `async` APIs, which
/// throw at run time. There is exactly one session per identifier per process, created with `shared`.
///
/// Wire it into the app delegate so iOS can deliver transfers that finished while the app was not running:
///
///     func application(_ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
///                      completionHandler: @escaping () -> Void) {
///         if BackgroundDownloadManager.shared.setCompletionHandler(completionHandler, for: identifier) {
///             return
///         }
///         completionHandler() // Another session's: iOS waits for every handler it passes.
///     }
{{availability}}nonisolated final class BackgroundDownloadManager: Sendable {
    /// Created on the main actor, by your launch code's first use of it, with the handler that
    /// `makeDownloadHandler()` in `DownloadHandling.swift` builds there: the handler can be handed the app's
    /// main-actor objects, such as its database. From code off the main actor, reach it with `await`.
    @MainActor static let shared = BackgroundDownloadManager(handler: makeDownloadHandler())

    /// How often a failed transfer is resumed or restarted before it is reported as failed. The count travels
    /// with the task, so it holds across relaunches.
    static let maximumResumeAttempts = 3

    private let session: URLSession
    private let delegate: BackgroundDownloadDelegate

    /// Creates the one background session for `downloadSessionIdentifier`. Create one manager per process:
    /// a second session with the same identifier steals the first one's events.
    init(handler: any BackgroundDownloadHandling) {
        let configuration = URLSessionConfiguration.background(
            withIdentifier: BackgroundTaskConfiguration.downloadSessionIdentifier
        )
        configuration.sessionSendsLaunchEvents = true
        configuration.isDiscretionary = false
        delegate = BackgroundDownloadDelegate(handler: handler, maximumResumeAttempts: Self.maximumResumeAttempts)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Starts downloading `url` in the background and returns at once; the result arrives through
    /// `BackgroundDownloadHandling`.
    @discardableResult
    func startDownload(from url: URL) -> URLSessionDownloadTask {
        startDownload(with: URLRequest(url: url))
    }

    /// Starts downloading with `request` in the background and returns at once; the result arrives through
    /// `BackgroundDownloadHandling`. Put credentials in its headers, never in the URL: iOS keeps the request
    /// with the task, and the task's record keeps only the URL.
    ///
    /// `key` is for a URL that changes while the file does not, such as a pre-signed URL (`X-Amz-Signature`,
    /// `Expires`, `token=` in the query): each would otherwise get a file of its own, and the old one would stay
    /// behind. With `key: "avatar-42"`, every download of that key replaces the key's file, also when the server
    /// changes its type (`.png` where it was `.jpg`): the file of the other extension is removed.
    @discardableResult
    func startDownload(with request: URLRequest, key: String? = nil) -> URLSessionDownloadTask {
        let task = session.downloadTask(with: request)
        task.taskDescription = BackgroundTransferRecord(source: request.url, key: key).encoded
        task.resume()
        return task
    }

    /// The downloads in flight, those started before a relaunch included: iOS keeps them with the session, so
    /// this is what to show in a list of transfers after the app was terminated. `source(of:)` says where each
    /// comes from.
    func transfers() async -> [URLSessionDownloadTask] {
        await withCheckedContinuation { (continuation: CheckedContinuation<[URLSessionDownloadTask], Never>) in
            session.getAllTasks { tasks in
                continuation.resume(returning: tasks.compactMap { $0 as? URLSessionDownloadTask })
            }
        }
    }

    /// Stops `task` for good: it is neither retried nor reported to `downloadDidFail`.
    func cancel(_ task: URLSessionDownloadTask) {
        task.cancel()
    }

    /// Where a download of `transfers()` comes from, from the record it carries; nil for a task bggen did not start.
    static func source(of task: URLSessionTask) -> URL? {
        BackgroundTransferRecord.read(from: task)?.source
    }

    /// The key a download of `transfers()` was started with, if any.
    static func key(of task: URLSessionTask) -> String? {
        BackgroundTransferRecord.read(from: task)?.key
    }

    /// Keeps the completion handler iOS passes to
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`, to call once the session has
    /// delivered every event (at once if it already has). Returns false when `identifier` belongs to another
    /// session.
    @MainActor
    @discardableResult
    func setCompletionHandler(_ completionHandler: @escaping () -> Void, for identifier: String) -> Bool {
        guard identifier == BackgroundTaskConfiguration.downloadSessionIdentifier else {
            return false
        }
        delegate.events.store(completionHandler)
        return true
    }

    /// Where `AppDownloadHandler` saves by default: `Downloads` in Application Support, which the system never
    /// purges. Files that can be downloaded again must not be backed up (iOS Data Storage Guidelines; App Review
    /// rejects apps that back them up), so the folder is created excluded from backups; choose another folder in
    /// `DownloadHandling.swift` for files the user made and cannot download again.
    static var defaultFolder: URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("Downloads", isDirectory: true)
    }

    /// A file name no other source gets: a stable hash of the whole URL, query included, with the extension of
    /// the suggested name or of the path. A URL's last path component is no name: it is "/" for
    /// `https://host/`, the same for `…?id=1` and `…?id=2`, and for `a/img.jpg` and `b/img.jpg`.
    static func fileName(for source: URL, suggestedFilename: String?) -> String {
        fileName(hashing: source.absoluteString, source: source, suggestedFilename: suggestedFilename)
    }

    /// The same for a download started with `key`: the hash is of the key, so every URL of that key gets one name.
    static func fileName(forKey key: String, source: URL, suggestedFilename: String?) -> String {
        fileName(hashing: "key:" + key, source: source, suggestedFilename: suggestedFilename)
    }

    /// `fileName(forKey:source:suggestedFilename:)` without its extension, which the response chooses.
    static func fileStem(forKey key: String) -> String {
        hashedName("key:" + key)
    }

    /// Whether `fileExtension` ends a name bggen makes: the suggested name's or the path's, when it is 1 to 16
    /// ASCII letters and digits.
    static func isFileExtension(_ fileExtension: String) -> Bool {
        !fileExtension.isEmpty && fileExtension.count <= 16 && fileExtension.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    private static func fileName(hashing text: String, source: URL, suggestedFilename: String?) -> String {
        let name = hashedName(text)
        let extensions = [suggestedFilename.map { ($0 as NSString).pathExtension } ?? "", source.pathExtension]
        return extensions.first(where: isFileExtension).map { "\(name).\($0)" } ?? name
    }

    private static func hashedName(_ text: String) -> String {
        // FNV-1a: `hashValue` changes from one process to the next.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// What the download delegate asks of its session: the tasks that retry a failed download. `URLSession` has both,
/// and the app's delegate is only ever handed one; the protocol is the seam through which tests (the rehearsals
/// `bggen init --tests` writes) drive the delegate with a session and tasks of their own.
{{availability}}nonisolated protocol BackgroundDownloadSession: Sendable {
    associatedtype DownloadTask: BackgroundTransferTask
    func downloadTask(with request: URLRequest) -> DownloadTask
    func downloadTask(withResumeData resumeData: Data) -> DownloadTask
}

{{availability}}nonisolated extension URLSession: BackgroundDownloadSession {}

/// The session's delegate. A separate object because `URLSession` keeps a strong reference to its delegate,
/// and so that every piece of state it shares between callbacks is behind a lock.
{{availability}}nonisolated final class BackgroundDownloadDelegate: NSObject, URLSessionDownloadDelegate, Sendable {
    let events = BackgroundEventsCompletion()
    private let handler: any BackgroundDownloadHandling
    private let maximumResumeAttempts: Int

    init(handler: any BackgroundDownloadHandling, maximumResumeAttempts: Int) {
        self.handler = handler
        self.maximumResumeAttempts = maximumResumeAttempts
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
    ) {
        finish(downloadTask, downloadedTo: location, in: session)
    }

    /// What `urlSession(_:downloadTask:didFinishDownloadingTo:)` does, for any session and task: iOS deletes
    /// `location` as soon as that returns.
    func finish(_ downloadTask: any BackgroundTransferTask, downloadedTo location: URL, in session: some BackgroundDownloadSession) {
        guard let record = BackgroundTransferRecord.read(from: downloadTask), let source = record.source else { return }
        // An error page is downloaded like any file; it must not replace a good one. 408, 429 and 5xx are tried
        // again, within the attempt limit, no earlier than the server's `Retry-After`.
        if let response = downloadTask.response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
            let failure = BackgroundDownloadError(response)
            if failure.isWorthRetrying, record.attempt <= maximumResumeAttempts, let request = downloadTask.originalRequest {
                let retry = session.downloadTask(with: request)
                let next = record.nextAttempt
                retry.taskDescription = next.encoded
                if case .httpStatus(_, let retryAfter?) = failure {
                    retry.earliestBeginDate = max(record.retryBeginDate, retryAfter)
                } else {
                    retry.earliestBeginDate = record.retryBeginDate
                }
                BackgroundLog.notice("Retrying a download later after HTTP status \(response.statusCode) (attempt \(next.attempt)).", source: record.source)
                retry.resume()
                return
            }
            BackgroundLog.error("A download failed with HTTP status \(response.statusCode)\(record.timing).", source: record.source)
            handler.downloadDidFail(from: source, error: failure)
            return
        }
        // `location` is deleted as soon as this method returns, so the file is moved here, synchronously.
        let suggestedFilename = downloadTask.response?.suggestedFilename
        let destination = record.key.map {
            handler.destination(forDownloadFrom: source, key: $0, suggestedFilename: suggestedFilename)
        } ?? handler.destination(forDownloadFrom: source, suggestedFilename: suggestedFilename)
        do {
            try Self.move(location, to: destination, key: record.key)
        } catch {
            BackgroundLog.error("Could not save a download\(record.timing).", source: record.source, error: error)
            handler.downloadDidFail(from: source, error: error)
            return
        }
        BackgroundLog.notice("A download finished\(record.timing).", source: record.source)
        handler.downloadDidFinish(from: source, savedTo: destination)
    }

    /// A keyed download is named for its key with the response's extension (`fileName(forKey:…)`), so when the
    /// extension changes (`.png` now where it was `.jpg`) the key's earlier file has another name: it is removed
    /// here, so that a key has one file. Only files named for the key with another extension, in the folder the new
    /// file went to, are removed, and only when the new file has the key's name: a
    /// `destination(forDownloadFrom:key:suggestedFilename:)` of yours that names files otherwise keeps its files. No
    /// folder inside it is touched. A new name (`isNewName`) lists the folder. Otherwise the key has a file of
    /// another extension only if a run ended between a rename and these removals, and such a file is among what the
    /// folder's first listing in this process that succeeded found (`leftovers(ofStem:in:)`). Not a listing per
    /// download: of a 20,000-file cache, that costs seconds of a relaunch's time on the delegate's queue.
    private static func removeOtherFiles(ofKey key: String, besides destination: URL, isNewName: Bool) {
        let stem = BackgroundDownloadManager.fileStem(forKey: key)
        guard destination.deletingPathExtension().lastPathComponent == stem else { return }
        let folder = destination.deletingLastPathComponent()
        let fileManager = FileManager.default
        let names = isNewName
            ? (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            : leftovers(ofStem: stem, in: folder)
        // On a volume that ignores case (an iPad app on a Mac, exFAT), a listed `stem.JPG` is the new `stem.jpg`.
        let newFile = fileIdentity(destination)
        for name in names where name != destination.lastPathComponent {
            let isKeysFile = name == stem
                || name.hasPrefix(stem + ".") && BackgroundDownloadManager.isFileExtension(String(name.dropFirst(stem.count + 1)))
            var isFolder: ObjCBool = false
            let file = folder.appendingPathComponent(name)
            guard isKeysFile, fileManager.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
                  newFile == nil || fileIdentity(file) != newFile else { continue }
            do {
                try fileManager.removeItem(at: file)
            } catch {
                BackgroundLog.error("Could not remove a keyed download's earlier file.", error: error)
            }
        }
    }

    /// The device and inode of the file `url` names, links followed (`stat(2)`, `<sys/stat.h>`); nil when it cannot
    /// be read.
    private static func fileIdentity(_ url: URL) -> [UInt64]? {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return nil }
        return [UInt64(truncatingIfNeeded: status.st_dev), UInt64(truncatingIfNeeded: status.st_ino)]
    }

    /// What `leftovers(ofStem:in:)` listed, by the folder's path: the names there that share their part before the
    /// first dot with another name, grouped by that part, each group kept until the key of that stem takes it.
    private static let leftoversByFolder = Locked<[String: [String: [String]]]>([:])

    /// The names in `folder` whose part before the first dot is `stem` (a key's files are `stem` and
    /// `stem.<extension>`), if the folder's listing found two or more, and only at the first call for `stem` there.
    /// A key has two files only after a run that ended between a rename and its removals, so one listing per folder
    /// and process, the first that succeeds, finds them all. A name listed may be gone since.
    private static func leftovers(ofStem stem: String, in folder: URL) -> [String] {
        leftoversByFolder.withLock { byFolder in
            let path = folder.standardizedFileURL.path
            if byFolder[path] == nil {
                // A listing that fails (the app out of descriptors, EMFILE) is made again at the next call, not kept.
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
                let byStem = Dictionary(grouping: names) { name in String(name.prefix { $0 != "." }) }
                byFolder[path] = byStem.filter { $0.value.count > 1 }
            }
            return byFolder[path]?.removeValue(forKey: stem) ?? []
        }
    }

    /// Moves the downloaded file to `destination` by `rename(2)` (`<stdio.h>`), so the name only ever holds a whole
    /// file: a new name appears with all of it, and an existing file there is replaced atomically; an existing
    /// folder is refused, because replacing it would delete what it holds. A destination on another volume
    /// (`EXDEV`) gets a copy renamed into place (`replace(_:withCopyOf:)`). A file of `key` removes the key's files
    /// of other extensions (`removeOtherFiles(ofKey:besides:isNewName:)`). The handler hears of the file only after
    /// the rename and removals are ordered before the app's next write on that volume (flushed to the storage on
    /// another), at best: the order is no promise that they are on the storage yet. Each step says why in a line.
    /// The commands are Darwin's fcntl(2) (`<sys/fcntl.h>`): `F_BARRIERFSYNC` orders what was synced before it ahead
    /// of later writes to the same device without waiting for the drive's cache, its hardware support promised of
    /// Apple's SSDs only. Another volume gets `F_FULLFSYNC`, which asks the drive to write out its cache: no barrier
    /// there orders the app's record of the file, written to the app's own volume.
    private static func move(_ location: URL, to destination: URL, key: String?) throws {
        let fileManager = FileManager.default
        let folder = destination.deletingLastPathComponent()
        // Each folder made for the file is a new entry of its parent, flushed with the folder at the end.
        let parentsOfNewFolders = parents(ofMissingFoldersIn: folder)
        try prepareFolder(folder)
        var isFolder: ObjCBool = false
        let existed = fileManager.fileExists(atPath: destination.path, isDirectory: &isFolder)
        if existed && isFolder.boolValue {
            throw BackgroundDownloadError.destinationIsAFolder
        }
        // The class before any flush, so the flushes cover it: a rename keeps the class a file was created with.
        protect(location)
        // A barrier orders the daemon's bytes before the rename; one that fails (EIO) fails the download, and the
        // old file stays, as does an open that fails with EIO: the file's bytes may be unreadable. A file that cannot
        // be opened otherwise moves unordered rather than the download lost: its class keeps it shut while the device
        // is locked (EPERM), or the app is out of descriptors (EMFILE) or memory (ENOMEM), or the system's file
        // table is full (ENFILE).
        let descriptor: Int32?
        do {
            descriptor = try openForFlushing(location)
        } catch let error as POSIXError where error.code == .EIO {
            throw error
        } catch {
            // The number alone, which is public: no path, which would name the user's files in the log.
            BackgroundLog.notice("A downloaded file's barrier is skipped: its open failed (errno \((error as NSError).code)).")
            descriptor = nil
        }
        if let descriptor {
            try flushAndClose(descriptor, command: F_BARRIERFSYNC)
        }
        let isCopy: Bool
        if rename(location.path, destination.path) == 0 {
            isCopy = false
        } else {
            // <sys/errno.h>: EXDEV, the destination is on another volume.
            let code = errno
            guard code == EXDEV else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
            try replace(destination, withCopyOf: location)
            isCopy = true
        }
        if let key {
            removeOtherFiles(ofKey: key, besides: destination, isNewName: !existed)
        }
        // The rename and removals, and the new folders' entries, reach the storage before the app's record of the
        // file: a barrier on the app's volume, a flush to the storage on another. Errors are ignored: the file is in
        // place, unordered at worst.
        for changed in [folder] + parentsOfNewFolders {
            try? flush(changed, isFolder: true, command: isCopy ? F_FULLFSYNC : F_BARRIERFSYNC)
        }
    }

    /// `rename(2)` cannot cross volumes: the downloaded file is copied beside `destination` under a hidden name
    /// (`copyName(madeAt:)`), flushed to the storage (`F_FULLFSYNC`) and renamed to it, so the name still gets the
    /// whole file at once. A copy that fails, or its flush or rename, is removed, and the old file, if any, stays.
    /// The copies a run ended mid-copy left in that folder are removed first (`sweepCopies(in:)`).
    private static func replace(_ destination: URL, withCopyOf location: URL) throws {
        let folder = destination.deletingLastPathComponent()
        sweepCopies(in: folder)
        let copy = folder.appendingPathComponent(copyName(madeAt: Date()))
        do {
            try FileManager.default.copyItem(at: location, to: copy)
            try flush(copy, command: F_FULLFSYNC)
            guard rename(copy.path, destination.path) == 0 else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        } catch {
            try? FileManager.default.removeItem(at: copy)
            throw error
        }
    }

    /// Sends what was written to `url`, a file or (`isFolder`) a folder's entries, to the storage with `command`
    /// (`flushAndClose(_:command:)`), and throws what failed, its open included.
    private static func flush(_ url: URL, isFolder: Bool = false, command: Int32) throws {
        try flushAndClose(openForFlushing(url, isFolder: isFolder), command: command)
    }

    /// A read-only descriptor of `url` to flush, which with `isFolder` opens nothing but a folder; throws what
    /// `open(2)` answered.
    private static func openForFlushing(_ url: URL, isFolder: Bool = false) throws -> Int32 {
        // <fcntl.h>: O_DIRECTORY opens nothing but a folder; O_CLOEXEC is hygiene (iOS apps start no process).
        let descriptor = retryingInterruptions { open(url.path, O_RDONLY | O_CLOEXEC | (isFolder ? O_DIRECTORY : 0)) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    /// Sends what was written through `descriptor` to the storage with `command` (`F_FULLFSYNC` or
    /// `F_BARRIERFSYNC` by `fcntl(2)`, `<sys/fcntl.h>`), closes it, and throws what failed. A command the file system
    /// refuses falls back to `fsync(2)`; a call a signal interrupts (`EINTR`) is made again.
    private static func flushAndClose(_ descriptor: Int32, command: Int32) throws {
        // <unistd.h>: never retried; the descriptor is released whatever close answers.
        defer { close(descriptor) }
        if retryingInterruptions({ fcntl(descriptor, command) }) == 0 {
            return
        }
        // <sys/errno.h>: what xnu takes for a refused command; any other error (EIO) is thrown, not hidden by fsync.
        let refusal = errno
        guard [ENOTSUP, ENOTTY, EINVAL].contains(refusal) else {
            throw POSIXError(POSIXErrorCode(rawValue: refusal) ?? .EIO)
        }
        // <unistd.h>: fsync(2) still sends the bytes to the drive or the server, if not out of the drive's cache.
        if retryingInterruptions({ fsync(descriptor) }) != 0 {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// What `call` (`open`, `fcntl` or `fsync`) answers, asked again while it fails with `EINTR` (`<sys/errno.h>`):
    /// a signal came first, and asking again is harmless.
    private static func retryingInterruptions(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result != -1 || errno != EINTR {
                return result
            }
        }
    }

    /// Gives `item`, a file or a folder, the class `protection`; best effort: one that cannot be re-classed still
    /// holds the download.
    private static func protect(_ item: URL) {
        try? FileManager.default.setAttributes([.protectionKey: Self.protection], ofItemAtPath: item.path)
    }

    /// What starts and ends the name of every copy `replace(_:withCopyOf:)` makes, and nothing else's.
    private static let copyPrefix = ".bggen-copy-"
    private static let copySuffix = ".download"

    /// The hidden name of a copy made at `date`: bggen's prefix, the second it was made and a UUID, so that
    /// `sweepCopies(in:)` knows bggen's copies, and their age, from their names. Not from their dates: `copyItem`
    /// gives a copy the downloaded file's modification date, which can be hours old when the copy starts.
    private static func copyName(madeAt date: Date) -> String {
        "\(copyPrefix)\(Int(date.timeIntervalSince1970))-\(UUID().uuidString)\(copySuffix)"
    }

    /// When the copy named `name` was made; nil for a name `copyName(madeAt:)` does not make.
    private static func copyDate(ofName name: String) -> Date? {
        guard name.hasPrefix(copyPrefix), name.hasSuffix(copySuffix) else { return nil }
        let stamp = name.dropFirst(copyPrefix.count).dropLast(copySuffix.count)
        guard let dash = stamp.firstIndex(of: "-"), let seconds = Int(stamp[..<dash]),
              UUID(uuidString: String(stamp[stamp.index(after: dash)...])) != nil
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// How far from now, either way, a copy's date must be for `sweepCopies(in:)` to remove it. A copy dated within
    /// the hour may be one another process of the app is making now (an extension downloading into a folder of
    /// their app group), and no copy takes an hour: one dated over an hour ago was left by a run that ended. One
    /// dated over an hour ahead was made before the clock was set back (by hand, to a day of a game), and its date
    /// would keep it until that day.
    private static let abandonedCopyAge: TimeInterval = 60 * 60

    /// The folders this process has swept: a copy is left behind only by a run that ended mid-copy (iOS ends an app
    /// at any moment: a relaunch's time running out, a crash, the person swiping it away), so one sweep per folder
    /// and process finds them all, and a large folder is not listed at every download.
    private static let sweptFolders = Locked<Set<String>>([])

    /// Removes from `folder` the copies of `copyName(madeAt:)` dated over `abandonedCopyAge` from now, before or
    /// after, which would otherwise keep their space for good; any other file, a copy in progress and a folder stay.
    private static func sweepCopies(in folder: URL) {
        let path = folder.standardizedFileURL.path
        let isFirst = sweptFolders.withLock { $0.insert(path).inserted }
        guard isFirst else { return }
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder.path) else {
            // A listing that failed (the app out of descriptors, EMFILE) is made again at the folder's next copy.
            sweptFolders.withLock { _ = $0.remove(path) }
            return
        }
        let now = Date()
        for name in names {
            guard let made = copyDate(ofName: name), abs(now.timeIntervalSince(made)) > abandonedCopyAge else { continue }
            var isFolder: ObjCBool = false
            let file = folder.appendingPathComponent(name)
            guard fileManager.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            do {
                try fileManager.removeItem(at: file)
                BackgroundLog.notice("Removed the copy of a download that an ended run left.")
            } catch {
                BackgroundLog.error("Could not remove the copy of a download that an ended run left.", error: error)
            }
        }
    }

    /// The class of what bggen saves: readable while the device is locked, once it has been unlocked since it
    /// started. Downloads often finish while it is locked, and a folder or file of the app's default class
    /// `complete` refuses the move, or the app's read, then.
    private static let protection = FileProtectionType.completeUntilFirstUserAuthentication

    /// Whether `defaultFolder` has been given its class and its exclusion from backups in this process.
    private static let isDefaultFolderPrepared = Locked(false)

    /// The parent of each folder on `folder`'s path that does not exist yet, from `folder`'s up: the folders
    /// `prepareFolder(_:)` makes, each a new entry of its parent. A flush of the folder itself promises nothing of
    /// that entry: both fcntl(2) commands start with what Darwin's fsync(2) does, which moves "all modified data and
    /// attributes" of the descriptor's own file, and a folder's entry is its parent's data.
    private static func parents(ofMissingFoldersIn folder: URL) -> [URL] {
        var parents: [URL] = []
        var missing = folder.standardizedFileURL
        while missing.path != "/" && !FileManager.default.fileExists(atPath: missing.path) {
            missing = missing.deletingLastPathComponent()
            parents.append(missing)
        }
        return parents
    }

    /// Creates a missing destination folder of class `protection`. `defaultFolder` gets that class and is
    /// excluded from backups once per process even when it exists already (made by an earlier version of this
    /// code, or by the app, it has neither), also when the download goes into a folder inside it: the exclusion of
    /// a folder covers what it holds.
    private static func prepareFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.protectionKey: Self.protection]
        )
        let defaultFolder = BackgroundDownloadManager.defaultFolder
        let base = defaultFolder.standardizedFileURL.path
        let path = folder.standardizedFileURL.path
        guard path == base || path.hasPrefix(base + "/") else { return }
        let isFirst = isDefaultFolderPrepared.withLock { prepared in
            defer { prepared = true }
            return !prepared
        }
        guard isFirst else { return }
        // Best effort: a folder that cannot be marked still receives the file.
        protect(defaultFolder)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        var excluded = defaultFolder
        try? excluded.setResourceValues(values)
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        guard totalBytesExpectedToWrite > 0, let source = BackgroundTransferRecord.read(from: downloadTask)?.source else {
            return
        }
        handler.downloadDidProgress(
            from: source, fractionCompleted: Double(totalBytesWritten) / Double(totalBytesExpectedToWrite)
        )
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        complete(task, error: error, in: session)
    }

    /// What `urlSession(_:task:didCompleteWithError:)` does, for any session and task.
    func complete(_ task: any BackgroundTransferTask, error: (any Error)?, in session: some BackgroundDownloadSession) {
        guard let error, let record = BackgroundTransferRecord.read(from: task), let source = record.source else { return }
        switch BackgroundTransferRecord.cancel(in: error) {
        case .byTheApp?:
            BackgroundLog.notice("A download was cancelled by the app\(record.timing).", source: record.source)
            return
        case .backgroundUpdatesDisabled?:
            BackgroundLog.notice("iOS cancelled a download\(record.timing): background updates are off for this app.", source: record.source)
            handler.downloadDidFail(from: source, error: BackgroundDownloadError.backgroundUpdatesDisabled)
            return
        case .byIOS?, nil:
            break
        }
        if record.attempt <= maximumResumeAttempts, let retry = Self.retry(of: task, after: error, in: session) {
            let next = record.nextAttempt
            retry.taskDescription = next.encoded
            retry.earliestBeginDate = record.retryBeginDate
            BackgroundLog.notice("Retrying a download later (attempt \(next.attempt)).", source: record.source)
            retry.resume()
            return
        }
        BackgroundLog.error("A download failed\(record.timing).", source: record.source, error: error)
        handler.downloadDidFail(from: source, error: error)
    }

    /// A new task that continues a failed transfer: from its resume data when iOS kept some, otherwise from the
    /// start, with the original request and its headers, when a retry can outlive the failure (a dropped
    /// connection, a cancel by iOS itself). Nil for failures a retry cannot fix.
    private static func retry<Session: BackgroundDownloadSession>(
        of task: any BackgroundTransferTask, after error: any Error, in session: Session
    ) -> Session.DownloadTask? {
        let worthRetrying = BackgroundTransferRecord.isWorthRetrying(error)
        if let resumeData = (error as NSError).userInfo[NSURLSessionDownloadTaskResumeData] as? Data {
            return session.downloadTask(withResumeData: resumeData)
        }
        if worthRetrying, let request = task.originalRequest {
            return session.downloadTask(with: request)
        }
        return nil
    }

    /// iOS calls this after delivering every event of a background relaunch.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        events.finish()
    }
}

"""#,
        #"""
BackgroundSupport.swift.tmpl
"""#: ##"""
import Foundation
{{#if hasLogger}}
import os
{{else}}
import os.log
{{/if}}

/// A value guarded by a lock, for the little state that background callbacks share.
///
/// The system calls launch handlers, expiration handlers and URLSession delegates on queues of its own choosing,
/// so every piece of shared mutable state in these files lives in one of these. `NSLock` works on every iOS
/// version bggen supports; `Mutex` would need iOS 18. `Value` must be `Sendable`: the lock makes access
/// exclusive, but a non-`Sendable` value taken out of it could still be shared. The one exception has a box of
/// its own, `HeldTask`.
{{availability}}nonisolated final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The one box for a value that is not `Sendable`: the `BGTask` iOS hands to a launch handler, which is completed
/// (or updated, for continued processing) from whichever thread the work ends on. `BGTask` has no concurrency
/// annotations, so Swift cannot know it may cross threads. Keep a `HeldTask` only in a `Locked` and use the
/// task only while holding that lock, or after taking it out for the single call that completes it.
{{availability}}nonisolated struct HeldTask<Task>: @unchecked Sendable {
    let task: Task
}

/// Log messages from background work, which runs when no debugger is attached: Console.app, `log stream` and
/// sysdiagnoses are the only way to see what happened.
///
/// Events are made of identifiers and constants only, and are public. What can carry the user's data is logged as
/// a separate value with its own privacy: a URL's scheme is public; its host (a per-customer or self-hosted host
/// names the user), path and query (which can hold a signed token or a file name) are private with a hash, so that
/// two lines about the same URL can still be matched; an error is logged as its domain and code, never its
/// description, which can quote a file name, a URL or a server's answer.
{{availability}}nonisolated enum BackgroundLog {
    /// Scheduled, launched, expired, retrying: `.notice` is persisted, while `.info` is dropped unless a fault
    /// follows, and the point is to find out in the morning what happened overnight.
    static func notice(_ event: String, source: URL? = nil) {
        log(.default, event, source: source, error: nil)
    }

    /// Detail that helps only while a debugger or `log stream --level debug` watches.
    static func debug(_ event: String) {
        log(.debug, event, source: nil, error: nil)
    }

    static func error(_ event: String, source: URL? = nil, error: (any Error)? = nil) {
        log(.error, event, source: source, error: error)
    }

    /// A misconfiguration that needs a developer, such as an identifier missing from Info.plist.
    static func fault(_ event: String) {
        log(.fault, event, source: nil, error: nil)
    }

    private static func log(_ level: OSLogType, _ event: String, source: URL?, error: (any Error)?) {
        let scheme = source.map { " (\($0.scheme ?? "no scheme"), host " } ?? ""
        let host = source.map { $0.host ?? "none" } ?? ""
        let pathStart = source == nil ? "" : ", path "
        let path = source.map { $0.path + ($0.query.map { "?" + $0 } ?? "") } ?? ""
        let pathEnd = source == nil ? "" : ")"
        let failure = error.map { error -> String in
            let error = error as NSError
            return " (error \(error.domain) \(error.code))"
        } ?? ""
{{#if hasLogger}}
        logger.log(
            level: level,
            "\(event, privacy: .public)\(scheme, privacy: .public)\(host, privacy: .private(mask: .hash))\(pathStart, privacy: .public)\(path, privacy: .private(mask: .hash))\(pathEnd, privacy: .public)\(failure, privacy: .public)"
        )
    }

    private static let logger = Logger(subsystem: BackgroundTaskConfiguration.logSubsystem, category: "background")
{{else}}
        os_log(
            "%{public}@%{public}@%{private}@%{public}@%{private}@%{public}@%{public}@", log: log, type: level,
            event, scheme, host, pathStart, path, pathEnd, failure
        )
    }

    /// `Logger` needs iOS 14; `os_log` reaches the same unified log on iOS 13.
    private static let log = OSLog(subsystem: BackgroundTaskConfiguration.logSubsystem, category: "background")
{{/if}}
}
{{#if transfers}}

/// Holds the completion handler iOS passes to `application(_:handleEventsForBackgroundURLSession:completionHandler:)`
/// until the session has delivered every event of a background relaunch, then calls it on the main actor, which
/// tells iOS the app has updated its state and may be suspended again.
///
/// The two calls can come in either order: an app that creates its session at launch can receive
/// `urlSessionDidFinishEvents` before UIKit hands over the handler. A finish with no handler is noted, and a handler
/// stored after it is called at once. The note is dropped when the app becomes active, so that it cannot answer
/// for a later relaunch whose events have not arrived yet.
{{availability}}nonisolated final class BackgroundEventsCompletion: Sendable {
    private enum State {
        case idle
        case waiting(@MainActor @Sendable () -> Void)
        case finishedWithoutHandler
    }

    private let state = Locked<State>(.idle)

    init() {
        // UIApplication.didBecomeActiveNotification, by name: this file imports Foundation only. The observer
        // lives as long as the process, like the one manager that owns this object.
        _ = NotificationCenter.default.addObserver(
            forName: Notification.Name("UIApplicationDidBecomeActiveNotification"), object: nil, queue: nil
        ) { [weak self] _ in
            self?.state.withLock { state in
                if case .finishedWithoutHandler = state {
                    state = .idle
                }
            }
        }
    }

    @MainActor
    func store(_ completionHandler: @escaping () -> Void) {
        let onMainActor: @MainActor @Sendable () -> Void = { completionHandler() }
        let (eventsAlreadyFinished, replaced) = state.withLock { state -> (Bool, (@MainActor @Sendable () -> Void)?) in
            switch state {
            case .finishedWithoutHandler:
                state = .idle
                return (true, nil)
            case .waiting(let earlier):
                state = .waiting(onMainActor)
                return (false, earlier)
            case .idle:
                state = .waiting(onMainActor)
                return (false, nil)
            }
        }
        // A second hand-over before the events finish: the first handler would otherwise never be called.
        replaced?()
        if eventsAlreadyFinished {
            completionHandler()
        }
    }

    /// Call from `urlSessionDidFinishEvents(forBackgroundURLSession:)`, on any queue.
    func finish() {
        let completion = state.withLock { state -> (@MainActor @Sendable () -> Void)? in
            guard case .waiting(let completion) = state else {
                state = .finishedWithoutHandler
                return nil
            }
            state = .idle
            return completion
        }
        guard let completion else { return }
        Task { @MainActor in
            completion()
        }
    }
}

/// What the session delegates read and write of a transfer task. `URLSessionTask` has all of it; the protocol is
/// the seam through which tests, such as the rehearsals `bggen init --tests` writes, hand the delegates tasks of
/// their own, which the SDK does not let them create (the task classes' initialisers are deprecated). The app's
/// own code never needs it: iOS hands the delegates its real tasks.
{{availability}}nonisolated protocol BackgroundTransferTask: AnyObject, Sendable {
    var taskIdentifier: Int { get }
    var taskDescription: String? { get set }
    var originalRequest: URLRequest? { get }
    var response: URLResponse? { get }
    var earliestBeginDate: Date? { get set }
    func resume()
}

{{availability}}nonisolated extension URLSessionTask: BackgroundTransferTask {}

/// What a background transfer must remember between launches, kept as JSON in the task's `taskDescription`: iOS
/// stores that with the task and hands it to whichever process receives the task's events, while everything in
/// memory is gone when iOS relaunches the app for an event. It holds the request's URL, never its headers.
{{availability}}nonisolated struct BackgroundTransferRecord: Codable, Sendable {
    /// Changes when the fields do; a record of another version is read like an unreadable one.
    static let currentVersion = 1
    /// How long a retry waits before it begins, by retry: tasks started in the background already begin later
    /// each time iOS relaunches the app, so immediate retries would slow every other transfer of the app too.
    static let retryDelays: [TimeInterval] = [60, 5 * 60, 30 * 60]

    let version: Int
    /// The request's URL; nil only for a request without one.
    let source: URL?
    /// An upload's file: relative to the app's container folder when it is inside it, because the container's
    /// absolute path changes with every app update and reinstall; absolute otherwise (an App Group, say).
    let file: String?
    /// 1 for the first attempt.
    let attempt: Int
    /// The app's own name for a download whose URL changes (a pre-signed URL), which names its file instead of the
    /// URL. Absent from records written before it existed, which read as nil.
    let key: String?
    /// When the first attempt was started, kept across retries and relaunches: how long the user has waited.
    /// Absent from records written before it existed, which read as nil.
    let started: Date?

    init(source: URL?, file: String? = nil, attempt: Int = 1, key: String? = nil, started: Date? = Date()) {
        version = Self.currentVersion
        self.source = source
        self.file = file
        self.attempt = attempt
        self.key = key
        self.started = started
    }

    /// The app's container folder, the base of relative file paths.
    static var appContainer: URL {
        URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    }

    /// The tasks whose missing or unreadable record has been logged in this process.
    private static let unreadableTasksLogged = Locked<Set<Int>>([])

    /// The record `task` carries. One from another version of the app, or none, is read as a first attempt with
    /// what the task still knows; versions before records kept an upload's absolute path there.
    static func read(from task: any BackgroundTransferTask) -> BackgroundTransferRecord? {
        let description = task.taskDescription ?? ""
        if let record = try? JSONDecoder().decode(Self.self, from: Data(description.utf8)),
           record.version == currentVersion {
            return record
        }
        guard let source = task.originalRequest?.url else { return nil }
        // Read at every progress callback: said once per task.
        if unreadableTasksLogged.withLock({ $0.insert(task.taskIdentifier).inserted }) {
            BackgroundLog.notice("Transfer \(task.taskIdentifier) has no readable record; it counts as a first attempt.")
        }
        return BackgroundTransferRecord(source: source, file: description.hasPrefix("/") ? description : nil, started: nil)
    }

    /// The record as JSON, for `taskDescription`.
    var encoded: String {
        let data = (try? JSONEncoder().encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The record of the retry that follows this attempt.
    var nextAttempt: BackgroundTransferRecord {
        BackgroundTransferRecord(source: source, file: file, attempt: attempt + 1, key: key, started: started)
    }

    /// " after 12.3 s (attempt 2)", for the line that says how a transfer ended: the time since its first attempt
    /// started (left out for a record without it) and the attempt. Numbers only, so public.
    var timing: String {
        let attempt = " (attempt \(attempt))"
        guard let started else { return attempt }
        return String(format: " after %.1f s", Date().timeIntervalSince(started)) + attempt
    }

    /// When the retry that follows this attempt may begin.
    var retryBeginDate: Date {
        let index = min(attempt, Self.retryDelays.count) - 1
        return Date(timeIntervalSinceNow: Self.retryDelays[max(index, 0)])
    }

    /// Whether a later attempt can get another answer than `status`, outside 2xx: 408, 429 and 5xx can succeed
    /// later; every other status is final.
    static func isWorthRetrying(status: Int) -> Bool {
        status == 408 || status == 429 || (500..<600).contains(status)
    }

    /// The longest wait a `Retry-After` gets: a misbehaving server or proxy asking for more would park the
    /// transfer with iOS for good, and the handler would never hear of it.
    static let longestRetryAfter: TimeInterval = 24 * 60 * 60

    /// The answer's `Retry-After`, when it sent one: delay-seconds (digits only, RFC 9110 §10.2.3) or an HTTP
    /// date, no earlier than now and no later than `longestRetryAfter` from now; nil for anything else (`inf`,
    /// `-5`, `1e12`).
    static func retryAfter(of response: HTTPURLResponse) -> Date? {
        guard let header = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces) else {
            return nil
        }
        let delay: TimeInterval
        if !header.isEmpty, header.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            delay = TimeInterval(header) ?? longestRetryAfter
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            guard let date = formatter.date(from: header) else { return nil }
            delay = date.timeIntervalSinceNow
        }
        return Date(timeIntervalSinceNow: min(max(delay, 0), longestRetryAfter))
    }

    /// How a cancel of a transfer came about. iOS says it cancelled a transfer itself under
    /// `NSURLErrorBackgroundTaskCancelledReasonKey` ("nil" when "the error doesn't involve cancellation of a
    /// background task"), so a cancel without it is the app's own: what the app asked for, and no failure.
    nonisolated enum Cancel: Sendable {
        case byTheApp
        /// Background updates are off for the app (Background App Refresh, Low Power Mode): retrying cannot help
        /// before the user turns them on, so the handler hears of it.
        case backgroundUpdatesDisabled
        /// Any other reason (low resources, a force quit), which `isWorthRetrying(_:)` retries.
        case byIOS
    }

    /// Nil unless `error` is a cancel.
    static func cancel(in error: any Error) -> Cancel? {
        guard (error as? URLError)?.code == .cancelled else { return nil }
        switch (error as NSError).userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] as? Int {
        case nil:
            return .byTheApp
        case NSURLErrorCancelledReasonBackgroundUpdatesDisabled?:
            return .backgroundUpdatesDisabled
        default:
            return .byIOS
        }
    }

    /// Whether a later attempt can outlive `error`: a lost or missing connection, a timeout, a server or name
    /// server out of reach, a TLS handshake cut short (a captive portal, a flaky network), the background
    /// transfer daemon losing the app's session (-997, `backgroundSessionWasDisconnected`), or a cancel by iOS
    /// itself (low battery, heat, a user who force-quit the app), which it says under
    /// `NSURLErrorBackgroundTaskCancelledReasonKey`. The app's own cancel is final.
    static func isWorthRetrying(_ error: any Error) -> Bool {
        if failedBeforeSending(error) {
            return true
        }
        switch (error as? URLError)?.code {
        case .networkConnectionLost?, .timedOut?, .backgroundSessionWasDisconnected?:
            return true
        case .cancelled?:
            let reason = (error as NSError).userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] as? Int
            return reason == NSURLErrorCancelledReasonInsufficientSystemResources
                || reason == NSURLErrorCancelledReasonUserForceQuitApplication
        default:
            return false
        }
    }

    /// Whether `error` ended the transfer before a byte of the request left the device: no network, a name
    /// server or host out of reach, a TLS handshake cut short (a captive portal). The server cannot have acted on
    /// such a request, so sending it again is safe for any method; after a lost connection, a timeout or -997 it
    /// may have.
    static func failedBeforeSending(_ error: any Error) -> Bool {
        switch (error as? URLError)?.code {
        case .notConnectedToInternet?, .cannotFindHost?, .cannotConnectToHost?, .dnsLookupFailed?, .secureConnectionFailed?:
            return true
        default:
            return false
        }
    }

    /// `file` as stored: relative to `container` when it is inside it.
    static func storedPath(of file: URL, in container: URL) -> String {
        let base = container.standardizedFileURL.resolvingSymlinksInPath().path
        let path = file.standardizedFileURL.resolvingSymlinksInPath().path
        guard path.hasPrefix(base + "/") else { return path }
        return String(path.dropFirst(base.count + 1))
    }

    /// The file a stored path names in this launch's `container`.
    static func file(atStoredPath path: String, in container: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : container.appendingPathComponent(path)
    }
}
{{/if}}

"""##,
        #"""
BackgroundTaskConfiguration.swift.tmpl
"""#: ##"""
import Foundation

/// The single source of every background identifier and schedule in this app.
///
/// bggen writes the same identifiers into `{{infoFragmentPath}}`, which you merge into the app's Info.plist. An
/// identifier that differs from its Info.plist entry makes `register` return `false` and `submit` throw
/// `.notPermitted`, so change them by re-running `bggen init`, never by hand.
{{availability}}nonisolated enum BackgroundTaskConfiguration {
{{#if refresh}}
    /// The `BGAppRefreshTask` identifier. Needs the `fetch` background mode.
    static let appRefreshIdentifier = "{{refreshIdentifier}}"

    /// The earliest a refresh may start after the last one ran (or after the first request): {{refreshIntervalText}}.
    /// iOS treats it as a lower bound and picks the real time from how the app is used, so expect later, never sooner.
    static let appRefreshInterval: TimeInterval = {{refreshIntervalSeconds}}

{{/if}}
{{#if processing}}
    /// The `BGProcessingTask` identifier. Needs the `processing` background mode.
    static let processingIdentifier = "{{processingIdentifier}}"

{{#if hasProcessingInterval}}
    /// The earliest a processing run may start after the last one ran (or after the first request):
    /// {{processingIntervalText}}. iOS usually waits for the device to be idle, often overnight while charging.
    static let processingInterval: TimeInterval? = {{processingIntervalSeconds}}
{{else}}
{{#if nightly}}
    /// Processing waits for `processingStartTime` instead of an interval.
    static let processingInterval: TimeInterval? = nil

    /// The local time processing may start from, the next time it comes round: {{nightlyTime}}. iOS still
    /// picks the moment, usually while the device is idle and charging.
    static let processingStartTime = DateComponents(hour: {{nightlyHour}}, minute: {{nightlyMinute}})

    /// How long after `processingStartTime` a night that has not run yet is still asked for: leaving the app
    /// within it asks for a run at once; after it, for the next night's start, so leaving the app after a missed
    /// night does not ask for a daytime run. It governs only that request: a request already pending has no
    /// latest start (`BGProcessingTaskRequest` has none), so iOS can still run it late, once the device is idle
    /// and charging. The start time follows the device's time zone.
    static let processingStartWindow: TimeInterval = 4 * 60 * 60
{{else}}
    /// No lower bound: processing is scheduled when a silent push asks for it, and iOS picks an idle moment.
    static let processingInterval: TimeInterval? = nil

    /// How long after a run that failed or expired the next may start: that run asks for it itself, since only
    /// a push schedules processing. Doubled with each unfinished run in a row, up to `processingRetryLimit`, so
    /// work that always fails does not run at every idle moment for good; a run that finishes starts it over.
    static let processingRetryDelay: TimeInterval = 15 * 60

    /// The longest wait `processingRetryDelay` doubles to: a day.
    static let processingRetryLimit: TimeInterval = 24 * 60 * 60
{{/if}}
{{/if}}

    /// Whether a processing run waits for network connectivity.
    static let processingRequiresNetworkConnectivity = {{networkValue}}

    /// Whether a processing run waits for external power. Even without it, iOS prefers idle, charging devices.
    static let processingRequiresExternalPower = {{powerValue}}

{{/if}}
{{#if continuedProcessing}}
    /// The prefix of every continued-processing job's identifier (`<prefix>.<UUID>`); Info.plist permits
    /// `{{continuedWildcard}}`.
    static let continuedProcessingPrefix = "{{continuedPrefix}}"

{{/if}}
{{#if downloads}}
    /// The background `URLSession` identifier. It must stay constant: iOS relaunches the app and reconnects
    /// finished transfers to the session with this identifier.
    static let downloadSessionIdentifier = "{{downloadSessionIdentifier}}"

{{/if}}
{{#if uploads}}
    /// The background `URLSession` identifier for uploads, constant for the same reason, and distinct from every
    /// other session's: only one session per identifier can exist in a process.
    static let uploadSessionIdentifier = "{{uploadSessionIdentifier}}"

{{/if}}
    /// The `BGTaskSchedulerPermittedIdentifiers` entries this app registers.
    static let permittedIdentifiers: [String] = [{{#each permittedIdentifiers}}"{{.}}"{{#unless @last}}, {{/unless}}{{/each}}]

    /// The `UIBackgroundModes` entries this code needs.
    static let backgroundModes: [String] = [{{#each backgroundModes}}"{{.}}"{{#unless @last}}, {{/unless}}{{/each}}]

    /// The subsystem of every log message, so that
    /// `log stream --predicate 'subsystem == "{{bundleIdentifier}}"'` shows them.
    static let logSubsystem = "{{bundleIdentifier}}"
}

"""##,
        #"""
BackgroundTaskManager.swift.tmpl
"""#: ##"""
import BackgroundTasks
import Foundation
import UIKit

/// The calls this manager makes on `BGTaskScheduler`, so tests can hand it a fake scheduler.
{{availability}}nonisolated protocol BackgroundTaskScheduling {
    func register(
        forTaskWithIdentifier identifier: String,
        using queue: DispatchQueue?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool
{{#if submitTaskRequest}}
    func submitTaskRequest(_ taskRequest: BGTaskRequest, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
{{else}}
    func submit(_ taskRequest: BGTaskRequest) throws
{{/if}}
{{#if sdkChoosesSubmission}}
{{iOS27SDKCondition}}
    @available(iOS 27.0, *)
    func submitTaskRequest(_ taskRequest: BGTaskRequest, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
#endif
{{/if}}
}

{{#if sdkChoosesSubmission}}
{{iOS27SDKCondition}}
/// A test double written before the iOS 27 SDK implements only `submit(_:)`: it keeps building, and on iOS 27 the
/// manager's submission reaches it there. `BGTaskScheduler` implements this requirement itself.
{{availability}}nonisolated extension BackgroundTaskScheduling {
    @available(iOS 27.0, *)
    func submitTaskRequest(_ taskRequest: BGTaskRequest, completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        do {
            try submit(taskRequest)
            completionHandler(nil)
        } catch {
            completionHandler(error)
        }
    }
}
#endif

{{/if}}
{{availability}}nonisolated extension BGTaskScheduler: BackgroundTaskScheduling {}

/// Registers, schedules and runs this app's background tasks.
///
{{#if swiftUI}}
/// Call `BackgroundTaskManager.shared.registerTasks()` in your `App`'s initializer, before launch finishes; when
/// the scene phase becomes `.background`, call
{{else}}
/// At launch, call `BackgroundTaskManager.shared.registerTasks()` before
/// `application(_:didFinishLaunchingWithOptions:)` returns; when the app enters the background, call
{{/if}}
{{#if refresh}}
/// `scheduleAppRefresh()`{{#if processingScheduled}} and `scheduleProcessingTask()`{{/if}}.
{{else}}
{{#if processingScheduled}}
/// `scheduleProcessingTask()`.
{{else}}
/// nothing: a silent push asks for processing with `scheduleProcessingTask()`.
{{/if}}
{{/if}}
///
/// Every handler here is `nonisolated`: the system calls launch and expiration handlers on its own queue, and a
/// closure that inherited `@MainActor` isolation (the Xcode 26 default for new projects) would trap there.
///
/// To try a task on a device, pause the app in Xcode after it has scheduled the task and run in LLDB:
{{#each taskIdentifiers}}
///
///     e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"{{.}}"]
///     e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@"{{.}}"]
{{/each}}
{{availability}}nonisolated final class BackgroundTaskManager: Sendable {
    /// Created on the main actor, by your launch code's first use of it (`registerTasks()`), from the factories
    /// in {{userWorkFiles}}. They run there too, so the work can be
    /// handed the app's main-actor objects, such as its database. From code off the main actor, reach `shared`
    /// with `await`.
    @MainActor static let shared = BackgroundTaskManager(
        scheduler: { BGTaskScheduler.shared }{{#if refresh}},
        appRefreshWork: makeAppRefreshWork(){{/if}}{{#if processing}},
        processingWork: makeProcessingWork(){{/if}}
    )

    private let scheduler: @Sendable () -> any BackgroundTaskScheduling
{{#if schedulesOnBackground}}
    /// The clock the requests' begin dates are reckoned from.
    private let now: @Sendable () -> Date
    private let dueDates: TaskDueDates
{{/if}}
{{#if refresh}}
    private let appRefreshWork: any BackgroundWork
{{/if}}
{{#if processing}}
    private let processingWork: any BackgroundWork
{{/if}}
{{#if processingOnPush}}
    private let processingBackOff: ProcessingBackOff
{{/if}}
    private let hasRegistered = Locked(false)
    /// Requests are submitted here, in order and never on the main thread: the scheduler call can block (apps have
    /// seen it hang), and it is made while the app has only seconds to enter the background.
    /// `submitTaskRequest(_:completionHandler:)` also says not to call it from the main thread.
    private let submissionQueue = DispatchQueue(label: "\(BackgroundTaskConfiguration.logSubsystem).task-submission", qos: .utility)
    /// Entered when a request is asked for, left once the scheduler has taken it (its completion handler, which iOS 27
    /// calls after `submitTaskRequest(_:completionHandler:)` has returned). A run waits for it, at most
    /// `BackgroundTaskRun.submissionWaitLimit`, before it completes its task: a task that completes before its
    /// successor is submitted lets iOS suspend the app first, and the next run is lost.
    private let submissions = DispatchGroup()

    /// Tests pass their own scheduler{{#if schedulesOnBackground}}, clock, due dates{{/if}}{{#if processingOnPush}}, back-off{{/if}} and work; the app uses `shared`, whose work
    /// objects are built by the factories in {{userWorkFiles}}, which are
    /// yours: that is where the work gets the app's dependencies.
    init(
        scheduler: @escaping @Sendable () -> any BackgroundTaskScheduling = { BGTaskScheduler.shared }{{#if schedulesOnBackground}},
        now: @escaping @Sendable () -> Date = { Date() },
        dueDates: TaskDueDates = TaskDueDates(){{/if}}{{#if refresh}},
        appRefreshWork: any BackgroundWork{{/if}}{{#if processing}},
        processingWork: any BackgroundWork{{/if}}{{#if processingOnPush}},
        processingBackOff: ProcessingBackOff = ProcessingBackOff(){{/if}}
    ) {
        self.scheduler = scheduler
{{#if schedulesOnBackground}}
        self.now = now
        self.dueDates = dueDates
{{/if}}
{{#if refresh}}
        self.appRefreshWork = appRefreshWork
{{/if}}
{{#if processing}}
        self.processingWork = processingWork
{{/if}}
{{#if processingOnPush}}
        self.processingBackOff = processingBackOff
{{/if}}
    }

    /// Whether iOS runs this app's background tasks at all: `.denied` when the user turned Background App Refresh
    /// off, for this app or for every app, and while Low Power Mode is on; `.restricted` when a profile forbids it.
    /// Tasks are then never launched and scheduling fails with `unavailable`, so tell the user, as Apple asks:
    /// read it when the app becomes active, and again on
    /// `UIApplication.backgroundRefreshStatusDidChangeNotification`.
    @MainActor var backgroundRefreshStatus: UIBackgroundRefreshStatus {
        UIApplication.shared.backgroundRefreshStatus
    }

    /// Registers every launch handler. Call it once, before launch finishes: iOS refuses registrations after
    /// that, and kills the app when an identifier is registered twice, so a second call does nothing.
    func registerTasks() {
        let isFirstCall = hasRegistered.withLock { registered in
            defer { registered = true }
            return !registered
        }
        guard isFirstCall else {
            BackgroundLog.error("registerTasks() was called again; background tasks are registered only once.")
            return
        }
{{#if refresh}}
{{#if swiftUIRefresh}}
        // SwiftUI's `.backgroundTask(.appRefresh(_:))` in `backgroundTasks()` registers the refresh handler;
        // registering the same identifier here as well would kill the app at launch.
{{else}}
        register(BackgroundTaskConfiguration.appRefreshIdentifier) { [self] task in
            handleAppRefresh(task)
        }
{{/if}}
{{/if}}
{{#if processing}}
        register(BackgroundTaskConfiguration.processingIdentifier) { [self] task in
            handleProcessingTask(task)
        }
{{/if}}
    }
{{#if refresh}}

    /// Asks iOS to run the app refresh when it is next due: `appRefreshInterval` after the last refresh (or after
    /// the first request, before any has run), or as soon as iOS chooses once that has passed. Call it every time
    /// the app enters the background: it never moves a pending request later (see `TaskDueDates`).
    func scheduleAppRefresh() {
        submitAppRefreshRequest(askedBy: .leavingTheApp)
    }

    /// `.run`: asked for by a refresh as it starts, so the next one is due `appRefreshInterval` from now.
    private func submitAppRefreshRequest(askedBy asker: TaskDueDates.Asker) {
        submit(backgroundMode: "fetch") { [now, dueDates] in
            let request = BGAppRefreshTaskRequest(identifier: BackgroundTaskConfiguration.appRefreshIdentifier)
            request.earliestBeginDate = dueDates.earliestBeginDate(of: request.identifier, now: now(), askedBy: asker) { now in
                now.addingTimeInterval(BackgroundTaskConfiguration.appRefreshInterval)
            }
            return request
        }
    }

{{#if swiftUIRefresh}}
    /// Runs one app refresh for SwiftUI's `.backgroundTask(.appRefresh(_:))`, which completes the task when this
    /// returns and cancels it when time runs out. The work runs off the main actor, and its cancellation
    /// follows the task's. Logged as `BackgroundTaskRun` logs a UIKit run: launched, ended, and after how long.
    func performAppRefresh() async {
        let name = BackgroundTaskConfiguration.appRefreshIdentifier
        let started = Date()
        BackgroundLog.notice("Launched \(name).")
        // Requests run once; schedule the next refresh before anything can fail, and before this one completes.
        submitAppRefreshRequest(askedBy: .run)
        let work = appRefreshWork
        let submissions = submissions
        guard !Task.isCancelled else {
            // Expired before the work started: it must not start after iOS may have suspended the app.
            BackgroundLog.notice("\(name) expired before its work started; not starting it.")
            await BackgroundTaskRun.prepareForSuspension(nil, awaiting: submissions, of: name)
            BackgroundTaskRun.logOutcome(of: name, started: started, success: false)
            return
        }
        // The work's outcome, recorded as `run()` returns unless the task expired first: an expiry after that
        // does not call `prepareForSuspension()` on work that has already returned.
        let outcome = Locked<(isExpired: Bool, success: Bool?)>((false, nil))
        let operation = Task.detached(priority: .utility) {
            let success: Bool
            do {
                try await work.run()
                success = !Task.isCancelled
            } catch {
                if !(error is CancellationError) {
                    BackgroundLog.error("\(name) failed.", error: error)
                }
                success = false
            }
            outcome.withLock { outcome in
                if !outcome.isExpired {
                    outcome.success = success
                }
            }
        }
        // Expired, this stops waiting at once, as the UIKit path does: work that ignores its cancellation, or a
        // submission the scheduler never answers, would otherwise keep the task past its time, and iOS
        // terminates the app for that.
        let finished = ResumingOnce()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                finished.wait(with: continuation)
                Task.detached {
                    await operation.value
                    BackgroundTaskRun.afterSubmissions(submissions, of: name) {
                        finished.resume()
                    }
                }
            }
        } onCancel: {
            outcome.withLock { $0.isExpired = true }
            operation.cancel()
            finished.resume()
        }
        let result = outcome.withLock { $0.success }
        if Task.isCancelled {
            // Expired: SwiftUI completes the task when this returns, and iOS can suspend the app right after. The
            // hook runs for unfinished work, while the next request is handed over, both within one bound.
            BackgroundLog.notice(result == nil ? "\(name) expired; cancelling its work." : "\(name) expired after its work had finished.")
            await BackgroundTaskRun.prepareForSuspension(result == nil ? work : nil, awaiting: submissions, of: name)
        }
        BackgroundTaskRun.logOutcome(of: name, started: started, success: result ?? false)
    }
{{else}}
    /// Runs one app refresh. Internal so tests can call it with a fake task.
    func handleAppRefresh(_ task: any BackgroundTaskHandle) {
        // Requests run once; schedule the next refresh before anything can fail. The run completes the task only
        // once the request is handed over, or after a bounded wait: the scheduler can hang, and the task has its
        // expiration handler from the start, whatever the scheduler does.
        submitAppRefreshRequest(askedBy: .run)
        BackgroundTaskRun.start(
            task, name: BackgroundTaskConfiguration.appRefreshIdentifier, work: appRefreshWork, completingAfter: submissions
        )
    }
{{/if}}
{{/if}}
{{#if processing}}

{{#if processingScheduled}}
    /// Asks iOS to run the processing task when it is next due ({{#if hasProcessingInterval}}`processingInterval`{{/if}}{{#if nightly}}at the next `processingStartTime`{{/if}} after
    /// the last run, or after the first request before any has run), or as soon as iOS chooses once that has
    /// passed, with the network and power requirements from `BackgroundTaskConfiguration`. Call it every time the
    /// app enters the background: it never moves a pending request later (see `TaskDueDates`).
{{else}}
    /// Asks iOS to run the processing task at an idle moment it chooses, with the network and power requirements
    /// from `BackgroundTaskConfiguration`. Scheduling again replaces the pending request.
{{/if}}
    func scheduleProcessingTask(
        requiresNetworkConnectivity: Bool = BackgroundTaskConfiguration.processingRequiresNetworkConnectivity,
        requiresExternalPower: Bool = BackgroundTaskConfiguration.processingRequiresExternalPower
    ) {
        submitProcessingRequest(
            requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower,
            {{#if processingScheduled}}askedBy: .leavingTheApp, {{/if}}{{#if processingOnPush}}beginningAfter: { 0 }, {{/if}}handedOver: nil
        )
    }

    /// Asks iOS to run the processing task at the next idle moment it chooses, for work that is waiting now, such as
{{#if processingScheduled}}
    /// what a silent push brought: a pending request may move earlier, never later. Until a run starts, leaving the
    /// app asks for the next idle moment too, and the saved due date stays as it was, so a push neither pushes the
    /// interval's schedule back nor is pushed back by it (see `TaskDueDates`). Returns once the scheduler has taken
    /// the request, or after `BackgroundTaskRun.submissionWaitLimit`: iOS can suspend the app as soon as the
    /// push is answered, and a request not yet submitted is then lost.
{{else}}
    /// what a silent push brought. Returns once the scheduler has taken the request, or after
    /// `BackgroundTaskRun.submissionWaitLimit`: iOS can suspend the app as soon as the push is answered, and a
    /// request not yet submitted is then lost.
{{/if}}
    func requestProcessingSoon(
        requiresNetworkConnectivity: Bool = BackgroundTaskConfiguration.processingRequiresNetworkConnectivity,
        requiresExternalPower: Bool = BackgroundTaskConfiguration.processingRequiresExternalPower
    ) async {
        let handedOver = DispatchGroup()
        submitProcessingRequest(
            requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower,
            {{#if processingScheduled}}askedBy: .waitingWork, {{/if}}{{#if processingOnPush}}beginningAfter: { 0 }, {{/if}}handedOver: handedOver
        )
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            BackgroundTaskRun.afterSubmissions(handedOver, of: BackgroundTaskConfiguration.processingIdentifier) {
                continuation.resume()
            }
        }
    }

    /// What `SilentPushWork.swift` files written by earlier versions of bggen call for a push's processing: it asks
    /// for the next idle moment, as `requestProcessingSoon` does. Not deprecated: bggen never rewrites those files,
    /// so a warning here would be the app's first, and a build treating warnings as errors would fail.
    func scheduleProcessingTask(
        requiresNetworkConnectivity: Bool = BackgroundTaskConfiguration.processingRequiresNetworkConnectivity,
        requiresExternalPower: Bool = BackgroundTaskConfiguration.processingRequiresExternalPower
    ) async {
        await requestProcessingSoon(requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower)
    }

{{#if processingScheduled}}
    /// `asker`: `.run` when a run asks as it starts, so the next one is due {{#if hasProcessingInterval}}`processingInterval` from now{{/if}}{{#if nightly}}at the next `processingStartTime`{{/if}};
    /// `.waitingWork` for the next idle moment.
{{/if}}
{{#if processingOnPush}}
    /// `delay`: how long from now the run may start; 0 for a push's request, which asks for the next idle moment.
    /// Evaluated on `submissionQueue` as the request is made, so the back-off reads and writes its file there: not
    /// inside the run's lock, in which a failed run asks for the next (`BackgroundTaskRun.record(success:)`) and
    /// for which an expiry waits.
{{/if}}
    private func submitProcessingRequest(
        requiresNetworkConnectivity: Bool, requiresExternalPower: Bool,{{#if processingScheduled}} askedBy asker: TaskDueDates.Asker,{{/if}}{{#if processingOnPush}} beginningAfter delay: @escaping @Sendable () -> TimeInterval,{{/if}} handedOver: DispatchGroup?
    ) {
{{#if processingScheduled}}
        let (now, dueDates) = (self.now, self.dueDates)
{{/if}}
        submit(backgroundMode: "processing", handedOver: handedOver) {
            let request = BGProcessingTaskRequest(identifier: BackgroundTaskConfiguration.processingIdentifier)
            request.requiresNetworkConnectivity = requiresNetworkConnectivity
            request.requiresExternalPower = requiresExternalPower
{{#if processingOnPush}}
            let seconds = delay()
            request.earliestBeginDate = seconds > 0 ? Date().addingTimeInterval(seconds) : nil
{{/if}}
{{#if nightly}}
            request.earliestBeginDate = dueDates.earliestBeginDate(
                of: request.identifier, now: now(), askedBy: asker, keepingSaved: Self.isTonightsStart
            ) { now in
                // A day on: `nextDate` finds no date only for components no calendar matches.
                Calendar.current.nextDate(
                    after: now, matching: BackgroundTaskConfiguration.processingStartTime, matchingPolicy: .nextTime
                ) ?? now.addingTimeInterval(24 * 60 * 60)
            }
{{/if}}
{{#if hasProcessingInterval}}
            if let interval = BackgroundTaskConfiguration.processingInterval {
                request.earliestBeginDate = dueDates.earliestBeginDate(of: request.identifier, now: now(), askedBy: asker) { now in
                    now.addingTimeInterval(interval)
                }
            }
{{/if}}
            return request
        }
    }

{{#if nightly}}
    /// Whether a saved due date still stands at `now`: it falls on `processingStartTime` in the current time zone
    /// (after a trip west, the old zone's 02:30 would be due in the evening), and the night it was for is not over
    /// (`processingStartWindow`): leaving the app after a night the device was not idle and charging asks for the
    /// next night rather than for now. A request already pending has no latest start and can still run late.
    private static func isTonightsStart(_ saved: Date, now: Date) -> Bool {
        let start = BackgroundTaskConfiguration.processingStartTime
        let time = Calendar.current.dateComponents([.hour, .minute], from: saved)
        return time.hour == start.hour && time.minute == (start.minute ?? 0)
            && now < saved.addingTimeInterval(BackgroundTaskConfiguration.processingStartWindow)
    }

{{/if}}
    /// Runs one processing task. Internal so tests can call it with a fake task.
    func handleProcessingTask(_ task: any BackgroundTaskHandle) {
{{#if processingScheduled}}
        // Requests run once; schedule the next run before anything can fail; the run completes the task once it
        // is handed over, or after a bounded wait.
        submitProcessingRequest(
            requiresNetworkConnectivity: BackgroundTaskConfiguration.processingRequiresNetworkConnectivity,
            requiresExternalPower: BackgroundTaskConfiguration.processingRequiresExternalPower, askedBy: .run, handedOver: nil
        )
        BackgroundTaskRun.start(
            task, name: BackgroundTaskConfiguration.processingIdentifier, work: processingWork, completingAfter: submissions
        )
{{else}}
        // Only a push schedules this task, so a run that fails or expires asks for the next one itself, before its
        // task completes, rather than leave its remaining work waiting for the next push; later with each such run
        // in a row (`ProcessingBackOff`), so work that always fails does not run at every idle moment for good.
        let backOff = processingBackOff
        BackgroundTaskRun.start(
            task, name: BackgroundTaskConfiguration.processingIdentifier,
            work: ResettingBackOff(work: processingWork, backOff: backOff), completingAfter: submissions,
            reschedulingIfUnfinished: { [self] in
                submitProcessingRequest(
                    requiresNetworkConnectivity: BackgroundTaskConfiguration.processingRequiresNetworkConnectivity,
                    requiresExternalPower: BackgroundTaskConfiguration.processingRequiresExternalPower,
                    beginningAfter: { backOff.delayAfterUnfinishedRun() }, handedOver: nil
                )
            }
        )
{{/if}}
    }
{{/if}}

    private func register(_ identifier: String, handler: @escaping @Sendable (BGTask) -> Void) {
        // `using: nil` runs the handler on a background queue, keeping the main thread free during a background launch.
        let registered = scheduler().register(forTaskWithIdentifier: identifier, using: nil, launchHandler: handler)
        if !registered {
            BackgroundLog.fault("Could not register \(identifier): add it to BGTaskSchedulerPermittedIdentifiers in Info.plist.")
            assertionFailure("\(identifier) is missing from BGTaskSchedulerPermittedIdentifiers in Info.plist.")
        }
    }

    /// Submits on `submissionQueue` and returns at once. The request is made there too: `BGTaskRequest` is not
    /// `Sendable`, so it cannot cross to the queue. Called on the main thread, where UIKit says the app entered
    /// the background, it keeps the app running until the request is handed over (`SubmissionBackgroundTime`).
    /// `handedOver`, when given, is entered and left with `submissions`.
    private func submit(
        backgroundMode: String, handedOver: DispatchGroup? = nil, _ makeRequest: @escaping @Sendable () -> BGTaskRequest
    ) {
        let backgroundTime = SubmissionBackgroundTime.begin()
        submissions.enter()
        handedOver?.enter()
        submissionQueue.async { [self] in
            let request = makeRequest()
            let identifier = request.identifier
{{#if submitTaskRequest}}
            submitTaskRequest(request, identifier: identifier, backgroundMode: backgroundMode, backgroundTime: backgroundTime, handedOver: handedOver)
{{else}}
{{#if sdkChoosesSubmission}}
{{iOS27SDKCondition}}
            // Built with the iOS 27 SDK or later, which deprecates `submit(_:)` from iOS 27: there, the request goes to
            // its replacement. Built with an earlier SDK, which lacks it, every system gets `submit(_:)`.
            if #available(iOS 27.0, *) {
                submitTaskRequest(request, identifier: identifier, backgroundMode: backgroundMode, backgroundTime: backgroundTime, handedOver: handedOver)
                return
            }
#endif
{{/if}}
            do {
                try scheduler().submit(request)
                Self.logSubmission(of: identifier, backgroundMode: backgroundMode, error: nil)
            } catch {
                Self.logSubmission(of: identifier, backgroundMode: backgroundMode, error: error)
            }
            backgroundTime?.end()
            submissions.leave()
            handedOver?.leave()
{{/if}}
        }
    }

{{#if sdkChoosesSubmission}}
{{iOS27SDKCondition}}
{{/if}}
    /// iOS may answer "after an arbitrary amount of delay", or, seen from here, never: the groups are left once, by
    /// the answer or after `BackgroundTaskRun.submissionWaitLimit`, whichever comes first, so one late answer
    /// cannot hold every later run for its whole wait.
{{#if sdkChoosesSubmission}}
    @available(iOS 27.0, *)
{{/if}}
    private func submitTaskRequest(
        _ request: BGTaskRequest, identifier: String, backgroundMode: String, backgroundTime: SubmissionBackgroundTime?,
        handedOver: DispatchGroup?
    ) {
        let isLeft = Locked(false)
        let leave: @Sendable () -> Void = { [submissions] in
            let isFirst = isLeft.withLock { isLeft in
                defer { isLeft = true }
                return !isLeft
            }
            guard isFirst else { return }
            backgroundTime?.end()
            submissions.leave()
            handedOver?.leave()
        }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + BackgroundTaskRun.submissionWaitLimit, execute: leave)
        scheduler().submitTaskRequest(request) { error in
            Self.logSubmission(of: identifier, backgroundMode: backgroundMode, error: error)
            leave()
        }
    }
{{#if sdkChoosesSubmission}}
#endif
{{/if}}

    private static func logSubmission(of identifier: String, backgroundMode: String, error: (any Error)?) {
        guard let error else {
            BackgroundLog.notice("Scheduled \(identifier).")
            return
        }
        switch (error as? BGTaskScheduler.Error)?.code {
        case .unavailable?:
            BackgroundLog.notice("Cannot schedule \(identifier): Background App Refresh is off, the device is in Low Power Mode, or this is the Simulator.")
        case .tooManyPendingTaskRequests?:
            BackgroundLog.error("Cannot schedule \(identifier): too many pending requests (iOS allows 1 refresh and 10 processing requests).")
        case .notPermitted?:
            BackgroundLog.fault("Cannot schedule \(identifier): add it to BGTaskSchedulerPermittedIdentifiers and '\(backgroundMode)' to UIBackgroundModes in Info.plist.")
        default:
            BackgroundLog.error("Cannot schedule \(identifier).", error: error)
        }
    }
}

/// Background time for a submission asked for as the app enters the background. iOS can suspend the app as soon as
/// `sceneDidEnterBackground(_:)` (or `applicationDidEnterBackground(_:)`, or SwiftUI's scene phase change)
/// returns, before `submissionQueue` has run, and the request would be lost with the app's next termination. A
/// background task keeps the app running until the submission is done; it is ended exactly once, then or when
/// the background time runs out first, whichever comes first.
{{availability}}private nonisolated final class SubmissionBackgroundTime: Sendable {
    private let application: UIApplication
    private let task = Locked<UIBackgroundTaskIdentifier?>(nil)

    private init(application: UIApplication) {
        self.application = application
    }

    /// Begins background time on the main thread, where UIKit reports entering the background; nil elsewhere: a
    /// launch handler's task already keeps the app running, and completes only once its submission is handed over
    /// (or after `BackgroundTaskRun.submissionWaitLimit`).
    static func begin() -> SubmissionBackgroundTime? {
        guard Thread.isMainThread else { return nil }
        let application = MainActor.assumeIsolated { UIApplication.shared }
        let time = SubmissionBackgroundTime(application: application)
        // The expiration handler runs on the main thread, which this holds, so it cannot run before the store.
        let task = application.beginBackgroundTask(withName: "Submit background task request") {
            time.end()
        }
        guard task != .invalid else { return nil }
        time.task.withLock { $0 = task }
        return time
    }

    func end() {
        let task = task.withLock { task -> UIBackgroundTaskIdentifier? in
            defer { task = nil }
            return task
        }
        if let task {
            application.endBackgroundTask(task)
        }
    }
}

{{#if keepsSchedule}}
/// What the manager keeps between launches to schedule its tasks: when each is next due (`TaskDueDates`) and how
/// many push-scheduled processing runs in a row did not finish (`ProcessingBackOff`). A small property list in
/// Application Support of file protection class `completeUntilFirstUserAuthentication`, as `ProcessingCheckpoint`:
/// tasks mostly run while the device is locked, when `UserDefaults` cannot be read in an app whose data protection
/// is `complete`, so a run's due date or count kept there would be lost (the next trip to the background would ask
/// for a run at once, and the back-off would never grow). Earlier versions kept both in the standard defaults: a
/// value the file lacks is taken from there, and the key is removed once the file holds it.
{{availability}}nonisolated struct TaskSchedule: Sendable {
    /// The folder the file is kept in; nil for Application Support.
    let folder: URL?

    init(folder: URL? = nil) {
        self.folder = folder
    }

    struct State: Codable, Equatable {
        /// Each task's next due date, by identifier.
        var due: [String: Date] = [:]
        /// The unfinished runs in a row, by identifier.
        var unfinishedRuns: [String: Int] = [:]
{{#if processingScheduled}}
        /// The identifiers with work waiting for a run (`TaskDueDates.Asker.waitingWork`). Optional, so a file
        /// written before it existed still decodes.
        var waitingWork: Set<String>?
{{/if}}
    }

    /// One change at a time, in every copy: the submission queue saves due dates while a run counts its failures.
    private static let changes = Locked(())

    /// The file, `<logSubsystem>.schedule.plist`.
    var file: URL {
        let folder = folder ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        return folder.appendingPathComponent("\(BackgroundTaskConfiguration.logSubsystem).schedule.plist")
    }

    /// Reads the state, with what an earlier version kept for `identifier` in the standard defaults where the file
    /// lacks it, lets `change` change it and writes it back if it did. The defaults' keys are removed only once the
    /// file holds the change (written, or nothing to write): a write that fails, on a full disk, loses nothing.
    func update<Result>(carryingOver identifier: String, _ change: (inout State) -> Result) -> Result {
        Self.changes.withLock { _ in
            let saved = read()
            var state = saved
            let carried = carryOver(identifier, into: &state)
            let result = change(&state)
            if state == saved || write(state) {
                for key in carried {
                    UserDefaults.standard.removeObject(forKey: key)
                }
            }
            return result
        }
    }

    /// Puts into `state` what an earlier version kept for `identifier` in the standard defaults and the file lacks;
    /// the keys it read. Only the app's own file takes it: the rehearsals' (in a folder of their own) must not move
    /// the app's schedule.
    private func carryOver(_ identifier: String, into state: inout State) -> [String] {
        guard folder == nil else { return [] }
        let defaults = UserDefaults.standard
        let (dueKey, runsKey) = (identifier + ".due", identifier + ".unfinishedRuns")
        let carried = [dueKey, runsKey].filter { defaults.object(forKey: $0) != nil }
        if state.due[identifier] == nil, let due = defaults.object(forKey: dueKey) as? Date {
            state.due[identifier] = due
        }
        if state.unfinishedRuns[identifier] == nil, let runs = defaults.object(forKey: runsKey) as? Int {
            state.unfinishedRuns[identifier] = runs
        }
        return carried
    }

    /// The saved state; an empty one when there is none (a first launch) or it cannot be read (logged).
    private func read() -> State {
        ProtectedFile.read(file, orElse: State(), failure: "Could not read the task schedule; each task is due one interval from now.")
    }

    private func write(_ state: State) -> Bool {
        ProtectedFile.write(state, to: file, failure: "Could not save the task schedule.")
    }
}

/// How `TaskSchedule` and `ProcessingCheckpoint` keep their state: a property list of file protection class
/// `completeUntilFirstUserAuthentication`, which a run can read and write while the device is locked.
{{availability}}nonisolated enum ProtectedFile {
    /// The state saved in `file`; `empty` when there is none or it cannot be read (logged as `failure`).
    static func read<State: Decodable>(_ file: URL, orElse empty: State, failure: String) -> State {
        guard FileManager.default.fileExists(atPath: file.path) else { return empty }
        do {
            return try PropertyListDecoder().decode(State.self, from: Data(contentsOf: file))
        } catch {
            BackgroundLog.error(failure, error: error)
            return empty
        }
    }

    /// Replaces `file` at once (`.atomic`): a run suspended mid-write leaves the old state, never half of it.
    /// Whether it was written; a failure is logged as `failure`.
    @discardableResult
    static func write<State: Encodable>(_ state: State, to file: URL, failure: String) -> Bool {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PropertyListEncoder().encode(state).write(to: file, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
            return true
        } catch {
            BackgroundLog.error(failure, error: error)
            return false
        }
    }
}

{{/if}}
{{#if schedulesOnBackground}}
/// When each scheduled task is next due, kept across launches in the `TaskSchedule` file.
///
/// A submission replaces the pending request with the same identifier. Asked for on every trip to the background,
/// "now plus the interval" would move the pending request later each time: a daily task would never run for a
/// user who opens the app every day, and a refresh every few hours would run only overnight. So a request asked
/// for from there keeps the saved due date (one interval after the last run, or after the first request), or
/// asks for now once that has passed; only a run, asking for its successor as it starts, moves the due date on.
{{#if processingScheduled}}
/// Work that is waiting (a push brought it) asks for now, and so does leaving the app until a run starts.
{{/if}}
{{availability}}nonisolated struct TaskDueDates: Sendable {
    let schedule: TaskSchedule

    init(schedule: TaskSchedule = TaskSchedule()) {
        self.schedule = schedule
    }

    /// Who asks for a request, which decides its begin date.
    nonisolated enum Asker: Sendable {
        /// The app, entering the background: the saved due date, never a later one.
        case leavingTheApp
        /// A run, as it starts, for its successor: one interval on.
        case run
{{#if processingScheduled}}
        /// Work waiting now, such as a push's: the next idle moment.
        case waitingWork
{{/if}}
    }

    /// The earliest begin date of the next request for `identifier`, where `next(now)` is when a run starting now
{{#if processingScheduled}}
    /// would make the next one due. Asked for by a run, that, saved as the due date. Asked for by waiting work,
    /// `now`, and the same for every request until a run starts, the due date left as it was: a submission replaces
    /// the pending request, so leaving the app after a push would otherwise move the push's request back to the due
    /// date. Otherwise the saved due date, or `now` once it has passed; `next(now)` when none is saved (saved then),
    /// the saved one lies further out (the interval was shortened, or the clock was set back) or
    /// `keepingSaved(saved, now)` says it no longer stands.
{{else}}
    /// would make the next one due. Asked for by a run, that, saved as the due date. Otherwise the saved due date,
    /// or `now` once it has passed; `next(now)` when none is saved (saved then), the saved one lies further out (the
    /// interval was shortened, or the clock was set back) or `keepingSaved(saved, now)` says it no longer stands.
{{/if}}
    func earliestBeginDate(
        of identifier: String, now: Date, askedBy asker: Asker, keepingSaved: (Date, Date) -> Bool = { _, _ in true },
        next: (Date) -> Date
    ) -> Date {
        schedule.update(carryingOver: identifier) { state in
{{#if processingScheduled}}
            switch asker {
            case .waitingWork:
                state.waitingWork = (state.waitingWork ?? []).union([identifier])
                return now
            case .run:
                // This run takes the work that was waiting.
                state.waitingWork?.remove(identifier)
            case .leavingTheApp:
                if state.waitingWork?.contains(identifier) == true {
                    return now
                }
            }
{{/if}}
            let next = next(now)
            if asker == .leavingTheApp, let saved = state.due[identifier], saved <= next, keepingSaved(saved, now) {
                return max(now, saved)
            }
            state.due[identifier] = next
            return next
        }
    }
}

{{/if}}
{{#if processingOnPush}}
/// The unfinished push-scheduled processing runs in a row, kept across launches in the `TaskSchedule` file. Each
/// asks for the next run `processingRetryDelay` later, doubled with each one, up to `processingRetryLimit`; a run
/// that finishes starts it over (`ResettingBackOff`). A push's own request still asks for the next idle moment: it
/// is new work.
{{availability}}nonisolated struct ProcessingBackOff: Sendable {
    let schedule: TaskSchedule

    init(schedule: TaskSchedule = TaskSchedule()) {
        self.schedule = schedule
    }

    private var identifier: String {
        BackgroundTaskConfiguration.processingIdentifier
    }

    /// Counts one more unfinished run and returns how long the next must wait.
    func delayAfterUnfinishedRun() -> TimeInterval {
        let runs = schedule.update(carryingOver: identifier) { state in
            let runs = (state.unfinishedRuns[identifier] ?? 0) + 1
            state.unfinishedRuns[identifier] = runs
            return runs
        }
        let delay = BackgroundTaskConfiguration.processingRetryDelay * pow(2, Double(min(runs - 1, 20)))
        return min(delay, BackgroundTaskConfiguration.processingRetryLimit)
    }

    /// A run finished: the next unfinished one waits `processingRetryDelay` again.
    func reset() {
        schedule.update(carryingOver: identifier) { state in
            state.unfinishedRuns[identifier] = nil
        }
    }
}

/// The push-scheduled processing work, starting the back-off over when a run finishes.
{{availability}}nonisolated struct ResettingBackOff: BackgroundWork {
    let work: any BackgroundWork
    let backOff: ProcessingBackOff

    func run() async throws {
        try await work.run()
        if !Task.isCancelled {
            backOff.reset()
        }
    }

    func prepareForSuspension() {
        work.prepareForSuspension()
    }
}

{{/if}}
{{#if checkpoint}}
/// Processing work that goes through items in a stable order and can stop after any of them.
///
/// `run()` resumes after the cursor saved by the last run, checks for cancellation before each item, saves the
/// item's cursor as soon as it is done, and forgets the cursor when every item is done, so an expired run loses
/// at most the item it was on. An item that fails fails the run, and the next run tries it again. Only failures
/// `process(_:)` marks permanent (`throw BackgroundWorkError.permanent(error)`, for a corrupt record, say) count:
/// after `attemptsPerItem` of them the item is skipped (and logged) for good, by its cursor, in later passes over
/// the items too, so one bad item cannot stop every later run, and a record deleted or inserted beside it moves
/// nothing. Any other error (offline, a timeout, a server error) is transient: the item is tried again at every
/// later run, for as long as it takes, and never skipped.
{{availability}}nonisolated protocol CheckpointedWork: BackgroundWork {
    associatedtype Item: Sendable
    /// How many runs may fail permanently on the same item before it is skipped; 3 unless the work says otherwise.
    var attemptsPerItem: Int { get }
    /// The items still to process after `cursor`; nil means start from the beginning.
    func items(after cursor: String?) async throws -> [Item]
    /// Processes one item and returns the cursor that marks it done.
    func process(_ item: Item) async throws -> String
    /// The cursor `process(_:)` returns for `item`, without processing it: how an item skipped for good is known.
    /// Items that are strings (or numbers) are their own cursor; other items say which of their fields is.
    func cursor(of item: Item) -> String
    /// Where `run()` keeps its cursor: a small file in Application Support (`ProcessingCheckpoint`) unless the work
    /// says otherwise (the rehearsals keep theirs in a folder of their own, away from the app's).
    var checkpoint: ProcessingCheckpoint { get }
}

{{availability}}nonisolated extension CheckpointedWork where Item: LosslessStringConvertible {
    func cursor(of item: Item) -> String {
        item.description
    }
}

{{availability}}nonisolated extension CheckpointedWork {
    var attemptsPerItem: Int { 3 }

    var checkpoint: ProcessingCheckpoint {
        ProcessingCheckpoint(key: "\(BackgroundTaskConfiguration.processingIdentifier).cursor")
    }

    func run() async throws {
        // No query once the task has expired: the hook may have closed the store.
        try Task.checkCancellation()
        let checkpoint = checkpoint
        let skipped = checkpoint.skippedItems
        for item in try await items(after: checkpoint.load()) {
            try Task.checkCancellation()
            let itemCursor = cursor(of: item)
            if skipped.contains(itemCursor) {
                continue
            }
            do {
                checkpoint.save(try await process(item))
            } catch BackgroundWorkError.permanent(let error) {
                if Task.isCancelled || checkpoint.recordFailure(of: itemCursor) < attemptsPerItem {
                    throw error
                }
                BackgroundLog.error("Skipped an item, in this and every later pass, after \(attemptsPerItem) runs failed on it for good.", error: error)
                checkpoint.skip(itemCursor)
            }
        }
        checkpoint.clear()
    }
}

/// What `CheckpointedWork.process(_:)` throws for a failure that retrying cannot fix.
{{availability}}nonisolated enum BackgroundWorkError: Error {
    /// The item cannot be processed, whatever the network or the time: after `attemptsPerItem` runs that fail
    /// this way on it, it is skipped.
    case permanent(any Error)
}

/// Where `CheckpointedWork` keeps its cursor between runs, with the failed runs of the item after it and the
/// items skipped for good: a small property list in Application Support of file protection class
/// `completeUntilFirstUserAuthentication`, which a run can read and write while the device is locked, as
/// processing mostly runs. `UserDefaults` cannot be read then in an app whose data protection is `complete`: a run
/// would find no cursor and start the pass over, and forget the items skipped for good. One run at a time uses it.
{{availability}}nonisolated struct ProcessingCheckpoint: Sendable {
    let key: String
    /// The folder the file is kept in; nil for `<logSubsystem>.checkpoints` in Application Support.
    let folder: URL?

    init(key: String, folder: URL? = nil) {
        self.key = key
        self.folder = folder
    }

    private struct State: Codable {
        var cursor: String?
        /// The cursor of the item that failed last, and in how many runs in a row.
        var failing: String?
        var failures = 0
        /// The cursors of the items skipped for good, kept when a pass ends: one entry per item that failed for good.
        var skipped: [String] = []
    }

    /// The file, `<key>.plist`.
    var file: URL {
        let folder = folder ?? FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("\(BackgroundTaskConfiguration.logSubsystem).checkpoints", isDirectory: true)
        return folder.appendingPathComponent(key + ".plist")
    }

    func load() -> String? {
        read().cursor
    }

    /// The cursors of the items skipped for good.
    var skippedItems: Set<String> {
        Set(read().skipped)
    }

    func save(_ cursor: String) {
        var state = read()
        state.cursor = cursor
        state.failures = 0
        write(state)
    }

    /// Counts a failed run on the item with `cursor`; returns how many runs in a row have failed on it.
    func recordFailure(of cursor: String) -> Int {
        var state = read()
        state.failures = state.failing == cursor ? state.failures + 1 : 1
        state.failing = cursor
        write(state)
        return state.failures
    }

    /// Skips the item with `cursor` for good, and moves the cursor past it.
    func skip(_ cursor: String) {
        var state = read()
        state.skipped = Set(state.skipped).union([cursor]).sorted()
        write(state)
        save(cursor)
    }

    /// Ends a pass: the next run starts from the first item. The skipped items stay skipped.
    func clear() {
        write(State(skipped: read().skipped))
    }

    /// The saved state; an empty one when there is none (a first run) or it cannot be read (logged).
    private func read() -> State {
        ProtectedFile.read(file, orElse: State(), failure: "Could not read the processing checkpoint; the pass starts over.")
    }

    private func write(_ state: State) {
        ProtectedFile.write(state, to: file, failure: "Could not save the processing checkpoint.")
    }
}

{{/if}}
#if DEBUG
{{availability}}nonisolated extension BackgroundTaskManager {
    /// Logs the requests iOS holds for this app, to check scheduling worked before reaching for LLDB.
    /// Debug builds only.
    func logPendingRequests() {
        BGTaskScheduler.shared.getPendingTaskRequests { requests in
            if requests.isEmpty {
                BackgroundLog.notice("No background task requests are pending.")
            }
            for request in requests {
                let earliest = request.earliestBeginDate.map { "\($0)" } ?? "any time"
                BackgroundLog.notice("Pending: \(request.identifier), not before \(earliest).")
            }
        }
    }
}
#endif

"""##,
        #"""
BackgroundTaskRehearsalTests.swift.tmpl
"""#: ##"""
import BackgroundTasks
import Foundation
{{#if silentPush}}
import UIKit
{{/if}}
{{#if swiftTesting}}
// Swift Testing, as the test target's other files use it.
import Testing
{{else}}
// XCTest, as the test target uses no Swift Testing: every Xcode unit-test bundle and every Swift toolchain has it,
// whatever the app's Xcode version or deployment target, and its async tests run the same way in Xcode,
// `xcodebuild test` and `swift test`.
import XCTest
{{/if}}
// Your app's module, whose internal types these tests use. When its name is not {{appModule}}, the compiler
// cannot find the generated types here: re-run bggen init from the folder named after the app target.
#if canImport({{appModule}})
@testable import {{appModule}}
#endif

{{#if hasTaskManager}}
/// The work the rehearsals run. Each factory is the app's own (`makeAppRefreshWork()`, …) unless this test target
/// declares one of the same name in an extension of `BackgroundTaskManager`, handing the work test doubles instead
/// of the app's database and servers, in a file of its own that, like this one, has `@testable import {{appModule}}`:
///
///     extension BackgroundTaskManager {
///         @MainActor static func makeRehearsedProcessingWork() -> any BackgroundWork {
///             ProcessingWork(database: .inMemory(records: ["a", "b", "c"]))
///         }
///     }
///
/// A name spelt differently is not an error: the app's factory is used. The failures name the work's type, so a
/// failure that names the app's own type says the double was not picked up.
{{availability}}@MainActor protocol RehearsedBackgroundWork {
{{#if refresh}}
    static func makeRehearsedAppRefreshWork() -> any BackgroundWork
{{/if}}
{{#if processing}}
    static func makeRehearsedProcessingWork() -> any BackgroundWork
{{/if}}
}

{{availability}}extension RehearsedBackgroundWork {
{{#if refresh}}
    static func makeRehearsedAppRefreshWork() -> any BackgroundWork {
        BackgroundTaskManager.makeAppRefreshWork()
    }
{{/if}}
{{#if processing}}

    static func makeRehearsedProcessingWork() -> any BackgroundWork {
        BackgroundTaskManager.makeProcessingWork()
    }
{{/if}}
}

{{availability}}extension BackgroundTaskManager: RehearsedBackgroundWork {}

{{/if}}
{{#if silentPush}}
/// What the push rehearsals run and send: {{#if processing}}the work of `SilentPushWork.swift`, scheduling processing with the
/// rehearsals' own manager (`pushProcessingManager`, a fake scheduler), never the app's{{else}}the app's own work (`makeSilentPushWork()`){{/if}}, and one push for each case
/// `SilentPushWork.swift` was written with, unless this test target declares `makeRehearsedSilentPushWork()` (with
/// test doubles) or `rehearsedPushes` (the pushes your server sends, as JSON) in an extension of
/// `SilentPushHandler`, in a file that has `@testable import {{appModule}}`:
///
///     extension SilentPushHandler {
///         @MainActor static var rehearsedPushes: [String] {
///             [#"{"aps": {"content-available": 1}, "type": "sync", "since": 42}"#]
///         }
///     }
{{availability}}@MainActor protocol RehearsedSilentPush {
    static func makeRehearsedSilentPushWork() -> any SilentPushWork
    static var rehearsedPushes: [String] { get }
}

{{availability}}extension RehearsedSilentPush {
    static func makeRehearsedSilentPushWork() -> any SilentPushWork {
{{#if processing}}
        // A `SilentPushWork.swift` written before `makeSilentPushWork(processing:)` has only the app's work, whose
        // "process" push would move the app's own schedule: that push is then not sent (`rehearsedPushes`).
        guard let factory = (SilentPushHandler.self as Any.Type) as? any SilentPushWorkFactory.Type else {
            return SilentPushHandler.makeSilentPushWork()
        }
        return factory.makeSilentPushWork(processing: BackgroundTaskRehearsalTests.pushProcessingManager)
{{else}}
        SilentPushHandler.makeSilentPushWork()
{{/if}}
    }

    static var rehearsedPushes: [String] {
{{#if processing}}
        guard let _ = (SilentPushHandler.self as Any.Type) as? any SilentPushWorkFactory.Type else {
            return [#"{"aps": {"content-available": 1}, "type": "sync"}"#]
        }
        return [#"{"aps": {"content-available": 1}, "type": "sync"}"#, #"{"aps": {"content-available": 1}, "type": "process"}"#]
{{else}}
        [#"{"aps": {"content-available": 1}, "type": "sync"}"#]
{{/if}}
    }
}

{{availability}}extension SilentPushHandler: RehearsedSilentPush {}

{{/if}}
{{#if downloads}}
/// The download handler the rehearsals deliver to: the app's own (`makeDownloadHandler()`), unless this test target
/// declares `makeRehearsedDownloadHandler()` (your handler with test doubles) in an extension of
/// `BackgroundDownloadManager`, in a file that has `@testable import {{appModule}}`:
///
///     extension BackgroundDownloadManager {
///         @MainActor static func makeRehearsedDownloadHandler() -> any BackgroundDownloadHandling {
///             AppDownloadHandler(library: InMemoryLibrary())
///         }
///     }
{{availability}}@MainActor protocol RehearsedDownloads {
    static func makeRehearsedDownloadHandler() -> any BackgroundDownloadHandling
}

{{availability}}extension RehearsedDownloads {
    static func makeRehearsedDownloadHandler() -> any BackgroundDownloadHandling {
        BackgroundDownloadManager.makeDownloadHandler()
    }
}

{{availability}}extension BackgroundDownloadManager: RehearsedDownloads {}

{{/if}}
{{#if uploads}}
/// The upload handler the rehearsals deliver to: the app's own (`makeUploadHandler()`), unless this test target
/// declares `makeRehearsedUploadHandler()` (your handler with test doubles) in an extension of
/// `BackgroundUploadManager`, in a file that has `@testable import {{appModule}}`.
{{availability}}@MainActor protocol RehearsedUploads {
    static func makeRehearsedUploadHandler() -> any BackgroundUploadHandling
}

{{availability}}extension RehearsedUploads {
    static func makeRehearsedUploadHandler() -> any BackgroundUploadHandling {
        BackgroundUploadManager.makeUploadHandler()
    }
}

{{availability}}extension BackgroundUploadManager: RehearsedUploads {}

{{/if}}

/// Rehearses your background work under the system's rules, in your own test suite, with the objects your
/// factories build from these files of yours:
/// {{rehearsedFiles}}.
/// A failure says what iOS would do on a device.
{{#if hasTaskManager}}
///
/// The refresh and processing work runs through the generated `BackgroundTaskRun` with a fake task and scheduler,
/// as iOS would run it, succeeding, throwing, and expired before it starts, shortly after and late. Each rehearsal
/// checks what a device punishes: the task is completed exactly once; work whose task expired before it began
/// never starts; after the task expires the work returns
/// within `cancellationLimit` of being cancelled; and the work finishes within its budget.
{{/if}}
{{#if checkpoint}}
/// Checkpointed processing is also expired between items (the next run must resume after the saved cursor) and
/// has an item fail for good (it must be skipped after `attemptsPerItem` runs), with your work's own items.
{{/if}}
{{#if continuedProcessing}}
/// Your continued-processing job (`ExportJob.makeRehearsedJob()`) runs through the generated launch path with a
/// fake task: its bar must show at launch and move within `progressLimit`; a job that returns must complete its
/// task once with success and keep its output; a job whose task expires at its first step must stop within
/// `cancellationLimit`, have its partial output discarded and complete its task once with failure.
{{/if}}
{{#if silentPush}}
/// Your silent push work must answer a `content-available` push within the push budget (scaled down to
/// `pushBudget` here), and a push without it gets `.noData`.
{{/if}}
{{#if transfers}}
/// Your transfer handlers hear from the generated session delegate as they would on a device, through a fake
/// session and fake tasks: each callback must return within `callbackLimit`.
{{/if}}
{{#if downloads}}
/// A finished download must be in the file your handler chose when `downloadDidFinish` is called (iOS deletes the
/// downloaded file as soon as the delegate's callback returns), and a download that keeps failing must reach
/// `downloadDidFail` exactly once, after its retries.
{{/if}}
{{#if uploads}}
/// The server's answer to an upload, in pieces as iOS delivers it, must reach `uploadDidFinish` whole, and an
/// upload that never reaches the server must reach `uploadDidFail` exactly once, after its retries.
{{/if}}
{{#if hasTaskManager}}
/// The work is built by `makeRehearsedAppRefreshWork()` and its kin (`RehearsedBackgroundWork`): the app's own
/// factories unless this test target declares its own, with test doubles; the rehearsals never touch the app's
/// saved checkpoint or schedule. A rehearsal that finds nothing to do (no items, no push) is skipped, saying why.
{{/if}}
{{#if transfers}}
/// The transfer handlers are built by {{#if downloads}}`makeRehearsedDownloadHandler()`{{#if uploads}} and {{/if}}{{/if}}{{#if uploads}}`makeRehearsedUploadHandler()`{{/if}}: the app's
/// own factories unless this test target declares its own, with test doubles.
{{/if}}
{{#if swiftTesting}}
/// The rehearsals run one at a time: each measures how long the work takes, which tests running beside it skew.
@Suite(.serialized)
{{availability}}nonisolated struct BackgroundTaskRehearsalTests {
{{else}}
{{availability}}nonisolated final class BackgroundTaskRehearsalTests: XCTestCase {
{{/if}}
{{#if rehearsesExpiry}}
    /// How long work may go on after its task expired and it was cancelled. iOS gives an app a few seconds to end
    /// its expired tasks and then terminates it; work that checks for cancellation between steps stops in
    /// milliseconds.
    static let cancellationLimit: TimeInterval = 1
{{/if}}
{{#if transfers}}
    /// How long a transfer handler's callback may take. iOS relaunches the app in the background to deliver a
    /// session's events and gives it little time for all of them: a callback that does heavy work (unzipping,
    /// importing) there makes the app time out, and the transfers not yet delivered are lost.
    static let callbackLimit: TimeInterval = 1
{{/if}}
    /// The rehearsals' clock: how much faster than on a device the budgets run out. With test doubles work takes
    /// milliseconds, so the suite need not wait a device's 30 s to find work that would run out its budget. Raise
    /// it if your test doubles are slow; 1 gives the work a device's time.
    static let timeScale: Double = 1.0 / 15
{{#if continuedProcessing}}
    /// How soon a continued-processing job must move its bar: iOS ends first the jobs that show least progress,
    /// and the person watches it in the Live Activity.
    static let progressLimit: TimeInterval = 1
    /// How long a continued-processing job may run here: a device has no fixed figure, and with test doubles a
    /// job takes milliseconds.
    static let continuedBudget: TimeInterval = 5
{{/if}}
{{#if refresh}}
    /// The refresh budget here: iOS expires a refresh task after about 30 s.
    static let refreshBudget: TimeInterval = 30 * timeScale
{{/if}}
{{#if silentPush}}
    /// The push budget here: iOS gives a silent push about 30 s, and `SilentPushHandler` answers at 25 s; the
    /// rehearsals give the handler's deadline the scaled 25 s.
    static let pushBudget: TimeInterval = 25 * timeScale
{{/if}}

{{#if refresh}}
    {{#if swiftTesting}}@Test {{/if}}func testRefreshCompletesOnceWhenTheWorkSucceeds() async {
        await rehearse(.refresh, expiry: nil)
    }

    {{#if swiftTesting}}@Test {{/if}}func testRefreshCompletesOnceWhenTheWorkThrows() async {
        await rehearse(.refresh, expiry: nil, throwing: true)
    }

    {{#if swiftTesting}}@Test {{/if}}func testRefreshCompletesOnceWhenExpiredBeforeItStarts() async {
        await rehearse(.refresh, expiry: 0)
    }

    {{#if swiftTesting}}@Test {{/if}}func testRefreshCompletesOnceWhenExpiredShortlyAfterItStarts() async {
        await rehearse(.refresh, expiry: 0.01)
    }

    {{#if swiftTesting}}@Test {{/if}}func testRefreshCompletesOnceWhenExpiredLate() async {
        await rehearse(.refresh, expiry: 0.5)
    }

{{/if}}
{{#if processing}}
    {{#if swiftTesting}}@Test {{/if}}func testProcessingCompletesOnceWhenTheWorkSucceeds() async {
        await rehearse(.processing, expiry: nil)
    }

    {{#if swiftTesting}}@Test {{/if}}func testProcessingCompletesOnceWhenTheWorkThrows() async {
        await rehearse(.processing, expiry: nil, throwing: true)
    }

    {{#if swiftTesting}}@Test {{/if}}func testProcessingCompletesOnceWhenExpiredBeforeItStarts() async {
        await rehearse(.processing, expiry: 0)
    }

    {{#if swiftTesting}}@Test {{/if}}func testProcessingCompletesOnceWhenExpiredShortlyAfterItStarts() async {
        await rehearse(.processing, expiry: 0.01)
    }

    {{#if swiftTesting}}@Test {{/if}}func testProcessingCompletesOnceWhenExpiredLate() async {
        await rehearse(.processing, expiry: 0.5)
    }

{{/if}}
{{#if checkpoint}}
{{#if swiftTesting}}
    @Test(.enabled(Comment(rawValue: BackgroundTaskRehearsalTests.noCheckpointItems)) { try await BackgroundTaskRehearsalTests.checkpointedWork() != nil })
    func testCheckpointedProcessingResumesAfterTheSavedCursorWhenExpiredBetweenItems() async throws {
        // The condition has counted the items; the work is built again, not queried again.
        let work = try #require(await BackgroundTaskManager.makeRehearsedProcessingWork() as? any CheckpointedWork)
        try await rehearseResuming(work)
    }

    @Test(.enabled(Comment(rawValue: BackgroundTaskRehearsalTests.noCheckpointItems)) { try await BackgroundTaskRehearsalTests.checkpointedWork() != nil })
    func testCheckpointedProcessingSkipsAnItemThatFailsForGoodAfterItsAttempts() async throws {
        let work = try #require(await BackgroundTaskManager.makeRehearsedProcessingWork() as? any CheckpointedWork)
        await rehearseSkipping(work)
    }
{{else}}
    func testCheckpointedProcessingResumesAfterTheSavedCursorWhenExpiredBetweenItems() async throws {
        guard let work = try await Self.checkpointedWork() else { throw XCTSkip(Self.noCheckpointItems) }
        try await rehearseResuming(work)
    }

    func testCheckpointedProcessingSkipsAnItemThatFailsForGoodAfterItsAttempts() async throws {
        guard let work = try await Self.checkpointedWork() else { throw XCTSkip(Self.noCheckpointItems) }
        await rehearseSkipping(work)
    }
{{/if}}

    /// Why the checkpoint rehearsals are skipped when `checkpointedWork()` finds nothing to rehearse.
    static let noCheckpointItems = "Nothing to rehearse: makeRehearsedProcessingWork() built no CheckpointedWork whose items(after: nil) gives two items or more, so no run could be expired between items or skip one. Declare static func makeRehearsedProcessingWork() -> any BackgroundWork in an extension of BackgroundTaskManager in this test target, returning your work with a test double that holds a few items."

    /// The work `makeRehearsedProcessingWork()` builds, when it is checkpointed and its `items(after: nil)` gives
    /// at least two items; nil when there is nothing to rehearse. An error from `items(after:)` fails the rehearsal,
    /// and so does a query that has not answered within the processing budget: a query that hangs (the app's
    /// database, a server CI cannot reach) would stop the whole run{{#if swiftTesting}}, as a test's condition runs
    /// outside any time limit{{/if}}.
    static func checkpointedWork() async throws -> (any CheckpointedWork)? {
        guard let work = await BackgroundTaskManager.makeRehearsedProcessingWork() as? any CheckpointedWork else { return nil }
        return try await itemCount(of: work) >= 2 ? work : nil
    }

    /// `work.items(after: nil).count`, raced against `Kind.processing.budget`. The query runs detached, so one that
    /// ignores its cancellation is left behind instead of holding the run.
    private static func itemCount<W: CheckpointedWork>(of work: W) async throws -> Int {
        let answer = Locked<CheckedContinuation<Int, any Error>?>(nil)
        let give: @Sendable (Result<Int, any Error>) -> Void = { result in
            let continuation = answer.withLock { continuation in
                defer { continuation = nil }
                return continuation
            }
            continuation?.resume(with: result)
        }
        let budget = Kind.processing.budget
        let late = ItemsDidNotAnswer(description: "The processing work (\(W.self)) that makeRehearsedProcessingWork() built had not answered items(after: nil) \(Self.seconds(budget)) s after it was asked, so the checkpoint rehearsals cannot start. Declare static func makeRehearsedProcessingWork() -> any BackgroundWork in an extension of BackgroundTaskManager in this test target, returning your work with a test double that holds a few items.")
        return try await withCheckedThrowingContinuation { continuation in
            answer.withLock { $0 = continuation }
            let query = Task.detached {
                do {
                    give(.success(try await work.items(after: nil).count))
                } catch {
                    give(.failure(error))
                }
            }
            Task.detached {
                try? await Task.sleep(nanoseconds: UInt64(budget * 1_000_000_000))
                query.cancel()
                give(.failure(late))
            }
        }
    }

    /// Why the checkpoint rehearsals could not count the items.
    struct ItemsDidNotAnswer: Error, CustomStringConvertible {
        let description: String
    }

{{/if}}
{{#if silentPush}}
{{#if swiftTesting}}
    @Test(.enabled(Comment(rawValue: BackgroundTaskRehearsalTests.noPushes)) { await !SilentPushHandler.rehearsedPushes.isEmpty })
    func testSilentPushAnswersWithinThePushBudget() async throws {
{{else}}
    func testSilentPushAnswersWithinThePushBudget() async throws {
        if await SilentPushHandler.rehearsedPushes.isEmpty {
            throw XCTSkip(Self.noPushes)
        }
{{/if}}
        let work = await SilentPushHandler.makeRehearsedSilentPushWork()
        let handler = SilentPushHandler(work: work, deadlineNanoseconds: UInt64(Self.pushBudget * 1_000_000_000))
        let pushes = await SilentPushHandler.rehearsedPushes
        // Whether any push reached the work: answered other than .noData{{#if processing}} or asked for processing{{/if}}. The `switch` in
        // SilentPushWork.swift answers a type it does not name with `default: return .noData` at once, so pushes the
        // work does not know (the template's case names, after the cases were renamed) would pass without running it;
        // the server's own pushes, when the work finds nothing new in its test doubles, get the same answer.
        var rehearsedTheWork = false
{{#if processing}}
        // "process" pushes answered without a processing request: a fault of work that the pushes reached.
        var unscheduled: [String] = []
{{/if}}
        for payload in pushes {
            guard let userInfo = try Self.userInfo(of: payload) else {
                Self.fail("SilentPushHandler.rehearsedPushes holds \(payload), which is not a JSON object.")
                rehearsedTheWork = true
                continue
            }
{{#if processing}}
            let asksForProcessing = userInfo["type"] as? String == "process"
            let requested = Self.pushJournal.submissions(of: BackgroundTaskConfiguration.processingIdentifier)
{{/if}}
            let started = Date()
            let result = await handler.handle(userInfo: userInfo)
            let elapsed = Date().timeIntervalSince(started)
            rehearsedTheWork = rehearsedTheWork || result != .noData
{{#if processing}}
            let submitted = Self.pushJournal.submissions(of: BackgroundTaskConfiguration.processingIdentifier) != requested
            rehearsedTheWork = rehearsedTheWork || submitted
            if asksForProcessing && !submitted {
                unscheduled.append(payload)
            }
{{/if}}
            if elapsed >= Self.pushBudget {
                Self.fail("iOS would stop waking the app for pushes: the silent push work (\(type(of: work))) had not answered \(Self.seconds(Self.pushBudget)) s after the push \(payload) arrived, so the handler answered .failed at its deadline (the device's 25 s on the rehearsals' clock, timeScale; with test doubles it should take milliseconds). Check Task.isCancelled or call try Task.checkCancellation() between steps.")
            } else if result == .failed {
                Self.fail("The silent push work (\(type(of: work))) answered .failed to the push \(payload), or threw; iOS wakes an app for pushes less often the more of them fail.")
            }
        }
        if !rehearsedTheWork {
            try Self.skip("Nothing rehearsed: the silent push work (\(type(of: work))) answered every push of SilentPushHandler.rehearsedPushes with .noData{{#if processing}} and asked for no processing{{/if}}, as its switch answers a type it does not name, or the work had nothing new with its test doubles: \(pushes.joined(separator: ", ")). \(Self.listThePushes) If they are listed, give the doubles makeRehearsedSilentPushWork() builds something new for one of them.")
            return
        }
{{#if processing}}
        for payload in unscheduled {
            Self.fail("The push \(payload) asks for processing, yet no processing request reached the rehearsals' scheduler before the push was answered: \(type(of: work)) must schedule it with the manager makeSilentPushWork(processing:) hands it, and a rehearsal factory must hand it BackgroundTaskRehearsalTests.pushProcessingManager, not BackgroundTaskManager.shared, whose requests move the app's own schedule.")
        }
{{/if}}
    }

    /// `payload`, a push as JSON, as the `userInfo` iOS hands the app; nil when it is not a JSON object.
    private static func userInfo(of payload: String) throws -> sending [AnyHashable: Any]? {
        try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [AnyHashable: Any]
    }

    /// Why the push rehearsal is skipped when `SilentPushHandler.rehearsedPushes` is empty.
    static let noPushes = "Nothing to rehearse: SilentPushHandler.rehearsedPushes is empty. \(listThePushes)"

    /// What makes the push rehearsal rehearse the work: the server's own pushes.
    static let listThePushes = "List the pushes your server sends, as JSON, in @MainActor static var rehearsedPushes: [String] { […] } in an extension of SilentPushHandler in this test target."

    {{#if swiftTesting}}@Test {{/if}}func testSilentPushAnswersNoDataToAPushWithoutContentAvailable() async {
        let work = await SilentPushHandler.makeRehearsedSilentPushWork()
        let handler = SilentPushHandler(work: work, deadlineNanoseconds: UInt64(Self.pushBudget * 1_000_000_000))
        let result = await handler.handle(userInfo: ["aps": ["alert": "Hello"]])
        if result != .noData {
            Self.fail("A push without content-available: 1 was answered with raw value \(result.rawValue) instead of .noData (\(UIBackgroundFetchResult.noData.rawValue)): such a push carries no background work.")
        }
    }

{{/if}}
{{#if continuedProcessing}}
    {{#if swiftTesting}}@Test(.enabled(if: BackgroundTaskRehearsalTests.continuedSkipReason == nil, Comment(rawValue: BackgroundTaskRehearsalTests.continuedSkipReason ?? ""))) {{/if}}func testContinuedProcessingShowsProgressFromTheFirstMoment() async throws {
        try await rehearseContinued(expiring: false, check: .progress)
    }

    {{#if swiftTesting}}@Test(.enabled(if: BackgroundTaskRehearsalTests.continuedSkipReason == nil, Comment(rawValue: BackgroundTaskRehearsalTests.continuedSkipReason ?? ""))) {{/if}}func testContinuedProcessingKeepsTheOutputOfAJobThatReturns() async throws {
        try await rehearseContinued(expiring: false, check: .output)
    }

    {{#if swiftTesting}}@Test(.enabled(if: BackgroundTaskRehearsalTests.continuedSkipReason == nil, Comment(rawValue: BackgroundTaskRehearsalTests.continuedSkipReason ?? ""))) {{/if}}func testContinuedProcessingDiscardsPartialOutputWhenExpired() async throws {
        try await rehearseContinued(expiring: true, check: .output)
    }

    /// Why the continued-processing rehearsals have nothing to rehearse here, or nil: continued processing needs
    /// iOS 26, and the rehearsals run the job `makeRehearsedJob()` builds.
    static var continuedSkipReason: String? {
{{#if needsContinuedAvailability}}
        guard #available(iOS 26.0, *) else {
            return "Nothing to rehearse: continued processing needs iOS 26, and these tests run on an older system. Run them on an iOS 26 simulator."
        }
{{/if}}
        guard let _ = (ExportJob.self as Any.Type) as? any RehearsedContinuedJob.Type else {
            return "Nothing to rehearse: ExportJob has no rehearsal factory. Make it conform to RehearsedContinuedJob and add static func makeRehearsedJob() -> ExportJob to ExportJob.swift, building the job with test doubles."
        }
        return nil
    }

{{/if}}
{{#if downloads}}
    {{#if swiftTesting}}@Test {{/if}}func testFinishedDownloadIsMovedBeforeTheCallbackReturns() async {
        let handler = ObservedDownloads(await BackgroundDownloadManager.makeRehearsedDownloadHandler())
        let delegate = BackgroundDownloadDelegate(handler: handler, maximumResumeAttempts: BackgroundDownloadManager.maximumResumeAttempts)
        let source = Self.rehearsalURL("download.bin")
        let contents = Data("A download rehearsed by BackgroundTaskRehearsalTests".utf8)
        let location = FileManager.default.temporaryDirectory.appendingPathComponent("CFNetworkDownload_\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: location.path, contents: contents) else {
            Self.fail("The rehearsal could not write a downloaded file into \(location.deletingLastPathComponent().path).")
            return
        }
        let task = FakeTransferTask(source: source, statusCode: 200)
        let session = FakeTransferSession()
        // As iOS does: the downloaded file is deleted as soon as didFinishDownloadingTo returns, then the task ends.
        delegate.finish(task, downloadedTo: location, in: session)
        try? FileManager.default.removeItem(at: location)
        delegate.complete(task, error: nil, in: session)
        let heard = handler.heard.withLock { $0 }
        defer {
            for case .finished(let destination, _, _) in heard {
                try? FileManager.default.removeItem(at: destination)
            }
        }
        let handlerType = type(of: handler.handler)
        switch heard.first {
        case nil:
            Self.fail("iOS would lose the download: \(handlerType) heard neither downloadDidFinish nor downloadDidFail, and iOS deletes the downloaded file as soon as didFinishDownloadingTo returns. The file must be moved to its destination before that callback returns.")
        case .failed(let error, _)?:
            Self.fail("iOS would lose the download: the file could not be moved to the destination \(handlerType) chose, so it heard downloadDidFail (\(error)) and iOS deleted the file. destination(forDownloadFrom:suggestedFilename:) must name a file in a folder the app can write, never an existing folder.")
        case .finished(let destination, let saved, let seconds)?:
            if heard.count > 1 {
                Self.fail("\(handlerType) heard of one finished download \(heard.count) times; iOS delivers each download once.")
            } else if saved != contents {
                Self.fail("iOS would lose the download: when downloadDidFinish(from:savedTo:) was called, \(destination.lastPathComponent) did not hold the downloaded file, which iOS deletes as soon as didFinishDownloadingTo returns.")
            } else if Self.isTemporary(destination) && FileManager.default.fileExists(atPath: destination.path) {
                Self.fail("iOS would lose the download: \(handlerType) left it in the temporary folder, which iOS empties while the app is not running, so reading it after downloadDidFinish returns (from a Task, or at the next launch) can find it gone. Save it into Application Support, Documents or Caches (destination(forDownloadFrom:suggestedFilename:)), or read it before returning.")
            } else if seconds > Self.callbackLimit {
                Self.fail("iOS would end the background launch before the other transfers were delivered: \(handlerType).downloadDidFinish took \(Self.seconds(seconds)) s (allowed here: \(Self.callbackLimit) s). Record the file and return; hand heavy work (unzipping, importing) to a processing task.")
            }
        }
    }

    {{#if swiftTesting}}@Test {{/if}}func testDownloadThatKeepsFailingReachesDownloadDidFailOnce() async {
        let handler = ObservedDownloads(await BackgroundDownloadManager.makeRehearsedDownloadHandler())
        let delegate = BackgroundDownloadDelegate(handler: handler, maximumResumeAttempts: BackgroundDownloadManager.maximumResumeAttempts)
        let session = FakeTransferSession()
        let source = Self.rehearsalURL("failing.bin")
        var task = FakeTransferTask(source: source, statusCode: nil)
        var attempts = 1
        // As iOS does once each retry's earliestBeginDate has passed: the connection drops again, until no retry is made.
        while attempts <= BackgroundDownloadManager.maximumResumeAttempts + 2 {
            delegate.complete(task, error: URLError(.networkConnectionLost), in: session)
            guard let retry = session.takeStarted() else { break }
            if !retry.isResumed {
                Self.fail("A retry of the download from \(source) was created and never resumed: iOS would never run it.")
                return
            }
            task = retry
            attempts += 1
        }
        let failures = handler.heard.withLock { $0 }.filter { if case .failed = $0 { true } else { false } }
        let handlerType = type(of: handler.handler)
        if failures.isEmpty {
            Self.fail("iOS would leave the user waiting for good: the download failed \(attempts) times and \(handlerType) never heard downloadDidFail, so nothing tells the user or starts it again.")
        } else if failures.count > 1 {
            Self.fail("\(handlerType) heard downloadDidFail \(failures.count) times for one download that failed \(attempts) times; it must hear it once, after the last retry.")
        } else if attempts != BackgroundDownloadManager.maximumResumeAttempts + 1 {
            Self.fail("The download was tried \(attempts) times before downloadDidFail; BackgroundDownloadManager.maximumResumeAttempts (\(BackgroundDownloadManager.maximumResumeAttempts)) allows \(BackgroundDownloadManager.maximumResumeAttempts + 1).")
        } else if case .failed(_, let seconds)? = failures.first, seconds > Self.callbackLimit {
            Self.fail("iOS would end the background launch before the other transfers were delivered: \(handlerType).downloadDidFail took \(Self.seconds(seconds)) s (allowed here: \(Self.callbackLimit) s).")
        }
    }

{{/if}}
{{#if uploads}}
    {{#if swiftTesting}}@Test {{/if}}func testUploadResponseBodyReachesUploadDidFinish() async {
        let handler = ObservedUploads(await BackgroundUploadManager.makeRehearsedUploadHandler())
        let container = FileManager.default.temporaryDirectory
        let delegate = BackgroundUploadDelegate(
            handler: handler, container: container, maximumRetries: BackgroundUploadManager.maximumRetries,
            maximumResponseBodySize: BackgroundUploadManager.maximumResponseBodySize
        )
        let source = Self.rehearsalURL("uploads")
        let file = container.appendingPathComponent("rehearsed-upload-\(UUID().uuidString).json")
        let record = BackgroundTransferRecord(source: source, file: BackgroundTransferRecord.storedPath(of: file, in: container))
        let task = FakeTransferTask(source: source, statusCode: 201, record: record)
        let body = Data(#"{"id":"rehearsal-42","status":"stored"}"#.utf8)
        // As iOS does: an upload task is a data task, and the server's answer arrives in pieces before it ends.
        delegate.receive(body.prefix(10), for: task)
        delegate.receive(body.dropFirst(10), for: task)
        delegate.complete(task, error: nil, in: FakeTransferSession())
        let heard = handler.heard.withLock { $0 }
        let handlerType = type(of: handler.handler)
        switch heard.first {
        case nil:
            Self.fail("\(handlerType) heard neither uploadDidFinish nor uploadDidFail after the server answered 201 to an upload.")
        case .failed(let error, _)?:
            Self.fail("\(handlerType) heard uploadDidFail (\(error)) for an upload the server answered with 201.")
        case .finished(let statusCode, let received, let seconds)?:
            if heard.count > 1 {
                Self.fail("\(handlerType) heard of one finished upload \(heard.count) times; iOS delivers each once.")
            } else if received != body || statusCode != 201 {
                Self.fail("The server's answer to an upload (201, \(body.count) bytes) reached uploadDidFinish as \(statusCode), \(received.count) bytes: the id it gave the file would be lost.")
            } else if seconds > Self.callbackLimit {
                Self.fail("iOS would end the background launch before the other transfers were delivered: \(handlerType).uploadDidFinish took \(Self.seconds(seconds)) s (allowed here: \(Self.callbackLimit) s).")
            }
        }
    }

    /// A POST upload, the usual multipart form, that never reaches the server (its host out of reach, as while it
    /// restarts, or a failed name lookup): nothing left the device, so it is sent again under the retry limit, and
    /// your handler hears `uploadDidFail` once, after the last attempt.
    {{#if swiftTesting}}@Test {{/if}}func testUploadThatCannotReachTheServerReachesUploadDidFailOnce() async {
        let handler = ObservedUploads(await BackgroundUploadManager.makeRehearsedUploadHandler())
        let container = FileManager.default.temporaryDirectory
        let delegate = BackgroundUploadDelegate(
            handler: handler, container: container, maximumRetries: BackgroundUploadManager.maximumRetries,
            maximumResponseBodySize: BackgroundUploadManager.maximumResponseBodySize
        )
        let session = FakeTransferSession()
        let source = Self.rehearsalURL("uploads")
        let file = container.appendingPathComponent("rehearsed-upload-\(UUID().uuidString).json")
        var request = URLRequest(url: source)
        request.httpMethod = "POST"
        var task = FakeTransferTask(request: request, response: nil)
        task.taskDescription = BackgroundTransferRecord(source: source, file: BackgroundTransferRecord.storedPath(of: file, in: container)).encoded
        var attempts = 1
        // As iOS does once each retry's earliestBeginDate has passed: the server is still out of reach.
        while attempts <= BackgroundUploadManager.maximumRetries + 2 {
            delegate.complete(task, error: URLError(.cannotConnectToHost), in: session)
            guard let retry = session.takeStarted() else { break }
            if !retry.isResumed {
                Self.fail("A retry of the upload to \(source) was created and never resumed: iOS would never run it.")
                return
            }
            task = retry
            attempts += 1
        }
        let failures = handler.heard.withLock { $0 }.filter { if case .failed = $0 { true } else { false } }
        let handlerType = type(of: handler.handler)
        let limit = BackgroundUploadManager.maximumRetries
        if failures.isEmpty {
            Self.fail("iOS would leave the user waiting for good: the upload failed \(attempts) times and \(handlerType) never heard uploadDidFail, so nothing tells the user or starts it again.")
        } else if failures.count > 1 {
            Self.fail("\(handlerType) heard uploadDidFail \(failures.count) times for one upload that failed \(attempts) times; it must hear it once, after the last retry.")
        } else if attempts != limit + 1 {
            Self.fail("A POST upload that could not connect to the server was tried \(attempts) times before \(handlerType) heard uploadDidFail; BackgroundUploadManager.maximumRetries (\(limit)) allows \(limit + 1), and a request that never left the device is safe to send again whatever its method.")
        } else if case .failed(_, let seconds)? = failures.first, seconds > Self.callbackLimit {
            Self.fail("iOS would end the background launch before the other transfers were delivered: \(handlerType).uploadDidFail took \(Self.seconds(seconds)) s (allowed here: \(Self.callbackLimit) s).")
        }
    }

{{/if}}
{{#if hasTaskManager}}
    /// Launches the `kind` task with a fake task, expires it `expiry` seconds later (nil: never), and checks what
    /// iOS checks. `throwing` makes the work throw once your work has returned.
    private func rehearse(_ kind: Kind, expiry: TimeInterval?, throwing: Bool = false) async {
{{#if checkpoint}}
        Self.forgetRehearsalState()
        defer { Self.forgetRehearsalState() }
{{/if}}
        let journal = Journal()
        let scheduler = FakeScheduler(journal: journal)
{{#if refresh}}
        let refreshWork = Observed(work: await BackgroundTaskManager.makeRehearsedAppRefreshWork(), journal: journal, throwing: throwing)
{{/if}}
{{#if processing}}
        let processing = await BackgroundTaskManager.makeRehearsedProcessingWork()
{{#if checkpoint}}
        // Checkpointed work keeps its cursor in the rehearsals' folder: a run here must not clear or move the app's.
        let processingWork = Observed(work: Self.withRehearsalCheckpoint(processing), journal: journal, throwing: throwing)
{{else}}
        let processingWork = Observed(work: processing, journal: journal, throwing: throwing)
{{/if}}
{{/if}}
        let manager = BackgroundTaskManager(
            scheduler: { scheduler }{{#if schedulesOnBackground}}, dueDates: Self.rehearsalDueDates{{/if}}{{#if refresh}},
            appRefreshWork: refreshWork{{/if}}{{#if processing}},
            processingWork: processingWork{{/if}}{{#if processingOnPush}},
            processingBackOff: Self.rehearsalBackOff{{/if}}
        )
        // Expired before it starts: iOS can expire a task before its work begins, and the run sets its expiration
        // handler before it starts the work.
        let task = FakeTask(journal: journal, expiringWhenHandlerIsSet: expiry == 0)
        let workType: String
        switch kind {
{{#if refresh}}
        case .refresh:
            workType = String(describing: type(of: refreshWork.work))
{{#if swiftUIRefresh}}
            // As SwiftUI's `.backgroundTask(.appRefresh(_:))` runs it: the task's expiry cancels the closure, and
            // SwiftUI completes the task when the closure returns.
            // SwiftUI hands the closure a task that may have expired already: the closure starts once the
            // expiration handler is set.
            let handlerIsSet = AsyncStream<Void>.makeStream()
            let run = Task {
                for await _ in handlerIsSet.stream {}
                await manager.performAppRefresh()
                task.setTaskCompleted(success: !Task.isCancelled)
            }
            task.expirationHandler = { run.cancel() }
            handlerIsSet.continuation.finish()
{{else}}
            manager.handleAppRefresh(task)
{{/if}}
{{/if}}
{{#if processing}}
        case .processing:
            workType = String(describing: type(of: processing))
            manager.handleProcessingTask(task)
{{/if}}
        }
        let work = "the \(kind.rawValue) work (\(workType))"
        if expiry == 0 {
            // The expiry completes the task; work started after that runs while iOS may suspend the app.
            _ = await Self.waitUntil(Self.cancellationLimit) { !journal.completions.isEmpty }
            await Self.pause(0.1)
            if journal.workHasStarted {
                Self.fail("iOS would suspend the app while \(work) ran: its task expired before the work began, yet the work started after the expiry completed the task. A run must not start work whose task has expired.")
                return
            }
        } else if let expiry {
            await Self.pause(expiry)
            task.expire()
            let returned = await Self.waitUntil(Self.cancellationLimit) { journal.workHasReturned }
            if !returned {
                Self.fail("iOS would suspend the app while \(work) still ran \(Self.cancellationLimit) s after its task expired: whatever it does then is cut off. Check Task.isCancelled or call try Task.checkCancellation() between steps.")
            }
        } else {
            // The work's own budget, then the run's bound for handing over the next request: work that needs
            // longer than its budget is not given the hand-over's second too.
            let returned = await Self.waitUntil(kind.budget) { journal.workHasReturned }
            if !returned {
                Self.fail("iOS would expire the task before \(work) finished: it had not finished \(Self.seconds(kind.budget)) s after its task started (a device gives \(kind.deviceBudget)\(kind.clock)); with test doubles it should take milliseconds.")
                // As iOS does when the time is up: the task expires, and the work must still stop.
                task.expire()
                let stopped = await Self.waitUntil(Self.cancellationLimit) { journal.workHasReturned }
                if !stopped {
                    Self.fail("iOS would suspend the app while \(work) still ran \(Self.cancellationLimit) s after its task expired at the end of its budget: whatever it does then is cut off. Check Task.isCancelled or call try Task.checkCancellation() between steps.")
                }
                return
            }
        }
        // The run completes the task once the next request is handed over, expired or not, or after its bound for
        // that hand-over, which a busy machine can use up; then long enough for a second completion, from the work or
        // the expiry. Whether the request reached the scheduler first is bggen's to check, not the rehearsals': on a
        // busy machine the run's bound can pass first, by design.
        _ = await Self.waitUntil(BackgroundTaskRun.submissionWaitLimit + Self.cancellationLimit) { !journal.completions.isEmpty }
        await Self.pause(0.1)
        let completions = journal.completions
        guard completions.count == 1 else {
            Self.fail(completions.isEmpty
                ? "iOS would kill the app: the \(kind.rawValue) task was never completed after \(work) ended."
                : "The \(kind.rawValue) task was completed \(completions.count) times; iOS expects setTaskCompleted(success:) exactly once.")
            return
        }
{{#if swiftUIRefresh}}
        // SwiftUI, not the app, chooses the success a refresh task is completed with: for a refresh, only the work's
        // own error says it failed.
        if kind == .refresh && expiry == nil && !throwing, let thrown = journal.thrownError {
            Self.fail("The refresh work (\(workType)) threw \(thrown). With test doubles the work should succeed: make the rehearsal factory hand it doubles that do.")
        }
        if kind != .refresh && expiry == nil && completions[0] == throwing {
{{else}}
        if expiry == nil && completions[0] == throwing {
{{/if}}
            if !throwing, let thrown = journal.thrownError {
                Self.fail("The \(kind.rawValue) work (\(workType)) threw \(thrown), so its task was completed with success: false. With test doubles the work should succeed: make the rehearsal factory hand it doubles that do.")
            } else {
                Self.fail("The \(kind.rawValue) task was completed with success: \(throwing) although \(work) \(throwing ? "threw" : "succeeded").")
            }
        }
    }

{{/if}}
{{#if continuedProcessing}}
    /// What a continued-processing rehearsal looks at.
    enum ContinuedCheck {
        /// The bar: shown at launch, then moving while the job runs.
        case progress
        /// The task's completion and what becomes of the job's output.
        case output
    }

    /// Runs your job (`makeRehearsedJob()`) through the generated launch path with a fake task, as iOS launches
    /// it, expired at its first step before its last when `expiring`, and checks what iOS and the person see. A
    /// job whose type has no `makeRehearsedJob()` (an `ExportJob.swift` written before the rehearsals) is skipped,
    /// saying so.
    private func rehearseContinued(expiring: Bool, check: ContinuedCheck) async throws {
        if let reason = Self.continuedSkipReason {
{{#if swiftTesting}}
            // The test's condition skips it first.
            Issue.record(Comment(rawValue: reason))
            return
{{else}}
            throw XCTSkip(reason)
{{/if}}
        }
        guard {{#if needsContinuedAvailability}}#available(iOS 26.0, *), {{/if}}let jobType = (ExportJob.self as Any.Type) as? any RehearsedContinuedJob.Type else { return }
        try await rehearseContinued(jobType.makeRehearsedJob(), expiring: expiring, check: check)
    }

{{#if needsContinuedAvailability}}
    @available(iOS 26.0, *)
{{/if}}
    private func rehearseContinued(_ rehearsed: any ContinuedProcessingJob, expiring: Bool, check: ContinuedCheck) async throws {
        let job = ObservedJob(job: rehearsed)
        let task = FakeContinuedTask(title: job.title, expiringAtFirstStep: expiring)
        let identifier = "\(BackgroundTaskConfiguration.continuedProcessingPrefix).rehearsal-\(UUID().uuidString)"
        let folder = ContinuedProcessingManager.partialOutputRoot.appendingPathComponent(identifier, isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "the continued-processing job (\(type(of: job.job)))"
        ContinuedProcessingManager.run(job, identifier: identifier, in: task{{#if gpu}}, usesBackgroundGPU: false{{/if}})
        if check == .progress {
            let bar = task.barAtLaunch
            if bar?.total != max(job.totalUnitCount, 1) || bar?.completed != 0 {
                Self.fail("iOS ends first the jobs that show least progress: when \(name) launched, its bar showed \(bar.map { "\($0.completed) of \($0.total)" } ?? "nothing") instead of 0 of \(job.totalUnitCount).")
            }
            let moved = await Self.waitUntil(Self.progressLimit) { task.hasReportedAStep || job.hasReturned }
            if !moved {
                Self.fail("iOS ends first the jobs that show least progress: \(name) reported no step \(Self.seconds(Self.progressLimit)) s after it launched, so its bar stayed at 0. Call progress.update(completed:of:subtitle:) after each step.")
            }
        }
        if expiring {
            // The fake task expires the job at its first step that is not its last; a job that returns first
            // gave no moment to expire it, which is no fault of the job.
            let expiredOrReturned = await Self.waitUntil(Self.continuedBudget) { task.didExpire || job.hasReturned }
            if expiredOrReturned && !task.didExpire {
                try Self.skip("Nothing to rehearse: \(name) returned without reporting a step before its last, so there was no moment to expire it. Report progress after each step.")
                return
            }
            if !expiredOrReturned {
                Self.fail("\(name) reported no step within \(Self.seconds(Self.continuedBudget)) s of its launch (the rehearsal's bound with test doubles), so it could not be expired. Call progress.update(completed:of:subtitle:) after each step.")
                return
            }
        }
        let limit = expiring ? Self.cancellationLimit : Self.continuedBudget
        let returned = await Self.waitUntil(limit) { job.hasReturned }
        if !returned {
            Self.fail(expiring
                ? "iOS would suspend the app while \(name) still ran \(Self.cancellationLimit) s after its task expired: whatever it writes then is cut off. Check Task.isCancelled or call try Task.checkCancellation() between steps."
                : "\(name) had not finished \(Self.seconds(Self.continuedBudget)) s after it launched, the rehearsal's bound for a job run with test doubles (iOS sets continued processing no time limit, but the person watches the Live Activity meanwhile).")
            if !expiring {
                // As iOS does when the person cancels the job: it expires, and must still stop, before the next
                // rehearsal starts beside it.
                task.expire()
                if !(await Self.waitUntil(Self.cancellationLimit) { job.hasReturned }) {
                    Self.fail("iOS would suspend the app while \(name) still ran \(Self.cancellationLimit) s after its task expired: whatever it writes then is cut off. Check Task.isCancelled or call try Task.checkCancellation() between steps.")
                }
            }
            return
        }
        guard check == .output else { return }
        // The run completes the task once the job has returned and its folder is handled: on a busy machine that
        // can take longer than a fixed pause, so wait for it (within cancellationLimit), then long enough for a
        // second completion, from the job or the expiry, to arrive.
        _ = await Self.waitUntil(Self.cancellationLimit) { !task.completions.isEmpty }
        // A job that outlasts the expiry's bound has its output discarded and its folder removed once it has
        // thrown, after the task is completed: wait for that folder as well.
        _ = await Self.waitUntil(Self.cancellationLimit) { !FileManager.default.fileExists(atPath: folder.path) }
        await Self.pause(0.1)
        let completions = task.completions
        if completions.count != 1 {
            Self.fail(completions.isEmpty
                ? "iOS would kill the app: the continued-processing task was never completed after \(name) ended."
                : "The continued-processing task was completed \(completions.count) times; iOS expects setTaskCompleted(success:) exactly once.")
        } else if completions[0] == expiring {
            Self.fail(expiring
                ? "The continued-processing task was completed with success: true after it expired at \(name)'s first step: the Live Activity would say the work was done."
                : "The continued-processing task was completed with success: false although \(name) returned: the Live Activity would say the work failed.")
        }
        if expiring && job.discards != 1 {
            Self.fail("iOS would leave half-written output behind: \(name) went on after its task expired at its first step and returned as if it had finished, so discardPartialOutput() was called \(job.discards) times instead of once. Throw (try Task.checkCancellation()) when cancelled, so the partial output is removed.")
        } else if !expiring && job.discards != 0 {
            Self.fail("The person would lose finished work: \(name) returned and its output was discarded (discardPartialOutput() called \(job.discards) times).")
        }
        if FileManager.default.fileExists(atPath: folder.path) {
            Self.fail("The partial-output folder of \(name) was left after its run ended; it takes space until the next launch.")
        }
    }

{{/if}}
{{#if checkpoint}}
    /// Expires a run right after its first item, then runs again: the second run must start after the cursor the
    /// first saved. Your work's own items are used (through `makeRehearsedProcessingWork()`, which
    /// `checkpointedWork()` found to have two or more). The saved checkpoint is cleared before and after.
    private func rehearseResuming<W: CheckpointedWork>(_ work: W) async throws {
        Self.forgetRehearsalState()
        defer { Self.forgetRehearsalState() }
        let items = try await work.items(after: nil)
        let first = await runCheckpointed(work, expireAfterFirstItem: true, failFirstItem: false)
        let second = await runCheckpointed(work, expireAfterFirstItem: false, failFirstItem: false)
        guard let saved = first.first else {
            Self.fail("The processing work (\(W.self)) processed no item before its task expired, though items(after: nil) gave \(items.count).")
            return
        }
        if second.first == saved || second.count >= items.count {
            Self.fail("iOS would never see the processing finish: after its task expired between items, the next run of \(W.self) started again at the first item instead of after the saved cursor \"\(saved)\". process(_:) must return the cursor of the item it finished, and items(after:) only the items after it.")
        }
    }

    /// Fails the first item for good (`BackgroundWorkError.permanent`) in every run: the run that reaches
    /// `attemptsPerItem` failures must skip it and go on with the next item, and no earlier run may.
    private func rehearseSkipping<W: CheckpointedWork>(_ work: W) async {
        Self.forgetRehearsalState()
        defer { Self.forgetRehearsalState() }
        // Up to 10 runs: more would make the rehearsal slow, not surer.
        guard (1...10).contains(work.attemptsPerItem) else {
            Self.fail("\(W.self).attemptsPerItem is \(work.attemptsPerItem); the rehearsal runs 1 to 10 times.")
            return
        }
        for attempt in 1...work.attemptsPerItem {
            let processed = await runCheckpointed(work, expireAfterFirstItem: false, failFirstItem: true)
            if attempt < work.attemptsPerItem && !processed.isEmpty {
                Self.fail("\(W.self) skipped an item that failed for good after \(attempt) runs, before its attemptsPerItem (\(work.attemptsPerItem)).")
                return
            }
            if attempt == work.attemptsPerItem && processed.isEmpty {
                Self.fail("iOS would run the processing into the same item every night: \(W.self) did not skip an item that failed for good in \(attempt) runs (attemptsPerItem), so no later item is ever processed.")
            }
        }
    }

    /// Where the rehearsed `CheckpointedWork.run()` keeps its cursor and skipped items: a folder of the
    /// rehearsals' own, so they never touch the app's.
    static let rehearsalCheckpoint = ProcessingCheckpoint(
        key: "\(BackgroundTaskConfiguration.processingIdentifier).cursor",
        folder: rehearsalFolder
    )

    /// `work`, or when it is checkpointed, the same work keeping its cursor in `rehearsalCheckpoint`.
    static func withRehearsalCheckpoint(_ work: any BackgroundWork) -> any BackgroundWork {
        guard let checkpointed = work as? any CheckpointedWork else { return work }
        return redirected(checkpointed)
    }

    private static func redirected<W: CheckpointedWork>(_ work: W) -> any BackgroundWork {
        Redirected(work: work)
    }

    /// Forgets everything kept in `rehearsalFolder`: a rehearsal starts as on a first launch.
    static func forgetRehearsalState() {
        try? FileManager.default.removeItem(at: rehearsalFolder)
    }

{{/if}}
{{#if schedulesOnBackground}}
    /// Where the rehearsed manager keeps its tasks' due dates: the rehearsals' own folder, so they never move the
    /// app's schedule.
    static let rehearsalDueDates = TaskDueDates(schedule: TaskSchedule(folder: rehearsalFolder))

{{/if}}
{{#if processingOnPush}}
    /// Where the rehearsed manager counts unfinished processing runs: the rehearsals' own folder, so a rehearsal
    /// that fails the work never delays the app's next run.
    static let rehearsalBackOff = ProcessingBackOff(schedule: TaskSchedule(folder: rehearsalFolder))

{{/if}}
{{#if rehearsalState}}
    /// The folder of everything the rehearsals keep, apart from the app's own files.
    static let rehearsalFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(BackgroundTaskConfiguration.logSubsystem).rehearsals", isDirectory: true)

{{/if}}
{{#if checkpoint}}
    /// One launch of the processing task with `work` stepped through `Stepping`; the cursors your `process(_:)`
    /// returned, once the run has ended.
    private func runCheckpointed<W: CheckpointedWork>(_ work: W, expireAfterFirstItem: Bool, failFirstItem: Bool) async -> [String] {
        let journal = Journal()
        let scheduler = FakeScheduler(journal: journal)
        let task = FakeTask(journal: journal)
        let stepping = Stepping(work: work, task: task, expireAfterFirstItem: expireAfterFirstItem, failFirstItem: failFirstItem)
{{#if refresh}}
        let refreshWork = await BackgroundTaskManager.makeRehearsedAppRefreshWork()
{{/if}}
        let manager = BackgroundTaskManager(
            scheduler: { scheduler }{{#if schedulesOnBackground}}, dueDates: Self.rehearsalDueDates{{/if}}{{#if refresh}},
            appRefreshWork: refreshWork{{/if}},
            processingWork: Observed(work: stepping, journal: journal, throwing: false){{#if processingOnPush}},
            processingBackOff: Self.rehearsalBackOff{{/if}}
        )
        manager.handleProcessingTask(task)
        let returned = await Self.waitUntil(Kind.processing.budget) { journal.workHasReturned }
        if !returned {
            Self.fail("iOS would expire the task before the processing work (\(W.self)) finished: it had not finished \(Self.seconds(Kind.processing.budget)) s after its task started.")
            task.expire()
            // The next run must not race this one on the rehearsal's checkpoint.
            if !(await Self.waitUntil(Self.cancellationLimit) { journal.workHasReturned }) {
                Self.fail("iOS would suspend the app while the processing work (\(W.self)) still ran \(Self.cancellationLimit) s after its task expired at the end of its budget. Check Task.isCancelled or call try Task.checkCancellation() between items.")
            }
        }
        return stepping.cursors.withLock { $0 }
    }

{{/if}}
    /// Records a failed rehearsal, saying what iOS would do.
    private static func fail(_ message: String) {
{{#if swiftTesting}}
        Issue.record(Comment(rawValue: message))
{{else}}
        XCTFail(message)
{{/if}}
    }
{{#if skipsAtRunTime}}

    /// Reports a rehearsal that found, once it ran, that it had nothing to rehearse, saying why: a skip, never a
    /// pass.
{{#if swiftTesting}}
    /// A Swift Testing test cannot skip itself before Swift 6.3 (Xcode 26.0 has 6.2), so the reason is a known
    /// issue, which the results show apart from a pass; the caller returns after it.
{{else}}
    /// It throws `XCTSkip`.
{{/if}}
    private static func skip(_ reason: String) throws {
{{#if swiftTesting}}
        withKnownIssue(Comment(rawValue: reason)) {
            Issue.record(Comment(rawValue: reason))
        }
{{else}}
        throw XCTSkip(reason)
{{/if}}
    }
{{/if}}

{{#if transfers}}
    /// A URL of no real host (`.invalid` never resolves), of this rehearsal's own: the file your handler picks for
    /// it is new, and removed afterwards.
    private static func rehearsalURL(_ name: String) -> URL {
        URL(string: "https://rehearsal.invalid/\(UUID().uuidString)/\(name)")!
    }

    /// Whether `file` is in the temporary folder (`NSTemporaryDirectory()`), which iOS empties while the app is
    /// not running.
    private static func isTemporary(_ file: URL) -> Bool {
        let temporary = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().standardizedFileURL.path
        return file.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(temporary.hasSuffix("/") ? temporary : temporary + "/")
    }

{{/if}}
    /// "2.0", for a message.
    private static func seconds(_ value: TimeInterval) -> String {
        String(format: "%.1f", value)
    }

    private static func pause(_ seconds: TimeInterval) async {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }

    /// Waits at most `limit` seconds for `condition`, looking every 10 ms.
    private static func waitUntil(_ limit: TimeInterval, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(limit)
        while !condition() {
            guard Date() < deadline else { return false }
            await pause(0.01)
        }
        return true
    }
}

{{#if hasTaskManager}}
{{availability}}nonisolated extension BackgroundTaskRehearsalTests {
    /// The task kinds rehearsed, with what iOS allows each.
    enum Kind: String {
{{#if refresh}}
        case refresh
{{/if}}
{{#if processing}}
        case processing
{{/if}}

        /// How long the work may run here. A device gives about 30 s to a refresh, scaled by the rehearsals'
        /// clock, and minutes to a processing task, which have no fixed figure: with test doubles work takes
        /// milliseconds, so a processing rehearsal gives it 5 s.
        var budget: TimeInterval {
            switch self {
{{#if refresh}}
            case .refresh: BackgroundTaskRehearsalTests.refreshBudget
{{/if}}
{{#if processing}}
            case .processing: 5
{{/if}}
            }
        }

        var deviceBudget: String {
            switch self {
{{#if refresh}}
            case .refresh: "about 30 s"
{{/if}}
{{#if processing}}
            case .processing: "minutes at most"
{{/if}}
            }
        }

        /// How the budget here comes from the device's.
        var clock: String {
            switch self {
{{#if refresh}}
            case .refresh: "; this clock runs \(Int((1 / BackgroundTaskRehearsalTests.timeScale).rounded())) times faster, timeScale"
{{/if}}
{{#if processing}}
            case .processing: ""
{{/if}}
            }
        }
    }

    /// What happened in one rehearsal, in order. The fake scheduler, the fake task and the work write to it from
    /// whichever threads the generated code uses.
    final class Journal: Sendable {
        enum Event: Equatable, Sendable {
            case submitted(String)
            case completed(Bool)
            case workStarted
            case workReturned
            /// Your work threw: its error's type and description.
            case workThrew(String)
        }

        private let events = Locked<[Event]>([])

        func record(_ event: Event) {
            events.withLock { $0.append(event) }
        }

        var completions: [Bool] {
            events.withLock { events in
                events.compactMap { event in
                    guard case .completed(let success) = event else { return nil }
                    return success
                }
            }
        }

        func submissions(of identifier: String) -> Int {
            events.withLock { events in events.filter { $0 == .submitted(identifier) }.count }
        }

        var workHasStarted: Bool {
            events.withLock { $0.contains(.workStarted) }
        }

        var workHasReturned: Bool {
            events.withLock { $0.contains(.workReturned) }
        }

        /// What your work threw, as `Type: description`; nil when it did not throw.
        var thrownError: String? {
            events.withLock { events in
                events.lazy.compactMap { event in
                    guard case .workThrew(let error) = event else { return nil }
                    return error
                }.first
            }
        }
    }

    /// Stands in for the `BGTask` iOS hands the launch handler. With `expiringWhenHandlerIsSet`, it expires as soon
    /// as it is given an expiration handler: before the run has started the work.
    final class FakeTask: BackgroundTaskHandle, @unchecked Sendable {
        private let lock = NSLock()
        private var handler: (() -> Void)?
        private let journal: Journal
        private let expiringWhenHandlerIsSet: Bool

        init(journal: Journal, expiringWhenHandlerIsSet: Bool = false) {
            self.journal = journal
            self.expiringWhenHandlerIsSet = expiringWhenHandlerIsSet
        }

        var expirationHandler: (() -> Void)? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return handler
            }
            set {
                lock.lock()
                handler = newValue
                lock.unlock()
                if expiringWhenHandlerIsSet, let newValue {
                    newValue()
                }
            }
        }

        func setTaskCompleted(success: Bool) {
            journal.record(.completed(success))
        }

        /// What iOS does when the task's time is up.
        func expire() {
            expirationHandler?()
        }
    }

    /// Stands in for `BGTaskScheduler`: takes every request and notes it.
    final class FakeScheduler: BackgroundTaskScheduling, Sendable {
        private let journal: Journal

        init(journal: Journal) {
            self.journal = journal
        }

        func register(
            forTaskWithIdentifier identifier: String,
            using queue: DispatchQueue?,
            launchHandler: @escaping (BGTask) -> Void
        ) -> Bool {
            true
        }

{{#unless submitTaskRequest}}
        func submit(_ taskRequest: BGTaskRequest) throws {
            journal.record(.submitted(taskRequest.identifier))
        }
{{/unless}}
{{#if sdkChoosesSubmission}}
{{iOS27SDKCondition}}

        @available(iOS 27.0, *)
{{/if}}
        func submitTaskRequest(_ taskRequest: BGTaskRequest, completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
            journal.record(.submitted(taskRequest.identifier))
            completionHandler(nil)
        }
{{#if sdkChoosesSubmission}}
#endif
{{/if}}
    }

{{#if silentPush}}
{{#if processing}}
    /// What the push work's processing requests reach in the rehearsals: a fake scheduler noting them in
    /// `pushJournal`{{#if schedulesOnBackground}}, and the rehearsals' own due dates{{/if}}{{#if processingOnPush}}, and back-off{{/if}}; never the app's schedule.
    static let pushJournal = Journal()
    static let pushProcessingManager = BackgroundTaskManager(
        scheduler: { FakeScheduler(journal: pushJournal) }{{#if schedulesOnBackground}}, dueDates: rehearsalDueDates{{/if}}{{#if refresh}},
        appRefreshWork: NoWork(){{/if}},
        processingWork: NoWork(){{#if processingOnPush}},
        processingBackOff: rehearsalBackOff{{/if}}
    )

    /// The manager's own tasks in `pushProcessingManager`, which a push rehearsal never launches.
    struct NoWork: BackgroundWork {
        func run() async throws {}
    }

{{/if}}
{{/if}}
{{#if checkpoint}}
    /// Your checkpointed work as it is, run by bggen's own `CheckpointedWork.run()` with its cursor in
    /// `rehearsalCheckpoint`.
    struct Redirected<W: CheckpointedWork>: CheckpointedWork {
        let work: W

        var attemptsPerItem: Int { work.attemptsPerItem }

        var checkpoint: ProcessingCheckpoint { BackgroundTaskRehearsalTests.rehearsalCheckpoint }

        func items(after cursor: String?) async throws -> [W.Item] {
            try await work.items(after: cursor)
        }

        func process(_ item: W.Item) async throws -> String {
            try await work.process(item)
        }

        func cursor(of item: W.Item) -> String {
            work.cursor(of: item)
        }

        func prepareForSuspension() {
            work.prepareForSuspension()
        }
    }

    /// Your checkpointed work, its items and `process(_:)` as they are, stepped through by bggen's own
    /// `CheckpointedWork.run()`: notes each cursor your `process(_:)` returns, expires the task once the first
    /// item is done (`expireAfterFirstItem`), or fails the run's first item for good (`failFirstItem`).
    struct Stepping<W: CheckpointedWork>: CheckpointedWork {
        let work: W
        let task: FakeTask
        let expireAfterFirstItem: Bool
        let failFirstItem: Bool
        let cursors = Locked<[String]>([])
        private let calls = Locked(0)

        init(work: W, task: FakeTask, expireAfterFirstItem: Bool, failFirstItem: Bool) {
            self.work = work
            self.task = task
            self.expireAfterFirstItem = expireAfterFirstItem
            self.failFirstItem = failFirstItem
        }

        var attemptsPerItem: Int { work.attemptsPerItem }

        var checkpoint: ProcessingCheckpoint { BackgroundTaskRehearsalTests.rehearsalCheckpoint }

        func items(after cursor: String?) async throws -> [W.Item] {
            try await work.items(after: cursor)
        }

        func cursor(of item: W.Item) -> String {
            work.cursor(of: item)
        }

        func process(_ item: W.Item) async throws -> String {
            let call = calls.withLock { calls in
                calls += 1
                return calls
            }
            if failFirstItem && call == 1 {
                throw BackgroundWorkError.permanent(Observed.RehearsedFailure())
            }
            let cursor = try await work.process(item)
            cursors.withLock { $0.append(cursor) }
            if expireAfterFirstItem && call == 1 {
                task.expire()
                // The cancellation reaches the work once the run holds its task (`BackgroundTaskRun.attach`),
                // which can be after a first item as quick as a test double's: wait for it, at most
                // `cancellationLimit`, or the run could go on through every item.
                let deadline = Date().addingTimeInterval(BackgroundTaskRehearsalTests.cancellationLimit)
                while !Task.isCancelled && Date() < deadline {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
            }
            return cursor
        }
    }

{{/if}}
    /// Your work, noting when it returns; with `throwing`, it throws once your work has returned.
    struct Observed: BackgroundWork {
        struct RehearsedFailure: Error {}

        let work: any BackgroundWork
        let journal: Journal
        let throwing: Bool

        func run() async throws {
            journal.record(.workStarted)
            defer { journal.record(.workReturned) }
            do {
                try await work.run()
            } catch {
                journal.record(.workThrew("\(type(of: error)): \(error)"))
                throw error
            }
            if throwing {
                throw RehearsedFailure()
            }
        }

        func prepareForSuspension() {
            work.prepareForSuspension()
        }
    }
}
{{/if}}
{{#if continuedProcessing}}

{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated extension BackgroundTaskRehearsalTests {
    /// Stands in for the `BGContinuedProcessingTask` iOS hands the job: notes the bar when the run takes the task
    /// (it sets the expiration handler before the job starts), the completions and whether the job reported a
    /// step, and with `expiringAtFirstStep` expires (as iOS would, or the person from the Live
    /// Activity) as soon as the job reports its first step that is not its last.
    final class FakeContinuedTask: ContinuedProcessingTaskHandle, @unchecked Sendable {
        let title: String
        let progress = Progress(totalUnitCount: 0)
        private let expiringAtFirstStep: Bool
        private let lock = NSLock()
        private var handler: (() -> Void)?
        private var completed: [Bool] = []
        private var bar: (completed: Int64, total: Int64)?
        private var steps = 0
        private var expired = false

        init(title: String, expiringAtFirstStep: Bool) {
            self.title = title
            self.expiringAtFirstStep = expiringAtFirstStep
        }

        var expirationHandler: (() -> Void)? {
            get { locked { handler } }
            set {
                locked {
                    handler = newValue
                    bar = bar ?? (completed: progress.completedUnitCount, total: progress.totalUnitCount)
                }
            }
        }

        /// The bar as the job started: what the person sees from the first moment.
        var barAtLaunch: (completed: Int64, total: Int64)? { locked { bar } }

        var completions: [Bool] { locked { completed } }
        var hasReportedAStep: Bool { locked { steps > 0 } }
        /// Whether it expired the job (`expiringAtFirstStep`, at a step before the last).
        var didExpire: Bool { locked { expired } }

        func setTaskCompleted(success: Bool) {
            locked { completed.append(success) }
        }

        /// `ContinuedProcessingProgress.update` sets the bar, then calls this.
        func updateTitle(_ title: String, subtitle: String) {
            let expiresNow = locked { () -> Bool in
                guard progress.completedUnitCount > 0 else { return false }
                steps += 1
                guard expiringAtFirstStep, !expired, progress.completedUnitCount < progress.totalUnitCount else { return false }
                expired = true
                return true
            }
            guard expiresNow else { return }
            // As iOS does, on a queue of its own, never the job's thread: the run waits there, within its bound, for
            // the cancelled job to end.
            DispatchQueue.global(qos: .userInitiated).async { self.expire() }
            // The expiry reaches the job as a cancellation, which the run delivers once it holds the job's task
            // (`BackgroundTaskRun.attach`): a first step can come before that. Wait for it, at most
            // `cancellationLimit`, so the job's next check sees it, as on a device, where steps take longer. Progress
            // reported from outside a task (a callback, a timer) has no cancellation to wait for.
            guard withUnsafeCurrentTask(body: { $0 != nil }) else { return }
            let deadline = Date().addingTimeInterval(BackgroundTaskRehearsalTests.cancellationLimit)
            while !Task.isCancelled && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.001)
            }
        }

        func expire() {
            expirationHandler?()
        }

        private func locked<T>(_ body: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body()
        }
    }

    /// Your job, noting when it returns and how often its partial output is discarded.
    struct ObservedJob: ContinuedProcessingJob {
        let job: any ContinuedProcessingJob
        private let returned = Locked(false)
        private let discarded = Locked(0)

        init(job: any ContinuedProcessingJob) {
            self.job = job
        }

        var title: String { job.title }
        var totalUnitCount: Int64 { job.totalUnitCount }
        var hasReturned: Bool { returned.withLock { $0 } }
        var discards: Int { discarded.withLock { $0 } }

        func run(progress: ContinuedProcessingProgress) async throws {
            defer { returned.withLock { $0 = true } }
            try await job.run(progress: progress)
        }

        func discardPartialOutput() {
            discarded.withLock { $0 += 1 }
            job.discardPartialOutput()
        }

        func prepareForSuspension() {
            job.prepareForSuspension()
        }
    }
}
{{/if}}
{{#if transfers}}

{{availability}}nonisolated extension BackgroundTaskRehearsalTests {
    /// Stands in for the `URLSessionTask` iOS hands the session delegate: the request and the server's answer it
    /// was made with, and what the delegate writes into it.
    final class FakeTransferTask: BackgroundTransferTask {
        private static let lastIdentifier = Locked(0)

        let taskIdentifier: Int
        let originalRequest: URLRequest?
        let response: URLResponse?
        private let description = Locked<String?>(nil)
        private let beginDate = Locked<Date?>(nil)
        private let resumed = Locked(false)

        /// A task of bggen's with `record`; `statusCode` nil for a transfer that got no answer.
        convenience init(source: URL, statusCode: Int?, record: BackgroundTransferRecord? = nil) {
            self.init(request: URLRequest(url: source), response: statusCode.flatMap {
                HTTPURLResponse(url: source, statusCode: $0, httpVersion: "HTTP/1.1", headerFields: nil)
            })
            taskDescription = (record ?? BackgroundTransferRecord(source: source)).encoded
        }

        init(request: URLRequest, response: URLResponse?) {
            taskIdentifier = Self.lastIdentifier.withLock { last in
                last += 1
                return last
            }
            originalRequest = request
            self.response = response
        }

        var taskDescription: String? {
            get { description.withLock { $0 } }
            set { description.withLock { $0 = newValue } }
        }

        var earliestBeginDate: Date? {
            get { beginDate.withLock { $0 } }
            set { beginDate.withLock { $0 = newValue } }
        }

        var isResumed: Bool {
            resumed.withLock { $0 }
        }

        func resume() {
            resumed.withLock { $0 = true }
        }
    }

    /// Stands in for the background `URLSession`: keeps the tasks the delegate starts (its retries), which get
    /// no answer.
    final class FakeTransferSession: Sendable {
        private let started = Locked<[FakeTransferTask]>([])

        /// The task the delegate started last, taken out; nil when it started none.
        func takeStarted() -> FakeTransferTask? {
            started.withLock { $0.popLast() }
        }

        fileprivate func start(_ request: URLRequest?) -> FakeTransferTask {
            let task = FakeTransferTask(request: request ?? URLRequest(url: URL(string: "https://rehearsal.invalid/")!), response: nil)
            started.withLock { $0.append(task) }
            return task
        }
    }
{{#if downloads}}

    /// Your download handler, noting what it hears, what the file it is told of held then, and how long it took.
    struct ObservedDownloads: BackgroundDownloadHandling {
        enum Heard: Sendable {
            case finished(URL, contents: Data?, seconds: TimeInterval)
            case failed(String, seconds: TimeInterval)
        }

        let handler: any BackgroundDownloadHandling
        let heard = Locked<[Heard]>([])

        init(_ handler: any BackgroundDownloadHandling) {
            self.handler = handler
        }

        func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
            handler.destination(forDownloadFrom: source, suggestedFilename: suggestedFilename)
        }

        func destination(forDownloadFrom source: URL, key: String, suggestedFilename: String?) -> URL {
            handler.destination(forDownloadFrom: source, key: key, suggestedFilename: suggestedFilename)
        }

        func downloadDidFinish(from source: URL, savedTo destination: URL) {
            let contents = try? Data(contentsOf: destination)
            let started = Date()
            handler.downloadDidFinish(from: source, savedTo: destination)
            let seconds = Date().timeIntervalSince(started)
            heard.withLock { $0.append(.finished(destination, contents: contents, seconds: seconds)) }
        }

        func downloadDidFail(from source: URL, error: any Error) {
            let started = Date()
            handler.downloadDidFail(from: source, error: error)
            let seconds = Date().timeIntervalSince(started)
            heard.withLock { $0.append(.failed(String(describing: error), seconds: seconds)) }
        }

        func downloadDidProgress(from source: URL, fractionCompleted: Double) {
            handler.downloadDidProgress(from: source, fractionCompleted: fractionCompleted)
        }
    }
{{/if}}
{{#if uploads}}

    /// Your upload handler, noting what it hears and how long it took.
    struct ObservedUploads: BackgroundUploadHandling {
        enum Heard: Sendable {
            case finished(statusCode: Int, body: Data, seconds: TimeInterval)
            case failed(String, seconds: TimeInterval)
        }

        let handler: any BackgroundUploadHandling
        let heard = Locked<[Heard]>([])

        init(_ handler: any BackgroundUploadHandling) {
            self.handler = handler
        }

        func uploadDidFinish(of file: URL, response: BackgroundUploadResponse) {
            let started = Date()
            handler.uploadDidFinish(of: file, response: response)
            let seconds = Date().timeIntervalSince(started)
            heard.withLock { $0.append(.finished(statusCode: response.statusCode, body: response.body, seconds: seconds)) }
        }

        func uploadDidFail(of file: URL, error: any Error) {
            let started = Date()
            handler.uploadDidFail(of: file, error: error)
            let seconds = Date().timeIntervalSince(started)
            heard.withLock { $0.append(.failed(String(describing: error), seconds: seconds)) }
        }

        func uploadDidProgress(of file: URL, fractionCompleted: Double) {
            handler.uploadDidProgress(of: file, fractionCompleted: fractionCompleted)
        }
    }
{{/if}}
}
{{#if downloads}}

{{availability}}nonisolated extension BackgroundTaskRehearsalTests.FakeTransferSession: BackgroundDownloadSession {
    func downloadTask(with request: URLRequest) -> BackgroundTaskRehearsalTests.FakeTransferTask {
        start(request)
    }

    func downloadTask(withResumeData resumeData: Data) -> BackgroundTaskRehearsalTests.FakeTransferTask {
        start(nil)
    }
}
{{/if}}
{{#if uploads}}

{{availability}}nonisolated extension BackgroundTaskRehearsalTests.FakeTransferSession: BackgroundUploadSession {
    func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> BackgroundTaskRehearsalTests.FakeTransferTask {
        start(request)
    }
}
{{/if}}
{{/if}}

"""##,
        #"""
BackgroundTaskRun.swift.tmpl
"""#: ##"""
import BackgroundTasks
import Foundation

/// Work that runs inside a background task{{#if userWorkFiles}}: your code, in {{userWorkFiles}}{{/if}}.
///
/// Return when the work is done; throw when it failed. When the system expires the task, the work is cancelled:
/// check `Task.isCancelled` or call `try Task.checkCancellation()` between steps and stop promptly, because the
/// task is reported as failed at that moment whatever the work does afterwards.
{{availability}}nonisolated protocol BackgroundWork: Sendable {
    func run() async throws

    /// Called once when the system expires the task, right before the task is reported as finished, after which
    /// iOS can suspend the app at once. Close or checkpoint what must not be open at that moment, such as a SQLite
    /// or Core Data store in an App Group container: a file lock held at suspension ends the app (0xdead10cc).
    /// Keep it short: the task is completed after `BackgroundTaskRun.suspensionPreparationLimit` whether or not it
    /// has returned. `run()` may still be unwinding on another thread. The default does nothing.
    func prepareForSuspension()
}

{{availability}}nonisolated extension BackgroundWork {
    func prepareForSuspension() {}
}

/// The part of a `BGTask` a run touches, so tests can run a handler with a fake task.
{{availability}}nonisolated protocol BackgroundTaskHandle: AnyObject {
    var expirationHandler: (() -> Void)? { get set }
    func setTaskCompleted(success: Bool)
}

{{availability}}nonisolated extension BGTask: BackgroundTaskHandle {}

/// One run of a background task, which completes the task exactly once: when the work returns, when it throws,
/// or when the system expires the task, whichever comes first.
///
/// The task is held here, in a `HeldTask` behind a lock, and never sent into the work itself: `BGTask` is not
/// `Sendable`.
/// Completing drops the reference, which also breaks the task → expiration handler → run cycle.
{{availability}}nonisolated final class BackgroundTaskRun: Sendable {
    private struct State {
        var task: HeldTask<any BackgroundTaskHandle>?
        var operation: Task<Void, Never>?
        /// Dropped with the task: the task's expiration handler keeps this run alive as long as iOS keeps the
        /// task, and the work (a continued-processing job, say) should not live that long.
        var work: (any BackgroundWork)?
        var isExpired = false
        /// The work's outcome, recorded as `run()` returns. A finished run still waits for its successor's
        /// hand-over; an expiry in that wait completes the task with this outcome and does not call
        /// `prepareForSuspension()` on work that has already returned.
        var result: Bool?
    }

    /// How long an expiry waits for `prepareForSuspension()`, and for the successor's request to be handed to the
    /// scheduler (both at once, under this one bound), before it completes the task anyway.
    ///
    /// Apple gives no number: the expiration handler is "called shortly before the task's background time
    /// expires", and "all expiration handlers must complete before the allocated time", which "doesn't vary with
    /// the number of background tasks": a refresh, a processing task and a continued job expiring together share
    /// it, and an app still holding its task after the allocated time is terminated. Closing a SQLite or Core
    /// Data store, or checkpointing its write-ahead log, takes milliseconds, so a quarter of a second covers it
    /// with room to spare, while three such waits in a row still take under a second. A hook that needs longer
    /// should keep its state consistent between steps instead, because no bound is safe for it.
    static let suspensionPreparationLimit: TimeInterval = 0.25

    /// How long a finished run waits for the next request to be handed to the scheduler before it completes its
    /// task anyway. The hand-over takes milliseconds, but the scheduler has been seen to hang; a second is a
    /// small part of the about 30 seconds a refresh gets ("Using background tasks to update your app"), and an
    /// expiry in the wait completes the task at once with the work's result.
    static let submissionWaitLimit: TimeInterval = 1

    private let name: String
    private let started = Date()
    private let state: Locked<State>
    /// The successor's requests: the task is completed only once they are handed over, or after a bound.
    private let submissions: DispatchGroup?
    /// Asks for another run when this one fails or expires, before the task is completed.
    private let reschedule: (@Sendable () -> Void)?

    private init(
        task: any BackgroundTaskHandle, name: String, work: any BackgroundWork, submissions: DispatchGroup?,
        reschedule: (@Sendable () -> Void)?
    ) {
        self.name = name
        self.submissions = submissions
        self.reschedule = reschedule
        state = Locked(State(task: HeldTask(task: task), work: work))
    }

    /// Sets the expiration handler first, so an expiry that arrives before the work starts keeps it from starting,
    /// and one that arrives as it starts cancels it.
    /// `.utility` rather than `.background`: a refresh has seconds, and the lowest priority is throttled hardest.
    /// With `submissions`, a finished run completes the task once they are handed over (see `afterSubmissions`).
    /// `reschedulingIfUnfinished`, for a task nothing else schedules, asks for the next run when the work fails or
    /// the task expires, before the task is completed.
    static func start(
        _ task: any BackgroundTaskHandle,
        name: String,
        work: any BackgroundWork,
        priority: TaskPriority = .utility,
        completingAfter submissions: DispatchGroup? = nil,
        reschedulingIfUnfinished reschedule: (@Sendable () -> Void)? = nil
    ) {
        BackgroundLog.notice("Launched \(name).")
        let run = BackgroundTaskRun(task: task, name: name, work: work, submissions: submissions, reschedule: reschedule)
        task.expirationHandler = { @Sendable in
            run.expire()
        }
        // Expired as the handler was set: the expiry has completed the task, so the work must not start at all
        // (cancellation is only a request, and `run()` would open the store its hook has just closed).
        guard !run.hasExpired else {
            BackgroundLog.notice("\(name) expired before its work started; not starting it.")
            return
        }
        let operation = Task.detached(priority: priority) {
            let success: Bool
            do {
                try await work.run()
                success = !Task.isCancelled
            } catch {
                if !(error is CancellationError) {
                    BackgroundLog.error("\(name) failed.", error: error)
                }
                success = false
            }
            run.record(success: success)
            guard let submissions else {
                run.complete(success: success)
                return
            }
            afterSubmissions(submissions, of: name) {
                run.complete(success: success)
            }
        }
        run.attach(operation)
    }

    /// Calls `body` once every submission in `submissions` is handed over, or after `submissionWaitLimit`. It waits
    /// on a queue of its own, never blocking the caller: a launch handler, or Swift's cooperative pool. An expiry
    /// meanwhile completes a run's task within `suspensionPreparationLimit` (with the work's result when it has
    /// returned), and the run's completion then does nothing.
    static func afterSubmissions(_ submissions: DispatchGroup, of name: String, _ body: @escaping @Sendable () -> Void) {
        DispatchQueue.global(qos: .utility).async {
            if submissions.wait(timeout: .now() + submissionWaitLimit) == .timedOut {
                BackgroundLog.notice("The request for \(name) was not handed to the scheduler within \(submissionWaitLimit) s; not waiting longer.")
            }
            body()
        }
    }

    private var hasExpired: Bool {
        state.withLock { $0.isExpired }
    }

    private func attach(_ operation: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.operation = operation
            return state.isExpired
        }
        if cancelNow {
            operation.cancel()
        }
    }

    /// Keeps the outcome of work that returned before any expiry and, when it failed, asks for the next run in the
    /// same critical section: an expiry that finds the outcome knows the next run is asked for already, and an
    /// expiry that comes first asks for it itself.
    private func record(success: Bool) {
        state.withLock { state in
            guard !state.isExpired else { return }
            state.result = success
            if !success {
                reschedule?()
            }
        }
    }

    /// From here on the expiry owns the completion: the cancelled work, unwinding, no longer completes the task,
    /// so `prepareForSuspension()` runs before iOS hears the task is done. Work that has already returned (the run
    /// is waiting for its successor's hand-over) keeps its outcome, and its hook is not called. Either way the
    /// task is completed once the successor's request (the one asked for at launch, or the reschedule) is handed
    /// over, or after `suspensionPreparationLimit`: the expiration handler still has time ("may be called before
    /// the background process uses the full amount of its allocated time"), and a request still queued when the
    /// task completes can be lost with the app's suspension. A second expiry does nothing.
    private func expire() {
        let (isFirst, operation, unfinishedWork, result) = state.withLock { state in
            defer { state.isExpired = true }
            let isFirst = state.task != nil && !state.isExpired
            return (isFirst, state.operation, isFirst && state.result == nil ? state.work : nil, state.result)
        }
        guard isFirst else { return }
        if result != nil {
            BackgroundLog.notice("\(name) expired after its work had finished; completing it with the work's result.")
        } else {
            BackgroundLog.notice("\(name) expired; cancelling its work.")
            operation?.cancel()
            reschedule?()
        }
        Self.prepareForSuspension(unfinishedWork, awaiting: submissions, of: name)
        complete(success: result ?? false, byExpiry: true)
    }

    /// Runs the work's hook, when there is one, on a queue of its own while `submissions` are handed over, and
    /// waits for both under one bound, `suspensionPreparationLimit`. Blocks the calling thread: an expiration
    /// handler, or a queue of its own.
    static func prepareForSuspension(
        _ work: (any BackgroundWork)?, awaiting submissions: DispatchGroup?, of name: String
    ) {
        let deadline = DispatchTime.now() + suspensionPreparationLimit
        let finished = DispatchSemaphore(value: 0)
        if let work {
            DispatchQueue.global(qos: .userInitiated).async {
                work.prepareForSuspension()
                finished.signal()
            }
        }
        if let submissions, submissions.wait(timeout: deadline) == .timedOut {
            BackgroundLog.notice("The request after \(name) was not handed to the scheduler before the task expired.")
        }
        if work != nil {
            _ = finished.wait(timeout: deadline)
        }
    }
{{#if swiftUIRefresh}}

    /// The same for async code, such as SwiftUI's `.backgroundTask` action: the wait blocks a queue of its own,
    /// never a thread of Swift's cooperative pool.
    static func prepareForSuspension(
        _ work: (any BackgroundWork)?, awaiting submissions: DispatchGroup?, of name: String
    ) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global(qos: .userInitiated).async {
                prepareForSuspension(work, awaiting: submissions, of: name)
                continuation.resume()
            }
        }
    }
{{/if}}

    private func complete(success: Bool, byExpiry: Bool = false) {
        let task = state.withLock { state -> (any BackgroundTaskHandle)? in
            guard byExpiry || !state.isExpired else { return nil }
            defer {
                state.task = nil
                state.work = nil
            }
            return state.task?.task
        }
        guard let task else { return }
        Self.logOutcome(of: name, started: started, success: success)
        // A local strong reference keeps the task alive through its own completion.
        task.setTaskCompleted(success: success)
    }

    /// How long a run took and how it ended, persisted, so the morning's log says what ran overnight.
    static func logOutcome(of name: String, started: Date, success: Bool) {
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        BackgroundLog.notice("\(name) ended: \(success ? "succeeded" : "failed") after \(seconds) s.")
    }
}
{{#if swiftUIRefresh}}

/// Resumes a continuation exactly once, whichever of several callers comes first; a resume that arrives before
/// the continuation is handed over is kept, and the continuation is resumed as soon as it arrives.
{{availability}}nonisolated final class ResumingOnce: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Void, Never>)
        case resumed
    }

    private let state: Locked<State>

    init() {
        state = Locked(.idle)
    }

    /// Hands over the continuation to resume; resumes it at once when `resume()` came first.
    func wait(with continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = state.withLock { state -> Bool in
            guard case .idle = state else { return true }
            state = .waiting(continuation)
            return false
        }
        if resumeNow {
            continuation.resume()
        }
    }

    func resume() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state = .resumed }
            guard case .waiting(let continuation) = state else { return nil }
            return continuation
        }
        continuation?.resume()
    }
}
{{/if}}

"""##,
        #"""
BackgroundTasksObjC.swift.tmpl
"""#: ##"""
import Foundation
import UIKit

/// The way in for an app delegate written in Objective-C, which cannot call bggen's other types (Swift classes
/// that are not `NSObject` subclasses). Import the header Xcode generates for the app's Swift code
/// (`#import "<ProductModuleName>-Swift.h"`) in `AppDelegate.m` and call these class methods; `bggen init` prints
/// the calls. Each selector follows the Swift name, such as `handleEventsForBackgroundURLSession:completionHandler:`
/// (the methods that start work are named for Objective-C, such as `startDownloadFrom:`).
///
/// Public, with every method: in a target with no Swift entry point and no bridging header (an Objective-C app
/// whose first Swift files these are), Swift writes only public declarations into that header.
///
/// UIKit calls the app delegate on the main thread, so the methods it calls run on the main actor. The methods that
/// start, list or cancel transfers and jobs are `nonisolated`: Objective-C code calls them from any thread (a
/// completion block, a GCD queue), where a main-actor method would trap in Swift 6 mode, and they go to the main
/// actor themselves. The Objective-C attributes apply where Objective-C exists, which is every Apple platform.
#if canImport(ObjectiveC)
@objc(BackgroundTasksObjC) @objcMembers
#endif
@MainActor
public final class BackgroundTasksObjC: NSObject {
{{#if hasTaskManager}}
    /// From `application:didFinishLaunchingWithOptions:`, before it returns: iOS refuses later registrations.
    public static func registerTasks() {
        BackgroundTaskManager.shared.registerTasks()
    }
{{/if}}
{{#if refresh}}

    /// From `applicationDidEnterBackground:` (or `sceneDidEnterBackground:`).
    public static func scheduleAppRefresh() {
        BackgroundTaskManager.shared.scheduleAppRefresh()
    }
{{/if}}
{{#if processingScheduled}}

    /// From `applicationDidEnterBackground:` (or `sceneDidEnterBackground:`).
    public static func scheduleProcessingTask() {
        BackgroundTaskManager.shared.scheduleProcessingTask()
    }
{{/if}}
{{#if transfers}}

    /// From `application:didFinishLaunchingWithOptions:`: recreates the background sessions at launch, so
    /// transfers that finished meanwhile are delivered.
    public static func startTransferSessions() {
{{#if downloads}}
        _ = BackgroundDownloadManager.shared
{{/if}}
{{#if uploads}}
        _ = BackgroundUploadManager.shared
{{/if}}
    }

    /// From `application:handleEventsForBackgroundURLSession:completionHandler:`; NO when the identifier is not
    /// one of bggen's sessions: the app delegate must then hand the handler to the session's owner (an SDK) or call
    /// it, because iOS waits for every handler it passes. Not discardable, so Xcode warns where the answer is
    /// ignored.
    public static func handleEventsForBackgroundURLSession(_ identifier: String, completionHandler: @escaping () -> Void) -> Bool {
{{#if downloads}}
        if BackgroundDownloadManager.shared.setCompletionHandler(completionHandler, for: identifier) {
            return true
        }
{{/if}}
{{#if uploads}}
        if BackgroundUploadManager.shared.setCompletionHandler(completionHandler, for: identifier) {
            return true
        }
{{/if}}
        return false
    }
{{/if}}
{{#if downloads}}

    /// `[BackgroundTasksObjC startDownloadFrom:url]`: starts downloading in the background and returns at once; the
    /// result arrives through `DownloadHandling.swift`.
    nonisolated public static func startDownloadFrom(_ url: URL) {
        onMainActor { _ = BackgroundDownloadManager.shared.startDownload(from: url) }
    }

    /// `[BackgroundTasksObjC startDownloadWith:request]`, for a download that needs credentials: put them in the
    /// request's headers, never in its URL.
    nonisolated public static func startDownloadWith(_ request: URLRequest) {
        onMainActor { _ = BackgroundDownloadManager.shared.startDownload(with: request) }
    }

    /// `[BackgroundTasksObjC startDownloadWithKey:@"avatar-42" request:request]`, for a URL that changes for the
    /// same file (pre-signed): the file is named for the key, so each new URL replaces it.
    nonisolated public static func startDownloadWithKey(_ key: String, request: URLRequest) {
        onMainActor { _ = BackgroundDownloadManager.shared.startDownload(with: request, key: key) }
    }

    /// `[BackgroundTasksObjC downloadTransfersWithCompletionHandler:^(NSArray<NSURLSessionDownloadTask *> *tasks) { … }]`:
    /// the downloads in flight, those started before a relaunch included, handed to the handler on the main thread.
    nonisolated public static func downloadTransfersWithCompletionHandler(_ completionHandler: @escaping @MainActor @Sendable ([URLSessionDownloadTask]) -> Void) {
        Task { @MainActor in
            completionHandler(await BackgroundDownloadManager.shared.transfers())
        }
    }

    /// `[BackgroundTasksObjC cancelDownload:task]`: stops a download of `downloadTransfers…` for good; it is neither
    /// retried nor reported as a failure.
    nonisolated public static func cancelDownload(_ task: URLSessionDownloadTask) {
        onMainActor { BackgroundDownloadManager.shared.cancel(task) }
    }
{{/if}}
{{#if uploads}}

    /// `[BackgroundTasksObjC startUploadOf:fileURL with:request]`: uploads the file (the request gives the URL,
    /// method and headers) in the background and returns at once; the result arrives through `UploadHandling.swift`.
    nonisolated public static func startUploadOf(_ file: URL, with request: URLRequest) {
        onMainActor { _ = BackgroundUploadManager.shared.startUpload(of: file, with: request) }
    }

    /// `[BackgroundTasksObjC uploadTransfersWithCompletionHandler:^(NSArray<NSURLSessionUploadTask *> *tasks) { … }]`:
    /// the uploads in flight, those started before a relaunch included, handed to the handler on the main thread.
    nonisolated public static func uploadTransfersWithCompletionHandler(_ completionHandler: @escaping @MainActor @Sendable ([URLSessionUploadTask]) -> Void) {
        Task { @MainActor in
            completionHandler(await BackgroundUploadManager.shared.transfers())
        }
    }

    /// `[BackgroundTasksObjC cancelUpload:task]`: stops an upload of `uploadTransfers…` for good; it is neither
    /// retried nor reported as a failure.
    nonisolated public static func cancelUpload(_ task: URLSessionUploadTask) {
        onMainActor { BackgroundUploadManager.shared.cancel(task) }
    }
{{/if}}
{{#if continuedProcessing}}

    /// From `application:didFinishLaunchingWithOptions:`: creates `ContinuedProcessingManager.shared`, which sweeps
    /// the partial output of jobs swiped away in an earlier launch.
    public static func startContinuedProcessing() {
{{#if needsContinuedAvailability}}
        if #available(iOS 26.0, *) { _ = ContinuedProcessingManager.shared }
{{else}}
        _ = ContinuedProcessingManager.shared
{{/if}}
    }

    /// `[BackgroundTasksObjC startExportJobWithCompletionHandler:^(NSString *identifier, NSString *failure) { … }]`,
    /// from a button action in the foreground: submits `ExportJob.makeForObjectiveC()` off the main thread and
    /// calls the handler on the main thread, exactly once, with the job's identifier once it is accepted (keep it
    /// to withdraw a job still queued) or with a message to show the user.
{{#if needsContinuedAvailability}}
    @available(iOS 26.0, *)
{{/if}}
    nonisolated public static func startExportJobWithCompletionHandler(_ completionHandler: @escaping @MainActor @Sendable (String?, String?) -> Void) {
        Task { @MainActor in
            // An `ExportJob.swift` written before this factory existed declares none: add
            // `@MainActor static func makeForObjectiveC() -> ExportJob { ExportJob() }` to it.
            do throws(ContinuedProcessingError) {
                completionHandler(try await ContinuedProcessingManager.shared.start(ExportJob.makeForObjectiveC()), nil)
            } catch {
                completionHandler(nil, error.userMessage)
            }
        }
    }

    /// `[BackgroundTasksObjC cancelQueuedExportJob:identifier]`: withdraws a job that is still waiting for iOS to
    /// start it (a queued job can wait a long time); one that has started is stopped by the user, or runs to its end.
{{#if needsContinuedAvailability}}
    @available(iOS 26.0, *)
{{/if}}
    nonisolated public static func cancelQueuedExportJob(_ identifier: String) {
        ContinuedProcessingManager.shared.cancelQueuedJob(identifier)
    }
{{/if}}
{{#if silentPush}}

    /// From `application:didReceiveRemoteNotification:fetchCompletionHandler:`; calls the handler exactly once.
    public static func handleRemoteNotification(_ userInfo: [AnyHashable: Any], completionHandler: @escaping @MainActor (UIBackgroundFetchResult) -> Void) {
        Task { @MainActor in
            completionHandler(await SilentPushHandler.shared.handle(userInfo: userInfo))
        }
    }
{{/if}}
{{#if transfers}}

    /// Runs `body` at once on the main thread, where UIKit calls the app delegate; from any other thread soon
    /// after, on the main actor.
    private nonisolated static func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated(body)
        } else {
            Task { @MainActor in body() }
        }
    }
{{/if}}
}

"""##,
        #"""
BackgroundTasksScene.swift.tmpl
"""#: #"""
import SwiftUI

extension Scene {
    /// Adds this app's app-refresh task to a scene: `WindowGroup { ContentView() }.backgroundTasks()`.
    ///
    /// SwiftUI registers the handler and completes the task when the action returns, so
    /// `BackgroundTaskManager.registerTasks()` leaves this identifier out: one identifier registered twice kills
    /// the app. The action is `@Sendable`, so it does not run on the main actor.
    func backgroundTasks() -> some Scene {
        backgroundTask(.appRefresh(BackgroundTaskConfiguration.appRefreshIdentifier)) {
            await BackgroundTaskManager.shared.performAppRefresh()
        }
    }
}

"""#,
        #"""
BackgroundUploadManager.swift.tmpl
"""#: #"""
import Foundation

/// What happens when a background upload ends: your code, in `UploadHandling.swift`.
///
/// The methods run on the session's delegate queue, possibly while the app is relaunched in the background just
/// to receive them; keep them short.
{{availability}}nonisolated protocol BackgroundUploadHandling: Sendable {
    /// The upload of `file` is complete and the server answered `response`.
    func uploadDidFinish(of file: URL, response: BackgroundUploadResponse)
    /// The upload of `file` failed and will not be retried. A server's answer outside 2xx arrives as
    /// `BackgroundUploadError.httpStatus`, with its status, `Retry-After` and body; a cancel by iOS because
    /// background updates are off for the app as `BackgroundUploadError.backgroundUpdatesDisabled`.
    func uploadDidFail(of file: URL, error: any Error)
    /// Progress from 0 to 1.
    func uploadDidProgress(of file: URL, fractionCompleted: Double)
}

{{availability}}nonisolated extension BackgroundUploadHandling {
    func uploadDidProgress(of file: URL, fractionCompleted: Double) {}
}

/// The server's answer to an upload.
{{availability}}nonisolated struct BackgroundUploadResponse: Sendable {
    /// The HTTP status; 0 when the server sent no HTTP response.
    let statusCode: Int
    /// The response body (an id or JSON, for most upload APIs), at most
    /// `BackgroundUploadManager.maximumResponseBodySize` bytes.
    let body: Data
    /// The server sent more than that; the rest was dropped.
    let isBodyTruncated: Bool
}

/// Why an upload did not end with an answer in 2xx.
{{availability}}nonisolated enum BackgroundUploadError: LocalizedError {
    /// The server answered with a status outside 2xx, after the retries 408, 429 and 5xx get (see
    /// `BackgroundUploadManager.maximumRetries`). `retryAfter` is its `Retry-After`, when it sent one; `response`
    /// has the status and the body, which often says what was wrong.
    case httpStatus(Int, retryAfter: Date?, response: BackgroundUploadResponse)
    /// iOS cancelled the upload because background updates are off for this app: the user turned Background
    /// App Refresh off, or Low Power Mode is on. Tell the user, and start it again once they are back on.
    case backgroundUpdatesDisabled

    var errorDescription: String? {
        switch self {
        case .httpStatus(let status, _, _):
            return "The server answered with HTTP status \(status)."
        case .backgroundUpdatesDisabled:
            return "The upload was stopped because Background App Refresh is off for this app."
        }
    }
}

/// Uploads files in a background `URLSession`, so transfers continue while the app is suspended or terminated.
///
/// A background session uploads only from files: write the body (multipart included) to a file in your container
/// first. In-memory bodies, streamed bodies, completion handlers and `async` APIs all fail at run time there.
/// There is exactly one session per identifier per process, created with `shared`.
{{availability}}nonisolated final class BackgroundUploadManager: Sendable {
    /// Created on the main actor, by your launch code's first use of it, with the handler that
    /// `makeUploadHandler()` in `UploadHandling.swift` builds there: the handler can be handed the app's
    /// main-actor objects, such as its database. From code off the main actor, reach it with `await`.
    @MainActor static let shared = BackgroundUploadManager(handler: makeUploadHandler())

    /// How often an upload that failed on a dropped connection is started again before it is reported as failed.
    /// The count travels with the task, so it holds across relaunches.
    static let maximumRetries = 3
    /// The most bytes of a response body kept for `uploadDidFinish`: bodies are held in memory until the upload
    /// ends, and a background relaunch has little of it.
    static let maximumResponseBodySize = 1_048_576

    private let session: URLSession
    private let delegate: BackgroundUploadDelegate
    private let container: URL

    /// Creates the one background session for `uploadSessionIdentifier`. Create one manager per process:
    /// a second session with the same identifier steals the first one's events. Files inside `container` are
    /// remembered relative to it, so uploads survive the container moving when the app is updated.
    init(
        handler: any BackgroundUploadHandling,
        container: URL = BackgroundTransferRecord.appContainer
    ) {
        let configuration = URLSessionConfiguration.background(
            withIdentifier: BackgroundTaskConfiguration.uploadSessionIdentifier
        )
        configuration.sessionSendsLaunchEvents = true
        configuration.isDiscretionary = false
        self.container = container
        delegate = BackgroundUploadDelegate(
            handler: handler, container: container, maximumRetries: Self.maximumRetries,
            maximumResponseBodySize: Self.maximumResponseBodySize
        )
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Starts uploading the file at `file` with `request` (its URL, method and headers; the body is the file) and
    /// returns at once; the result arrives through `BackgroundUploadHandling`. The file must stay in place until
    /// then. Put credentials in the request's headers, never in its URL. A failed upload is sent again on its own
    /// only when sending it twice is harmless: a PUT, or a POST with an `Idempotency-Key` header the server
    /// honours. Otherwise a timeout after the server got the body would create the record twice.
    @discardableResult
    func startUpload(of file: URL, with request: URLRequest) -> URLSessionUploadTask {
        let task = session.uploadTask(with: request, fromFile: file)
        task.taskDescription = BackgroundTransferRecord(
            source: request.url, file: BackgroundTransferRecord.storedPath(of: file, in: container)
        ).encoded
        task.resume()
        return task
    }

    /// The uploads in flight, those started before a relaunch included: iOS keeps them with the session.
    func transfers() async -> [URLSessionUploadTask] {
        await withCheckedContinuation { (continuation: CheckedContinuation<[URLSessionUploadTask], Never>) in
            session.getAllTasks { tasks in
                continuation.resume(returning: tasks.compactMap { $0 as? URLSessionUploadTask })
            }
        }
    }

    /// Stops `task` for good: it is neither retried nor reported to `uploadDidFail`, and its file stays.
    func cancel(_ task: URLSessionUploadTask) {
        task.cancel()
    }

    /// Keeps the completion handler iOS passes to
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`, to call once the session has
    /// delivered every event (at once if it already has). Returns false when `identifier` belongs to another
    /// session.
    @MainActor
    @discardableResult
    func setCompletionHandler(_ completionHandler: @escaping () -> Void, for identifier: String) -> Bool {
        guard identifier == BackgroundTaskConfiguration.uploadSessionIdentifier else {
            return false
        }
        delegate.events.store(completionHandler)
        return true
    }
}

/// What the upload delegate asks of its session: the task that sends a file again. `URLSession` has it, and the
/// app's delegate is only ever handed one; the protocol is the seam through which tests (the rehearsals
/// `bggen init --tests` writes) drive the delegate with a session and tasks of their own.
{{availability}}nonisolated protocol BackgroundUploadSession: Sendable {
    associatedtype UploadTask: BackgroundTransferTask
    func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> UploadTask
}

{{availability}}nonisolated extension URLSession: BackgroundUploadSession {}

/// The upload session's delegate: a separate object, because `URLSession` keeps a strong reference to its
/// delegate, and so that the state it shares between callbacks is behind a lock. An upload task is a data task:
/// the server's answer arrives through `URLSessionDataDelegate`, in pieces.
{{availability}}nonisolated final class BackgroundUploadDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// A response body as it arrives, up to the cap.
    private struct ResponseBody {
        var data = Data()
        var isTruncated = false

        mutating func append(_ piece: Data, limit: Int) {
            let room = max(limit - data.count, 0)
            data.append(piece.prefix(room))
            isTruncated = isTruncated || piece.count > room
        }
    }

    let events = BackgroundEventsCompletion()
    private let handler: any BackgroundUploadHandling
    private let container: URL
    private let maximumRetries: Int
    private let maximumResponseBodySize: Int
    /// By task identifier, until the task completes. In memory: iOS delivers an upload's body and its completion
    /// to the same process.
    private let bodies = Locked<[Int: ResponseBody]>([:])

    init(handler: any BackgroundUploadHandling, container: URL, maximumRetries: Int, maximumResponseBodySize: Int) {
        self.handler = handler
        self.container = container
        self.maximumRetries = maximumRetries
        self.maximumResponseBodySize = maximumResponseBodySize
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard totalBytesExpectedToSend > 0, let file = file(of: task) else { return }
        handler.uploadDidProgress(of: file, fractionCompleted: Double(totalBytesSent) / Double(totalBytesExpectedToSend))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        receive(data, for: dataTask)
    }

    /// What `urlSession(_:dataTask:didReceive:)` does, for any task.
    func receive(_ data: Data, for dataTask: any BackgroundTransferTask) {
        let limit = maximumResponseBodySize
        bodies.withLock { bodies in
            bodies[dataTask.taskIdentifier, default: ResponseBody()].append(data, limit: limit)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        complete(task, error: error, in: session)
    }

    /// What `urlSession(_:task:didCompleteWithError:)` does, for any session and task.
    func complete(_ task: any BackgroundTransferTask, error: (any Error)?, in session: some BackgroundUploadSession) {
        let body = bodies.withLock { $0.removeValue(forKey: task.taskIdentifier) } ?? ResponseBody()
        guard let record = BackgroundTransferRecord.read(from: task), let path = record.file else { return }
        let file = BackgroundTransferRecord.file(atStoredPath: path, in: container)
        // Seen on devices: an upload that ends while the device is locked fails with EPERM although the server
        // answered 2xx (developer.apple.com/forums/thread/131051). The server has the file; sending it again could
        // create the record twice.
        let answeredWell = (task.response as? HTTPURLResponse).map { (200..<300).contains($0.statusCode) } ?? false
        let lockedAfterAnswer = answeredWell && (error as NSError?).map { $0.domain == NSPOSIXErrorDomain && $0.code == Int(EPERM) } == true
        guard let error, !lockedAfterAnswer else {
            if body.isTruncated {
                BackgroundLog.notice("The answer to an upload was cut at \(maximumResponseBodySize) bytes.", source: record.source)
            }
            let statusCode = (task.response as? HTTPURLResponse)?.statusCode ?? 0
            let response = BackgroundUploadResponse(statusCode: statusCode, body: body.data, isBodyTruncated: body.isTruncated)
            if let answer = task.response as? HTTPURLResponse, !(200..<300).contains(statusCode) {
                // 408, 429 and 5xx are tried again, within the attempt limit, no earlier than `Retry-After`. A POST
                // only after 408, 429 or 503, which say the server did not act on it (RFC 9110 §15.5.9, §15.6.4,
                // RFC 6585 §4), or with an `Idempotency-Key`: after a 500 the record may exist already.
                let retryAfter = BackgroundTransferRecord.retryAfter(of: answer)
                if record.attempt <= maximumRetries, BackgroundTransferRecord.isWorthRetrying(status: statusCode),
                   let request = task.originalRequest, Self.isIdempotent(request) || [408, 429, 503].contains(statusCode) {
                    BackgroundLog.notice("Retrying an upload later after HTTP status \(statusCode) (attempt \(record.attempt + 1)).", source: record.source)
                    retry(request, of: file, after: record, notBefore: retryAfter, in: session)
                    return
                }
                BackgroundLog.error("An upload failed with HTTP status \(statusCode)\(record.timing).", source: record.source)
                handler.uploadDidFail(of: file, error: BackgroundUploadError.httpStatus(statusCode, retryAfter: retryAfter, response: response))
                return
            }
            BackgroundLog.notice("An upload ended with HTTP status \(statusCode)\(record.timing).", source: record.source)
            handler.uploadDidFinish(of: file, response: response)
            return
        }
        switch BackgroundTransferRecord.cancel(in: error) {
        case .byTheApp?:
            BackgroundLog.notice("An upload was cancelled by the app\(record.timing).", source: record.source)
            return
        case .backgroundUpdatesDisabled?:
            BackgroundLog.notice("iOS cancelled an upload\(record.timing): background updates are off for this app.", source: record.source)
            handler.uploadDidFail(of: file, error: BackgroundUploadError.backgroundUpdatesDisabled)
            return
        case .byIOS?, nil:
            break
        }
        // A request that never left the device is sent again whatever its method; one that may have reached the
        // server (a lost connection, a timeout, -997) only when sending it twice is safe.
        if record.attempt <= maximumRetries, BackgroundTransferRecord.isWorthRetrying(error),
           let request = task.originalRequest, Self.isIdempotent(request) || BackgroundTransferRecord.failedBeforeSending(error) {
            BackgroundLog.notice("Retrying an upload later (attempt \(record.attempt + 1)).", source: record.source)
            retry(request, of: file, after: record, notBefore: nil, in: session)
            return
        }
        BackgroundLog.error("An upload failed\(record.timing).", source: record.source, error: error)
        handler.uploadDidFail(of: file, error: error)
    }

    /// Sends `file` again with `request`, as the attempt after `record`'s, after the back-off and no earlier than
    /// `notBefore` (the server's `Retry-After`).
    private func retry(
        _ request: URLRequest, of file: URL, after record: BackgroundTransferRecord, notBefore: Date?,
        in session: some BackgroundUploadSession
    ) {
        let retry = session.uploadTask(with: request, fromFile: file)
        retry.taskDescription = record.nextAttempt.encoded
        retry.earliestBeginDate = max(record.retryBeginDate, notBefore ?? .distantPast)
        retry.resume()
    }

    /// iOS calls this after delivering every event of a background relaunch.
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        events.finish()
    }

    /// Whether sending `request` twice does what sending it once does (RFC 9110 §9.2.2), or the app says the
    /// server makes it so with an `Idempotency-Key` header.
    private static func isIdempotent(_ request: URLRequest) -> Bool {
        let method = (request.httpMethod ?? "GET").uppercased()
        return ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method)
            || request.value(forHTTPHeaderField: "Idempotency-Key") != nil
    }

    /// The task's file in this launch's container.
    private func file(of task: any BackgroundTransferTask) -> URL? {
        BackgroundTransferRecord.read(from: task)?.file.map {
            BackgroundTransferRecord.file(atStoredPath: $0, in: container)
        }
    }
}

"""#,
        #"""
ContinuedProcessingManager.swift.tmpl
"""#: ##"""
import BackgroundTasks
import Foundation

/// Work the user starts from the foreground that keeps going after they leave the app, such as an export: your
/// code, in `ExportJob.swift`.
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated protocol ContinuedProcessingJob: Sendable {
    /// Shown in the system's Live Activity while the job runs.
    var title: String { get }
    /// The units of work the progress bar counts, shown at 0 as soon as the task launches: iOS "prioritizes the
    /// termination of tasks that reflect minimal or no progress". 100 unless the job says otherwise.
    var totalUnitCount: Int64 { get }
    /// Does the work and reports progress often through `progress`: iOS ends the tasks that report the least
    /// progress first. Check for cancellation between steps; the user can cancel from the Live Activity.
    /// Write unfinished output into `progress.partialOutputFolder` and move it to its place once it is complete.
    func run(progress: ContinuedProcessingProgress) async throws
    /// Removes whatever a run that did not finish left behind, such as a half-written file elsewhere than in
    /// `progress.partialOutputFolder`, which is removed for you.
    func discardPartialOutput()
    /// Called once when the system expires the job, right before its task is reported as finished, after which
    /// iOS can suspend the app at once: close what must not be open then, as
    /// `BackgroundWork.prepareForSuspension()` says. The default does nothing.
    func prepareForSuspension()
}

{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated extension ContinuedProcessingJob {
    var totalUnitCount: Int64 { 100 }

    func prepareForSuspension() {}
}

/// A job the rehearsal tests (`--tests`) can build: they run it through the generated launch path with a fake
/// task, expire it, and check its progress and output. `ExportJob.swift` conforms; a job written before this
/// protocol existed is skipped by the rehearsals, which say how to add the factory.
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated protocol RehearsedContinuedJob: ContinuedProcessingJob {
    /// The job as the rehearsals run it: hand it test doubles instead of real files or servers.
    static func makeRehearsedJob() -> Self
}

/// What a running job's progress is forwarded to: a `BGContinuedProcessingTask`, or the rehearsal tests' fake.
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated protocol ContinuedProcessingTaskHandle: BackgroundTaskHandle {
    var title: String { get }
    var progress: Progress { get }
    func updateTitle(_ title: String, subtitle: String)
}

{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated extension BGContinuedProcessingTask: ContinuedProcessingTaskHandle {}

/// Progress of a running job, forwarded to its `BGContinuedProcessingTask` from any thread.
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated final class ContinuedProcessingProgress: Sendable {
    /// A folder of this run's own for output that is not complete yet. A job the user swipes away in the app
    /// switcher gets no cancellation (Apple: "the app doesn't receive an indication of cancellation in that case"),
    /// so nothing can clean up then: `ContinuedProcessingManager` deletes the folders such runs left at the next
    /// launch, and the folder of a run that failed or was cancelled as soon as it ends. Move finished output out
    /// of it: what is outside is never deleted.
    let partialOutputFolder: URL
{{#if gpu}}
    /// Whether the request iOS accepted asked for the GPU. False when the device offers no background GPU, or
    /// iOS refused the GPU (missing entitlement, or background launches denied) and the job was submitted
    /// without it: take the CPU path then, because GPU work in the background fails without the grant.
    let usesBackgroundGPU: Bool
{{/if}}
    private let task: Locked<HeldTask<any ContinuedProcessingTaskHandle>?>

    init(task: any ContinuedProcessingTaskHandle, partialOutputFolder: URL{{#if gpu}}, usesBackgroundGPU: Bool{{/if}}) {
        self.task = Locked(HeldTask(task: task))
        self.partialOutputFolder = partialOutputFolder
{{#if gpu}}
        self.usesBackgroundGPU = usesBackgroundGPU
{{/if}}
    }

    /// Updates the progress bar and the subtitle of the Live Activity.
    func update(completed: Int64, of total: Int64, subtitle: String) {
        task.withLock { held in
            guard let task = held?.task else { return }
            task.progress.totalUnitCount = max(total, 1)
            task.progress.completedUnitCount = min(completed, max(total, 1))
            task.updateTitle(task.title, subtitle: subtitle)
        }
    }

    /// Shows the bar at 0 of `total` before the job's first step ends.
    func begin(total: Int64) {
        task.withLock { held in
            guard let task = held?.task else { return }
            task.progress.totalUnitCount = max(total, 1)
            task.progress.completedUnitCount = 0
        }
    }

    /// Drops the task once the run is over, so late updates go nowhere.
    func detach() {
        task.withLock { $0 = nil }
    }
}

/// Why a job could not be handed to the system.
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated enum ContinuedProcessingError: Error, Equatable {
    /// iOS cannot start it right now (strategy `.fail`). Keep the app open to finish it in the foreground.
    case cannotStartNow
    /// The identifier or a requested resource is not permitted; a configuration problem, logged as a fault.
    case notPermitted
    case failed(String)

    /// A sentence to show the user.
    var userMessage: String {
        switch self {
        case .cannotStartNow: "This can't continue in the background right now. Keep the app open until it finishes."
        case .notPermitted, .failed: "This can't continue in the background. Keep the app open until it finishes."
        }
    }
}

/// Starts continued-processing jobs (`BGContinuedProcessingTask`, iOS 26).
///
/// Call `start(_:)` from a button action while the app is in the foreground. Each job gets its own identifier
/// under the permitted wildcard `{{continuedWildcard}}`, and its handler is registered right before it is
/// submitted: continued-processing identifiers are exempt from the register-at-launch rule, but each identifier
/// may be registered only once, so identifiers are never reused.
///
/// To test expiry on a device, pause in Xcode while a job runs and use the identifier `start(_:)` returned:
///
///     e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@"{{continuedPrefix}}.<UUID>"]
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated final class ContinuedProcessingManager: Sendable {
    static let shared = ContinuedProcessingManager()

    /// Submissions run here, never on the main thread, where `start(_:)` is called from a button action: the
    /// scheduler call can block, and `submitTaskRequest` must not be called from the main thread.
    private static let submissionQueue = DispatchQueue(label: "\(BackgroundTaskConfiguration.logSubsystem).job-submission", qos: .userInitiated)

    /// How long `start(_:)` waits for iOS to take a submission, while the person waits on the button: `submit(_:)`
    /// has been seen to hang (the task manager bounds it too), and iOS 27 answers "after an arbitrary amount of
    /// delay" (in milliseconds, in practice), or, seen from here, never. After this the request is withdrawn and
    /// `start(_:)` fails, saying the scheduler did not answer.
    static let submissionLimit: TimeInterval = 2

    /// Jobs submitted and not yet launched, by identifier. A launch handler stays registered for the whole
    /// process, so it holds only the identifier; the job is taken out of here when it launches, and released
    /// with its run once the task completes.
    private static let waitingJobs = Locked<[String: any ContinuedProcessingJob]>([:])
{{#if gpu}}
    /// The identifiers whose latest submitted request asks for the GPU. Set before each submission, so at launch
    /// it says what the request iOS accepted asked for.
    private static let jobsAskingForGPU = Locked<Set<String>>([])
{{/if}}

    /// Where each run's `partialOutputFolder` lives, one folder per job identifier.
    static var partialOutputRoot: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(BackgroundTaskConfiguration.continuedProcessingPrefix).partial", isDirectory: true)
    }

    /// Creating the manager sweeps what jobs of an earlier launch left: the first use of `shared` in a process
    /// comes before any job of this process, so every folder found is abandoned. Private, so `shared` is the only
    /// manager and the sweep runs once per process: a second one, created while jobs run, would delete their
    /// unfinished output. The printed launch code touches `shared`, so the space comes back before the next job.
    private init() {
        Self.sweepAbandonedOutput()
    }

    /// Withdraws a job that is queued and has not started (`start(_:)` returned its identifier): with strategy
    /// `.queue` it may wait a long time. A running job is stopped by the person, from its Live Activity.
    func cancelQueuedJob(_ identifier: String) {
        // Not released on a launch that will not come; a launch before the withdrawal finds nothing to run.
        _ = Self.waitingJobs.withLock { $0.removeValue(forKey: identifier) }
        Self.withdraw(identifier)
        BackgroundLog.notice("Withdrew \(identifier).")
    }

    /// Cancels the request on `submissionQueue`, never on the caller's thread (a button action: the main thread):
    /// the scheduler call can block like a submission, and most likely when a submission has just hung. Serial
    /// after the submissions there, so it cannot overtake the request it withdraws.
    private static func withdraw(_ identifier: String) {
        submissionQueue.async {
            BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)
        }
    }

    /// Returns the job's identifier once iOS has accepted it.
    @discardableResult
    func start(_ job: any ContinuedProcessingJob, subtitle: String = "Starting…") async throws(ContinuedProcessingError) -> String {
        let identifier = try Self.register(job)
{{#if gpu}}
        let wantsGPU = BGTaskScheduler.supportedResources.contains(.gpu)
        var failure = await Self.submit(job, identifier: identifier, subtitle: subtitle, gpu: wantsGPU)
        // iOS refuses a request for the GPU without the Background GPU Access entitlement, or when background GPU
        // launches are denied: ask once more without it; the job sees `usesBackgroundGPU` false.
        if wantsGPU, let refused = failure, (refused as? BGTaskScheduler.Error)?.code == .notPermitted {
            BackgroundLog.error("\(identifier) was refused the GPU (missing entitlement, or background launches denied). Submitting it without the GPU.")
            failure = await Self.submit(job, identifier: identifier, subtitle: subtitle, gpu: false)
        }
{{else}}
        let failure = await Self.submit(job, identifier: identifier, subtitle: subtitle)
{{/if}}
        guard let failure else { return identifier }
        // Never launched: nothing else would release the job. (A job whose submission timed out is out already, and
        // its request withdrawn: `answerOnce`.)
        _ = Self.waitingJobs.withLock { $0.removeValue(forKey: identifier) }
{{#if gpu}}
        _ = Self.jobsAskingForGPU.withLock { $0.remove(identifier) }
{{/if}}
        throw Self.startError(identifier, failure)
    }

    /// Submits on `submissionQueue` and returns the error iOS answered with, if any, or `SubmissionTimedOut` when
    /// `submissionLimit` comes first. The request is made there: `BGTaskRequest` is not `Sendable`, so it cannot
    /// cross to the queue.
    private static func submit(
        _ job: any ContinuedProcessingJob, identifier: String, subtitle: String{{#if gpu}}, gpu: Bool{{/if}}
    ) async -> (any Error)? {
{{#if gpu}}
        _ = jobsAskingForGPU.withLock { gpu ? $0.insert(identifier).inserted : $0.remove(identifier) != nil }
{{/if}}
{{#if submitTaskRequest}}
        return await submitTaskRequest(job, identifier: identifier, subtitle: subtitle{{#if gpu}}, gpu: gpu{{/if}})
{{else}}
{{#if sdkChoosesSubmission}}
{{iOS27SDKCondition}}
        // Built with the iOS 27 SDK or later, which deprecates `submit(_:)` from iOS 27: there, the request goes to its
        // replacement. Built with an earlier SDK, which lacks it, every system gets `submit(_:)`.
        if #available(iOS 27.0, *) {
            return await submitTaskRequest(job, identifier: identifier, subtitle: subtitle{{#if gpu}}, gpu: gpu{{/if}})
        }
#endif
{{/if}}
        return await answerOnce(identifier) { answer in
            let request = Self.request(for: job, identifier: identifier, subtitle: subtitle{{#if gpu}}, gpu: gpu{{/if}})
            do {
                try BGTaskScheduler.shared.submit(request)
                answer(nil)
            } catch {
                answer(error)
            }
        }
{{/if}}
    }

{{#if sdkChoosesSubmission}}
{{iOS27SDKCondition}}
{{/if}}
    /// Submits with `submitTaskRequest` on `submissionQueue` and returns iOS's answer, or `SubmissionTimedOut` when
    /// `submissionLimit` comes first.
{{#if sdkChoosesSubmission}}
    @available(iOS 27.0, *)
{{/if}}
    private static func submitTaskRequest(
        _ job: any ContinuedProcessingJob, identifier: String, subtitle: String{{#if gpu}}, gpu: Bool{{/if}}
    ) async -> (any Error)? {
        await answerOnce(identifier) { answer in
            let request = Self.request(for: job, identifier: identifier, subtitle: subtitle{{#if gpu}}, gpu: gpu{{/if}})
            BGTaskScheduler.shared.submitTaskRequest(request, completionHandler: answer)
        }
    }
{{#if sdkChoosesSubmission}}
#endif
{{/if}}

    /// Runs `handOver` on `submissionQueue` and returns the answer it passes to its argument (nil when iOS took the
    /// request), or `SubmissionTimedOut` once `submissionLimit` has passed, whichever comes first: the other finds
    /// nothing to resume. The scheduler call can hang, and `start(_:)` is the person's button.
    ///
    /// When the limit comes first, the job leaves `waitingJobs` there and then, before `start(_:)` hears of it
    /// (an actor hop later), so a launch from a late acceptance finds nothing to run, and the request is withdrawn.
    /// The app is told the job did not start, and it never does. A job launched already, its answer still to come,
    /// was taken: `start(_:)` returns its identifier, and its late answer leaves it alone. iOS 27 hands a request
    /// over on a queue of its own, possibly after the withdrawal ran: an acceptance that comes after the limit
    /// withdrew the job is withdrawn again, and so, `submissionLimit` later, is a request whose answer has still
    /// not come (iOS may have taken it after the withdrawal and never answer). A request taken later still and
    /// never answered can launch: it finds no job, and its task is completed at once (`launch`).
    private static func answerOnce(
        _ identifier: String, handOver: @escaping @Sendable (_ answer: @escaping @Sendable ((any Error)?) -> Void) -> Void
    ) async -> (any Error)? {
        await withCheckedContinuation { (continuation: CheckedContinuation<(any Error)?, Never>) in
            let pending = Locked<CheckedContinuation<(any Error)?, Never>?>(continuation)
            let takePending: @Sendable () -> CheckedContinuation<(any Error)?, Never>? = {
                pending.withLock { pending in
                    defer { pending = nil }
                    return pending
                }
            }
            // Whether the limit came first and withdrew the job, which a late acceptance must not bring back.
            let withdrawn = Locked(false)
            // Whether iOS has answered: after the limit's withdrawal, the answer withdraws again, or the later
            // withdrawal does.
            let answered = Locked(false)
            let answer: @Sendable ((any Error)?) -> Void = { error in
                answered.withLock { $0 = true }
                guard let waiting = takePending() else {
                    if error == nil && withdrawn.withLock({ $0 }) {
                        withdraw(identifier)
                        BackgroundLog.notice("Withdrew \(identifier), taken after start(_:) had timed out.")
                    }
                    return
                }
                waiting.resume(returning: error)
            }
            DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + submissionLimit) {
                guard let waiting = takePending() else { return }
                guard waitingJobs.withLock({ $0.removeValue(forKey: identifier) }) != nil else {
                    waiting.resume(returning: nil)
                    return
                }
                withdrawn.withLock { $0 = true }
                withdraw(identifier)
                waiting.resume(returning: SubmissionTimedOut())
                DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + submissionLimit) {
                    guard !answered.withLock({ $0 }) else { return }
                    withdraw(identifier)
                    BackgroundLog.notice("Withdrew \(identifier) again: iOS had not answered since start(_:) timed out.")
                }
            }
            submissionQueue.async {
                handOver(answer)
            }
        }
    }

    /// Registers a handler under a new identifier and returns the identifier. The handler captures only the
    /// identifier; the job waits in `waitingJobs`.
    private static func register(_ job: any ContinuedProcessingJob) throws(ContinuedProcessingError) -> String {
        let identifier = "\(BackgroundTaskConfiguration.continuedProcessingPrefix).\(UUID().uuidString)"
        waitingJobs.withLock { $0[identifier] = job }
        let registered = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { @Sendable task in
            Self.launch(identifier, in: task)
        }
        guard registered else {
            _ = waitingJobs.withLock { $0.removeValue(forKey: identifier) }
            BackgroundLog.fault("Could not register \(identifier): add \(BackgroundTaskConfiguration.continuedProcessingPrefix).* to BGTaskSchedulerPermittedIdentifiers.")
            throw .notPermitted
        }
        return identifier
    }

    /// Deletes the partial-output folders there are now, before any job of this process has started: listed
    /// here, deleted on a utility queue, so a launch on the main thread does not wait for the disk.
    private static func sweepAbandonedOutput() {
        let folders = (try? FileManager.default.contentsOfDirectory(at: partialOutputRoot, includingPropertiesForKeys: nil)) ?? []
        guard !folders.isEmpty else { return }
        BackgroundLog.notice("Removing the partial output of \(folders.count) jobs that did not finish in an earlier launch.")
        DispatchQueue.global(qos: .utility).async {
            for folder in folders {
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    private static func request(
        for job: any ContinuedProcessingJob, identifier: String, subtitle: String{{#if gpu}}, gpu: Bool{{/if}}
    ) -> BGContinuedProcessingTaskRequest {
        let request = BGContinuedProcessingTaskRequest(identifier: identifier, title: job.title, subtitle: subtitle)
        request.strategy = .{{continuedStrategy}}
{{#if gpu}}
        // Needs the Background GPU Access capability (com.apple.developer.background-tasks.continued-processing.gpu).
        if gpu {
            request.requiredResources = .gpu
        }
{{/if}}
        return request
    }

    /// iOS did not answer a submission within `submissionLimit`.
    nonisolated struct SubmissionTimedOut: LocalizedError {
        var errorDescription: String? {
            "The background task scheduler did not answer within \(ContinuedProcessingManager.submissionLimit) s (timed out)."
        }
    }

    /// Logs why iOS refused the job and says it in terms the app can show.
    private static func startError(_ identifier: String, _ error: any Error) -> ContinuedProcessingError {
        switch (error as? BGTaskScheduler.Error)?.code {
        case .immediateRunIneligible?:
            BackgroundLog.notice("\(identifier) cannot start now.")
            return .cannotStartNow
        case .notPermitted?:
            BackgroundLog.fault("Cannot submit \(identifier): check BGTaskSchedulerPermittedIdentifiers and the requested resources.")
            return .notPermitted
        default:
            BackgroundLog.error("Cannot submit \(identifier).", error: error)
            return .failed(error.localizedDescription)
        }
    }

    private static func launch(_ identifier: String, in task: BGTask) {
        let job = waitingJobs.withLock { $0.removeValue(forKey: identifier) }
        guard let job, let continued = task as? BGContinuedProcessingTask else {
            task.setTaskCompleted(success: false)
            return
        }
{{#if gpu}}
        let usesBackgroundGPU = jobsAskingForGPU.withLock { $0.remove(identifier) != nil }
        run(job, identifier: identifier, in: continued, usesBackgroundGPU: usesBackgroundGPU)
{{else}}
        run(job, identifier: identifier, in: continued)
{{/if}}
    }

    /// Runs a launched job in its task, with a partial-output folder of its own and the bar shown at once. The
    /// rehearsal tests (`--tests`) call it with a fake task; it never touches `shared`, whose creation sweeps the
    /// folders of running jobs.
    static func run(_ job: any ContinuedProcessingJob, identifier: String, in task: any ContinuedProcessingTaskHandle{{#if gpu}}, usesBackgroundGPU: Bool{{/if}}) {
        let folder = partialOutputRoot.appendingPathComponent(identifier, isDirectory: true)
        do {
            // A long job often runs on through a screen lock, and a folder of the app's default class `complete`
            // refuses writes from shortly after the lock: readable once unlocked since the device started.
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true,
                attributes: [.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication]
            )
        } catch {
            BackgroundLog.error("Could not create the partial-output folder of \(identifier).", error: error)
        }
{{#if gpu}}
        let progress = ContinuedProcessingProgress(task: task, partialOutputFolder: folder, usesBackgroundGPU: usesBackgroundGPU)
{{else}}
        let progress = ContinuedProcessingProgress(task: task, partialOutputFolder: folder)
{{/if}}
        // The person is waiting for this work, and iOS ends first the jobs that progress least: the bar shows from
        // the start.
        progress.begin(total: job.totalUnitCount)
        BackgroundTaskRun.start(
            task, name: identifier, work: ContinuedJobWork(job: job, progress: progress), priority: .userInitiated
        )
    }
}

/// Adapts a job to `BackgroundWork`, so it gets the same exactly-once completion as every other task, and
/// removes partial output whenever the job does not finish. A job that returned has finished its output, even
/// when the expiry came after its last step, so that output is kept. An expiry completes the task once the
/// cancelled job has ended, within `BackgroundTaskRun.suspensionPreparationLimit`: iOS can suspend the app as soon
/// as the task completes, and output half-written outside `partialOutputFolder` by a job that threw would stay
/// behind for good. A job still running at that bound has its output discarded when it throws, later.
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
private nonisolated struct ContinuedJobWork: BackgroundWork {
    let job: any ContinuedProcessingJob
    let progress: ContinuedProcessingProgress
    /// Entered while `run()` runs, left once the job's output is handled: what an expiry waits for.
    let running = DispatchGroup()

    func run() async throws {
        running.enter()
        defer {
            progress.detach()
            running.leave()
        }
        do {
            try await job.run(progress: progress)
        } catch {
            job.discardPartialOutput()
            try? FileManager.default.removeItem(at: progress.partialOutputFolder)
            throw error
        }
        // Complete: what is left in the folder is scratch, and the finished output was moved out of it.
        try? FileManager.default.removeItem(at: progress.partialOutputFolder)
    }

    func prepareForSuspension() {
        job.prepareForSuspension()
        // The job is cancelled by now: a job that throws discards its partial output before this returns.
        _ = running.wait(timeout: .now() + BackgroundTaskRun.suspensionPreparationLimit)
    }
}

"""##,
        #"""
DownloadHandling.swift.tmpl
"""#: ##"""
// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides where background downloads land and what happens once they have.
{{availability}}nonisolated struct AppDownloadHandler: BackgroundDownloadHandling {
    /// `BackgroundDownloadManager.defaultFolder` is in Application Support, never purged by the system and
    /// excluded from backups, as files that can be downloaded again must be (iOS Data Storage Guidelines). Choose
    /// Documents for files the user made and would lose, or Caches for files iOS may delete when space runs low.
    /// Each source gets a file of its own; the name is not the URL's last path component, which many sources share.
    /// A URL that changes for the same file (pre-signed, with `X-Amz-Signature`, `Expires` or `token=` in its
    /// query) would get a new file each time: start such downloads with a key of your own,
    /// `startDownload(with: request, key: "avatar-42")`, and each lands in the same file, in this method's folder
    /// (`destination(forDownloadFrom:key:suggestedFilename:)` says so; implement it here to choose otherwise).
    func destination(forDownloadFrom source: URL, suggestedFilename: String?) -> URL {
        BackgroundDownloadManager.defaultFolder.appendingPathComponent(
            BackgroundDownloadManager.fileName(for: source, suggestedFilename: suggestedFilename)
        )
    }

    /// Downloads often finish while the device is locked, when files of protection class `complete` (the default
    /// of many apps) cannot be opened: a database there fails to open. Keep what this writes in files of class
    /// `completeUntilFirstUserAuthentication`, or note the file in a small file of that class (not `UserDefaults`,
    /// which cannot be read or written then either) and finish the work on
    /// `UIApplication.protectedDataDidBecomeAvailableNotification`. This method runs off the main actor and
    /// cannot wait for it, so it cannot ask `UIApplication.shared`: try the open, and defer when it fails.
    func downloadDidFinish(from source: URL, savedTo destination: URL) {
        // Record the file, for example in your database, and return quickly.
    }

    func downloadDidFail(from source: URL, error: any Error) {
        // Tell the user, or start the download again later.
    }
}

{{availability}}nonisolated extension BackgroundDownloadManager {
    /// Builds the handler of `BackgroundDownloadManager.shared`. It runs on the main actor, when your launch code
    /// first uses `shared`, so it can hand the handler the app's own dependencies, main-actor ones included, for
    /// example `AppDownloadHandler(library: AppDatabase.shared)`.{{#if tests}} The rehearsal tests deliver to
    /// `makeRehearsedDownloadHandler()`, this factory unless your test target declares one with test doubles.{{/if}}
    @MainActor
    static func makeDownloadHandler() -> any BackgroundDownloadHandling {
        AppDownloadHandler()
    }
}

"""##,
        #"""
Entitlements.fragment.plist.tmpl
"""#: ##"""
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
{{#if silentPush}}
	<key>aps-environment</key>
	<string>{{apsEnvironment}}</string>
{{/if}}
{{#if gpu}}
	<key>com.apple.developer.background-tasks.continued-processing.gpu</key>
	<true/>
{{/if}}
</dict>
</plist>

"""##,
        #"""
ExportJob.swift.tmpl
"""#: ##"""
// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// A job the user starts that keeps going after they leave the app. Start one from a button action:
///
///     Task {
///         do throws(ContinuedProcessingError) {
///             try await ContinuedProcessingManager.shared.start(ExportJob())
///         } catch {
///             showAlert(error.userMessage)   // and finish in the foreground
///         }
///     }
{{#if needsContinuedAvailability}}
@available(iOS 26.0, *)
{{/if}}
nonisolated struct ExportJob: RehearsedContinuedJob {
    let title = "Exporting"
    /// The steps the progress bar counts; iOS shows it at 0 as soon as the job launches.
    let totalUnitCount: Int64 = 100

    func run(progress: ContinuedProcessingProgress) async throws {
{{#if gpu}}
        // progress.usesBackgroundGPU is false when the device offers no background GPU, or iOS refused it (missing
        // Background GPU Access entitlement, or background launches denied) and the job runs without it: take the
        // CPU path then, because GPU work in the background fails without the grant.
{{/if}}
        let steps = totalUnitCount
        for step in 1...steps {
            try Task.checkCancellation()
            // Do one step of the work here, writing into progress.partialOutputFolder: a job swiped away in the
            // app switcher gets no cancellation, and that folder is swept at the next launch. It stays writable
            // while the device is locked (class completeUntilFirstUserAuthentication); output written elsewhere
            // needs the same class, or the job fails from shortly after the screen locks.
            progress.update(completed: step, of: steps, subtitle: "Step \(step) of \(steps)")
        }
        // Complete: move the output to its place, e.g.
        // try FileManager.default.moveItem(at: progress.partialOutputFolder.appendingPathComponent("export.mov"), to: destination)
    }

    /// The job the rehearsal tests (`--tests`) run: give it test doubles if it reads or writes real data.
    static func makeRehearsedJob() -> ExportJob {
        ExportJob()
    }

{{#if objc}}
    /// The job `[BackgroundTasksObjC startExportJobWithCompletionHandler:]` starts. bggen's generated bridge calls
    /// this factory, never the initializer, so the job can take its input or dependencies: keep its name.
    @MainActor
    static func makeForObjectiveC() -> ExportJob {
        ExportJob()
    }

{{/if}}
    func discardPartialOutput() {
        // Delete half-written output outside progress.partialOutputFolder, if any; that folder is removed for you.
    }
}

"""##,
        #"""
Info.fragment.plist.tmpl
"""#: ##"""
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
{{#if permittedIdentifiers}}
	<key>BGTaskSchedulerPermittedIdentifiers</key>
	<array>
{{#each permittedIdentifiers}}
		<string>{{.}}</string>
{{/each}}
	</array>
{{/if}}
{{#if backgroundModes}}
	<key>UIBackgroundModes</key>
	<array>
{{#each backgroundModes}}
		<string>{{.}}</string>
{{/each}}
	</array>
{{/if}}
</dict>
</plist>

"""##,
        #"""
NextSteps.md.tmpl
"""#: ##"""
Next steps
{{#if infoPlistStep}}

1. {{infoPlistStep}}
{{else}}
{{#if backgroundModes}}

1. Turn on the background modes, then add the Info.plist entries. In Xcode, Signing & Capabilities >
   Background Modes, tick: {{#each backgroundModeNames}}{{.}}{{#unless @last}}, {{/unless}}{{/each}}.
   A target without an Info.plist file (Xcode's new-project default) gets one then. Add the entries of
   {{infoFragmentPath}} to that Info.plist: run bggen init in the app's repository, which patches the file, or
   run these lines in Terminal. Each adds one entry, creating its array when the file has none and skipping an
   entry that is already there. (PlistBuddy's Merge is not enough: it skips every key the file already has, so an
   app with UIBackgroundModes would get none of the new entries.)
       plist="<path to your app's Info.plist>"
       add() { /usr/libexec/PlistBuddy -c "Add :$1 array" "$plist" 2>/dev/null; /usr/libexec/PlistBuddy -c "Print :$1" "$plist" | grep -qxF "    $2" || /usr/libexec/PlistBuddy -c "Add :$1:0 string $2" "$plist"; }
{{#each permittedIdentifiers}}
       add BGTaskSchedulerPermittedIdentifiers '{{.}}'
{{/each}}
{{#each backgroundModes}}
       add UIBackgroundModes '{{.}}'
{{/each}}
{{/if}}
{{/if}}
{{#if silentPush}}
{{#if entitlementsStep}}
   {{entitlementsStep}}
{{else}}
   Add the Push Notifications capability, or merge {{entitlementsFragmentPath}} into your .entitlements file.
{{/if}}
{{/if}}
{{#if gpu}}
   Add the Background GPU Access capability: com.apple.developer.background-tasks.continued-processing.gpu = true
   in your .entitlements file (it is in {{entitlementsFragmentPath}}). Without it iOS refuses a job that asks for
   the GPU, and ContinuedProcessingManager submits it again without the GPU. A job tells which it got from
   `progress.usesBackgroundGPU`: when it is false, take the CPU path (ExportJob.swift shows where).
{{/if}}

{{#if swiftUI}}
{{callStep}}. Call the generated code from your SwiftUI App:
{{#if appType}}
   Your app already has `@main struct {{appType}}` ({{appTypePlace}}){{#if appAdaptedDelegate}}
   and `{{appAdaptedDelegate}}`, the app delegate it adapts: merge these lines into those two instead of adding a second
   `@main` type or delegate.{{/if}}{{#unless appAdaptedDelegate}}:
   merge these lines into it instead of adding a second `@main` type.{{/unless}}
{{/if}}

```swift
import SwiftUI
import UIKit

@main
struct BackgroundApp: App {
{{#if needsAdaptor}}
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
{{/if}}
{{#if hasTaskManager}}
{{#if schedulesOnBackground}}
    @Environment(\.scenePhase) private var scenePhase

{{/if}}
    init() {
        // Before launch finishes: iOS refuses later registrations.
        BackgroundTaskManager.shared.registerTasks()
{{#if continuedProcessing}}
        // Sweeps what continued-processing jobs of an earlier launch left unfinished.
{{#if needsContinuedAvailability}}
        if #available(iOS 26.0, *) { _ = ContinuedProcessingManager.shared }
{{else}}
        _ = ContinuedProcessingManager.shared
{{/if}}
{{/if}}
    }
{{else}}
{{#if continuedProcessing}}
    init() {
        // Sweeps what continued-processing jobs of an earlier launch left unfinished.
{{#if needsContinuedAvailability}}
        if #available(iOS 26.0, *) { _ = ContinuedProcessingManager.shared }
{{else}}
        _ = ContinuedProcessingManager.shared
{{/if}}
    }
{{/if}}
{{/if}}

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
{{#if swiftUIRefresh}}
        .backgroundTasks()
{{/if}}
{{#if schedulesOnBackground}}
{{#if onChangeTwoValues}}
        .onChange(of: scenePhase) { _, phase in
{{else}}
        .onChange(of: scenePhase) { phase in
{{/if}}
            if phase == .background {
{{#if refresh}}
                BackgroundTaskManager.shared.scheduleAppRefresh()
{{/if}}
{{#if processingScheduled}}
                BackgroundTaskManager.shared.scheduleProcessingTask()
{{/if}}
            }
        }
{{/if}}
    }
}
{{#if needsAdaptor}}

/// SwiftUI has no hooks for these system callbacks, so a small app delegate forwards them.
final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
{{#if downloads}}
        // Recreate the background session at launch, so transfers that finished meanwhile are delivered.
        _ = BackgroundDownloadManager.shared
{{/if}}
{{#if uploads}}
        _ = BackgroundUploadManager.shared
{{/if}}
{{#if silentPush}}
        application.registerForRemoteNotifications()
{{/if}}
        return true
    }
{{#if transfers}}

    func application(
        _ application: UIApplication,
        handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
{{#if downloads}}
        if BackgroundDownloadManager.shared.setCompletionHandler(completionHandler, for: identifier) {
            return
        }
{{/if}}
{{#if uploads}}
        if BackgroundUploadManager.shared.setCompletionHandler(completionHandler, for: identifier) {
            return
        }
{{/if}}
        // Another session's, such as an SDK's: hand it to that SDK here if it asks for it; otherwise call it,
        // because iOS waits for every handler it passes.
        completionHandler()
    }
{{/if}}
{{#if silentPush}}

    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult {
        await SilentPushHandler.shared.handle(userInfo: userInfo)
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        // Send the token to your server: it addresses every silent push to this device.
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        // Without a token the app gets no silent pushes; the other background work still runs.
    }
{{/if}}
}
{{/if}}
```
{{else}}
{{#if objc}}
{{callStep}}. Call the generated code from your Objective-C app delegate through BackgroundTasksObjC.swift (merge these
   methods into the ones you have; Xcode names the Swift header after the product module):
{{#if delegateType}}
   Your app delegate is `{{delegateType}}` ({{delegatePlace}}).
{{/if}}

```objc
#import "<ProductModuleName>-Swift.h"

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
{{#if hasTaskManager}}
    [BackgroundTasksObjC registerTasks];
{{/if}}
{{#if transfers}}
    [BackgroundTasksObjC startTransferSessions];
{{/if}}
{{#if continuedProcessing}}
    [BackgroundTasksObjC startContinuedProcessing];
{{/if}}
{{#if silentPush}}
    [application registerForRemoteNotifications];
{{/if}}
{{#if delegateSuperclass}}
    return [super application:application didFinishLaunchingWithOptions:launchOptions];
{{else}}
    return YES;
{{/if}}
}
{{#if schedulesOnBackground}}
{{#if withoutScenes}}

// Your app has no scenes, so UIKit tells the app delegate that the app entered the background.
- (void)applicationDidEnterBackground:(UIApplication *)application {
{{#if delegateSuperclass}}
    [super applicationDidEnterBackground:application];
{{/if}}
{{#if refresh}}
    [BackgroundTasksObjC scheduleAppRefresh];
{{/if}}
{{#if processingScheduled}}
    [BackgroundTasksObjC scheduleProcessingTask];
{{/if}}
}
{{else}}
{{#unless swiftSceneDelegate}}
{{#unless sceneSuperclass}}

// In your scene delegate{{#if sceneDelegateType}} ({{sceneDelegateType}}, {{sceneDelegatePlace}}){{/if}}: with scenes, UIKit tells it, not the app delegate, that the app entered the background.
// Apps built with the iOS 27 SDK must use scenes.
- (void)sceneDidEnterBackground:(UIScene *)scene {
{{#if sceneDelegateSuperclass}}
    [super sceneDidEnterBackground:scene];
{{/if}}
{{#if refresh}}
    [BackgroundTasksObjC scheduleAppRefresh];
{{/if}}
{{#if processingScheduled}}
    [BackgroundTasksObjC scheduleProcessingTask];
{{/if}}
}
{{/unless}}
{{/unless}}
{{/if}}
{{/if}}
{{#if transfers}}

- (void)application:(UIApplication *)application handleEventsForBackgroundURLSession:(NSString *)identifier
  completionHandler:(void (^)(void))completionHandler {
    if ([BackgroundTasksObjC handleEventsForBackgroundURLSession:identifier completionHandler:completionHandler]) {
        return;
    }
{{#if delegateSuperclass}}
    // Another session's, such as a plugin's: {{delegateSuperclass}} hands it to its plugins.
    [super application:application handleEventsForBackgroundURLSession:identifier completionHandler:completionHandler];
{{else}}
    // Another session's, such as an SDK's: hand it to that SDK here if it asks for it; otherwise call it,
    // because iOS waits for every handler it passes.
    completionHandler();
{{/if}}
}
{{/if}}
{{#if silentPush}}

- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo
  fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
{{#if delegateSuperclass}}
    // {{delegateSuperclass}} hands the push to its plugins too; new data from either counts.
    [super application:application didReceiveRemoteNotification:userInfo fetchCompletionHandler:^(UIBackgroundFetchResult theirs) {
        [BackgroundTasksObjC handleRemoteNotification:userInfo completionHandler:^(UIBackgroundFetchResult ours) {
            completionHandler(ours == UIBackgroundFetchResultNoData ? theirs : ours);
        }];
    }];
{{else}}
    [BackgroundTasksObjC handleRemoteNotification:userInfo completionHandler:completionHandler];
{{/if}}
}
{{/if}}
```
   If bggen's files are the target's first Swift, set its Swift Language Version (build setting SWIFT_VERSION,
   6 or 5) in the target's Build Settings: Xcode sets it only when a Swift file is added through its own menus,
   and does not build Swift without it. No bridging header is needed: BackgroundTasksObjC is public, so the
   "-Swift.h" header declares it.
{{#if schedulesOnBackground}}
{{#unless withoutScenes}}
{{#if swiftSceneDelegate}}
   Your scene delegate is Swift, `{{sceneDelegateType}}` ({{sceneDelegatePlace}}): merge this method into it;
   Swift calls the generated code directly.
{{#if sceneDelegateSuperclass}}
   It subclasses {{sceneDelegateSuperclass}}, which hands the scene's events to the framework's plugins: the
   method overrides that class's and calls super first, so the plugins still hear it.
{{/if}}

```swift
{{#if sceneDelegateSuperclass}}
{{availability}}final class {{sceneDelegateClass}}: {{sceneDelegateSuperclass}} {
    override func sceneDidEnterBackground(_ scene: UIScene) {
        super.sceneDidEnterBackground(scene)
{{else}}
{{availability}}final class {{sceneDelegateClass}}: UIResponder, UIWindowSceneDelegate {
    func sceneDidEnterBackground(_ scene: UIScene) {
{{/if}}
{{#if refresh}}
        BackgroundTaskManager.shared.scheduleAppRefresh()
{{/if}}
{{#if processingScheduled}}
        BackgroundTaskManager.shared.scheduleProcessingTask()
{{/if}}
    }
}
```
{{/if}}
{{#if sceneSuperclass}}
   Add this Swift scene delegate to the target; Swift calls the generated code directly.

```swift
/// Your Info.plist's scene manifest names {{sceneSuperclass}}, which hands the scene's events to the framework's
/// plugins: a subclass schedules on entering the background and calls super, so the plugins still hear it.
{{availability}}final class SceneDelegate: {{sceneSuperclass}} {
    override func sceneDidEnterBackground(_ scene: UIScene) {
        super.sceneDidEnterBackground(scene)
{{#if refresh}}
        BackgroundTaskManager.shared.scheduleAppRefresh()
{{/if}}
{{#if processingScheduled}}
        BackgroundTaskManager.shared.scheduleProcessingTask()
{{/if}}
    }
}
```
   In {{sceneManifestPlist}}, change UISceneDelegateClassName under UIApplicationSceneManifest from {{sceneSuperclass}}
   to $(PRODUCT_MODULE_NAME).SceneDelegate, so UIKit creates the subclass (which still does all {{sceneSuperclass}}
   does); with {{sceneSuperclass}} named there, UIKit never calls the subclass.
{{/if}}
{{/unless}}
{{#if withoutScenes}}
   Your app has no scenes (its Info.plist has no UIApplicationSceneManifest and no file declares a scene
   delegate), so scheduling goes in applicationDidEnterBackground:. Once the app adopts scenes (the iOS 27 SDK
   requires them), move it to the scene delegate's sceneDidEnterBackground:, which UIKit calls instead.
{{/if}}
{{#if mustAdoptScenes}}
   Your app has no scenes yet (its Info.plist has no UIApplicationSceneManifest), and apps built with the iOS 27
   SDK must adopt them or they do not launch: add a UIApplicationSceneManifest whose configuration names your
   scene delegate, then schedule from its sceneDidEnterBackground: as shown.
{{/if}}
{{/if}}
{{else}}
{{#if schedulesOnBackground}}
{{#if withoutScenes}}
{{callStep}}. Call the generated code from your app delegate (merge these methods into the one you have):
{{else}}
{{callStep}}. Call the generated code from your app delegate and scene delegate (merge these methods into the ones you have):
{{/if}}
{{else}}
{{callStep}}. Call the generated code from your app delegate (merge these methods into the one you have):
{{/if}}
{{#if delegateType}}
   Your app delegate is `{{delegateType}}` ({{delegatePlace}}).
{{/if}}
{{#if delegateOwnBase}}
   It subclasses your own {{delegateOwnBase}}: where that class already implements one of these methods, mark
   yours `override` and call `super` in it.
{{/if}}
{{#if schedulesOnBackground}}
{{#unless withoutScenes}}
{{#if sceneDelegateType}}
   Your scene delegate is `{{sceneDelegateType}}` ({{sceneDelegatePlace}}).
{{#if sceneDelegateSuperclass}}
   It subclasses {{sceneDelegateSuperclass}}, which hands the scene's events to the framework's plugins: the
   method overrides that class's and calls super first, so the plugins still hear it.
{{/if}}
{{/if}}
{{/unless}}
{{/if}}

```swift
import UIKit

{{#if delegateSuperclass}}
final class {{delegateClass}}: {{delegateSuperclass}} {
{{else}}
final class {{delegateClass}}: UIResponder, UIApplicationDelegate {
{{/if}}
    {{override}}func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
{{#if guardsIOS13Launch}}
        if #available(iOS 13.0, *) {
{{/if}}
{{#if hasTaskManager}}
{{iOS13Indent}}        // Before launch finishes: iOS refuses later registrations.
{{iOS13Indent}}        BackgroundTaskManager.shared.registerTasks()
{{/if}}
{{#if downloads}}
{{iOS13Indent}}        // Recreate the background session at launch, so transfers that finished meanwhile are delivered.
{{iOS13Indent}}        _ = BackgroundDownloadManager.shared
{{/if}}
{{#if uploads}}
{{iOS13Indent}}        _ = BackgroundUploadManager.shared
{{/if}}
{{#if guardsIOS13Launch}}
        }
{{/if}}
{{#if continuedProcessing}}
        // Sweeps what continued-processing jobs of an earlier launch left unfinished.
{{#if needsContinuedAvailability}}
        if #available(iOS 26.0, *) { _ = ContinuedProcessingManager.shared }
{{else}}
        _ = ContinuedProcessingManager.shared
{{/if}}
{{/if}}
{{#if silentPush}}
        application.registerForRemoteNotifications()
{{/if}}
{{#if delegateSuperclass}}
        return super.application(application, didFinishLaunchingWithOptions: launchOptions)
{{else}}
        return true
{{/if}}
    }
{{#if transfers}}

    {{override}}func application(
        _ application: UIApplication,
        handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
{{#if downloads}}
        if {{iOS13Condition}}BackgroundDownloadManager.shared.setCompletionHandler(completionHandler, for: identifier) {
            return
        }
{{/if}}
{{#if uploads}}
        if {{iOS13Condition}}BackgroundUploadManager.shared.setCompletionHandler(completionHandler, for: identifier) {
            return
        }
{{/if}}
{{#if delegateSuperclass}}
        // Another session's, such as a plugin's: {{delegateSuperclass}} hands it to its plugins.
        super.application(application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
{{else}}
        // Another session's, such as an SDK's: hand it to that SDK here if it asks for it; otherwise call it,
        // because iOS waits for every handler it passes.
        completionHandler()
{{/if}}
    }
{{/if}}
{{#if silentPush}}

    {{override}}func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult {
{{#if delegateSuperclass}}
        // {{delegateSuperclass}} hands the push to its plugins too; new data from either counts.
        let theirs = await super.application(application, didReceiveRemoteNotification: userInfo)
        let ours = await SilentPushHandler.shared.handle(userInfo: userInfo)
        return ours == .noData ? theirs : ours
{{else}}
        await SilentPushHandler.shared.handle(userInfo: userInfo)
{{/if}}
    }

    {{override}}func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
{{#if delegateSuperclass}}
        super.application(application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken)
{{/if}}
        // Send the token to your server: it addresses every silent push to this device.
    }

    {{override}}func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
{{#if delegateSuperclass}}
        super.application(application, didFailToRegisterForRemoteNotificationsWithError: error)
{{/if}}
        // Without a token the app gets no silent pushes; the other background work still runs.
    }
{{/if}}
{{#if schedulesOnBackground}}
{{#if withoutScenes}}

    /// Without scenes, UIKit tells the app delegate that the app entered the background.
    {{override}}func applicationDidEnterBackground(_ application: UIApplication) {
{{#if delegateSuperclass}}
        super.applicationDidEnterBackground(application)
{{/if}}
{{#if guardsIOS13}}
        if #available(iOS 13.0, *) {
{{/if}}
{{#if refresh}}
{{iOS13Indent}}        BackgroundTaskManager.shared.scheduleAppRefresh()
{{/if}}
{{#if processingScheduled}}
{{iOS13Indent}}        BackgroundTaskManager.shared.scheduleProcessingTask()
{{/if}}
{{#if guardsIOS13}}
        }
{{/if}}
    }
{{/if}}
{{/if}}
}
{{#if schedulesOnBackground}}
{{#unless withoutScenes}}

{{#if sceneSuperclass}}
/// Your Info.plist's scene manifest names {{sceneSuperclass}}, which hands the scene's events to the framework's
/// plugins: a subclass schedules on entering the background and calls super, so the plugins still hear it.
{{availability}}final class SceneDelegate: {{sceneSuperclass}} {
    override func sceneDidEnterBackground(_ scene: UIScene) {
        super.sceneDidEnterBackground(scene)
{{#if refresh}}
        BackgroundTaskManager.shared.scheduleAppRefresh()
{{/if}}
{{#if processingScheduled}}
        BackgroundTaskManager.shared.scheduleProcessingTask()
{{/if}}
    }
}
{{else}}
/// With scenes, UIKit tells the scene delegate, not the app delegate, that the app entered the background. Apps
/// built with the iOS 27 SDK must use scenes.
{{#if sceneDelegateSuperclass}}
{{availability}}final class {{sceneDelegateClass}}: {{sceneDelegateSuperclass}} {
    override func sceneDidEnterBackground(_ scene: UIScene) {
        super.sceneDidEnterBackground(scene)
{{else}}
{{availability}}final class {{sceneDelegateClass}}: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func sceneDidEnterBackground(_ scene: UIScene) {
{{/if}}
{{#if refresh}}
        BackgroundTaskManager.shared.scheduleAppRefresh()
{{/if}}
{{#if processingScheduled}}
        BackgroundTaskManager.shared.scheduleProcessingTask()
{{/if}}
    }
}
{{/if}}
{{/unless}}
{{/if}}
```
{{#if schedulesOnBackground}}
{{#if sceneSuperclass}}
   In {{sceneManifestPlist}}, change UISceneDelegateClassName under UIApplicationSceneManifest from {{sceneSuperclass}}
   to $(PRODUCT_MODULE_NAME).SceneDelegate, so UIKit creates the subclass (which still does all {{sceneSuperclass}}
   does); with {{sceneSuperclass}} named there, UIKit never calls the subclass.
{{/if}}
{{/if}}
{{#if schedulesOnBackground}}
{{#if withoutScenes}}
   Your app has no scenes (its Info.plist has no UIApplicationSceneManifest and no file declares a scene
   delegate), so scheduling goes in applicationDidEnterBackground(_:). Once the app adopts scenes (the iOS 27 SDK
   requires them), move it to the scene delegate's sceneDidEnterBackground(_:), which UIKit calls instead.
{{else}}
{{#if mustAdoptScenes}}
   Your app has no scenes yet (its Info.plist has no UIApplicationSceneManifest), and apps built with the iOS 27
   SDK must adopt them or they do not launch: add a UIApplicationSceneManifest whose configuration names this
   SceneDelegate (UISceneDelegateClassName = $(PRODUCT_MODULE_NAME).SceneDelegate).
{{/if}}
   Registration stays in application(_:didFinishLaunchingWithOptions:); scheduling goes in the scene delegate your
   Info.plist's UIApplicationSceneManifest names. An app without scenes (possible only before the iOS 27 SDK)
   makes the same schedule calls from the app delegate's applicationDidEnterBackground(_:) instead.
{{/if}}
{{/if}}
   For a SwiftUI App, run bggen init --style swiftui instead.
{{#if guardsIOS13}}
   The app deploys to iOS {{deploymentTarget}}, older than BGTaskScheduler: every generated type is marked
   @available(iOS 13.0, *) and these calls run inside if #available(iOS 13.0, *), so the code builds for that
   target with an Xcode that still supports it (Xcode 16 or older; see the warning below).
{{/if}}
{{/if}}
{{/if}}
{{#if belowXcodeFloor}}
   Warning: Xcode 26, which App Store uploads need, supports deployment targets from iOS 15, and Xcode 27
   refuses lower ones: raise the app's target from iOS {{deploymentTarget}} to 15 or later before you ship it.
{{/if}}
{{#if hasTaskManager}}
{{#if objc}}
   When the app becomes active, check [UIApplication sharedApplication].backgroundRefreshStatus: when it is
   UIBackgroundRefreshStatusDenied (Background App Refresh is off, or Low Power Mode is on), no task runs, so
   tell the user that background updates are off.
{{else}}
   When the app becomes active, check BackgroundTaskManager.shared.backgroundRefreshStatus: when it is .denied
   (Background App Refresh is off, or Low Power Mode is on), no task runs, so tell the user that background
   updates are off.
{{/if}}
{{/if}}
{{#if downloads}}
{{#if objc}}
   Start a download with [BackgroundTasksObjC startDownloadFrom:url], or with
   [BackgroundTasksObjC startDownloadWith:request] when it needs credentials: put them in the request's headers,
   never in the URL. For a URL that changes for the same file (pre-signed), give a key of your own:
   [BackgroundTasksObjC startDownloadWithKey:@"avatar-42" request:request].
{{else}}
{{#if guardsIOS13}}
   Start a download with startDownload(from: url), or with startDownload(with: request) when it needs
   credentials: put them in the request's headers, never in the URL. On iOS 12 there is no manager, so:
       if #available(iOS 13.0, *) {
           BackgroundDownloadManager.shared.startDownload(from: url)
       }
{{else}}
   Start a download with BackgroundDownloadManager.shared.startDownload(from: url), or with
   startDownload(with: request) when it needs credentials: put them in the request's headers, never in the URL.
{{/if}}
{{/if}}
{{/if}}
{{#if continuedProcessing}}
{{#if objc}}
   Start a continued-processing job from a button action, in the foreground; it is submitted off the main
   thread, and the block runs on the main thread with the job's identifier, or with a message to show before
   finishing the work in the foreground:
{{#if needsContinuedAvailability}}
       if (@available(iOS 26.0, *)) {
           [BackgroundTasksObjC startExportJobWithCompletionHandler:^(NSString *identifier, NSString *failure) { }];
       }
{{else}}
       [BackgroundTasksObjC startExportJobWithCompletionHandler:^(NSString *identifier, NSString *failure) { }];
{{/if}}
   Keep the identifier: a job still queued (waiting for iOS to start it) is withdrawn with
{{#if needsContinuedAvailability}}
       if (@available(iOS 26.0, *)) {
           [BackgroundTasksObjC cancelQueuedExportJob:identifier];
       }
{{else}}
       [BackgroundTasksObjC cancelQueuedExportJob:identifier];
{{/if}}
{{else}}
   Start a continued-processing job from a button action, in the foreground (it is submitted off the main
   thread, so start(_:) is async):
{{#if needsContinuedAvailability}}
       if #available(iOS 26.0, *) {
           Task {
               do throws(ContinuedProcessingError) {
                   try await ContinuedProcessingManager.shared.start(ExportJob())
               } catch {
                   // Show error.userMessage and finish the work in the foreground.
               }
           }
       }
{{else}}
       Task {
           do throws(ContinuedProcessingError) {
               try await ContinuedProcessingManager.shared.start(ExportJob())
           } catch {
               // Show error.userMessage and finish the work in the foreground.
           }
       }
{{/if}}
{{/if}}
   A job swiped away in the app switcher gets no cancellation: write its unfinished output into
   progress.partialOutputFolder, which ContinuedProcessingManager sweeps when it is first created. The launch
   code in step {{callStep}} creates it ({{#if swiftUI}}the App's init(){{else}}didFinishLaunching{{/if}}), so the space comes back at launch.
{{/if}}
{{#if uploads}}
{{#if objc}}
   Start an upload with [BackgroundTasksObjC startUploadOf:fileURL with:request]; write the body to a file
   first, because background sessions upload only from files.
{{else}}
{{#if guardsIOS13}}
   Start an upload with startUpload(of: fileURL, with: request); write the body to a file first, because
   background sessions upload only from files. On iOS 12 there is no manager, so:
       if #available(iOS 13.0, *) {
           BackgroundUploadManager.shared.startUpload(of: fileURL, with: request)
       }
{{else}}
   Start an upload with BackgroundUploadManager.shared.startUpload(of: fileURL, with: request); write the body
   to a file first, because background sessions upload only from files.
{{/if}}
{{/if}}
{{/if}}

{{filesStep}}. Put your own work in the files marked "This file is yours"; bggen never overwrites them:
{{#each userFiles}}
       {{.}}
{{/each}}
{{#if tests}}
{{#if rehearsalTarget}}
   Rehearse that work in your unit tests: {{rehearsalTestsPath}} is in {{rehearsalTarget}};
   run it with Product > Test in Xcode, xcodebuild test or swift test. It imports the app as
   @testable import {{appModule}}. A failing
{{else}}
   Rehearse that work in your unit tests: add {{rehearsalTestsPath}} to the app's
   unit-test target (the one whose host application is the app; bggen never creates a target), and run it with
   Product > Test in Xcode or xcodebuild test. It imports the app as @testable import {{appModule}}. A failing
{{/if}}
{{#if hasTaskManager}}
   rehearsal says what iOS would do on a device: a task completed twice or never, work still running after its
   task expired, or a next request submitted too late.
   The rehearsals run your production work and what it uses until the test target declares the makeRehearsed…()
   factories the file's header names, with test doubles{{#if refresh}}: on CI without network the refresh rehearsal fails
   until then, quoting the error{{/if}}.
{{else}}
   rehearsal says what iOS would do on a device, such as
   {{rehearsalFailures}}.
{{#if transfersOrPush}}
   The rehearsals run your production work and what it uses until the test target declares the makeRehearsed…()
   factories the file's header names, with test doubles.
{{/if}}
{{/if}}
{{/if}}
{{#if taskIdentifiers}}

{{#if processing}}
{{#unless processingScheduled}}
{{tryStep}}. Try it on a device (the Simulator cannot run background tasks). The processing task runs only when a push
   asks for it, so nothing schedules it when the app enters the background, and launching it from LLDB needs a
   pending request first. Run from Xcode, pause, and schedule it from the LLDB console{{#if silentPush}} (or send
   the device a silent push with content-available: 1 and "type": "process"){{/if}}. A pause stops in a system
   frame, which does not see the app's code, so import the app's module first:
       e -l swift -- import {{appModule}}
       e -l swift -- BackgroundTaskManager.shared.scheduleProcessingTask()
{{#unless appModuleKnown}}
   bggen found no app target, so {{appModule}} is the folder's name: use your app target's Product Module Name
   (Build Settings > Packaging) instead.
{{/unless}}
   Resume for a moment (requests are submitted off the main thread), pause, and type in the LLDB console:
{{else}}
{{tryStep}}. Try it on a device (the Simulator cannot run background tasks): run from Xcode, send the app to the
   background so it schedules its tasks, pause, and type in the LLDB console:
{{/unless}}
{{else}}
{{tryStep}}. Try it on a device (the Simulator cannot run background tasks): run from Xcode, send the app to the
   background so it schedules its tasks, pause, and type in the LLDB console:
{{/if}}
{{#each taskIdentifiers}}
       e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateLaunchForTaskWithIdentifier:@"{{.}}"]
{{/each}}
   Resume, pause again while the work runs, and test expiry with:
{{#each taskIdentifiers}}
       e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@"{{.}}"]
{{/each}}
{{/if}}
{{#if deviceStepBeyondTasks}}
{{#if taskIdentifiers}}
   Then, still on the device:
{{else}}

{{tryStep}}. Try it on a device, run from Xcode:
{{/if}}
{{#if downloads}}
   Start a download and send the app to the background or lock the device: the download goes on, and
   downloadDidFinish(from:savedTo:) in DownloadHandling.swift runs when it ends, in a background launch if iOS
   ended the app meanwhile.
{{/if}}
{{#if uploads}}
   Start an upload and send the app to the background or lock the device: the upload goes on, and
   uploadDidFinish(of:response:) in UploadHandling.swift runs with the server's answer.
{{/if}}
{{#if silentPush}}
   Send the device a silent push, from your server or Apple's Push Notifications Console, with the headers
       apns-push-type: background
       apns-priority: 5
       apns-topic: {{bundleIdentifier}}
   (Apple: priority 10 is an error for a push with only content-available) and the payload
   {"aps": {"content-available": 1}} plus the keys SilentPushWork.swift reads, with no alert, sound or badge.
   iOS delivers a few such pushes an hour and may hold them back, and none while Background App Refresh is off
   for the app or Low Power Mode is on.
{{/if}}
{{#if continuedProcessing}}
   Start a continued-processing job from its button and leave the app: the job goes on, its progress shown in a
   Live Activity. To expire it, pause while it runs and type, with the identifier its start returned:
       e -l objc -- (void)[[BGTaskScheduler sharedScheduler] _simulateExpirationForTaskWithIdentifier:@"{{continuedPrefix}}.<UUID>"]
   The job must stop, and its partial output is discarded. Swiping the app away in the app switcher cancels a
   running job without telling it: its partial output is swept at the next launch.
{{/if}}
{{#if transfersOrPush}}
   Never swipe the app away in the app switcher while testing: that stops its {{#if transfers}}background transfers{{#if silentPush}} and silent pushes{{/if}}{{else}}silent pushes{{/if}}
   until the next time the user opens it.
{{/if}}
{{/if}}

"""##,
        #"""
ProcessingWork.swift.tmpl
"""#: ##"""
// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// The processing work, run when iOS launches the `{{processingIdentifier}}` task, usually while the device is
/// idle{{#if power}} and charging{{/if}}.
///
/// Processing may run for minutes, but iOS can end it at any moment: do the work in small steps, save progress
/// after each one, and check for cancellation between them so the next run can pick up where this one stopped.
///
/// It often runs while the device is locked, when files of protection class `complete` cannot be opened: keep
/// its database in files of class `completeUntilFirstUserAuthentication`, or stop early while they cannot be
/// opened: with `import UIKit` at the top of this file, start the work with
/// `guard await MainActor.run(body: { UIApplication.shared.isProtectedDataAvailable }) else { throw CocoaError(.fileReadNoPermission) }`
/// (`UIApplication.shared` belongs to the main actor, and the work runs off it).
{{#unless processingScheduled}}
/// Only a push asks for this task; a run that fails or expires asks for the next one itself.
{{/unless}}
{{#if checkpoint}}
/// Here `CheckpointedWork` does that: it saves a cursor after each item and resumes from it next run. An item
/// that fails is tried again next run. Throw `BackgroundWorkError.permanent(error)` from `process(_:)` when
/// retrying cannot help (a corrupt record): an item that fails that way in three runs is skipped and logged, in
/// that pass and every later one (it is known by its cursor: items that are not strings or numbers add
/// `func cursor(of item: Item) -> String`, returning what `process(_:)` would); to allow more or fewer runs, add
/// for example `var attemptsPerItem: Int { 5 }` to this type. Other errors, such as being offline, are retried at
/// every later run and never skip the item.
{{availability}}nonisolated struct ProcessingWork: CheckpointedWork {
    /// The items still to process after `cursor` (nil: from the beginning), in a stable order, for example
    /// record identifiers sorted ascending: `try await database.recordIDs(after: cursor)`, with the database the
    /// factory below hands over.
    func items(after cursor: String?) async throws -> [String] {
        []
    }

    /// Processes one item and returns its cursor, for example its identifier.
    func process(_ item: String) async throws -> String {
        // do {
        //     try await database.compact(recordID: item)
        // } catch DatabaseError.corrupt {
        //     throw BackgroundWorkError.permanent(DatabaseError.corrupt)
        // }
        item
    }
}
{{else}}
{{availability}}nonisolated struct ProcessingWork: BackgroundWork {
    func run() async throws {
        // For example, with the database the factory below hands over:
        // for batch in try await database.staleRecordBatches() {
        //     try Task.checkCancellation()
        //     try await database.compact(batch)
        // }
        try Task.checkCancellation()
    }
}
{{/if}}

{{availability}}nonisolated extension BackgroundTaskManager {
    /// Builds the processing work of `BackgroundTaskManager.shared`. It runs on the main actor, when your launch
    /// code first uses `shared`, so it can hand the work the app's own dependencies, main-actor ones included, for
    /// example `ProcessingWork(database: AppDatabase.shared)`, instead of the work reaching for globals.{{#if tests}} The
    /// rehearsal tests build the work with `makeRehearsedProcessingWork()`, this factory unless your test target
    /// declares one with test doubles{{#if checkpoint}} (the checkpoint rehearsals need two items or more){{/if}}.{{/if}}
    @MainActor
    static func makeProcessingWork() -> any BackgroundWork {
        ProcessingWork()
    }
}

"""##,
        #"""
SilentPushHandler.swift.tmpl
"""#: ##"""
import Foundation
import UIKit

/// What a silent push does: your code, in `SilentPushWork.swift`.
{{availability}}nonisolated protocol SilentPushWork: Sendable {
    /// Fetch what the push announced. Return `.newData` or `.noData`; a thrown error is reported as `.failed`.
    /// iOS allows about 30 seconds.
    func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult
}
{{#if processing}}

/// The factory `SilentPushWork.swift` declares for its work, scheduling processing with a given manager: the app
/// hands it `BackgroundTaskManager.shared`, the rehearsal tests (`--tests`) a manager with a fake scheduler.
/// Generated files call only this, never your work's initializer, so the work can take more dependencies than the
/// manager.
{{availability}}nonisolated protocol SilentPushWorkFactory {
    @MainActor static func makeSilentPushWork(processing: BackgroundTaskManager) -> any SilentPushWork
}
{{/if}}

/// A silent push's custom keys (everything outside `aps`), as JSON that can cross into async work.
{{availability}}nonisolated struct SilentPush: Sendable {
    /// The payload without `aps`, serialized as JSON.
    let payload: Data

    /// Reads a silent push from a remote notification's `userInfo`; nil, and logged why, when it is not one or
    /// its custom keys cannot be read.
    ///
    /// A push is silent when `aps` holds `content-available: 1`. Anything else was not meant to wake the app.
    init?(userInfo: [AnyHashable: Any]) {
        guard let aps = userInfo["aps"] as? [String: Any],
              let available = aps["content-available"] as? Int, available == 1
        else {
            BackgroundLog.debug("Ignored a remote notification without content-available: 1.")
            return nil
        }
        var custom: [String: Any] = [:]
        for (key, value) in userInfo {
            if let key = key as? String, key != "aps" {
                custom[key] = value
            }
        }
        guard JSONSerialization.isValidJSONObject(custom),
              let data = try? JSONSerialization.data(withJSONObject: custom, options: [.sortedKeys])
        else {
            BackgroundLog.error("Ignored a silent push whose custom keys are not valid JSON.")
            return nil
        }
        payload = data
    }

    /// Decodes the custom keys into your own type.
    func decode<Payload: Decodable>(_ type: Payload.Type) throws -> Payload {
        try JSONDecoder().decode(type, from: payload)
    }
}

/// Answers silent pushes (`content-available: 1`) by running `SilentPushWork`.
///
/// Call it from the app delegate; it needs the `remote-notification` background mode:
///
///     func application(_ application: UIApplication,
///                      didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
///         await SilentPushHandler.shared.handle(userInfo: userInfo)
///     }
///
/// The server sends `{"aps": {"content-available": 1}, ...}` with no alert, badge or sound, and the headers
/// `apns-push-type: background` and `apns-priority: 5`. iOS throttles such pushes (two or three an hour is
/// safe), and delivers none after the user force-quits the app (swipes it away in the app switcher) until they
/// open it again, nor while Background App Refresh is off for the app, in Low Power Mode or system-wide.
{{availability}}nonisolated final class SilentPushHandler: Sendable {
    /// Created on the main actor, where the app delegate first uses it, with the work that `makeSilentPushWork()`
    /// in `SilentPushWork.swift` builds there: the work can be handed the app's main-actor objects.
    @MainActor static let shared = SilentPushHandler(work: makeSilentPushWork())

    private let work: any SilentPushWork
    private let deadlineNanoseconds: UInt64

    /// Tests pass their own work and a short deadline; the app uses `shared`. iOS allows about 30 seconds and
    /// penalises apps that answer late, so the default deadline is 25.
    init(work: any SilentPushWork, deadlineNanoseconds: UInt64 = 25_000_000_000) {
        self.work = work
        self.deadlineNanoseconds = deadlineNanoseconds
    }

    /// Always answers, exactly once: `.noData` for a push that is not silent, `.failed` when the work throws or
    /// is still running at the deadline (it is cancelled then).
    ///
    /// The payload is read on the main actor, where the app delegate calls from; the work itself runs in a
    /// detached task, off the main thread, whatever the module's default isolation.
    @MainActor
    func handle(userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
        guard let push = SilentPush(userInfo: userInfo) else {
            return .noData
        }
        let work = self.work
        let answer = SilentPushAnswer()
        return await withCheckedContinuation { continuation in
            let operation = Task.detached(priority: .userInitiated) {
                do {
                    answer.give(try await work.perform(push))
                } catch {
                    BackgroundLog.error("Silent push work failed.", error: error)
                    answer.give(.failed)
                }
            }
            answer.start(continuation, deadline: deadlineNanoseconds) {
                BackgroundLog.error("Silent push work ran past its deadline; answering .failed.")
                operation.cancel()
            }
        }
    }
}

/// The one answer to a push: whichever of the work and the deadline comes first gives it; the other finds it
/// given and does nothing.
{{availability}}nonisolated final class SilentPushAnswer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<UIBackgroundFetchResult, Never>?
        var timer: Task<Void, Never>?
        var early: UIBackgroundFetchResult?
    }

    private let state = Locked(State())

    /// Arms the deadline; a result the work gave before this is delivered at once.
    func start(
        _ continuation: CheckedContinuation<UIBackgroundFetchResult, Never>, deadline: UInt64,
        onTimeout: @escaping @Sendable () -> Void
    ) {
        let timer = Task.detached {
            try? await Task.sleep(nanoseconds: deadline)
            guard !Task.isCancelled else { return }
            onTimeout()
            self.give(.failed)
        }
        let early = state.withLock { state in
            state.continuation = continuation
            state.timer = timer
            return state.early
        }
        if let early {
            give(early)
        }
    }

    func give(_ result: UIBackgroundFetchResult) {
        let (continuation, timer) = state.withLock { state in
            if state.continuation == nil && state.early == nil {
                state.early = result
            }
            defer {
                state.continuation = nil
                state.timer = nil
            }
            return (state.continuation, state.timer)
        }
        timer?.cancel()
        continuation?.resume(returning: result)
    }
}

"""##,
        #"""
SilentPushWork.swift.tmpl
"""#: ##"""
// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation
import UIKit

/// What a silent push does. The server chooses the work with the payload's custom keys, for example
/// `{"aps": {"content-available": 1}, "type": "sync"}`.
{{availability}}nonisolated struct AppSilentPushWork: SilentPushWork {
{{#if processing}}
    /// Schedules the processing a push asks for: `BackgroundTaskManager.shared` in the app{{#if tests}}; the rehearsals
    /// hand it a manager with a fake scheduler, so they never move the app's own schedule{{/if}}.
    let processing: BackgroundTaskManager

{{/if}}
    private struct Message: Decodable {
        let type: String?
    }

    func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult {
        switch try push.decode(Message.self).type {
        case "sync"?:
            // Fetch what changed, for example: try await SyncClient().pullChanges()
            return .newData
{{#if processing}}
        case "process"?:
            // Heavy work waits for a processing task, which iOS runs at the next idle moment. Awaited: iOS can
            // suspend the app as soon as the push is answered, before the request is submitted.
            await processing.requestProcessingSoon()
            return .noData
{{/if}}
        default:
            return .noData
        }
    }
}

{{availability}}nonisolated extension SilentPushHandler{{#if processing}}: SilentPushWorkFactory{{/if}} {
    /// Builds the work of `SilentPushHandler.shared`. It runs on the main actor, when the app delegate first uses
    /// `shared`, so it can hand the work the app's own dependencies, main-actor ones included{{#if processing}}: give them in
    /// `makeSilentPushWork(processing:)`, below{{else}}, for example
    /// `AppSilentPushWork(sync: SyncClient.shared)`{{/if}}.{{#if tests}} The rehearsal tests build the work with
    /// `makeRehearsedSilentPushWork()`{{#if processing}} (by default `makeSilentPushWork(processing:)` with the
    /// rehearsals' own manager){{/if}} and send one push per case above, unless your test target declares that
    /// factory (with test doubles) or `@MainActor static var rehearsedPushes: [String] { […] }` (your server's
    /// pushes, as JSON).{{/if}}
    @MainActor
    static func makeSilentPushWork() -> any SilentPushWork {
{{#if processing}}
        makeSilentPushWork(processing: .shared)
    }

    /// The work, scheduling processing with `processing`: `.shared` in the app{{#if tests}}, a manager with a fake scheduler
    /// in the rehearsal tests, which never move the app's own schedule{{/if}}. Hand it the app's other dependencies
    /// here, for example `AppSilentPushWork(sync: SyncClient.shared, processing: processing)`. bggen's generated
    /// files call this factory, not `AppSilentPushWork`'s initializer: keep its name and parameter.
    @MainActor
    static func makeSilentPushWork(processing: BackgroundTaskManager) -> any SilentPushWork {
        AppSilentPushWork(processing: processing)
{{else}}
        AppSilentPushWork()
{{/if}}
    }
}

"""##,
        #"""
UploadHandling.swift.tmpl
"""#: ##"""
// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation

/// Decides what happens once a background upload has ended.
///
/// Uploads are often sent again, and end, while the device is locked, when iOS cannot read a file of protection
/// class `complete`: write the files you upload with
/// `try body.write(to: file, options: .completeFileProtectionUntilFirstUserAuthentication)`, and keep what these
/// methods write in files of that class too, or defer it until
/// `UIApplication.protectedDataDidBecomeAvailableNotification`.
{{availability}}nonisolated struct AppUploadHandler: BackgroundUploadHandling {
    func uploadDidFinish(of file: URL, response: BackgroundUploadResponse) {
        // The server accepted the file (2xx). For example, read the id it gave the file from response.body, and
        // delete the file:
        // try? FileManager.default.removeItem(at: file)
    }

    func uploadDidFail(of file: URL, error: any Error) {
        // Keep the file and try again later, or tell the user. A server's refusal is
        // BackgroundUploadError.httpStatus(status, retryAfter:, response:), its body in response.body.
    }
}

{{availability}}nonisolated extension BackgroundUploadManager {
    /// Builds the handler of `BackgroundUploadManager.shared`. It runs on the main actor, when your launch code
    /// first uses `shared`, so it can hand the handler the app's own dependencies, main-actor ones included, for
    /// example `AppUploadHandler(outbox: AppDatabase.shared)`.{{#if tests}} The rehearsal tests deliver to
    /// `makeRehearsedUploadHandler()`, this factory unless your test target declares one with test doubles.{{/if}}
    @MainActor
    static func makeUploadHandler() -> any BackgroundUploadHandling {
        AppUploadHandler()
    }
}

"""##,
    ]
}
