// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation
import UIKit

/// What a silent push does. The server chooses the work with the payload's custom keys, for example
/// `{"aps": {"content-available": 1}, "type": "sync"}`.
nonisolated struct AppSilentPushWork: SilentPushWork {
    /// Schedules the processing a push asks for: `BackgroundTaskManager.shared` in the app; the rehearsals
    /// hand it a manager with a fake scheduler, so they never move the app's own schedule.
    let processing: BackgroundTaskManager

    private struct Message: Decodable {
        let type: String?
    }

    func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult {
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

nonisolated extension SilentPushHandler: SilentPushWorkFactory {
    /// Builds the work of `SilentPushHandler.shared`. It runs on the main actor, when the app delegate first uses
    /// `shared`, so it can hand the work the app's own dependencies, main-actor ones included: give them in
    /// `makeSilentPushWork(processing:)`, below. The rehearsal tests build the work with
    /// `makeRehearsedSilentPushWork()` (by default `makeSilentPushWork(processing:)` with the
    /// rehearsals' own manager) and send one push per case above, unless your test target declares that
    /// factory (with test doubles) or `@MainActor static var rehearsedPushes: [String] { […] }` (your server's
    /// pushes, as JSON).
    @MainActor
    static func makeSilentPushWork() -> any SilentPushWork {
        makeSilentPushWork(processing: .shared)
    }

    /// The work, scheduling processing with `processing`: `.shared` in the app, a manager with a fake scheduler
    /// in the rehearsal tests, which never move the app's own schedule. Hand it the app's other dependencies
    /// here, for example `AppSilentPushWork(sync: SyncClient.shared, processing: processing)`. bggen's generated
    /// files call this factory, not `AppSilentPushWork`'s initializer: keep its name and parameter.
    @MainActor
    static func makeSilentPushWork(processing: BackgroundTaskManager) -> any SilentPushWork {
        AppSilentPushWork(processing: processing)
    }
}
