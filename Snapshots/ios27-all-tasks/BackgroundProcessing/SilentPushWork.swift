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
        case "process"?:
            // Heavy work waits for a processing task, which iOS runs when the device is idle.
            BackgroundTaskManager.shared.scheduleProcessingTask()
            return .noData
        default:
            return .noData
        }
    }
}
