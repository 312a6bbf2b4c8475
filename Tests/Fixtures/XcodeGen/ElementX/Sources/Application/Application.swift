import SwiftUI

@main struct Application: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    var body: some Scene { WindowGroup { Text("Element X") } }
}
