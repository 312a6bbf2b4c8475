// Created by bggen. This file is yours: bggen never overwrites it.
import Foundation
import UIKit

/// What a silent push does. The server chooses the work with the payload's custom keys, for example
/// `{"aps": {"content-available": 1}, "type": "sync"}`.
nonisolated struct AppSilentPushWork: SilentPushWork {
    private struct Message: Decodable {
        let type: String?
    }

    func perform(_ push: SilentPush) async throws -> UIBackgroundFetchResult {
        switch try push.decode(Message.self).type {
        case "sync"?:
            // Fetch what changed, for example: try await SyncClient().pullChanges()
            return .newData
        default:
            return .noData
        }
    }
}

nonisolated extension SilentPushHandler {
    /// Builds the work of `SilentPushHandler.shared`. It runs on the main actor, when the app delegate first uses
    /// `shared`, so it can hand the work the app's own dependencies, main-actor ones included, for example
    /// `AppSilentPushWork(sync: SyncClient.shared)`. The rehearsal tests build the work with
    /// `makeRehearsedSilentPushWork()` and send one push per case above, unless your test target declares that
    /// factory (with test doubles) or `@MainActor static var rehearsedPushes: [String] { […] }` (your server's
    /// pushes, as JSON).
    @MainActor
    static func makeSilentPushWork() -> any SilentPushWork {
        AppSilentPushWork()
    }
}
