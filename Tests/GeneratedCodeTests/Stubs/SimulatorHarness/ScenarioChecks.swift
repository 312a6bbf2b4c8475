// Which of the harness's checks apply to this scenario, chosen by the `-D` flags the test passes from its tasks.
// The checks that need the generated code's types live in this module; the rest are HarnessKit's, which reach the
// generated code through what this module passes them (GeneratedTasks.swift, GeneratedCheckpoint.swift,
// GeneratedDownloads.swift, GeneratedUploads.swift, GeneratedSilentPush.swift, GeneratedAppDelegate.swift).
@testable import App
import Foundation
@testable import HarnessKit

nonisolated enum ScenarioChecks {
    /// The generated code through its test seams, with work injected by the checks.
    static func run() {
        #if BGGEN_REFRESH || BGGEN_PROCESSING
        GeneratedTasks.run()
        #endif
        #if BGGEN_DOWNLOADS
        DownloadChecks.run(GeneratedDownloads.subject())
        #endif
        #if BGGEN_UPLOADS
        UploadChecks.run(GeneratedUploads.subject())
        #endif
        #if BGGEN_SILENT_PUSH
        SilentPushChecks.run(GeneratedSilentPush.subject())
        #endif
        #if BGGEN_CONTINUED_PROCESSING
        ContinuedProcessingChecks.run()
        #endif
        #if BGGEN_DOWNLOADS || BGGEN_UPLOADS
        let transfers = true
        #else
        let transfers = false
        #endif
        #if BGGEN_REFRESH || BGGEN_PROCESSING
        let taskIdentifiers: [String]? = [HarnessExpectations.refreshIdentifier, HarnessExpectations.processingIdentifier].compactMap { $0 }
        #else
        let taskIdentifiers: [String]? = nil
        #endif
        LogChecks.run(transfers: transfers, taskIdentifiers: taskIdentifiers)
    }

    /// The app delegate users are told to paste, with the work files bggen ships, launched as iOS would.
    static func runApp() {
        #if BGGEN_APP_DELEGATE
        AppDelegateChecks.run(GeneratedAppDelegate.subject())
        #else
        HarnessReport.shared.skip("app", "this scenario has no app-delegate example")
        #endif
    }
}
