import SwiftUI

@main struct WeDaApp: App {
    init() {
        BackgroundTaskManager.shared.registerBackgroundTasks()
    }

    var body: some Scene { WindowGroup { Text("Weather") } }
}
