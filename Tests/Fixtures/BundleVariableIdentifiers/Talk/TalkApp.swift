import SwiftUI

@main
struct TalkApp: App {
    init() {
        RefreshScheduler.register()
        CleanupTask.register()
    }

    var body: some Scene {
        WindowGroup { Text("Talk") }
    }
}
