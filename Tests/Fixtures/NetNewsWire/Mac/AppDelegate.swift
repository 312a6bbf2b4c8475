import AppKit

@MainActor final class AppDelegate: NSObject, NSApplicationDelegate {
	func application(_ application: NSApplication, didReceiveRemoteNotification userInfo: [String: Any]) {
		// Same delegate name as on iOS, but this is the macOS app.
	}
}
