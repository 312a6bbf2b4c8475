import SwiftUI

@main struct HAApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup { Text("Home Assistant") }
    }
}
