import BackgroundTasks
import Foundation
import PromiseKit
import Shared
import UIKit

enum BackgroundRefreshManager {
    static let taskIdentifier = "io.robbie.homeassistant.backgroundfetch"

    private static let earliestBeginInterval: TimeInterval = 15 * 60

    static func register() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: taskIdentifier, using: .main) { task in
            handleAppRefresh(task: task)
        }
    }

    static func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: taskIdentifier)
        request.earliestBeginDate = Current.date().addingTimeInterval(earliestBeginInterval)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            Current.Log.error("Unable to schedule background app refresh: \(error)")
        }
    }

    private static func handleAppRefresh(task: BGTask) {
        scheduleAppRefresh()

        var didComplete = false
        func complete(_ success: Bool) {
            DispatchQueue.main.async {
                guard !didComplete else { return }
                didComplete = true
                task.setTaskCompleted(success: success)
            }
        }

        task.expirationHandler = {
            complete(false)
        }

        Current.backgroundTask(withName: BackgroundTask.backgroundFetch.rawValue) { remaining in
            when(fulfilled: Current.apis.map { $0.UpdateSensors(trigger: .BackgroundFetch, location: nil) })
        }.done {
            complete(true)
        }.catch { error in
            complete(false)
        }
    }
}
