import UIKit
import BackgroundTasks

@MainActor var appDelegate: AppDelegate!

@MainActor final class AppDelegate: UIResponder, UIApplicationDelegate {
	private let backgroundTaskDispatchQueue = DispatchQueue.init(label: "BGTaskScheduler")

	func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
		appDelegate = self
		registerBackgroundTasks()
		return true
	}

	func applicationDidEnterBackground(_ application: UIApplication) {
		scheduleBackgroundFeedRefresh()
	}

	func suspendApplication() {}
}

// MARK: Background Tasks

private extension AppDelegate {

	/// Register all background tasks.
	func registerBackgroundTasks() {
		// Register background feed refresh.
		BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.ranchero.NetNewsWire.FeedRefresh", using: nil) { (task) in
			self.performBackgroundFeedRefresh(with: task as! BGAppRefreshTask)
		}
	}

	/// Schedules a background app refresh based on `AppDefaults.refreshInterval`.
	func scheduleBackgroundFeedRefresh() {
		backgroundTaskDispatchQueue.async {
			let request = BGAppRefreshTaskRequest(identifier: "com.ranchero.NetNewsWire.FeedRefresh")
			request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
			try? BGTaskScheduler.shared.submit(request)
		}
	}

	func performBackgroundFeedRefresh(with task: BGAppRefreshTask) {
		scheduleBackgroundFeedRefresh() // schedule next refresh

		Task { @MainActor in
			await AccountManager.shared.refreshAll()
			task.setTaskCompleted(success: true)
		}

		// set expiration handler
		task.expirationHandler = { [weak task] in
			DispatchQueue.main.async {
				self.suspendApplication()
				task?.setTaskCompleted(success: false)
			}
		}
	}
}

// MARK: Silent push (CloudKit and feed-service sync), which is what `remote-notification` is for

extension AppDelegate {
    func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
		Task { @MainActor in
			self.resumeDatabaseProcessingIfNecessary()
			await AccountManager.shared.receiveRemoteNotification(userInfo: userInfo)
			self.suspendApplication()
			completionHandler(.newData)
		}
    }
}
