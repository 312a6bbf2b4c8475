// Fixture for bggen's project detection: a trimmed stand-in for NetNewsWire's iOS app delegate.

import UIKit
@preconcurrency import BackgroundTasks

@MainActor final class AppDelegate: UIResponder, UIApplicationDelegate {
	// Not background work: a queue whose label merely mentions BGTaskScheduler.
	private let schedulerQueue = DispatchQueue(label: "BGTaskScheduler")

	func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
		registerBackgroundTasks()
		application.registerForRemoteNotifications()
		return true
	}

	func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
	                 fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
		completionHandler(.newData)
	}

	private func registerBackgroundTasks() {
		BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.ranchero.NetNewsWire.FeedRefresh", using: nil) { task in
			self.performBackgroundFeedRefresh(with: task as! BGAppRefreshTask)
		}
	}

	func scheduleBackgroundFeedRefresh() {
		let request = BGAppRefreshTaskRequest(identifier: "com.ranchero.NetNewsWire.FeedRefresh")
		request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
		try? BGTaskScheduler.shared.submit(request)
	}

	private func performBackgroundFeedRefresh(with task: BGAppRefreshTask) {
		task.setTaskCompleted(success: true)
	}
}
