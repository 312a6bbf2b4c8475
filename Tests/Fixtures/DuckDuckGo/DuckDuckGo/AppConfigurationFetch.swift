import BackgroundTasks
import UIKit

final class AppConfigurationFetch {
    static let backgroundProcessingTaskIdentifier = "com.duckduckgo.app.configurationRefresh"

    func fetchInBackground() {
        // Not BGTaskScheduler: a UIKit background task for finishing work after the app is backgrounded.
        let task = UIApplication.shared.beginBackgroundTask(withName: "Fetch Configuration") {}
        UIApplication.shared.endBackgroundTask(task)
    }

    static func registerBackgroundRefreshTaskHandler() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.backgroundProcessingTaskIdentifier, using: nil) { task in
            task.setTaskCompleted(success: true)
        }
    }

    static func scheduleBackgroundRefreshTask() {
        let task = BGProcessingTaskRequest(identifier: AppConfigurationFetch.backgroundProcessingTaskIdentifier)
        task.requiresNetworkConnectivity = true
        try? BGTaskScheduler.shared.submit(task)
    }
}
