import AppKit

@MainActor final class AppDelegate: NSObject, NSApplicationDelegate {
	func applicationDidFinishLaunching(_ note: Notification) {}
}
