import BggenCore
import BggenTestSupport
import Foundation
import Testing

/// A deliberately broken version of generated code: textual edits to the rendered files (or the app-delegate
/// example), the way a template bug would look.
struct Mutant: Sendable, CustomTestStringConvertible {
    /// Replaces `find`, which must occur exactly once, with `replace`.
    struct Edit: Sendable {
        let find: String
        let replace: String
    }

    let name: String
    /// The smallest scenario that renders the broken code and runs the check that must catch it: a mutant costs
    /// the compile of its scenario's module (or of the file it edits, `SimulatedApp.build(mutant:of:setup:)`), and
    /// `all-tasks` is twice the size of a scenario of one task.
    let scenario: String
    /// Applied in order, each to whichever rendered file contains its text.
    let edits: [Edit]
    /// Which check or rule must catch it: a substring of a `FAIL` or `VIOLATION` line, or `trap` for a crash.
    let caughtBy: [String]
    var setup: CompilerSetup = .xcode26Defaults
    var modes: [HarnessRun.Mode] = [.checks]

    var testDescription: String { name }

    static let trap = "trap"

    static let all: [Mutant] = [
        Mutant(
            name: "a download started with a key is named for its URL",
            scenario: "downloads",
            edits: [Edit(find: "fileName(hashing: \"key:\" + key, source: source", replace: "fileName(hashing: source.absoluteString, source: source")],
            caughtBy: ["downloads.a-key-gives-changing-urls-one-file"]
        ),
        Mutant(
            name: "an upload answered outside 2xx is a finish, neither retried nor reported with its status",
            scenario: "uploads",
            edits: [Edit(find: "if let answer = task.response as? HTTPURLResponse, !(200..<300).contains(statusCode) {", replace: "if let answer = task.response as? HTTPURLResponse, statusCode < 0 {")],
            caughtBy: ["uploads.a-busy-answer-is-sent-again-after-its-retry-after", "uploads.a-refusal-fails-with-its-status-and-body"]
        ),
        Mutant(
            name: "an upload retried after a 503 ignores its Retry-After",
            scenario: "uploads",
            edits: [Edit(find: "retry.earliestBeginDate = max(record.retryBeginDate, notBefore ?? .distantPast)", replace: "retry.earliestBeginDate = record.retryBeginDate")],
            caughtBy: ["uploads.a-busy-answer-is-sent-again-after-its-retry-after"]
        ),
        Mutant(
            name: "a download cancelled by iOS is treated as the app's own cancel",
            scenario: "downloads",
            edits: [Edit(
                find: "        switch BackgroundTransferRecord.cancel(in: error) {\n        case .byTheApp?:\n            BackgroundLog.notice(\"A download was",
                replace: "        switch (error as? URLError)?.code == .cancelled ? BackgroundTransferRecord.Cancel.byTheApp : nil {\n        case .byTheApp?:\n            BackgroundLog.notice(\"A download was"
            )],
            caughtBy: ["downloads.cancelled-by-ios-is-retried-from-its-resume-data"]
        ),
        Mutant(
            name: "a second completion handler replaces the first without calling it",
            scenario: "all-tasks",
            edits: [Edit(find: "        replaced?()\n", replace: "        _ = replaced\n")],
            caughtBy: ["downloads.a-second-completion-handler-does-not-drop-the-first"]
        ),
        Mutant(
            name: "a POST upload is sent again after a timeout",
            scenario: "uploads",
            edits: [Edit(find: "           let request = task.originalRequest, Self.isIdempotent(request) || BackgroundTransferRecord.failedBeforeSending(error) {", replace: "           let request = task.originalRequest {")],
            caughtBy: ["uploads.a-post-that-timed-out-is-not-sent-twice"]
        ),
        Mutant(
            name: "no exactly-once guard: expiry and work both complete the task",
            scenario: "refresh",
            edits: [Edit(
                find: "            guard byExpiry || !state.isExpired else { return nil }\n            defer {\n                state.task = nil\n                state.work = nil\n            }\n",
                replace: ""
            )],
            caughtBy: ["bgtask.completed-more-than-once"]
        ),

        Mutant(
            name: "launch handler registered from main-actor code inherits its isolation",
            scenario: "refresh",
            edits: [
                Edit(find: "    func registerTasks() {", replace: "    @MainActor func registerTasks() {"),
                Edit(
                    find: "        register(BackgroundTaskConfiguration.appRefreshIdentifier) { [self] task in",
                    replace: """
                                _ = BGTaskScheduler.shared.register(
                                    forTaskWithIdentifier: BackgroundTaskConfiguration.appRefreshIdentifier, using: nil
                                ) { [self] task in
                        """
                ),
            ],
            // The system calls the handler on its own queue; Swift's isolation check traps there.
            caughtBy: [trap]
        ),
        Mutant(
            // Pitfall 15: `location` kept and moved later, here in didCompleteWithError.
            name: "downloaded file moved after didFinishDownloadingTo returns",
            scenario: "downloads",
            edits: [
                Edit(
                    find: "    private let maximumResumeAttempts: Int\n",
                    replace: """
                            private let maximumResumeAttempts: Int
                            private let pendingMoves = Locked<[Int: (from: URL, to: URL)]>([:])

                        """
                ),
                Edit(
                    find: "            try Self.move(location, to: destination, key: record.key)\n",
                    replace: "            pendingMoves.withLock { $0[downloadTask.taskIdentifier] = (location, destination) }\n"
                ),
                Edit(
                    find: "        guard let error, let record = BackgroundTransferRecord.read(from: task), let source = record.source else { return }\n",
                    replace: """
                                if let move = pendingMoves.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) {
                                    try? FileManager.default.moveItem(at: move.from, to: move.to)
                                }
                                guard let error, let record = BackgroundTransferRecord.read(from: task), let source = record.source else { return }

                        """
                ),
            ],
            caughtBy: ["downloads.finish-moves-file"]
        ),
        Mutant(
            name: "downloaded file left in place",
            scenario: "downloads",
            // A new name's file is not renamed into place (an existing name's still is).
            edits: [Edit(find: "        if rename(location.path, destination.path) == 0 {\n", replace: "        if !existed || rename(location.path, destination.path) == 0 {\n")],
            caughtBy: ["downloads.finish-moves-file"]
        ),
        Mutant(
            // Review 7, R1: a download to a new name on another volume went through `moveItem`, which copies into
            // the name itself there, so a run ended mid-copy left it half written.
            name: "a download to a new name on another volume is copied into the name itself",
            scenario: "downloads",
            edits: [Edit(
                find: "        if rename(location.path, destination.path) == 0 {\n",
                replace: "        if !existed {\n            try fileManager.moveItem(at: location, to: destination)\n            isCopy = false\n        } else if rename(location.path, destination.path) == 0 {\n"
            )],
            caughtBy: ["downloads.another-volume-gets-the-whole-file-at-once"]
        ),
        Mutant(
            // Review 7, R3: the copy was renamed to its name unflushed, so a power loss could leave the name with
            // missing data.
            name: "a download's copy on another volume is renamed before it is flushed to the storage",
            scenario: "downloads",
            edits: [Edit(find: "            try flush(copy, command: F_FULLFSYNC)\n", replace: "")],
            caughtBy: ["downloads.another-volume-gets-a-copy-flushed-before-its-rename"]
        ),
        Mutant(
            // Review 8: the folder was not flushed after the rename, so a power loss could undo a rename the app
            // had already recorded.
            name: "a download's folder is not flushed after its rename",
            scenario: "downloads",
            edits: [Edit(find: "        for changed in [folder] + parentsOfNewFolders {\n", replace: "        for changed in parentsOfNewFolders {\n")],
            caughtBy: ["downloads.finish-flushes-the-folder-after-the-rename"]
        ),
        Mutant(
            // Review 9, H1: the daemon's bytes were not ordered before the rename, which a power loss could then
            // leave at the name with missing data.
            name: "a downloaded file's bytes are not ordered before its rename",
            scenario: "downloads",
            edits: [Edit(
                find: "        if let descriptor {\n            try flushAndClose(descriptor, command: F_BARRIERFSYNC)\n        }\n",
                replace: "        if let descriptor {\n            close(descriptor)\n        }\n"
            )],
            caughtBy: ["downloads.finish-orders-the-file-before-the-rename"]
        ),
        Mutant(
            // Review 9: a flush to the storage on the app's own volume empties the drive's cache at every download.
            name: "a download's folder on the app's volume is flushed to the storage, not given a barrier",
            scenario: "downloads",
            edits: [Edit(find: "command: isCopy ? F_FULLFSYNC : F_BARRIERFSYNC)", replace: "command: F_FULLFSYNC)")],
            caughtBy: ["downloads.finish-flushes-the-folder-after-the-rename"]
        ),
        Mutant(
            // Review 8: on another volume, a flush of the folder before the rename leaves the rename unflushed.
            name: "a download's folder on another volume is flushed before its copy's rename",
            scenario: "downloads",
            edits: [
                Edit(
                    find: "            try flush(copy, command: F_FULLFSYNC)\n",
                    replace: "            try flush(copy, command: F_FULLFSYNC)\n            try? flush(folder, isFolder: true, command: F_FULLFSYNC)\n"
                ),
                Edit(
                    find: "        for changed in [folder] + parentsOfNewFolders {\n",
                    replace: "        for changed in isCopy ? parentsOfNewFolders : [folder] + parentsOfNewFolders {\n"
                ),
            ],
            caughtBy: ["downloads.another-volume-flushes-the-folder-after-the-rename"]
        ),
        Mutant(
            // Review 8: a barrier on another volume orders nothing against the app's record on its own volume.
            name: "a download's folder on another volume gets a barrier, not a flush to the storage",
            scenario: "downloads",
            edits: [Edit(find: "command: isCopy ? F_FULLFSYNC : F_BARRIERFSYNC)", replace: "command: F_BARRIERFSYNC)")],
            caughtBy: ["downloads.another-volume-flushes-the-folder-after-the-rename"]
        ),
        Mutant(
            // Review 9, M1: the class was given after the rename and the flushes, so a power loss could leave the
            // file in the class it was created with, unreadable while the device is locked.
            name: "a downloaded file gets its class after its rename and flushes",
            scenario: "downloads",
            edits: [
                Edit(find: "        protect(location)\n", replace: ""),
                Edit(
                    find: "            try? flush(changed, isFolder: true, command: isCopy ? F_FULLFSYNC : F_BARRIERFSYNC)\n        }\n",
                    replace: "            try? flush(changed, isFolder: true, command: isCopy ? F_FULLFSYNC : F_BARRIERFSYNC)\n        }\n        protect(destination)\n"
                ),
            ],
            caughtBy: ["downloads.finish-classes-the-file-before-its-barrier"]
        ),
        Mutant(
            // Review 9, L1: a descriptor opened without O_CLOEXEC (hygiene: an iOS app starts no process).
            name: "a download's descriptors are opened without O_CLOEXEC",
            scenario: "downloads",
            edits: [Edit(find: "O_RDONLY | O_CLOEXEC | ", replace: "O_RDONLY | ")],
            caughtBy: ["downloads.descriptors-close-on-exec-and-the-folder-opens-as-one"]
        ),
        Mutant(
            // Review 9, L1: a folder opened without O_DIRECTORY, which would open whatever took its name.
            name: "a download's folder is opened as any file",
            scenario: "downloads",
            edits: [Edit(find: "(isFolder ? O_DIRECTORY : 0)", replace: "0")],
            caughtBy: ["downloads.descriptors-close-on-exec-and-the-folder-opens-as-one"]
        ),
        Mutant(
            // Review 9, L2: an open, fcntl or fsync a signal interrupted (EINTR) was taken as a failure.
            name: "a download's interrupted file calls are not made again",
            scenario: "downloads",
            edits: [Edit(
                find: "        while true {\n            let result = call()\n            if result != -1 || errno != EINTR {\n                return result\n            }\n        }\n",
                replace: "        call()\n"
            )],
            caughtBy: ["downloads.interrupted-calls-are-made-again", "downloads.a-file-system-without-the-flush-commands-gets-fsync"]
        ),
        Mutant(
            // Review 9, L3: a file system with neither flush command (since iOS 17 xnu retries a refused barrier as
            // F_FULLFSYNC) got nothing.
            name: "a download's folder on a file system without the flush commands gets no fsync",
            scenario: "downloads",
            edits: [Edit(find: "        if retryingInterruptions({ fsync(descriptor) }) != 0 {\n", replace: "        if true {\n")],
            caughtBy: ["downloads.a-file-system-without-the-flush-commands-gets-fsync"]
        ),
        Mutant(
            // Review 10, M-1: any fcntl error fell back to fsync, so an EIO from F_FULLFSYNC on a copy was hidden by
            // a succeeding fsync, and the copy replaced the user's file and was reported as finished.
            name: "a download's copy whose F_FULLFSYNC fails with EIO is synced by fsync and renamed",
            scenario: "downloads",
            edits: [Edit(
                find: "        guard [ENOTSUP, ENOTTY, EINVAL].contains(refusal) else {\n",
                replace: "        guard refusal != 0 else {\n"
            )],
            caughtBy: ["downloads.a-copy-whose-flush-fails-fails-its-download-and-keeps-the-old-file"]
        ),
        Mutant(
            // Review 10, M-1: a command the file system refuses (ENOTSUP) must still fall back to fsync.
            name: "a download's copy on a file system that refuses F_FULLFSYNC (ENOTSUP) fails",
            scenario: "downloads",
            edits: [Edit(find: "[ENOTSUP, ENOTTY, EINVAL].contains(refusal)", replace: "[ENOTTY, EINVAL].contains(refusal)")],
            caughtBy: ["downloads.a-copy-on-a-file-system-without-F_FULLFSYNC-gets-fsync"]
        ),
        Mutant(
            // Review 10: a failed barrier on the downloaded file itself (EIO) was ignored, so a file whose bytes may
            // not be on the storage replaced the user's file and was reported as finished.
            name: "a downloaded file whose barrier fails with EIO is renamed into place",
            scenario: "downloads",
            edits: [Edit(
                find: "            try flushAndClose(descriptor, command: F_BARRIERFSYNC)\n",
                replace: "            try? flushAndClose(descriptor, command: F_BARRIERFSYNC)\n"
            )],
            caughtBy: ["downloads.a-downloaded-file-whose-barrier-fails-fails-its-download-and-keeps-the-old-file"]
        ),
        Mutant(
            // Review 10: a downloaded file its class keeps shut while the device is locked must still be moved.
            name: "a downloaded file that cannot be opened for its barrier fails its download",
            scenario: "downloads",
            edits: [Edit(find: "where error.code == .EIO {", replace: "where error.code.rawValue != 0 {")],
            caughtBy: [
                "downloads.a-downloaded-file-its-class-keeps-shut-still-moves",
                "downloads.a-downloaded-file-the-app-has-no-descriptor-for-still-moves",
            ]
        ),
        Mutant(
            // Review 11, Low 1: only a file its class keeps shut (EPERM, EACCES) moved unordered; one the app had no
            // descriptor left for (EMFILE), no fault of the file, failed its download.
            name: "a downloaded file the app has no descriptor for fails its download",
            scenario: "downloads",
            edits: [Edit(find: "where error.code == .EIO {", replace: "where error.code != .EPERM && error.code != .EACCES {")],
            caughtBy: [
                "downloads.a-downloaded-file-the-app-has-no-descriptor-for-still-moves",
                "downloads.a-downloaded-file-whose-open-fails-with-ENFILE-still-moves",
                "downloads.a-downloaded-file-whose-open-fails-with-ENOMEM-still-moves",
            ]
        ),
        Mutant(
            // Review 13, M2: an fsync(2) that failed (EIO) after a refused flush went unheeded, so a copy that may not
            // be on the storage replaced the user's file and was reported as finished.
            name: "a download's copy whose fsync fails after a refused F_FULLFSYNC is renamed",
            scenario: "downloads",
            edits: [Edit(find: "        if retryingInterruptions({ fsync(descriptor) }) != 0 {\n", replace: "        if false {\n")],
            caughtBy: ["downloads.a-copy-whose-fsync-fails-after-a-refused-flush-fails-its-download-and-keeps-the-old-file"]
        ),
        Mutant(
            // Review 13, M3: every error of the downloaded file's open moved it unordered, EIO included, so a file whose
            // bytes may be unreadable replaced the user's file, where an EIO from its barrier fails the download.
            name: "a downloaded file whose open for its barrier fails with EIO is renamed into place",
            scenario: "downloads",
            edits: [Edit(
                find: "        } catch let error as POSIXError where error.code == .EIO {\n            throw error\n",
                replace: ""
            )],
            caughtBy: ["downloads.a-downloaded-file-whose-open-fails-with-EIO-fails-its-download-and-keeps-the-old-file"]
        ),
        Mutant(
            // Review 11, Low 6: a barrier refused with ENOTTY (an ioctl the file system has no case for) must fall back
            // to fsync(2), not fail the download.
            name: "a downloaded file whose barrier is refused with ENOTTY fails its download",
            scenario: "downloads",
            edits: [Edit(find: "[ENOTSUP, ENOTTY, EINVAL].contains(refusal)", replace: "[ENOTSUP, EINVAL].contains(refusal)")],
            caughtBy: ["downloads.a-barrier-refused-with-ENOTTY-gets-fsync"]
        ),
        Mutant(
            // Review 11, Low 6: the same for EINVAL.
            name: "a downloaded file whose barrier is refused with EINVAL fails its download",
            scenario: "downloads",
            edits: [Edit(find: "[ENOTSUP, ENOTTY, EINVAL].contains(refusal)", replace: "[ENOTSUP, ENOTTY].contains(refusal)")],
            caughtBy: ["downloads.a-barrier-refused-with-EINVAL-gets-fsync"]
        ),
        Mutant(
            // Review 10: the app must hear the flush's own error (NSPOSIXErrorDomain, EIO), not one that hides it.
            name: "a failed flush reports an error of its own making",
            scenario: "downloads",
            edits: [Edit(
                find: "        guard [ENOTSUP, ENOTTY, EINVAL].contains(refusal) else {\n            throw POSIXError(POSIXErrorCode(rawValue: refusal) ?? .EIO)\n",
                replace: "        guard [ENOTSUP, ENOTTY, EINVAL].contains(refusal) else {\n            throw CocoaError(.fileWriteUnknown)\n"
            )],
            caughtBy: ["downloads.a-copy-whose-flush-fails-fails-its-download-and-keeps-the-old-file"]
        ),
        Mutant(
            // Review 9, L5: a folder that cannot be opened or flushed must not fail a download that is in place.
            name: "a download whose folder cannot be opened or flushed is reported as failed",
            scenario: "downloads",
            edits: [Edit(find: "            try? flush(changed, isFolder: true, command:", replace: "            try flush(changed, isFolder: true, command:")],
            caughtBy: [
                "downloads.a-folder-that-cannot-be-opened-still-delivers-the-file",
                "downloads.a-folder-whose-flush-fails-still-delivers-the-file-and-closes-it",
            ]
        ),
        Mutant(
            // Review 9, L5: the descriptor closed only after a flush that succeeded.
            name: "a download's folder whose flush fails keeps its descriptor open",
            scenario: "downloads",
            edits: [
                Edit(find: "        defer { close(descriptor) }\n", replace: ""),
                Edit(
                    find: "            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)\n        }\n    }\n\n    /// What `call`",
                    replace: "            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)\n        }\n        close(descriptor)\n    }\n\n    /// What `call`"
                ),
            ],
            caughtBy: ["downloads.a-folder-whose-flush-fails-still-delivers-the-file-and-closes-it"]
        ),
        Mutant(
            // Review 9, L6: a key's file of another extension was removed after the folder's flush, so a power loss
            // could bring it back, and the key kept it for good.
            name: "a key's file of another extension is removed after its folder's flush",
            scenario: "downloads",
            edits: [
                Edit(find: "        if let key {\n            removeOtherFiles(ofKey: key, besides: destination, isNewName: !existed)\n        }\n", replace: ""),
                Edit(
                    find: "            try? flush(changed, isFolder: true, command: isCopy ? F_FULLFSYNC : F_BARRIERFSYNC)\n        }\n",
                    replace: "            try? flush(changed, isFolder: true, command: isCopy ? F_FULLFSYNC : F_BARRIERFSYNC)\n        }\n        if let key {\n            removeOtherFiles(ofKey: key, besides: destination, isNewName: !existed)\n        }\n"
                ),
            ],
            caughtBy: ["downloads.a-keys-file-of-another-extension-is-removed-before-the-folder-flush"]
        ),
        Mutant(
            // Review 12, M1: on a volume that ignores case a listed `stem.JPG` is the new `stem.jpg`, and was removed.
            name: "a name that is the new file itself is removed with the key's other files",
            scenario: "downloads",
            edits: [Edit(find: ",\n                  newFile == nil || fileIdentity(file) != newFile else { continue }", replace: " else { continue }")],
            caughtBy: ["downloads.a-name-that-is-the-new-file-itself-is-never-removed"]
        ),
        Mutant(
            // Review 10, M-2: a run ended between the rename and the removal of the key's file of another extension
            // left that file for good, since the key's next downloads found their name taken and listed nothing.
            name: "a key's file an ended run left is never removed",
            scenario: "downloads",
            edits: [Edit(
                find: "        if let key {\n            removeOtherFiles(ofKey: key, besides: destination, isNewName: !existed)\n        }\n",
                replace: "        if let key, !existed {\n            removeOtherFiles(ofKey: key, besides: destination, isNewName: true)\n        }\n"
            )],
            caughtBy: ["downloads.a-keys-file-an-ended-run-left-goes-at-its-next-download"]
        ),
        Mutant(
            // Review 10: a folder made for the file was not flushed into its parent, whose entry it is: a flush of the
            // folder itself promises nothing of it (Darwin's fsync(2)), and a power loss could lose the folder with the
            // file.
            name: "a folder made for a download is not flushed into its parent",
            scenario: "downloads",
            edits: [Edit(
                find: "        let parentsOfNewFolders = parents(ofMissingFoldersIn: folder)\n",
                replace: "        let parentsOfNewFolders: [URL] = []\n"
            )],
            caughtBy: ["downloads.a-folder-made-for-the-file-is-flushed-into-its-parent"]
        ),
        Mutant(
            // Review 7, R4: a copy a run ended mid-copy left stayed for good.
            name: "the copies an ended run left on another volume are never swept",
            scenario: "downloads",
            edits: [Edit(find: "        sweepCopies(in: folder)\n", replace: "")],
            caughtBy: ["downloads.copies-an-ended-run-left-are-swept"]
        ),
        Mutant(
            // Review 7, R4: the age rule is what keeps a copy another process is making.
            name: "the sweep removes a copy another process is making",
            scenario: "downloads",
            edits: [Edit(find: "abs(now.timeIntervalSince(made)) > abandonedCopyAge", replace: "abs(now.timeIntervalSince(made)) > 0")],
            caughtBy: ["downloads.copies-an-ended-run-left-are-swept"]
        ),
        Mutant(
            // Review 8: a copy dated in the future (the clock set back since it was made) stayed until that date.
            name: "the sweep keeps a copy dated after the clock was set back",
            scenario: "downloads",
            edits: [Edit(find: "abs(now.timeIntervalSince(made)) > abandonedCopyAge", replace: "now.timeIntervalSince(made) > abandonedCopyAge")],
            caughtBy: ["downloads.copies-an-ended-run-left-are-swept"]
        ),
        Mutant(
            name: "refresh handler does not schedule the next refresh",
            scenario: "refresh",
            edits: [Edit(
                find: "        submitAppRefreshRequest(askedBy: .run)\n        BackgroundTaskRun.start(\n",
                replace: "        BackgroundTaskRun.start(\n"
            )],
            caughtBy: ["refresh.launch-completes-once-and-reschedules"]
        ),
        Mutant(
            name: "completion-handler API on the background session",
            scenario: "downloads",
            edits: [Edit(
                find: "let task = session.downloadTask(with: request)",
                replace: "let task = session.downloadTask(with: request) { _, _, _ in }"
            )],
            caughtBy: ["urlsession.background-unsupported-api"]
        ),
        Mutant(
            name: "no expiration handler",
            scenario: "refresh",
            edits: [Edit(
                find: """
                            task.expirationHandler = { @Sendable in
                                run.expire()
                            }

                    """,
                replace: ""
            )],
            caughtBy: ["bgtask.expired-without-handler"]
        ),
        Mutant(
            name: "registerTasks without its once-only guard, called twice",
            scenario: "refresh",
            edits: [Edit(find: "        guard isFirstCall else {", replace: "        guard isFirstCall || true else {")],
            caughtBy: ["bgtask.register-twice"]
        ),
        Mutant(
            name: "identifier in code differs from Info.plist",
            scenario: "refresh",
            edits: [Edit(
                find: "static let appRefreshIdentifier = \"com.example.app.refresh\"",
                replace: "static let appRefreshIdentifier = \"com.example.app.Refresh\""
            )],
            // register returns false for an unlisted identifier; the generated assertionFailure traps in Debug.
            caughtBy: [trap, "tasks.register-before-launch-finishes", "bgtask.permitted-identifier-without-handler"]
        ),
        Mutant(
            name: "failed transfer restarted instead of resumed from its resume data",
            scenario: "downloads",
            edits: [Edit(
                find: "return session.downloadTask(withResumeData: resumeData)",
                replace: "return session.downloadTask(with: task.originalRequest!)"
            )],
            caughtBy: ["downloads.failure-with-resume-data-resumes"]
        ),
        Mutant(
            name: "stored background-session completion handler never called",
            scenario: "all-tasks",
            edits: [Edit(
                find: """
                            Task { @MainActor in
                                completion()
                            }
                    """,
                replace: "        _ = completion"
            )],
            caughtBy: ["downloads.relaunch-delivers-events-and-calls-completion-handler"]
        ),
        Mutant(
            // Issue 9, defect 1: every relaunch is a new process, so the count starts again and retries never end.
            name: "download retry count kept in memory",
            scenario: "downloads",
            edits: [
                Edit(
                    find: "    private let maximumResumeAttempts: Int\n",
                    replace: "    private let maximumResumeAttempts: Int\n    private let attempts = Locked<[String: Int]>([:])\n"
                ),
                Edit(
                    find: "        if record.attempt <= maximumResumeAttempts, let retry",
                    replace: """
                                let attempt = attempts.withLock { attempts in
                                    attempts[source.absoluteString, default: 0] += 1
                                    return attempts[source.absoluteString, default: 0]
                                }
                                if attempt <= maximumResumeAttempts, let retry
                        """
                ),
            ],
            caughtBy: ["downloads.failing-in-every-relaunch-ends-in-one-downloadDidFail"]
        ),
        Mutant(
            name: "a failed download is retried at once, without backing off",
            scenario: "downloads",
            edits: [Edit(
                find: "            retry.earliestBeginDate = record.retryBeginDate\n            BackgroundLog.notice(\"Retrying a download",
                replace: "            BackgroundLog.notice(\"Retrying a download"
            )],
            caughtBy: ["downloads.failing-in-every-relaunch-ends-in-one-downloadDidFail"]
        ),
        Mutant(
            name: "a transfer record of another version read as this version's",
            scenario: "all-tasks",
            edits: [Edit(find: "record.version == currentVersion", replace: "record.version > 0")],
            caughtBy: ["downloads.record-of-another-version-counts-as-a-first-attempt"]
        ),
        Mutant(
            // Issue 9, defect 2.
            name: "downloads named by the URL's last path component",
            scenario: "downloads",
            edits: [Edit(
                find: "            BackgroundDownloadManager.fileName(for: source, suggestedFilename: suggestedFilename)\n",
                replace: "            source.lastPathComponent\n"
            )],
            caughtBy: ["downloads.odd-urls-get-files-of-their-own"]
        ),
        Mutant(
            name: "a folder at the download's destination is removed",
            scenario: "downloads",
            edits: [Edit(
                find: "            throw BackgroundDownloadError.destinationIsAFolder\n",
                replace: "            try fileManager.removeItem(at: destination)\n"
            )],
            caughtBy: ["downloads.destination-folder-is-never-replaced"]
        ),
        Mutant(
            // Issue 9, defect 3: the container's path changes with every app update.
            name: "upload file stored by its absolute path",
            scenario: "uploads",
            edits: [Edit(
                find: "file: BackgroundTransferRecord.storedPath(of: file, in: container)",
                replace: "file: file.path"
            )],
            caughtBy: ["uploads.started-before-a-container-move-completes-after-it"]
        ),
        Mutant(
            // Issue 9, defect 4.
            name: "upload response body dropped",
            scenario: "uploads",
            edits: [Edit(find: "body: body.data, isBodyTruncated", replace: "body: Data(), isBodyTruncated")],
            caughtBy: ["uploads.response-body-reaches-uploadDidFinish.a-json-answer"]
        ),
        Mutant(
            // Issue 9, defect 5: urlSessionDidFinishEvents before handleEventsForBackgroundURLSession.
            name: "no note of events that finished before the completion handler arrived",
            scenario: "all-tasks",
            edits: [Edit(find: "                state = .finishedWithoutHandler\n", replace: "                state = .idle\n")],
            caughtBy: ["downloads.handler-stored-after-the-events-is-called-once"]
        ),
        Mutant(
            name: "the note of finished events outlives the app becoming active",
            scenario: "all-tasks",
            edits: [Edit(
                find: "Notification.Name(\"UIApplicationDidBecomeActiveNotification\")",
                replace: "Notification.Name(\"UIApplicationDidBecomeActive\")"
            )],
            caughtBy: ["downloads.becoming-active-forgets-a-finish-nobody-waited-for"]
        ),
        Mutant(
            name: "a failed download's full URL logged publicly",
            scenario: "downloads",
            edits: [Edit(
                find: "BackgroundLog.error(\"A download failed\\(record.timing).\", source: record.source, error: error)",
                replace: "BackgroundLog.error(\"A download from \\(source.absoluteString) failed.\", error: error)"
            )],
            caughtBy: ["transfers.logs-name-hosts-only"]
        ),
        Mutant(
            // Issue 10: a URL's path and query can carry a signed token.
            name: "a URL's path logged public",
            scenario: "all-tasks",
            edits: [Edit(find: "\\(path, privacy: .private(mask: .hash))", replace: "\\(path, privacy: .public)")],
            caughtBy: ["transfers.logs-name-hosts-only"]
        ),
        Mutant(
            // Issue 10: an error's description quotes the user's files, URLs and servers' answers.
            name: "an error's description logged public",
            scenario: "silent-push",
            edits: [Edit(
                find: "return \" (error \\(error.domain) \\(error.code))\"",
                replace: "return \" (error \\(error.localizedDescription))\""
            )],
            caughtBy: ["logs.user-data-never-public"]
        ),
        Mutant(
            // Issue 10, iOS 13: `os_log` with `%{public}@` for the value that can carry user data.
            name: "os_log publishes a URL's path",
            scenario: "ios13-all-tasks",
            edits: [Edit(find: "%{private}@%{public}@%{public}@\"", replace: "%{public}@%{public}@%{public}@\"")],
            caughtBy: ["transfers.logs-name-hosts-only"]
        ),
        Mutant(
            // Issue 10: the scheduler call can block, while the app has seconds to enter the background. (GCD runs
            // a `sync` block on the calling thread, here the main thread.)
            name: "requests submitted synchronously on the main thread",
            scenario: "refresh",
            edits: [Edit(find: "submissionQueue.async { [self] in", replace: "submissionQueue.sync { [self] in")],
            caughtBy: ["bgtask.submit-on-main-thread"]
        ),
        Mutant(
            // Issue 10: iOS 27's `submitTaskRequest` must not be called from the main thread either.
            name: "an iOS 27 continued-processing job submitted on the main thread",
            scenario: "ios27-all-tasks",
            edits: [Edit(find: "            submissionQueue.async {\n                handOver(answer)\n", replace: "            do {\n                handOver(answer)\n")],
            caughtBy: ["bgtask.submit-on-main-thread"]
        ),
        Mutant(
            // Issue 10: iOS terminates an app that keeps a background task running after its work is done.
            name: "the background time for a submission is never ended",
            scenario: "refresh",
            edits: [Edit(find: "            }\n            backgroundTime?.end()\n", replace: "            }\n")],
            caughtBy: ["tasks.schedule-keeps-the-app-running-until-submitted"]
        ),
        Mutant(
            name: "the background time for a submission is ended again after it ran out",
            scenario: "ios27-all-tasks",
            edits: [Edit(find: "            defer { task = nil }\n            return task\n", replace: "            return task\n")],
            caughtBy: ["uikit.background-task-ended-twice"]
        ),
        Mutant(
            // Issue 10: submitted on a private queue, the request is lost when iOS suspends the app first.
            name: "scheduling on entering the background takes no background time",
            scenario: "processing",
            edits: [Edit(find: "        guard Thread.isMainThread else { return nil }\n", replace: "        guard !Thread.isMainThread else { return nil }\n")],
            caughtBy: ["tasks.schedule-keeps-the-app-running-until-submitted"]
        ),
        Mutant(
            // Issue 10: a job swiped away in the app switcher gets no cancellation, so only a sweep can clean up.
            name: "partial output of a job swiped away is never swept",
            scenario: "continued-processing",
            edits: [Edit(find: "        Self.sweepAbandonedOutput()\n", replace: "")],
            caughtBy: ["app.launch-sweeps-abandoned-continued-output"],
            modes: [.app]
        ),
        Mutant(
            // Issue 10: a launch handler stays registered for the whole process.
            name: "the launch handler keeps its job alive",
            scenario: "continued-processing",
            edits: [Edit(find: "            Self.launch(identifier, in: task)\n", replace: "            _ = job\n            Self.launch(identifier, in: task)\n")],
            caughtBy: ["continued.a-finished-job-is-released"]
        ),
        Mutant(
            name: "a completed run keeps its work",
            scenario: "continued-processing-ios26",
            edits: [Edit(find: "                state.work = nil\n", replace: "")],
            caughtBy: ["continued.a-finished-job-is-released"]
        ),
        Mutant(
            name: "a continued job's suspension hook is never called",
            scenario: "continued-processing",
            edits: [Edit(find: "    func prepareForSuspension() {\n        job.prepareForSuspension()\n        // The job is cancelled", replace: "    func unusedHook() {\n        job.prepareForSuspension()\n        // The job is cancelled")],
            caughtBy: ["continued.expiry-prepares-the-job-for-suspension-before-completing"]
        ),
        Mutant(
            // Issue 10: before iOS 27 too, the scheduler call can block the button action that starts the job.
            name: "a continued-processing job submitted on the main thread before iOS 27",
            scenario: "continued-processing-ios26",
            edits: [Edit(find: "            submissionQueue.async {\n                handOver(answer)\n", replace: "            do {\n                handOver(answer)\n")],
            caughtBy: ["bgtask.submit-on-main-thread"]
        ),
        Mutant(
            // Issue 10: SwiftUI completes the refresh only when the action returns.
            name: "the SwiftUI refresh waits for work that ignores its cancellation",
            scenario: "swiftui-refresh-processing",
            edits: [Edit(find: "            operation.cancel()\n            finished.resume()\n", replace: "            operation.cancel()\n")],
            caughtBy: ["refresh.work-ignoring-cancellation-stops-at-expiry", "bgtask.completed-late-after-expiry"]
        ),
        Mutant(
            // Issue 10: completed first, iOS can suspend the app while a database in a shared container is open.
            name: "the suspension hook runs after the expired task is completed",
            scenario: "all-tasks",
            edits: [Edit(
                find: """
                            Self.prepareForSuspension(unfinishedWork, awaiting: submissions, of: name)
                            complete(success: result ?? false, byExpiry: true)

                    """,
                replace: """
                            complete(success: result ?? false, byExpiry: true)
                            Self.prepareForSuspension(unfinishedWork, awaiting: submissions, of: name)

                    """
            )],
            // Both tasks expire with work in flight; which check meets the late hook first depends on timing.
            caughtBy: ["refresh.expire-while-work-in-flight", "processing.expire-while-work-in-flight"]
        ),
        Mutant(
            name: "the suspension hook is never called",
            scenario: "processing",
            edits: [Edit(
                find: "        Self.prepareForSuspension(unfinishedWork, awaiting: submissions, of: name)\n",
                replace: "        Self.prepareForSuspension(nil, awaiting: submissions, of: name)\n"
            )],
            caughtBy: ["processing.expire-while-work-in-flight"]
        ),
        Mutant(
            // Issue 10: without the entitlement, every job that asks for the GPU would fail to start.
            name: "a job refused the GPU is not submitted again without it",
            scenario: "continued-processing",
            edits: [Edit(
                find: "if wantsGPU, let refused = failure, (refused as? BGTaskScheduler.Error)?.code == .notPermitted {",
                replace: "if false, let refused = failure, (refused as? BGTaskScheduler.Error)?.code == .notPermitted {"
            )],
            caughtBy: ["continued.gpu-refused-resubmits-without-gpu"]
        ),
        Mutant(
            // Issue 10: UIKit apps with scenes (all of them with the iOS 27 SDK) never hear applicationDidEnterBackground.
            name: "scheduling left in applicationDidEnterBackground",
            scenario: "refresh",
            edits: [Edit(
                find: "    func sceneDidEnterBackground(_ scene: UIScene) {",
                replace: "    func applicationDidEnterBackground(_ application: UIApplication) {"
            )],
            caughtBy: ["app.enter-background-schedules"],
            modes: [.app]
        ),
        Mutant(
            // Issue 10: an app without scenes never hears sceneDidEnterBackground, so nothing would be scheduled.
            name: "an app without scenes schedules from a scene callback UIKit never makes",
            scenario: "no-scenes-refresh-processing",
            edits: [Edit(
                find: "    func applicationDidEnterBackground(_ application: UIApplication) {",
                replace: "    func sceneDidEnterBackground(_ scene: UIScene) {"
            )],
            caughtBy: ["app.enter-background-schedules"],
            modes: [.app]
        ),
        Mutant(
            // Issue 10: a SwiftUI app must recreate its background sessions at launch, or finished transfers wait.
            name: "the SwiftUI adaptor does not recreate the download session at launch",
            scenario: "swiftui-ios17-all-tasks",
            edits: [Edit(find: "        _ = BackgroundDownloadManager.shared\n", replace: "")],
            caughtBy: ["app.launch"],
            modes: [.app]
        ),
        Mutant(
            // Issue 10: one item that always fails stops every later nightly run at the same cursor.
            name: "a checkpointed item that keeps failing is never skipped",
            scenario: "processing-checkpoint-nightly",
            edits: [Edit(
                find: "checkpoint.recordFailure(of: itemCursor) < attemptsPerItem {",
                replace: "checkpoint.recordFailure(of: itemCursor) < Int.max {"
            )],
            caughtBy: ["checkpoint.poisoned-item-is-skipped"]
        ),
        Mutant(
            // Issue 10: an expiry after the last step must not cost the user a finished export.
            name: "a continued job's finished output is discarded when the expiry came after its last step",
            scenario: "continued-processing",
            edits: [Edit(
                find: "            throw error\n        }\n        // Complete: what is left",
                replace: "            throw error\n        }\n        if Task.isCancelled {\n            job.discardPartialOutput()\n        }\n        // Complete: what is left"
            )],
            caughtBy: ["continued.expiry-after-the-last-step-keeps-the-output"]
        ),
        Mutant(
            // Issue 10: `.info` is not persisted, so nobody can see in the morning what ran overnight.
            name: "lifecycle events logged at info",
            scenario: "all-tasks",
            edits: [Edit(find: "log(.default, event, source: source, error: nil)", replace: "log(.info, event, source: source, error: nil)")],
            caughtBy: ["logs.lifecycle-events-persisted"]
        ),
        Mutant(
            // Issue 9, defect 7.
            name: "a restarted download loses the request's headers",
            scenario: "downloads",
            edits: [Edit(
                find: "            return session.downloadTask(with: request)\n",
                replace: "            return session.downloadTask(with: URLRequest(url: request.url!))\n"
            )],
            caughtBy: ["downloads.request-headers-stay-with-the-task-and-out-of-its-record"]
        ),
        Mutant(
            name: "silent-push check ignores the value of content-available",
            scenario: "silent-push",
            edits: [Edit(find: "available == 1", replace: "available >= 0")],
            caughtBy: ["push.content-available-0-is-noData"]
        ),
        Mutant(
            name: "processing request ignores the network answer",
            scenario: "processing-network-power",
            edits: [Edit(
                find: "request.requiresNetworkConnectivity = requiresNetworkConnectivity",
                replace: "request.requiresNetworkConnectivity = false"
            )],
            caughtBy: ["tasks.schedule"]
        ),
        Mutant(
            name: "checkpointed work does not check for cancellation between items",
            scenario: "processing-checkpoint-nightly",
            edits: [Edit(
                find: "            try Task.checkCancellation()\n            let itemCursor = cursor(of: item)\n",
                replace: "            let itemCursor = cursor(of: item)\n"
            )],
            caughtBy: ["checkpoint.no-item-after-expiry"]
        ),
        Mutant(
            name: "app delegate registers the tasks after launch",
            scenario: "refresh",
            edits: [
                Edit(find: "        BackgroundTaskManager.shared.registerTasks()\n", replace: ""),
                Edit(
                    find: "    func sceneDidEnterBackground(_ scene: UIScene) {\n",
                    replace: "    func sceneDidEnterBackground(_ scene: UIScene) {\n        BackgroundTaskManager.shared.registerTasks()\n"
                ),
            ],
            caughtBy: ["bgtask.register-after-launch", "bgtask.permitted-identifier-without-handler"],
            modes: [.app]
        ),
        Mutant(
            // Issue 9, defect 6: an SDK's background session never completes.
            name: "app delegate drops the completion handler of a session it does not own",
            scenario: "uploads",
            edits: [Edit(
                find: "        // because iOS waits for every handler it passes.\n        completionHandler()\n",
                replace: "        // because iOS waits for every handler it passes.\n"
            )],
            caughtBy: ["app.another-sessions-handler-is-called"],
            modes: [.app]
        ),
        Mutant(
            // Review finding: the handler waited for its submission before the run set the expiration handler.
            name: "a launch handler waits for a hung submission before its task has an expiration handler",
            scenario: "refresh",
            edits: [Edit(
                find: "        submitAppRefreshRequest(askedBy: .run)\n        BackgroundTaskRun.start(\n",
                replace: "        submitAppRefreshRequest(askedBy: .run)\n        submissionQueue.sync {}\n        BackgroundTaskRun.start(\n"
            )],
            caughtBy: ["refresh.hung-submission-neither-blocks-the-expiry-nor-the-next-launch"]
        ),
        Mutant(
            name: "the SwiftUI refresh waits for a hung submission outside its cancellation-aware wait",
            scenario: "swiftui-refresh-processing",
            edits: [Edit(
                find: "        let submissions = submissions\n",
                replace: """
                            let submissions = submissions
                            await withCheckedContinuation { (submitted: CheckedContinuation<Void, Never>) in
                                submissionQueue.async { submitted.resume() }
                            }

                    """
            )],
            caughtBy: ["refresh.hung-submission-neither-blocks-the-expiry-nor-the-next-launch"]
        ),
        Mutant(
            name: "a job refused the GPU is told it has the GPU",
            scenario: "continued-processing",
            edits: [Edit(
                find: "gpu ? $0.insert(identifier).inserted : $0.remove(identifier) != nil",
                replace: "$0.insert(identifier).inserted"
            )],
            caughtBy: ["continued.gpu-refused-resubmits-without-gpu"]
        ),
        Mutant(
            name: "a job granted the GPU is told it has none",
            scenario: "continued-processing",
            edits: [Edit(
                find: "let usesBackgroundGPU = jobsAskingForGPU.withLock { $0.remove(identifier) != nil }",
                replace: "let usesBackgroundGPU = jobsAskingForGPU.withLock { _ in false }"
            )],
            caughtBy: ["continued.gpu-granted-is-told-to-the-job"]
        ),
        Mutant(
            // Review finding: iOS 27 calls back after submitTaskRequest returned; the call is not the hand-over.
            name: "an iOS 27 submission counted as handed over when the call returns",
            scenario: "ios27-all-tasks",
            edits: [Edit(
                find: "            Self.logSubmission(of: identifier, backgroundMode: backgroundMode, error: error)\n            leave()\n        }\n",
                replace: "            Self.logSubmission(of: identifier, backgroundMode: backgroundMode, error: error)\n        }\n        leave()\n"
            )],
            caughtBy: ["refresh.launch-completes-once-and-reschedules", "processing.launch-completes-once-and-reschedules"]
        ),
        Mutant(
            // Review finding: the sweep's launch line was only in the prose, not in the printed app delegate.
            name: "the printed app delegate does not create the continued-processing manager at launch",
            scenario: "continued-processing",
            edits: [Edit(find: "        if #available(iOS 26.0, *) { _ = ContinuedProcessingManager.shared }\n", replace: "")],
            caughtBy: ["app.launch-sweeps-abandoned-continued-output"],
            modes: [.app]
        ),
        Mutant(
            // Review 3, finding 3: an expiry while the finished run waits for the hand-over failed the task.
            name: "an expiry during the hand-over wait undoes a finished run",
            scenario: "refresh",
            edits: [Edit(find: "            run.record(success: success)\n", replace: "")],
            caughtBy: ["refresh.expiry-during-the-hand-over-keeps-the-finished-result", "processing.expiry-during-the-hand-over-keeps-the-finished-result"]
        ),
        Mutant(
            // Review 3, finding 4: the push answered before its processing request was submitted.
            name: "a process push answers before its processing request is submitted",
            scenario: "interval-on-push",
            edits: [Edit(
                find: "            await processing.requestProcessingSoon()\n",
                replace: "            Task { await processing.requestProcessingSoon() }\n"
            )],
            caughtBy: ["push.process-answers-after-the-request-is-submitted"]
        ),
        Mutant(
            // Review 3, finding 13: hosts identify users of per-customer or self-hosted servers.
            name: "a transfer's host is logged public",
            scenario: "all-tasks",
            edits: [Edit(find: "\\(host, privacy: .private(mask: .hash))", replace: "\\(host, privacy: .public)")],
            caughtBy: ["transfers.hosts-logged-hashed"]
        ),
        Mutant(
            // Review 3, finding 7: three nights offline skipped an item for good.
            name: "checkpointed work counts every failure toward skipping the item",
            scenario: "processing-checkpoint-nightly",
            edits: [Edit(
                find: "            } catch BackgroundWorkError.permanent(let error) {\n",
                replace: "            } catch {\n"
            )],
            caughtBy: ["checkpoint.transient-failures-never-skip-an-item"]
        ),
        Mutant(
            // Review 3, finding 12: with --interval on-push an expired run's remaining work waited for a push.
            name: "a push-scheduled processing run that expires is not rescheduled",
            scenario: "interval-on-push",
            edits: [Edit(find: "            operation?.cancel()\n            reschedule?()\n", replace: "            operation?.cancel()\n")],
            caughtBy: ["processing.failed-or-expired-run-asks-for-the-next"]
        ),
        Mutant(
            // Review 3, finding 11: no progress shown until the first step ended.
            name: "a continued-processing job shows no progress until its first step ends",
            scenario: "continued-processing",
            edits: [Edit(find: "        progress.begin(total: job.totalUnitCount)\n", replace: "")],
            caughtBy: ["continued.expire-while-running"]
        ),
        Mutant(
            // Review 3, finding 15: the app's own cancel was logged as an error and reported as a failure.
            name: "the app's own cancel of a download is reported as a failure",
            scenario: "downloads",
            edits: [Edit(
                find: "            BackgroundLog.notice(\"A download was cancelled by the app\\(record.timing).\", source: record.source)\n            return\n",
                replace: "            BackgroundLog.error(\"A download failed.\", source: record.source, error: error)\n            handler.downloadDidFail(from: source, error: error)\n            return\n"
            )],
            caughtBy: ["downloads.the-apps-own-cancel-is-no-failure"]
        ),
        Mutant(
            // Review 21, finding 1: an expiry completed the task while the next request was still queued.
            name: "an expiry completes the task without waiting for the next request",
            scenario: "interval-on-push",
            edits: [Edit(
                find: "        Self.prepareForSuspension(unfinishedWork, awaiting: submissions, of: name)\n",
                replace: "        Self.prepareForSuspension(unfinishedWork, awaiting: nil, of: name)\n"
            )],
            caughtBy: ["processing.expiry-waits-for-the-next-request-within-its-bound"]
        ),
        Mutant(
            // Review 21, finding 3: SwiftUI's refresh called the hook on work that had already returned.
            name: "the SwiftUI refresh prepares finished work for suspension",
            scenario: "swiftui-refresh-processing",
            edits: [Edit(
                find: "prepareForSuspension(result == nil ? work : nil, awaiting: submissions, of: name)",
                replace: "prepareForSuspension(work, awaiting: submissions, of: name)"
            )],
            caughtBy: ["refresh.expiry-during-the-hand-over-keeps-the-finished-result"]
        ),
        Mutant(
            // Review 21, finding 3: SwiftUI's refresh logged neither its outcome nor its duration.
            name: "the SwiftUI refresh does not log how it ended",
            scenario: "swiftui-refresh-processing",
            edits: [Edit(find: "        BackgroundTaskRun.logOutcome(of: name, started: started, success: result ?? false)\n", replace: "")],
            caughtBy: ["logs.each-task-logs-its-launch-outcome-and-duration"]
        ),
        Mutant(
            // Review 21, finding 2: iOS's cancel for disabled background updates passed for the app's own.
            name: "a cancel with any reason but low resources or a force quit counts as the app's own",
            scenario: "uploads",
            edits: [Edit(find: "        case NSURLErrorCancelledReasonBackgroundUpdatesDisabled?:\n            return .backgroundUpdatesDisabled\n", replace: "        case NSURLErrorCancelledReasonBackgroundUpdatesDisabled?:\n            return .byTheApp\n")],
            caughtBy: ["downloads.cancelled-because-background-updates-are-off-is-reported", "uploads.cancelled-because-background-updates-are-off-is-reported"]
        ),
        Mutant(
            // Review 21, finding 10: the line that says how a transfer ended did not say how long it took.
            name: "a transfer's outcome is logged without its duration",
            scenario: "uploads",
            edits: [Edit(
                find: "        return String(format: \" after %.1f s\", Date().timeIntervalSince(started)) + attempt\n",
                replace: "        return attempt\n"
            )],
            caughtBy: ["transfers.outcomes-logged-with-their-duration"]
        ),
        Mutant(
            // Review 21, finding 9: an iOS 27 answer that never came kept every later run waiting its full bound.
            name: "an unanswered iOS 27 submission holds the hand-over group for good",
            scenario: "ios27-all-tasks",
            edits: [Edit(
                find: "        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + BackgroundTaskRun.submissionWaitLimit, execute: leave)\n",
                replace: ""
            )],
            caughtBy: ["refresh.an-unanswered-submission-does-not-hold-later-runs", "processing.an-unanswered-submission-does-not-hold-later-runs"]
        ),
        Mutant(
            // Review 4 (this stop), L1: below iOS 27 a `submit(_:)` that hung held `start(_:)`, and the person's
            // button, for as long as it hung.
            name: "a continued-processing submission waits for the scheduler without a limit",
            scenario: "continued-processing-ios26",
            edits: [Edit(
                find: "            DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + submissionLimit) {\n",
                replace: "            DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + 3600) {\n"
            )],
            caughtBy: ["continued.a-hung-submission-times-out-and-is-withdrawn"]
        ),
        Mutant(
            // Review 4 (this stop), L1: a request the scheduler took after `start(_:)` had timed out stayed pending
            // and would launch a job the app was told did not start. Below iOS 27 the limit's own withdrawal waits
            // behind the hung submission on the same queue; iOS 27 hands the request over on a queue of its own,
            // after that withdrawal ran, so only the withdrawal of the late acceptance catches it there.
            name: "a continued-processing request taken after its start timed out stays pending",
            scenario: "ios27-all-tasks",
            edits: [Edit(
                find: "                    if error == nil && withdrawn.withLock({ $0 }) {\n                        withdraw(identifier)\n",
                replace: "                    if error == nil && withdrawn.withLock({ $0 }) {\n"
            )],
            caughtBy: ["continued.a-hung-submission-times-out-and-is-withdrawn"]
        ),
        Mutant(
            // Review 6, L7: the late acceptance of a job iOS launched before answering, which `start(_:)` had
            // reported started when the limit passed, withdrew the running job's request.
            name: "the late acceptance of a job reported started withdraws its request",
            scenario: "ios27-all-tasks",
            edits: [Edit(
                find: "                    if error == nil && withdrawn.withLock({ $0 }) {\n",
                replace: "                    if error == nil {\n"
            )],
            caughtBy: ["continued.a-job-launched-before-its-answer-is-reported-started"]
        ),
        Mutant(
            // Review 5, N13: the migration removed the defaults' key before the schedule file was written, so a
            // write that failed lost the value.
            name: "a due date carried over from the defaults is removed from there before the file is written",
            scenario: "refresh",
            edits: [Edit(
                find: "            if state == saved || write(state) {\n",
                replace: "            if state != saved {\n                _ = write(state)\n            }\n            do {\n"
            )],
            caughtBy: ["tasks.a-due-date-kept-in-the-defaults-is-carried-over"]
        ),
        Mutant(
            // Review 5, L5: after the limit, `start(_:)` withdrew the request on its caller's thread (the main thread,
            // a button action), into the scheduler that had just hung.
            name: "a continued-processing submission that timed out is withdrawn on the button's thread",
            scenario: "continued-processing-ios26",
            edits: [
                Edit(
                    find: "                withdraw(identifier)\n                waiting.resume(returning: SubmissionTimedOut())\n",
                    replace: "                waiting.resume(returning: SubmissionTimedOut())\n"
                ),
                Edit(
                    find: "        guard let failure else { return identifier }\n",
                    replace: "        guard let failure else { return identifier }\n        if failure is SubmissionTimedOut {\n            BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)\n        }\n"
                ),
            ],
            caughtBy: ["continued.a-hung-submission-times-out-and-is-withdrawn"]
        ),
        Mutant(
            // Review 5, L5: `cancelQueuedJob(_:)` withdrew on its caller's thread too.
            name: "a queued continued-processing job is withdrawn on the button's thread",
            scenario: "continued-processing-ios26",
            edits: [Edit(
                find: "        Self.withdraw(identifier)\n        BackgroundLog.notice(\"Withdrew \\(identifier).\")\n",
                replace: "        BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)\n        BackgroundLog.notice(\"Withdrew \\(identifier).\")\n"
            )],
            caughtBy: ["continued.a-hung-submission-times-out-and-is-withdrawn"]
        ),
        Mutant(
            // Review 5, N14: the job stayed in `waitingJobs` until `start(_:)` heard of the limit, an actor hop
            // later, and a launch from a late acceptance in between ran it.
            name: "a continued-processing job stays launchable after its start timed out",
            scenario: "continued-processing-ios26",
            edits: [Edit(
                find: "                guard waitingJobs.withLock({ $0.removeValue(forKey: identifier) }) != nil else {\n",
                replace: "                guard waitingJobs.withLock({ $0[identifier] }) != nil else {\n"
            )],
            caughtBy: ["continued.a-job-taken-after-its-start-timed-out-never-runs"]
        ),
        Mutant(
            // Review 4 (this stop), L2: a "process" push kept the interval's due date, up to an interval away.
            name: "a process push asks for processing at the interval's due date",
            scenario: "all-tasks",
            edits: [Edit(find: "            askedBy: .waitingWork, handedOver: handedOver\n", replace: "            askedBy: .leavingTheApp, handedOver: handedOver\n")],
            caughtBy: ["push.process-asks-for-the-next-idle-moment-and-leaving-the-app-keeps-it"]
        ),
        Mutant(
            // Review 4 (this stop), L2: leaving the app after a push moved its request back to the due date.
            name: "leaving the app after a process push moves its request back to the due date",
            scenario: "all-tasks",
            edits: [Edit(
                find: "                if state.waitingWork?.contains(identifier) == true {\n                    return now\n                }\n",
                replace: "                break\n"
            )],
            caughtBy: ["push.process-asks-for-the-next-idle-moment-and-leaving-the-app-keeps-it"]
        ),
        Mutant(
            // Review 4, C1: every trip to the background asked for "now + interval", moving the pending request
            // later each time; a daily task never ran for a user who opens the app every day.
            name: "scheduling from the background asks for now plus the interval (daily)",
            scenario: "interval-daily",
            edits: [Edit(find: "            if asker == .leavingTheApp, let saved", replace: "            if asker == .leavingTheApp && next < now, let saved")],
            caughtBy: ["tasks.a-user-back-every-few-hours-gets-a-run-each-interval"]
        ),
        Mutant(
            name: "scheduling from the background asks for now plus the interval (every few hours)",
            scenario: "refresh",
            edits: [Edit(find: "            if asker == .leavingTheApp, let saved", replace: "            if asker == .leavingTheApp && next < now, let saved")],
            caughtBy: ["tasks.a-user-back-every-few-hours-gets-a-run-each-interval"]
        ),
        Mutant(
            // Review 3, L1: due dates kept in UserDefaults, which a locked device cannot read in an app whose data
            // protection is `complete`: the run's due date was lost and the next trip to the background asked later.
            name: "a due date is read only from the defaults a locked device cannot read",
            scenario: "refresh",
            edits: [Edit(
                find: "let saved = state.due[identifier], saved <= next,",
                replace: "let saved = UserDefaults.standard.object(forKey: identifier + \".due\") as? Date, saved <= next,"
            )],
            caughtBy: ["tasks.a-due-date-survives-a-locked-device"]
        ),
        Mutant(
            // Review 3, L1: the push back-off's count in UserDefaults read 0 on a locked device, so it never grew.
            name: "the push back-off counts unfinished runs only in the defaults",
            scenario: "interval-on-push",
            edits: [Edit(
                find: "let runs = (state.unfinishedRuns[identifier] ?? 0) + 1",
                replace: "let runs = ((UserDefaults.standard.object(forKey: identifier + \".unfinishedRuns\") as? Int) ?? 0) + 1"
            )],
            caughtBy: ["processing.the-back-off-survives-a-locked-device"]
        ),
        Mutant(
            // Review 3, L3: an expiry completed the task before the cancelled job, throwing, discarded its partial
            // output; iOS can suspend the app in between, and output outside the partial-output folder stayed.
            name: "an expired continued-processing job's output is discarded after its task completes",
            scenario: "continued-processing",
            edits: [Edit(find: "        _ = running.wait(timeout: .now() + BackgroundTaskRun.suspensionPreparationLimit)\n", replace: "")],
            caughtBy: ["continued.an-expired-jobs-output-is-discarded-before-its-task-completes"]
        ),
        Mutant(
            // Review 4, C5: the end of a pass forgot the skip, so a bad item failed two runs in every three.
            name: "the end of a checkpoint pass forgets the items skipped for good",
            scenario: "processing-checkpoint-nightly",
            edits: [Edit(find: "        write(State(skipped: read().skipped))\n", replace: "        write(State())\n")],
            caughtBy: ["checkpoint.an-item-skipped-for-good-stays-skipped-in-later-passes"]
        ),
        Mutant(
            // Review 4 (second read), finding 2: a skip kept as "the item after cursor X" skipped the next good item
            // for good once the bad record was deleted.
            name: "an item skipped for good is known by the cursor before it",
            scenario: "processing-checkpoint-nightly",
            edits: [Edit(find: "                checkpoint.skip(itemCursor)\n", replace: "                checkpoint.skip(checkpoint.load() ?? \"\")\n")],
            caughtBy: ["checkpoint.a-skip-follows-its-item-when-records-are-deleted-or-added"]
        ),
        Mutant(
            // Review 4 (second read), finding 3: after a missed night, leaving the app asked for "now", and the
            // nightly work could run at midday.
            name: "a missed night's start time is asked for in the daytime",
            scenario: "processing-checkpoint-nightly",
            edits: [Edit(find: "            && now < saved.addingTimeInterval(BackgroundTaskConfiguration.processingStartWindow)\n", replace: "\n")],
            caughtBy: ["processing.a-missed-night-waits-for-the-next-start-time"]
        ),
        Mutant(
            // Review 4 (second read), finding 4: a saved start time survived a flight west and fell in the evening.
            name: "a saved start time is kept in another time zone",
            scenario: "processing-checkpoint-nightly",
            edits: [Edit(find: "        return time.hour == start.hour && time.minute == (start.minute ?? 0)\n", replace: "        return time.minute == (start.minute ?? 0)\n")],
            caughtBy: ["processing.the-start-time-follows-the-time-zone"]
        ),
    ]

    /// A retry count in a static dictionary: it survives the harness's relaunches, which keep the process, so
    /// only TransfersAcrossProcessesTests, where each launch is a process, catches it.
    static let staticRetryCount = Mutant(
        name: "download retry count kept in static memory",
        scenario: "ios18-all-tasks",
        edits: [
            Edit(
                find: "    private let maximumResumeAttempts: Int\n",
                replace: "    private let maximumResumeAttempts: Int\n    private static let attempts = Locked<[String: Int]>([:])\n"
            ),
            Edit(
                find: "        if record.attempt <= maximumResumeAttempts, let retry",
                replace: """
                            let attempt = Self.attempts.withLock { attempts in
                                attempts[source.absoluteString, default: 0] += 1
                                return attempts[source.absoluteString, default: 0]
                            }
                            if attempt <= maximumResumeAttempts, let retry
                    """
            ),
        ],
        caughtBy: []
    )

    /// Applies the edits; throws unless the text each edit changes occurs exactly once in all the rendered files,
    /// so a template change cannot quietly turn a mutant into the original.
    func apply(to sources: inout SimulatedApp.Sources) throws {
        try Self.apply(edits, to: &sources.swiftFiles, scenario: scenario)
    }

    /// The same for any rendered files by name, such as the rehearsal tests' (RehearsalTests).
    static func apply(_ edits: [Edit], to swiftFiles: inout [String: String], scenario: String) throws {
        for edit in edits {
            let holders = swiftFiles.filter { $0.value.contains(edit.find) }
            guard holders.count == 1, let (file, text) = holders.first, text.components(separatedBy: edit.find).count == 2 else {
                throw MutantError("\(scenario) no longer renders exactly one \"\(edit.find)\"; update the mutant")
            }
            swiftFiles[file] = text.replacingOccurrences(of: edit.find, with: edit.replace)
        }
    }

    /// The mutant named `name`.
    static func named(_ name: String) -> Mutant {
        all.first { $0.name == name }!
    }
}

struct MutantError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The simulator is worth only the bugs it catches: each mutant must build (so only the simulator can catch it)
/// and must fail its run, caught by the named check or rule.
@Suite("The simulator catches broken generated code", .tags(.slow), .highPriority, .needsStubSDK)
struct SimulatorMutantTests {
    /// Every mutant is built and run as the run starts (`.startsEarly`): the suite is the run's longest, and its
    /// runs, which mostly wait for events that never come, overlap the other suites instead of following them.
    @Test(.startsEarly { await SimulatorMutantTests.startAll() }, arguments: Mutant.all)
    func mutantIsCaught(_ mutant: Mutant) async throws {
        for run in try await Self.runs(of: mutant) {
            #expect(!run.isClean, "the mutant passed every check:\n\(run)")
            let caught = mutant.caughtBy.contains { $0 == Mutant.trap ? run.crashed : run.caught($0) }
            MutantVerdicts.record(mutant, run)
            // Said only when the mutant survives: a passing run prints nothing per mutant, so its log does not look like failure.
            #expect(caught, "expected to be caught by one of \(mutant.caughtBy):\n\(run)")
        }
    }

    /// The mutant built and run in each of its modes, once per test process, by whichever asks first: the test, or
    /// `startAll` as the run starts.
    static func runs(of mutant: Mutant) async throws -> [HarnessRun] {
        try await runs.value(for: mutant.name) {
            let original = try SimulatedApp.sources(for: Scenarios.named(mutant.scenario))
            var sources = original
            try mutant.apply(to: &sources)
            // Built by its edited file from three mutants of a scenario on: below that, compiling the scenario file by
            // file first costs more than it saves.
            let app = Mutant.all.count(where: { $0.scenario == mutant.scenario && $0.setup == mutant.setup }) >= 3
                ? try await SimulatedApp.build(mutant: sources, of: original, setup: mutant.setup)
                : try await SimulatedApp.build(sources, setup: mutant.setup)
            var runs: [HarnessRun] = []
            for mode in mutant.modes {
                runs.append(try await app.run(mode, eventTimeout: 2))
            }
            return runs
        }
    }

    private static let runs = ContentCache<String, [HarnessRun]>()

    /// Every mutant's `runs(of:)`, at once (the compiler permits and the run slots bound how many build and run).
    static func startAll() async {
        guard CompileHost.current.runsStubs else { return }
        await withTaskGroup(of: Void.self) { group in
            for mutant in Mutant.all {
                group.addTask { _ = try? await runs(of: mutant) }
            }
        }
    }
}

/// When `BGGEN_MUTANT_VERDICTS` names a file, each mutant run adds one line to it: the mutant, the mode, how the run
/// ended and the names of the checks and rules that failed, sorted. A change to how mutants are built or run must
/// leave the sorted file as it was (compare two runs' files with `sort | diff`): the same checks catch each mutant.
enum MutantVerdicts {
    private static let path = ProcessInfo.processInfo.environment["BGGEN_MUTANT_VERDICTS"].flatMap { $0.isEmpty ? nil : $0 }

    static func record(_ mutant: Mutant, _ run: HarnessRun) {
        guard let path else { return }
        let caught = Set((run.failed + run.violations).map { String($0.prefix { $0 != ":" }) }).sorted()
        let line = "\(mutant.name) | \(run.mode.rawValue) | \(run.ending) | \(caught.joined(separator: " "))\n"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // One write per line on an O_APPEND descriptor: lines from parallel tests never interleave.
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }
}
