import BackgroundTasks

protocol BGTaskScheduling {
    func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool
}

extension BGTaskScheduler: BGTaskScheduling {}

enum DataType {
    case hashPrefixSet, filterSet

    var backgroundTaskIdentifier: String {
        switch self {
        case .hashPrefixSet: "com.duckduckgo.app.maliciousSiteProtectionHashPrefixSetRefresh"
        case .filterSet: "com.duckduckgo.app.maliciousSiteProtectionFilterSetRefresh"
        }
    }
}

final class MaliciousSiteProtectionDatasetsFetcher {
    let scheduler: BGTaskScheduling = BGTaskScheduler.shared

    func registerBackgroundRefreshTaskHandler(for type: DataType) {
        _ = scheduler.register(forTaskWithIdentifier: type.backgroundTaskIdentifier, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }

    func schedule(_ type: DataType) {
        let request = BGProcessingTaskRequest(identifier: type.backgroundTaskIdentifier)
        try? BGTaskScheduler.shared.submit(request)
    }
}
