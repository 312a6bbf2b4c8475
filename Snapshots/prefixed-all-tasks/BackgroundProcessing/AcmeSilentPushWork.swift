// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation
import UIKit

/// What a silent push does. The server chooses the work with the payload's custom keys, for example
/// `{"aps": {"content-available": 1}, "type": "sync"}`.
nonisolated struct AcmeAppSilentPushWork: AcmeSilentPushWork {
    /// Schedules the processing a push asks for: `AcmeBackgroundTaskManager.shared` in the app.
    let processing: AcmeBackgroundTaskManager

    private struct Message: Decodable {
        let type: String?
    }

    func perform(_ push: AcmeSilentPush) async throws -> UIBackgroundFetchResult {
        switch try push.decode(Message.self).type {
        case "sync"?:
            // Fetch what changed, for example: try await SyncClient().pullChanges()
            return .newData
        case "process"?:
            // Heavy work waits for a processing task, which iOS runs at the next idle moment. Awaited: iOS can
            // suspend the app as soon as the push is answered, before the request is submitted.
            await processing.requestProcessingSoon()
            return .noData
        default:
            return .noData
        }
    }
}

nonisolated extension AcmeSilentPushHandler: AcmeSilentPushWorkFactory {
    /// Builds the work of `AcmeSilentPushHandler.shared`. It runs on the main actor, when the app delegate first uses
    /// `shared`, so it can hand the work the app's own dependencies, main-actor ones included: give them in
    /// `makeSilentPushWork(processing:)`, below.
    @MainActor
    static func makeSilentPushWork() -> any AcmeSilentPushWork {
        makeSilentPushWork(processing: .shared)
    }

    /// The work, scheduling processing with `processing`: `.shared` in the app. Hand it the app's other dependencies
    /// here, for example `AcmeAppSilentPushWork(sync: SyncClient.shared, processing: processing)`. bggen's generated
    /// files call this factory, not `AcmeAppSilentPushWork`'s initializer: keep its name and parameter.
    @MainActor
    static func makeSilentPushWork(processing: AcmeBackgroundTaskManager) -> any AcmeSilentPushWork {
        AcmeAppSilentPushWork(processing: processing)
    }
}
