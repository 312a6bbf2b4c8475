import BackgroundTasks
import SwiftUI

@main
struct SettingsApp: App {
    init() {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.settings.refresh", using: nil) { task in
            task.expirationHandler = {}
            task.setTaskCompleted(success: true)
        }
    }

    var body: some Scene {
        WindowGroup {
            AccountView()
        }
    }
}
